/**
 * Many things due at once, on real PostgreSQL (through PgBouncer when installed and not
 * BENCH_POOLER=0) through the Worker in workerd: 10,000 clocks that run out within the same
 * minute (copies of one started game, test/support/many-due.ts), applied by the games' own alarms
 * (`GameTimer`, `WorkGate` admitting 16 passes at once) with one cron ticking as it would; then
 * 10,000 notices due at once, delivered by the cron's own batch and its drain lanes
 * (`OutboxDrain`). Figures: seconds from the first clock's end until every game was applied
 * (`due_10k_clear_seconds`, target 120), each applied exactly once, CPU per game by process,
 * seconds until the notice backlog was delivered, and how requests answered meanwhile.
 *
 * Locally every object of a Worker lives in its one workerd, and one workerd holds the objects of
 * about 2,000 games awake at once: with 10,000 in one, its SQLite failed with SQLITE_NOMEM at
 * about 8,600 open files and 1.1 GB (objects idle for 10 s are evicted, but a minute's clocks
 * wake them faster). So the games are shared among Workers of PER_WORKER (2,000) each, one
 * workerd apiece, as deployed objects are spread over machines, on the one database; WorkGate's
 * places are shared among them. Those Workers stand in for one namespace, so their crons step in
 * only for games ten minutes late (ALARM_SLACK_SECONDS): stepping in for a game another Worker
 * holds would start a second copy of its object (deployed, the cron's check finds the pending
 * alarm and does nothing), and did: 10,000 in 237 s, the first Worker's SQLite out of memory.
 *
 * `tsx bench/due.ts [out.json]`. BENCH_DUE_GAMES (10000), BENCH_DUE_SPREAD_MS (60000),
 * BENCH_DUE_PASSES (16 in all), BENCH_DUE_PER_WORKER (2000), BENCH_QUICK=1 for 500 within 10 s.
 * A run that is not of 10,000 projects `due_10k_clear_seconds_projected` from its rate.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { copyDueGames, endedCopies, pendingBacklog, queueBacklog, type Sql, startTemplate, timeoutsOf } from '../test/support/many-due';
import { ApiClient } from '../test/support/http-client';
import { type BenchWorker, neonPool, startBenchDb, startBenchWorker } from './lib/env';
import { CpuMeter, findDescendants, treesNamed } from './lib/proc';
import { round, roundSummary, sleep, summarize } from './lib/stats';

const quick = process.env.BENCH_QUICK === '1';
const GAMES = Number(process.env.BENCH_DUE_GAMES ?? (quick ? 500 : 10_000));
/** Notices have no Durable Object of their own: 10,000 (2,500 in a quick run). */
const NOTICES = Math.min(10_000, GAMES * 5);
/** The cron as deployed ticks every 5 minutes; here a tick every 30 s keeps its path in the picture without driving the work. */
const TICK_MS = 30_000;
const LIMIT_MS = 1_500_000;
/**
 * Over how long the clocks end: the same minute ("10,000 due in the same minute"); a quick run's
 * 500 within 10 s, so its passes queue too and its rate is what the machine can do.
 */
const SPREAD_MS = Number(process.env.BENCH_DUE_SPREAD_MS ?? (quick ? 10_000 : 60_000));
/** Games per Worker (one workerd process each): about as many as one workerd keeps files open for. */
const PER_WORKER = Number(process.env.BENCH_DUE_PER_WORKER ?? 2000);
/** The cron's alarm slack when the games are shared among Workers (see where it is set). */
const MULTI_WORKER_SLACK_S = 600;
/** Alarms armed at a time, and the pause after each chunk (locally idle Durable Objects are evicted after about 10 s). */
const ARM_CHUNK = 1000;
const ARM_PAUSE_MS = 12_000;
const log = (msg: string) => console.error(`[due] ${msg}`);

