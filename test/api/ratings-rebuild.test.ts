/**
 * Ratings are a pure function of the ended records in order: sixty random games played through
 * the API (2-4 players, played out with random rolls, resigned to the bot or to the end, lost on
 * time, some unrated, some with a bot; MP_REBUILD_GAMES=500 for a longer history, about half a
 * second of CPU a game) give stored outcomes and ratings that the rebuild (`npm run ratings:rebuild`)
 * computes again from the records alone, exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildRatings } from '../../scripts/ratings-rebuild';
import { recomputeFromRecords } from '../../worker/services/ratings';
import { HOUR, players } from './players-support';
import { makeTestApp, type TestApi } from './support';

const GAMES = Number(process.env.MP_REBUILD_GAMES ?? 60);

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp({ gameLimits: { perHour: 100000, unfinished: 100000 } });
});
afterAll(async () => {
  await api?.client.close();
});

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('ratings rebuild', () => {
  it(`gives exactly what the server stored over ${GAMES} random games`, { timeout: 600_000 }, async () => {
    const rnd = random(20261202);
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
    const pool = await players(api, 8, 'rb');
    for (let g = 0; g < GAMES; g++) {
      const n = 2 + Math.floor(rnd() * 3);
      const bots = rnd() < 0.15 ? 1 : 0;
      const order = [...pool.tokens.keys()].sort(() => rnd() - 0.5).slice(0, n - bots);
      const tokens = order.map((i) => pool.tokens[i]);
      const ending = pick(['play', 'play', 'play', 'resign', 'timeout']);
      const body: Record<string, unknown> = {
        type: 'secret-dice',
        players: n,
        bots,
        options: { rounds: 1 },
        startWhenFull: true,
        rated: rnd() > 0.1,
        onResign: pick(['bot', 'end']),
        ...(ending === 'timeout' ? { timeControl: '24h', onTimeout: pick(['bot', 'end']) } : {}),
      };
      const created = await api.call('POST', '/api/games', { token: tokens[0], body });
      expect(created.status, created.text).toBe(201);
      const id = created.json.id as string;
      const invite = new URL(created.json.inviteUrl).searchParams.get('invite')!;
      for (const t of tokens.slice(1))
        expect((await api.call('POST', `/api/games/${id}/join`, { token: t, body: { invite } })).status).toBe(200);
      const bySeat = new Map<number, string>();
      for (const t of tokens) bySeat.set((await api.call('GET', `/api/games/${id}/state`, { token: t })).json.yourSeat, t);
      if (ending === 'timeout') {
        api.clock.advance(25 * HOUR);
        for (let i = 0; i < 3; i++) await api.cron();
      }
      for (let step = 0; step < 60; step++) {
        const s = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json;
        if (s.status !== 'active') break;
        if (s.botsToMove) continue;
        const seat = s.activeSeats[0] as number;
        const token = bySeat.get(seat);
        if (!token) break;
        if (ending === 'resign' && rnd() < 0.3) {
          expect((await api.call('POST', `/api/games/${id}/resign`, { token })).status).toBe(200);
          continue;
        }
        const mine = (await api.call('GET', `/api/games/${id}/state`, { token })).json;
        const move = pick(mine.legalMoves as { move: unknown }[]).move;
        await api.call('POST', `/api/games/${id}/moves`, { token, body: { version: mine.version, move } });
      }
      api.clock.advance(HOUR);
      // The simulated months outlast a session: the pool's sessions are kept alive.
      await api.client.query('update sessions set expires_at = $1', [new Date(api.clock.t + 30 * 24 * HOUR)]);
    }
    const ended = await api.client.query<{ n: number }>('select count(*)::int as n from game_endings');
    expect(ended.rows[0].n).toBeGreaterThan(GAMES * 0.8);
    const rated = await api.client.query<{ n: number }>('select count(distinct game_id)::int as n from seat_results where rated');
    expect(rated.rows[0].n).toBeGreaterThan(GAMES * 0.5);

    const rebuilt = await recomputeFromRecords(api.db);
    const stored = await api.client.query(
      'select game_id as "gameId", seat, user_id as "userId", type, end_seq::int as "endSeq", ended_at as "endedAt", timed, rated, played, place, won, resigned, timed_out as "timedOut", rating from seat_results order by game_id, seat',
    );
    const bySeat = (a: { gameId: string; seat: number }, b: { gameId: string; seat: number }) =>
      a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : a.seat - b.seat;
    expect([...rebuilt.seatResults].sort(bySeat)).toEqual(stored.rows);
    const storedRatings = await api.client.query(
      'select user_id as "userId", type, mu, sigma, ordinal, games from ratings order by user_id, type',
    );
    const byUser = (a: { userId: string }, b: { userId: string }) => (a.userId < b.userId ? -1 : 1);
    expect([...rebuilt.ratings].sort(byUser)).toEqual(storedRatings.rows);
    expect(storedRatings.rows.length).toBe(8);
    // The script agrees, and a rebuild written over the stored ratings changes none of them.
    expect(await rebuildRatings(api.db, { write: true, now: api.clock.now() })).toMatchObject({ differing: 0 });
    expect(
      (await api.client.query('select user_id as "userId", type, mu, sigma, ordinal, games from ratings order by user_id, type')).rows,
    ).toEqual(storedRatings.rows);
  });
});
