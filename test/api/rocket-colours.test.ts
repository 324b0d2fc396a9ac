import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
let ada: string;
let bob: string;
let cy: string;
beforeAll(async () => {
  api = await makeTestApp();
  [ada, bob, cy] = await Promise.all(['ada@rockets.test', 'bob@rockets.test', 'cy@rockets.test'].map((e) => api.signIn(e)));
});

/** A Space Mountain game created by Ada, waiting for players; its id and invite code. */
async function openGame(players: number, body: Record<string, unknown> = {}) {
  const r = await api.call('POST', '/api/games', { token: ada, body: { type: 'space-mountain', players, ...body } });
  expect(r.status, r.text).toBe(201);
  return { id: r.json.id as string, invite: new URL(r.json.inviteUrl).searchParams.get('invite')! };
}

const meta = async (id: string, token?: string) => (await api.call('GET', `/api/games/${id}`, { token })).json;
const seatChoices = async (id: string) =>
  (await api.client.query<{ seat: number; choices: unknown }>('select seat, choices from seats where game_id = $1 order by seat', [id]))
    .rows;

describe('rocket colours: each player chooses a Rocket (Setup)', () => {
  it('the game type offers the choice: the 4 Rockets, named in words', async () => {
    const types = (await api.call('GET', '/api/game-types')).json as { id: string; seatChoices: unknown[] }[];
    expect(types.find((t) => t.id === 'space-mountain')!.seatChoices).toEqual([
      {
        id: 'rocket',
        label: 'Rocket',
        values: [
          { id: 'red', label: 'Red Rocket' },
          { id: 'blue', label: 'Blue Rocket' },
          { id: 'yellow', label: 'Yellow Rocket' },
          { id: 'green', label: 'Green Rocket' },
        ],
      },
    ]);
    expect(types.find((t) => t.id === 'secret-dice')!.seatChoices).toEqual([]);
  });

  it('choose: the creator chooses when creating, a joiner when joining; every seat and spectators see it', async () => {
    const { id, invite } = await openGame(3, { choices: { rocket: 'green' } });
    const j = await api.call('POST', `/api/games/${id}/join`, { token: bob, body: { invite, choices: { rocket: 'yellow' } } });
    expect(j.status, j.text).toBe(200);
    for (const who of [ada, cy, undefined]) {
      const m = await meta(id, who);
      expect(m.seats.map((s: { seat: number; choices: unknown }) => [s.seat, s.choices])).toEqual([
        [0, { rocket: 'green' }],
        [1, { rocket: 'yellow' }],
      ]);
      expect(m.seatChoices[0].values.map((v: { id: string }) => v.id)).toEqual(['red', 'blue', 'yellow', 'green']);
      // The choice is the seat's, not an option line.
      expect(m.optionsText.join(' ')).not.toMatch(/rocket/i);
    }
  });

  it('taken: a colour another seat holds is refused with 409 choice_taken, and nothing is written', async () => {
    const { id, invite } = await openGame(3, { choices: { rocket: 'blue' } });
    const before = await api.rowCounts();
    const r = await api.call('POST', `/api/games/${id}/join`, { token: bob, body: { invite, choices: { rocket: 'blue' } } });
    expect(r.status).toBe(409);
    expect(r.json.error).toMatchObject({ code: 'choice_taken', message: expect.stringContaining('Blue Rocket') });
    expect(await api.rowCounts()).toEqual(before);
    // Bob joins without a choice, then asks for Blue: still taken; Red is free.
    expect((await api.call('POST', `/api/games/${id}/join`, { token: bob, body: { invite } })).status).toBe(200);
    const again = await api.call('PUT', `/api/games/${id}/choices`, { token: bob, body: { choices: { rocket: 'blue' } } });
    expect([again.status, again.json.error.code]).toEqual([409, 'choice_taken']);
    const ok = await api.call('PUT', `/api/games/${id}/choices`, { token: bob, body: { choices: { rocket: 'red' } } });
    expect([ok.status, ok.json]).toEqual([200, { seat: 1, choices: { rocket: 'red' } }]);
    // Ada gives Blue up: now Cy may take it when joining.
    expect((await api.call('PUT', `/api/games/${id}/choices`, { token: ada, body: { choices: { rocket: 'yellow' } } })).status).toBe(200);
    expect((await api.call('POST', `/api/games/${id}/join`, { token: cy, body: { invite, choices: { rocket: 'blue' } } })).status).toBe(
      200,
    );
    expect(await seatChoices(id)).toEqual([
      { seat: 0, choices: { rocket: 'yellow' } },
      { seat: 1, choices: { rocket: 'red' } },
      { seat: 2, choices: { rocket: 'blue' } },
    ]);
  });

  it('taken: two players asking for one colour at once get it once', async () => {
    const { id, invite } = await openGame(4);
    const [a, b] = await Promise.all([
      api.call('POST', `/api/games/${id}/join`, { token: bob, body: { invite, choices: { rocket: 'green' } } }),
      api.call('POST', `/api/games/${id}/join`, { token: cy, body: { invite, choices: { rocket: 'green' } } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.json.error.code).toBe('choice_taken');
    expect((await seatChoices(id)).filter((s) => (s.choices as { rocket?: string }).rocket === 'green')).toHaveLength(1);
  });

  it('bad value: 400 bad_choice for an unknown colour or choice, rockets in the options is 400 bad_options; nothing written', async () => {
    const { id, invite } = await openGame(2);
    const before = await api.rowCounts();
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/games', { type: 'space-mountain', players: 2, choices: { rocket: 'purple' } }, 'bad_choice'],
      ['POST', '/api/games', { type: 'space-mountain', players: 2, choices: { hat: 'red' } }, 'bad_choice'],
      ['POST', '/api/games', { type: 'secret-dice', players: 2, choices: { rocket: 'red' } }, 'bad_choice'],
      ['POST', '/api/games', { type: 'space-mountain', players: 2, options: { rockets: ['red', 'blue'] } }, 'bad_options'],
      ['POST', '/api/games', { type: 'space-mountain', players: 2, choices: { rocket: 7 } }, 'bad_request'],
      ['POST', `/api/games/${id}/join`, { invite, choices: { rocket: 'Red' } }, 'bad_choice'],
      ['PUT', `/api/games/${id}/choices`, { choices: { rocket: 'orange' } }, 'bad_choice'],
      ['PUT', `/api/games/${id}/choices`, {}, 'bad_request'],
    ];
    for (const [method, path, body, code] of cases) {
      const r = await api.call(method, path, { token: method === 'POST' && path.endsWith('join') ? bob : ada, body });
      expect([r.status, r.json?.error?.code], `${path} ${JSON.stringify(body)}`).toEqual([400, code]);
      expect(r.json.error.message).toBeTruthy();
    }
    expect(await api.rowCounts()).toEqual(before);
    expect(await seatChoices(id)).toEqual([{ seat: 0, choices: {} }]);
    // Not seated: 403.
    const outsider = await api.call('PUT', `/api/games/${id}/choices`, { token: cy, body: { choices: { rocket: 'red' } } });
    expect([outsider.status, outsider.json.error.code]).toEqual([403, 'not_seated']);
  });

  it('changes are bounded: the same choice again writes nothing, and a seat changes at most 20 times', async () => {
    const { id } = await openGame(2, { choices: { rocket: 'red' } });
    const version = async () => (await meta(id, ada)).version as number;
    const v0 = await version();
    expect((await api.call('PUT', `/api/games/${id}/choices`, { token: ada, body: { choices: { rocket: 'red' } } })).status).toBe(200);
    expect(await version()).toBe(v0);
    const colours = ['blue', 'yellow', 'green', 'red'];
    for (let i = 0; i < 20; i++) {
      const r = await api.call('PUT', `/api/games/${id}/choices`, { token: ada, body: { choices: { rocket: colours[i % 4] } } });
      expect(r.status, r.text).toBe(200);
    }
    expect(await version()).toBe(v0 + 20);
    const over = await api.call('PUT', `/api/games/${id}/choices`, { token: ada, body: { choices: { rocket: 'blue' } } });
    expect([over.status, over.json.error.code]).toEqual([409, 'too_many_changes']);
    expect(await version()).toBe(v0 + 20);
    expect(await seatChoices(id)).toEqual([{ seat: 0, choices: { rocket: 'red' } }]);
  });

  it('start fills the option: chosen colours in seat order, unchosen seats get what is left; the board follows', async () => {
    const { id, invite } = await openGame(3, { choices: { rocket: 'green' } });
    expect((await api.call('POST', `/api/games/${id}/join`, { token: bob, body: { invite } })).status).toBe(200);
    const last = await api.call('POST', `/api/games/${id}/join`, { token: cy, body: { invite, choices: { rocket: 'red' } } });
    expect(last.json).toEqual({ seat: 2, started: true });
    const m = await meta(id, ada);
    expect(m.status).toBe('active');
    // Bob did not choose: the first colour nobody chose (Blue).
    expect(m.options.rockets).toEqual(['green', 'blue', 'red']);
    const state = (await api.call('GET', `/api/games/${id}/state`, { token: bob })).json;
    expect(state.view.players.map((p: { color: string; home: string; approved: string[] }) => [p.color, p.home, p.approved])).toEqual([
      ['green', 'paris', ['paris']],
      ['blue', 'walt-disney-world', ['walt-disney-world']],
      ['red', 'disneyland', ['disneyland']],
    ]);
    expect(state.legalMoves.map((m: { move: { starport: string } }) => m.move.starport)).toEqual(Array(4).fill('walt-disney-world'));
    // The choices are made once the game runs.
    const late = await api.call('PUT', `/api/games/${id}/choices`, { token: bob, body: { choices: { rocket: 'yellow' } } });
    expect([late.status, late.json.error.code]).toEqual([409, 'not_open']);
    // The record replays from the stored options.
    const rec = await api.call('GET', `/api/games/${id}/record`, { token: ada });
    expect(rec.json.options.rockets).toEqual(['green', 'blue', 'red']);
  });

  it("bots get what is left: a game full of bots starts at once with the creator's colour", async () => {
    const r = await api.call('POST', '/api/games', {
      token: ada,
      body: { type: 'space-mountain', players: 3, bots: 2, choices: { rocket: 'yellow' } },
    });
    expect(r.status, r.text).toBe(201);
    const m = await meta(r.json.id, ada);
    expect(m.status).toBe('active');
    expect(m.options.rockets).toEqual(['yellow', 'red', 'blue']);
  });

  it("spectators see each player's Rocket colour on the board of a running game", async () => {
    const r = await api.call('POST', '/api/games', {
      token: ada,
      body: { type: 'space-mountain', players: 2, bots: 1, choices: { rocket: 'blue' } },
    });
    const view = (await api.call('GET', `/api/games/${r.json.id}/state`)).json.view;
    expect(view.players.map((p: { color: string }) => p.color)).toEqual(['blue', 'red']);
  });

  it("a rematch keeps every seat's Rocket", async () => {
    const r = await api.call('POST', '/api/games', {
      token: ada,
      body: { type: 'space-mountain', players: 2, bots: 1, choices: { rocket: 'green' } },
    });
    await api.client.query(`update games set status = 'abandoned' where id = $1`, [r.json.id]);
    const again = await api.call('POST', `/api/games/${r.json.id}/rematch`, { token: ada });
    expect(again.status, again.text).toBe(200);
    const m = await meta(again.json.id, ada);
    expect([m.status, m.options.rockets]).toEqual(['active', ['green', 'red']]);
    expect(m.seats.map((s: { choices: unknown }) => s.choices)).toEqual([{ rocket: 'green' }, { rocket: 'red' }]);
  });

  it('games created without choices still start with seat i flying Rocket i', async () => {
    const { id, invite } = await openGame(2);
    await api.call('POST', `/api/games/${id}/join`, { token: bob, body: { invite } });
    expect((await meta(id, ada)).options.rockets).toEqual(['red', 'blue']);
  });
});