async function main() {
  const loadBefore = os.loadavg()[0];
  // Real PostgreSQL through PgBouncer when installed, as the Worker reaches Neon's pooled endpoint.
  const db = await startBenchDb('postgres', { pooled: process.env.BENCH_POOLER !== '0' });
  const workers: BenchWorker[] = [];
  const admin = neonPool(db.url, 2);
  const stop = async () => {
    await admin.end().catch(() => {});
    for (const w of workers) await w.stop().catch(() => {});
    await db.stop().catch(() => {});
  };
  process.once('SIGTERM', () => void stop().then(() => process.exit(143)));
  try {
    const sql: Sql = async <T>(text: string, params: unknown[] = []) => (await admin.query(text, params)).rows as T[];
    // Deployed, a game's objects live wherever Cloudflare puts them; here all of a Worker's live in
    // its one workerd, which may hold 20,000 files open (a limit this container cannot raise) and
    // keeps two SQLite objects per game awake for a while after their work. So the games are
    // shared among Workers of PER_WORKER each, one workerd process apiece, on the one database,
    // and WorkGate's places are shared among them (CLOCK_PASSES each, 16 in all as deployed).
    const count = Math.ceil(GAMES / PER_WORKER);
    const passes = Math.max(1, Math.round(Number(process.env.BENCH_DUE_PASSES ?? 16) / count));
    for (let w = 0; w < count; w++)
      workers.push(
        await startBenchWorker(
          db,
          {
            NOTIFY_GRACE_SECONDS: '0',
            CLOCK_PASSES: String(passes),
            // Several Workers stand in for one namespace: a cron stepping in for a game another
            // Worker holds would start a second copy of its object here (deployed, its check finds
            // the pending alarm and does nothing). Its safety net waits 10 minutes instead.
            ...(count > 1 ? { ALARM_SLACK_SECONDS: String(MULTI_WORKER_SLACK_S) } : {}),
          },
          { inspector: false },
        ),
      );
    const api = new ApiClient(workers[0].url);
    const t = await startTemplate(api);
    // Arming sets each game's alarm in its own Durable Object: a chunk at a time, the objects of
    // one chunk left idle to be evicted before the next, and the clocks end after the last chunk.
    const chunks = Math.ceil(GAMES / ARM_CHUNK);
    const firstEnd = Date.now() + chunks * (ARM_PAUSE_MS + 5000) + 15_000;
    const lastEnd = await copyDueGames(sql, t, GAMES, { prefix: 'due', firstEnd, spreadMs: SPREAD_MS });
    await sql("update games set due_at = null where id like 'due\\_%'");
    for (let k = 0; k < chunks; k++) {
      const chunk = [k * ARM_CHUNK + 1, (k + 1) * ARM_CHUNK];
      await sql("update games set due_at = deadline_at where id like 'due\\_%' and substr(id, 5)::int between $1 and $2", chunk);
      const owner = new ApiClient(workers[Math.floor((k * ARM_CHUNK) / PER_WORKER)].url);
      const armed = await owner.post('/dev/clock', { advanceMs: 0, run: false });
      if (armed.status !== 200) throw new Error(`POST /dev/clock -> ${armed.status} ${armed.text}`);
      await sql("update games set due_at = null where id like 'due\\_%' and substr(id, 5)::int between $1 and $2", chunk);
      log(`armed ${Math.min(GAMES, chunk[1])} of ${GAMES}`);
      await sleep(ARM_PAUSE_MS);
    }
    // The due instants back, for the cron's safety net.
    await sql("update games set due_at = deadline_at where id like 'due\\_%'");
    const meter = new CpuMeter({
      workerd: findDescendants('workerd'),
      postgres: db.pids.postgres ? [db.pids.postgres] : treesNamed('postgres'),
      pooler: db.pids.pooler ? [db.pids.pooler] : [],
      bridge: db.pids.bridge ? [db.pids.bridge] : [],
    });
    const cpuBefore = meter.read();
    log(
      `${GAMES} games due within ${SPREAD_MS / 1000} s from ${new Date(firstEnd).toISOString()} on ${count} Worker(s); load ${os.loadavg()[0].toFixed(2)}`,
    );
    const games = await watch(api, t, firstEnd, async () => {
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
    const notices = await watch(api, t, queued, async () => {
      const n = await pendingBacklog(sql, 'due-notice');
      return { left: n, note: `${n} of ${NOTICES} notices pending` };
    });
    log(`notices: all delivered ${round(notices.doneMs / 1000)} s after they were queued`);
    return {
      games: GAMES,
      db: db.kind,
      clock_passes_at_once: passes * count,
      workers: count,
      pooler: db.pooler,
      spread_s: SPREAD_MS / 1000,
      // CPU per applied game by process, from the first end until the last was applied (the cron and the watcher's requests included).
      cpu_ms_per_game: {
        workerd: round(cpu.workerd / GAMES),
        postgres: round(cpu.postgres / GAMES),
        pooler: round(cpu.pooler / GAMES),
        bridge: round(cpu.bridge / GAMES),
        bench: round(cpu.self / GAMES),
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
      method: `copies of one started game whose clocks end within ${SPREAD_MS / 1000} s, applied by their own alarms with the cron ticking every 30 s; then the notices due at once, drained by the cron batch and its lanes; each polled every second`,
    };
  } finally {
    await stop();
  }
}

/**
 * Polls `left` every second until it is 0, asking GET /api/health and the template game's state
 * meanwhile and ticking the cron every TICK_MS; times from `from` (epoch ms).
 */
async function watch(
  api: ApiClient,
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
    const health = await fetch(`${api.base}/api/health`);
    const state = await api.get(`/api/games/${t.gameId}/state`, { token: t.token });
    if (health.ok && state.status === 200) answers.push(Date.now() - s);
    if (Date.now() - lastTick >= TICK_MS) {
      lastTick = Date.now();
      // One Worker's cron, as deployed there is one.
      if ((await fetch(`${api.base}/__scheduled?cron=*/5+*+*+*+*`)).status === 200) ticks++;
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
