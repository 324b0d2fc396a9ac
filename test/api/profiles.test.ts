import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, players, playOut, storedRating, table, takePart } from './players-support';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});
afterAll(async () => {
  await api?.client.close();
});

describe('GET /api/players/:id', () => {
  it('answers a newcomer with empty records, never an email address; /api/me carries the id', async () => {
    const { tokens, ids } = await players(api, 1);
    const me = (await api.call('GET', '/api/me', { token: tokens[0] })).json;
    expect(me.id).toBe(ids[0]);
    const p = await api.call('GET', `/api/players/${ids[0]}`);
    expect(p.status).toBe(200);
    expect(p.json).toMatchObject({
      id: ids[0],
      name: me.name,
      stats: [],
      reliability: { share: null, finished: 0, timedOut: 0, resigned: 0 },
      ratings: [],
      headToHead: null,
      friendship: null,
    });
    expect(p.text).not.toContain('@');
    expect(p.json.memberSince).toMatch(/^\d{4}-/);
  });

  it('404 player_not_found for an unknown id', async () => {
    const r = await api.call('GET', '/api/players/u_nobody');
    expect(r.status).toBe(404);
    expect(r.json.error.code).toBe('player_not_found');
  });

  it('a timed game lost on time lowers that seat’s reliability and rating', async () => {
    const { tokens, ids } = await players(api, 2);
    const id = await table(api, tokens, { timeControl: '24h', onTimeout: 'end', allowVacation: false, options: { rounds: 5 } });
    await takePart(api, id, tokens);
    api.clock.advance(25 * HOUR);
    // A pass sends what came due first (the reminders), the next applies the timeout (the table
    // allows no vacation: an auto-vacation would stand the clock still at 0 instead).
    for (let i = 0; i < 3; i++) await api.cron();
    expect((await api.call('GET', `/api/games/${id}`, { token: tokens[0] })).json.status).toBe('abandoned');
    const late = (await api.call('GET', `/api/players/${ids[0]}`)).json;
    const kept = (await api.call('GET', `/api/players/${ids[1]}`)).json;
    expect(late.reliability).toEqual({ share: 0, finished: 1, timedOut: 1, resigned: 0 });
    expect(kept.reliability).toEqual({ share: 1, finished: 1, timedOut: 0, resigned: 0 });
    expect(late.ratings).toEqual([{ type: 'secret-dice', ordinal: null, games: 1, provisional: true }]);
    const [lost, won] = [await storedRating(api, ids[0]), await storedRating(api, ids[1])];
    expect(lost!.mu).toBeLessThan(25);
    expect(won!.mu).toBeGreaterThan(25);
    expect(late.stats).toEqual([expect.objectContaining({ type: 'secret-dice', finished: 1, won: 0 })]);
  });

  it('a clock that runs out before its seat took part counts against that seat alone: no game, no rating, no credit for the other', async () => {
    const { tokens, ids } = await players(api, 2);
    const id = await table(api, tokens, { timeControl: '24h', onTimeout: 'end', allowVacation: false });
    api.clock.advance(25 * HOUR);
    for (let i = 0; i < 3; i++) await api.cron();
    expect((await api.call('GET', `/api/games/${id}`, { token: tokens[0] })).json.status).toBe('abandoned');
    const late = (await api.call('GET', `/api/players/${ids[0]}`)).json;
    const kept = (await api.call('GET', `/api/players/${ids[1]}`)).json;
    expect(late.reliability).toEqual({ share: 0, finished: 1, timedOut: 1, resigned: 0 });
    expect(kept.reliability).toEqual({ share: null, finished: 0, timedOut: 0, resigned: 0 });
    expect([late.ratings, kept.ratings]).toEqual([[], []]);
    expect([late.stats, kept.stats]).toEqual([[], []]);
  });

  it('per game type: games finished and won, the median time to move, and the head-to-head against the viewer', async () => {
    const { tokens, ids } = await players(api, 2);
    for (let g = 0; g < 2; g++) {
      const id = await table(api, tokens);
      await playOut(api, id, tokens, 2 * HOUR);
    }
    const seen = (await api.call('GET', `/api/players/${ids[1]}`, { token: tokens[0] })).json;
    expect(seen.stats).toEqual([{ type: 'secret-dice', title: 'Secret Dice (test fixture)', finished: 2, won: 0, medianMoveHours: 2 }]);
    expect(seen.headToHead).toEqual({ games: 2, youAhead: 2, theyAhead: 0, even: 0 });
    expect(seen.friendship).toBe('none');
    expect(seen.reliability.share).toBeNull(); // untimed games do not count
    const own = (await api.call('GET', `/api/players/${ids[0]}`, { token: tokens[0] })).json;
    expect(own.headToHead).toBeNull();
    expect(own.stats[0]).toMatchObject({ finished: 2, won: 2 });
  });
});
