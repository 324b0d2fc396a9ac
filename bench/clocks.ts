/**
 * Deadline delay: how long after a clock's end the game's own alarm applies it, in the real Worker
 * (workerd, the fixture Worker, PGlite or real PostgreSQL behind the bridge), with no cron tick.
 * GAMES timed games start a few hundred ms apart; the development clock (POST /dev/clock) then
 * moves the Worker's time so every end falls a few seconds ahead in real time, and each game's
 * delay is its timeout event's time minus its clock's `runsOutAt` (both the Worker's time).
 *
 * `tsx bench/clocks.ts [out.json]`. BENCH_QUICK=1 for fewer games.
 */
import { writeFileSync } from 'node:fs';
import { startTemplate } from '../test/support/many-due';
import { sqlRows } from '../test/support/neon-node';
import { startOwnWorker } from '../test/support/own-worker';
import { round, roundSummary, sleep, summarize } from './lib/stats';

const quick = process.env.BENCH_QUICK === '1';
const GAMES = quick ? 10 : 40;
const log = (msg: string) => console.error(`[clocks] ${msg}`);

async function main() {
  const own = await startOwnWorker();
  const { api, db } = own;
  const sql = <T>(text: string, params: unknown[] = []) => sqlRows<T>(db.DATABASE_URL, db.DB_WS_PROXY, text, params);
  try {
    const games: { id: string; runsOutAt: number }[] = [];
    for (let i = 0; i < GAMES; i++) {
      const t = await startTemplate(api);
      const s = await api.get(`/api/games/${t.gameId}/state`, { token: t.token });
      games.push({ id: t.gameId, runsOutAt: Date.parse(s.body.clocks[0].runsOutAt) });
    }
    const first = Math.min(...games.map((g) => g.runsOutAt));
    const last = Math.max(...games.map((g) => g.runsOutAt));
    log(`${GAMES} games, ends spread over ${((last - first) / 1000).toFixed(1)} s`);
    // The Worker's clock to 3 s before the first end (alarms re-armed, nothing run by the route).
    const now = (await api.get('/dev/clock')).body;
    const advance = first - Date.parse(now.now) - 3000;
    await api.post('/dev/clock', { advanceMs: Math.max(0, Math.round(advance)), run: false });
    const offset = advance > 0 ? Math.round(advance) : 0;
    const deadline = Date.now() + (last - first) + 60_000;
    // Seen by this process: the first poll (every 50 ms) that finds each game's timeout committed.
    const seenAt = new Map<string, number>();
    let ended: { game_id: string; at: Date }[] = [];
    while (Date.now() < deadline && seenAt.size < GAMES) {
      ended = await sql<{ game_id: string; at: Date }>(
        "select game_id, created_at as at from game_events where kind = 'timeout' and game_id = any($1)",
        [games.map((g) => g.id)],
      );
      const t = Date.now();
      for (const e of ended) if (!seenAt.has(e.game_id)) seenAt.set(e.game_id, t);
      await sleep(50);
    }
    const instant = (id: string) => games.find((g) => g.id === id)!.runsOutAt;
    // The Worker's own time of each timeout (its pass begins when the alarm fires) ...
    const applied = summarize(ended.map((e) => new Date(e.at).getTime() - instant(e.game_id)));
    // ... and the real time from the instant (less the clock's offset) until the commit was seen.
    const observed = summarize([...seenAt].map(([id, t]) => t - (instant(id) - offset)));
    log(
      `deadline delay over ${observed.n} of ${GAMES} games, as seen by a poll every 50 ms: p50 ${round(observed.p50)} ms, p95 ${round(observed.p95)} ms, max ${round(observed.max)} ms; the pass began ${round(applied.p50)} ms (p50) after the instant`,
    );
    const out = {
      games: GAMES,
      applied: ended.length,
      db: db.kind,
      deadline_delay_ms: roundSummary(observed),
      pass_start_after_instant_ms: roundSummary(applied),
      deadline_delay_p50_ms: round(observed.p50),
      deadline_delay_p95_ms: round(observed.p95),
      method:
        'per-game Durable Object alarms (GameTimer), no cron tick; the development clock puts each end a few seconds ahead in real time; the delay is from the instant until a poll every 50 ms sees the timeout committed',
    };
    if (process.argv[2]) writeFileSync(process.argv[2], JSON.stringify(out, null, 2));
    else console.log(JSON.stringify(out, null, 2));
  } finally {
    await own.stop();
  }
}

await main();
