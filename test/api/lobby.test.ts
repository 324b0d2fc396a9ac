import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
let ada: string;
let bob: string;
let cy: string;
beforeAll(async () => {
  api = await makeTestApp();
  [ada, bob, cy] = await Promise.all(['ada@lobby.test', 'bob@lobby.test', 'cy@lobby.test'].map((e) => api.signIn(e)));
});

describe('creating a game', () => {
  it('answers 201 with an id and an invite link; the creator takes seat 0', async () => {
    const r = await api.call('POST', '/api/games', { token: ada, body: { type: 'secret-dice', players: 2, options: { rounds: 2 } } });
    expect(r.status).toBe(201);
    expect(r.json.id).toMatch(/^g_[0-9a-f]{20}$/);
    expect(r.json.inviteUrl).toMatch(new RegExp(`^http://localhost/games/${r.json.id}\\?invite=[0-9a-f]{24}$`));
    const meta = (await api.call('GET', `/api/games/${r.json.id}`, { token: ada })).json;
    expect(meta).toMatchObject({
      type: 'secret-dice',
      status: 'open',
      players: 2,
      options: { rounds: 2 },
      yourSeat: 0,
      isCreator: true,
      seed: null,
      version: 1,
    });
    expect(meta.seats).toEqual([{ seat: 0, name: 'ada', userId: expect.any(String), isBot: false }]);
    expect(meta.seedHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps the seed secret but its SHA-256 public; nobody outside sees the invite', async () => {
    const r = await api.call('POST', '/api/games', { token: ada, body: { type: 'secret-dice', players: 2 } });
    const meta = (await api.call('GET', `/api/games/${r.json.id}`, { token: bob })).json;
    expect(meta.inviteUrl).toBeNull();
    expect(meta.seed).toBeNull();
    const seed = (await api.client.query<{ seed: string }>('select seed from games where id = $1', [r.json.id])).rows[0].seed;
    expect(JSON.stringify(meta)).not.toContain(seed);
    const hash = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(seed))), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');
    expect(meta.seedHash).toBe(hash);
  });

  it('refuses unknown types, wrong player counts and bad options with 400, writing nothing', async () => {
    const before = await api.rowCounts();
    const cases: [unknown, string][] = [
      [{ type: 'chess', players: 2 }, 'unknown_game_type'],
      [{ type: 'secret-dice', players: 5 }, 'bad_player_count'],
      [{ type: 'secret-dice', players: 1 }, 'bad_player_count'],
      [{ type: 'secret-dice', players: 2, options: { rounds: 99 } }, 'bad_options'],
      [{ type: 'secret-dice', players: 2, options: { colour: 'red' } }, 'bad_options'],
      [{ type: 'secret-dice', players: '2' }, 'bad_request'],
      [{ players: 2 }, 'bad_request'],
    ];
    for (const [body, code] of cases) {
      const r = await api.call('POST', '/api/games', { token: ada, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.error.code).toBe(code);
    }
    expect((await api.call('POST', '/api/games', { body: { type: 'secret-dice', players: 2 } })).status).toBe(401);
    expect(await api.rowCounts()).toEqual(before);
  });

  it('a bad option is named in plain words: the misspelt key, or the option and what is wrong with it', async () => {
    const misspelt = await api.call('POST', '/api/games', {
      token: ada,
      body: { type: 'secret-dice', players: 2, options: { ronuds: 2 } },
    });
    expect(misspelt.json.error).toEqual({ code: 'bad_options', message: 'Options: Unrecognized key: "ronuds"' });
    const tooMany = await api.call('POST', '/api/games', {
      token: ada,
      body: { type: 'secret-dice', players: 2, options: { rounds: 99 } },
    });
    expect(tooMany.json.error.message).toMatch(/^Options: rounds: /);
  });
});

