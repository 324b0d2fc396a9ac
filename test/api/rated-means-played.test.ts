/**
 * Rated means played: a second account that joins and resigns at once, or bot games resigned at
 * once, farm nothing. No rating, no leaderboard place, no reliability credit, no finished game for
 * `minFinishedGames`; the leaver's reliability still pays; a table's requirement still refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players } from './players-support';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp({ gameLimits: { perHour: 1000, unfinished: 1000 } });
});
afterAll(async () => {
  await api?.client.close();
});

const inviteOf = (r: { json: { inviteUrl: string } }) => new URL(r.json.inviteUrl).searchParams.get('invite')!;

/** A started two-seat Space Mountain table of `host` that `guest` joins, timed (24 h) unless said otherwise. */
async function table(host: string, guest: string, body: Record<string, unknown> = {}): Promise<string> {
  const created = await api.call('POST', '/api/games', {
    token: host,
    body: { type: 'space-mountain', players: 2, timeControl: '24h', onResign: 'end', ...body },
  });
  expect(created.status, created.text).toBe(201);
  const joined = await api.call('POST', `/api/games/${created.json.id}/join`, { token: guest, body: { invite: inviteOf(created) } });
  expect(joined.status, joined.text).toBe(200);
  expect(joined.json.started).toBe(true);
  return created.json.id;
}

const profile = async (id: string) => (await api.call('GET', `/api/players/${id}`)).json;

describe('rated means played', () => {
  it('six instant resignations by a second account change no rating, no leaderboard place and give no reliability credit', async () => {
    const { tokens, ids } = await players(api, 2, 'farm');
    const [main, second] = tokens;
    for (let g = 0; g < 6; g++) {
      const id = await table(main, second);
      const r = await api.call('POST', `/api/games/${id}/resign`, { token: second });
      expect(r.status, r.text).toBe(200);
    }
    const ended = await api.client.query<{ played: boolean; rated: boolean; won: boolean }>(
      'select distinct played, rated, won from seat_results where user_id = $1',
      [ids[0]],
    );
    expect(ended.rows).toEqual([{ played: false, rated: false, won: false }]);
    expect(await api.client.query('select * from ratings where user_id = any($1)', [ids])).toMatchObject({ rows: [] });
    const board = (await api.call('GET', '/api/leaderboard/space-mountain')).json;
    expect(board.players.map((p: { id: string }) => p.id)).not.toContain(ids[0]);
    const host = await profile(ids[0]);
    expect(host.ratings).toEqual([]);
    expect(host.stats).toEqual([]);
    // No credit for the host: the games do not count for the seat that stayed.
    expect(host.reliability).toEqual({ share: null, finished: 0, timedOut: 0, resigned: 0 });
    // The leaver's reliability pays for every one of them.
    expect((await profile(ids[1])).reliability).toEqual({ share: 0, finished: 6, timedOut: 0, resigned: 6 });
  });

  it('three such games, or three bot games resigned at once, carry a new account past no table requirement', async () => {
    const { tokens, ids } = await players(api, 3, 'new');
    const [fresh, second, host] = tokens;
    for (let g = 0; g < 3; g++) {
      const id = await table(fresh, second);
      expect((await api.call('POST', `/api/games/${id}/resign`, { token: second })).status).toBe(200);
      const bot = await api.call('POST', '/api/games', {
        token: fresh,
        body: { type: 'space-mountain', players: 2, bots: 1, onResign: 'end', timeControl: '24h' },
      });
      expect(bot.status, bot.text).toBe(201);
      expect((await api.call('POST', `/api/games/${bot.json.id}/resign`, { token: fresh })).status).toBe(200);
    }
    const me = await profile(ids[0]);
    expect(me.stats).toEqual([]);
    expect(me.ratings).toEqual([]);
    // Only the bot games it resigned count, and against it.
    expect(me.reliability).toEqual({ share: 0, finished: 3, timedOut: 0, resigned: 3 });
    const strict = await api.call('POST', '/api/games', {
      token: host,
      body: { type: 'space-mountain', players: 2, requirements: { minFinishedGames: 3, minReliability: 0.9 } },
    });
    expect(strict.status, strict.text).toBe(201);
    const refused = await api.call('POST', `/api/games/${strict.json.id}/join`, { token: fresh, body: { invite: inviteOf(strict) } });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: 'below_table_requirement' });
    expect(refused.json.error.message).toContain(
      '0 of yours count: 0 games finished with every seat taking part, against 0 different opponents',
    );
    const onlyGames = await api.call('POST', '/api/games', {
      token: host,
      body: { type: 'space-mountain', players: 2, requirements: { minFinishedGames: 1 } },
    });
    expect(
      (await api.call('POST', `/api/games/${onlyGames.json.id}/join`, { token: fresh, body: { invite: inviteOf(onlyGames) } })).status,
    ).toBe(403);
  });

  it('the same second account, however many real games it loses, counts once for minFinishedGames, and the refusal says so', async () => {
    const { tokens, ids } = await players(api, 3, 'twice');
    const [a, b, host] = tokens;
    const { playOut, table: diceTable } = await import('./players-support');
    for (let g = 0; g < 3; g++) await playOut(api, await diceTable(api, [a, b]), [a, b]);
    expect((await profile(ids[0])).stats).toEqual([expect.objectContaining({ type: 'secret-dice', finished: 3, won: 3 })]);
    const veterans = await api.call('POST', '/api/games', {
      token: host,
      body: { type: 'secret-dice', players: 2, requirements: { minFinishedGames: 2 } },
    });
    const r = await api.call('POST', `/api/games/${veterans.json.id}/join`, { token: a, body: { invite: inviteOf(veterans) } });
    expect(r.status).toBe(403);
    // It says what it counts: three games finished, against one opponent, count once (the profile says "finished: 3").
    expect(r.json.error.message).toContain('1 of yours count: 3 games finished with every seat taking part, against 1 different opponent ');
  });
});
