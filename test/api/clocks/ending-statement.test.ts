/**
 * A game's end is recorded by the statement that commits it: one read before (the seats, who
 * left, the players' ratings; a clock pass reads them with the game), then one statement that appends the event and writes the ending,
 * the seat outcomes and the new ratings; no transaction. When another ending changed a player's
 * rating between the read and the commit, that statement writes nothing and the ending is
 * recorded inside a transaction, from the rating as it then stands. (PGlite's driver logs no
 * BEGIN: the transaction's path shows by its own statements.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from '../support';
import { takePart } from '../players-support';
import { HOUR, timedTable } from './support';

let api: TestApi;
let statements: string[] = [];
/** Runs before the app's next statement that starts with the key (PGlite runs statements in the order they are sent). */
const before = new Map<string, () => void>();
beforeAll(async () => {
  api = await makeTestApp(
    {},
    {
      onQuery: (q) => {
        statements.push(q);
        for (const [prefix, run] of before)
          if (q.startsWith(prefix)) {
            before.delete(prefix);
            run();
          }
      },
    },
  );
});

/** A 2-seat 24 h table whose clocks end the game, with seat 0's clock run out at the next pass. */
async function runOut() {
  api.clock.t = Date.parse('2027-09-06T09:00:00Z');
  const table = await timedTable(api, { timeControl: '24h', onTimeout: 'end', allowVacation: false });
  // Both seats take part first (a game nobody played is rated for nobody); then seat 0's clock runs.
  await takePart(api, table.id, table.tokens);
  api.clock.advance(12 * HOUR);
  await api.cron();
  api.clock.advance(10 * HOUR);
  await api.cron();
  api.clock.advance(2 * HOUR + 1000);
  return table;
}

async function userOf(gameId: string, seat: number): Promise<string> {
  const r = await api.client.query<{ user_id: string }>('select user_id from seats where game_id = $1 and seat = $2', [gameId, seat]);
  return r.rows[0].user_id;
}

async function endingOf(gameId: string) {
  const endings = await api.client.query<{ n: string }>('select count(*) as n from game_endings where game_id = $1', [gameId]);
  const results = await api.client.query<{ seat: number; place: number; timed_out: boolean; rated: boolean; timed: boolean }>(
    'select seat, place, timed_out, rated, timed from seat_results where game_id = $1 order by seat',
    [gameId],
  );
  const game = await api.client.query<{ status: string }>('select status from games where id = $1', [gameId]);
  return { status: game.rows[0].status, endings: Number(endings.rows[0].n), results: results.rows };
}

async function ratingOf(userId: string) {
  const r = await api.client.query<{ games: number; mu: number }>(
    "select games, mu from ratings where user_id = $1 and type = 'secret-dice'",
    [userId],
  );
  return r.rows[0] ?? null;
}

describe('the end of a game', () => {
  it('is recorded by the commit itself: the pass reads once, commits in one statement, no transaction', async () => {
    const { id } = await runOut();
    statements = [];
    await api.cron();
    const count = (prefix: string) => statements.filter((q) => q.startsWith(prefix)).length;
    // The pass's read brings the ending's inputs along (the game's clock that ends it has run out).
    expect(count('select mp_pass_read(')).toBe(1);
    expect(count('select mp_ending_inputs(') + count('select mp_recipients(')).toBe(0);
    expect(count('with a as materialized (select mp_append_event(')).toBe(1);
    expect(statements.filter((q) => q.includes('pg_advisory_xact_lock') || q.startsWith('select mp_append_event('))).toEqual([]);
    expect(statements.filter((q) => /^insert into "(game_endings|seat_results|ratings)"/.test(q))).toEqual([]);
    expect(await endingOf(id)).toEqual({
      status: 'abandoned',
      endings: 1,
      results: [
        { seat: 0, place: 1, timed_out: true, rated: true, timed: true },
        { seat: 1, place: 0, timed_out: false, rated: true, timed: true },
      ],
    });
    const [loser, winner] = [await ratingOf(await userOf(id, 0)), await ratingOf(await userOf(id, 1))];
    expect(loser?.games).toBe(1);
    expect(winner?.games).toBe(1);
    expect(winner!.mu).toBeGreaterThan(loser!.mu);
  });

  it('when another ending changed a rating since the read, the statement writes nothing and a transaction records it from the rating as it stands', async () => {
    const { id } = await runOut();
    const loser = await userOf(id, 0);
    // Between the read and the commit, another game of the same player ends: its rating moves.
    before.set('with a as materialized', () => {
      void api.client.query(
        "insert into ratings (user_id, type, mu, sigma, ordinal, games, updated_at) values ($1, 'secret-dice', 30, 5, 15, 4, now())",
        [loser],
      );
    });
    statements = [];
    await api.cron();
    expect(before.size).toBe(0);
    expect(statements.filter((q) => q.startsWith('with a as materialized')).length).toBe(1);
    // Then the transaction's path: the event appended again, the players' locks, the ending's writes.
    expect(statements.filter((q) => q.startsWith('select mp_append_event(')).length).toBe(1);
    expect(statements.filter((q) => q.includes('pg_advisory_xact_lock')).length).toBe(2);
    const ended = await endingOf(id);
    expect(ended.status).toBe('abandoned');
    expect(ended.endings).toBe(1);
    expect(ended.results.map((r) => r.place)).toEqual([1, 0]);
    const events = await api.client.query<{ n: string }>("select count(*) as n from game_events where game_id = $1 and kind = 'timeout'", [
      id,
    ]);
    expect(Number(events.rows[0].n)).toBe(1);
    // Folded onto the rating the other ending left (4 games), not onto the newcomer's read before it.
    const r = await ratingOf(loser);
    expect(r?.games).toBe(5);
    expect(r!.mu).toBeLessThan(30);
  });
});