describe('joining and starting', () => {
  it('joins by invite into the next free seat; refuses bad invites, second joins and full games', async () => {
    const c = await api.call('POST', '/api/games', { token: ada, body: { type: 'secret-dice', players: 2 } });
    const id = c.json.id;
    const invite = new URL(c.json.inviteUrl).searchParams.get('invite')!;
    const bad = await api.call('POST', `/api/games/${id}/join`, { token: bob, body: { invite: 'nope' } });
    expect([bad.status, bad.json.error.code]).toEqual([403, 'bad_invite']);
    const ok = await api.call('POST', `/api/games/${id}/join`, { token: bob, body: { invite } });
    expect([ok.status, ok.json]).toEqual([200, { seat: 1, started: true }]);
    const twice = await api.call('POST', `/api/games/${id}/join`, { token: bob, body: { invite } });
    expect([twice.status, twice.json.error.code]).toEqual([409, 'already_seated']);
    const full = await api.call('POST', `/api/games/${id}/join`, { token: cy, body: { invite } });
    expect([full.status, full.json.error.code]).toEqual([409, 'game_full']);
    const missing = await api.call('POST', `/api/games/g_doesnotexist/join`, { token: cy, body: { invite } });
    expect([missing.status, missing.json.error.code]).toEqual([404, 'game_not_found']);
  });

  it('concurrent joins each get a different seat', async () => {
    const c = await api.call('POST', '/api/games', { token: ada, body: { type: 'secret-dice', players: 3 } });
    const invite = new URL(c.json.inviteUrl).searchParams.get('invite')!;
    const rs = await Promise.all([bob, cy].map((t) => api.call('POST', `/api/games/${c.json.id}/join`, { token: t, body: { invite } })));
    expect(rs.map((r) => r.status)).toEqual([200, 200]);
    expect(rs.map((r) => r.json.seat).sort()).toEqual([1, 2]);
  });

  it('only the creator starts, and only with every seat filled', async () => {
    const c = await api.call('POST', '/api/games', { token: ada, body: { type: 'secret-dice', players: 2, startWhenFull: false } });
    const id = c.json.id;
    const early = await api.call('POST', `/api/games/${id}/start`, { token: ada });
    expect([early.status, early.json.error.code]).toEqual([409, 'seats_empty']);
    expect(early.json.error.message).toContain('1 of 2 seats');
    await api.call('POST', `/api/games/${id}/join`, { token: bob, body: { invite: new URL(c.json.inviteUrl).searchParams.get('invite') } });
    const notCreator = await api.call('POST', `/api/games/${id}/start`, { token: bob });
    expect([notCreator.status, notCreator.json.error.code]).toEqual([403, 'not_creator']);
    const ok = await api.call('POST', `/api/games/${id}/start`, { token: ada });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ status: 'active', yourSeat: 0, activeSeats: [0], version: 3 });
    expect(ok.json.legalMoves.map((m: { label: string }) => m.label)).toEqual(['Roll a die', 'Bank 1 point']);
    const again = await api.call('POST', `/api/games/${id}/start`, { token: ada });
    // Start is idempotent while the game runs: the same state, nothing appended.
    expect([again.status, again.json.version, again.json.status]).toEqual([200, 3, 'active']);
  });

  it('GET /api/games lists my games with the ones where it is my turn first', async () => {
    const fresh = await api.signIn('list@lobby.test');
    const other = await api.signIn('list2@lobby.test');
    const g1 = await api.call('POST', '/api/games', { token: fresh, body: { type: 'secret-dice', players: 2 } });
    const g2 = await api.call('POST', '/api/games', { token: other, body: { type: 'secret-dice', players: 2 } });
    await api.call('POST', `/api/games/${g2.json.id}/join`, {
      token: fresh,
      body: { invite: new URL(g2.json.inviteUrl).searchParams.get('invite') },
    });
    await api.call('POST', `/api/games/${g2.json.id}/start`, { token: other });
    // g2: seat 0 (other) to move; now other moves and ends so it is fresh's turn.
    let st = (await api.call('GET', `/api/games/${g2.json.id}/state`, { token: other })).json;
    st = (await api.call('POST', `/api/games/${g2.json.id}/moves`, { token: other, body: { version: st.version, move: { type: 'bank' } } }))
      .json;
    await api.call('POST', `/api/games/${g2.json.id}/moves`, { token: other, body: { version: st.version, move: { type: 'end' } } });
    const list = (await api.call('GET', '/api/games', { token: fresh })).json.games;
    expect(list.map((g: { id: string; yourTurn: boolean }) => [g.id, g.yourTurn])).toEqual([
      [g2.json.id, true],
      [g1.json.id, false],
    ]);
    expect(list[0].seats.map((s: { name: string }) => s.name)).toEqual(['list2', 'list']);
    expect((await api.call('GET', '/api/games')).status).toBe(401);
  });
});
