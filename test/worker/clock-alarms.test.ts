/**
 * In the production runtime: a game's clocks come due through the game's own Durable Object
 * alarm, at the instant (never before it) and without any cron tick; the reminders and the end
 * of a clock are each applied exactly once. Time is moved by the development clock (POST
 * /dev/clock), so the instant falls a moment ahead in real time. This file starts its own
 * database and Worker (the clock offset is the Worker's own).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteCode, uniqueEmail } from '../support/http-client';
import { sqlRows } from '../support/neon-node';
import { type OwnWorker, startOwnWorker } from '../support/own-worker';
import { until } from '../support/wait';

let own: OwnWorker;
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sqlRows<T>(own.db.DATABASE_URL, own.db.DB_WS_PROXY, text, params);

beforeAll(async () => {
  // A small per-run bot budget, so a bot-only game needs many runs to reach its end.
  own = await startOwnWorker({ BOT_MOVES_PER_GAME_RUN: '3' });
});

afterAll(async () => {
  await own?.stop();
});

const HOUR = 3600 * 1000;

describe('clock alarms', () => {
  it("a clock's end fires by the game's alarm at its instant, with no cron tick, once", async () => {
    const { api } = own;
    const a = (await api.signIn(uniqueEmail('alarm-a'))).token;
    const b = (await api.signIn(uniqueEmail('alarm-b'))).token;
    const created = await api.post(
      '/api/games',
      { type: 'secret-dice', players: 2, timeControl: '24h', onTimeout: 'end', allowVacation: false },
      { token: a },
    );
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    expect((await api.post(`/api/games/${id}/join`, { invite: inviteCode(created.body.inviteUrl) }, { token: b })).status).toBe(200);
    expect((await api.post(`/api/games/${id}/start`, {}, { token: a })).status).toBe(200);
    const state = await api.get(`/api/games/${id}/state`, { token: a });
    const runsOutAt = Date.parse(state.body.clocks[0].runsOutAt);

    // The Worker's clock 3 s short of the end: both reminders are due, the end 3 s away in real time.
    // (The offset is read first: a retry of this test finds the clock its first try moved.)
    const before = (await api.get('/dev/clock')).body.offsetMs as number;
    const moved = await api.post('/dev/clock', { advanceMs: 24 * HOUR - 3000, run: false });
    expect(moved.status, moved.text).toBe(200);
    const movedAt = Date.now();
    const offset = moved.body.offsetMs as number;

    const ended = await until(
      'the timeout event',
      async () => {
        const [e] = await sql<{ at: Date | string }>("select created_at as at from game_events where game_id = $1 and kind = 'timeout'", [
          id,
        ]);
        return e;
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    // The event's time is the Worker's (offset) time: applied at the clock's end, not before it.
    // How soon after is the bench's `deadline_delay_p95_ms`, not a bound here.
    const delay = new Date(ended.at).getTime() - runsOutAt;
    console.log(`[clock alarms] the end applied ${delay} ms after the instant (${Date.now() - movedAt} ms after the clock moved)`);
    expect(delay).toBeGreaterThanOrEqual(0);
    expect(offset - before).toBe(24 * HOUR - 3000);
    const [row] = await sql<{ status: string; n: string }>(
      "select g.status, (select count(*) from game_events e where e.game_id = g.id and e.kind = 'timeout') as n from games g where g.id = $1",
      [id],
    );
    expect(row).toEqual({ status: 'abandoned', n: '1' });
    const reminders = await sql<{ n: string }>("select count(*) as n from outbox where game_id = $1 and kind = 'reminder'", [id]);
    // One pass sends one reminder per seat; on a loaded machine the end may come before the pass
    // that sends the second, and a clock that ran out reminds no one (each reminder is queued once:
    // its dedupe key is unique).
    expect(Number(reminders[0].n)).toBeGreaterThanOrEqual(1);
  });

  it('a game of bots plays to its end through its own alarm, a run at a time, with no cron tick', async () => {
    const { api } = own;
    const a = (await api.signIn(uniqueEmail('alarm-bots'))).token;
    const created = await api.post('/api/games', { type: 'secret-dice', players: 2, bots: 1, options: { rounds: 4 } }, { token: a });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    // The creator hands the seat to the bot: only bots play now.
    expect((await api.post(`/api/games/${id}/resign`, {}, { token: a })).status).toBe(200);
    const over = await until(
      'the bots to finish the game',
      async () => {
        const [g] = await sql<{ status: string; moves: string }>(
          "select status, (select count(*) from game_events e where e.game_id = games.id and e.kind = 'move') as moves from games where id = $1",
          [id],
        );
        return g.status === 'finished' ? g : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    // Far more moves than one run of 3: the game's timer went on with them.
    expect(Number(over.moves)).toBeGreaterThan(9);
  });
});
