/**
 * The Worker's own CPU per request, and where a move's time goes when many games move at once.
 *
 * Moves are real: games seeded from the recorded games (bench/lib/seeded-lanes.ts) played on with
 * their records' next moves, through the Worker in workerd, Neon driver, bridge and PostgreSQL.
 * Requests go straight to the Worker's own workerd process, past wrangler's ProxyWorker (a dev
 * server in a workerd process of its own), and CPU is read per process from /proc schedstat: the
 * Worker's workerd, wrangler's proxy, the bridge, PostgreSQL, this load generator.
 *
 * 1. CPU per request, one at a time: a move, a full GET /state, a 304, How to play, GET
 *    /api/health, a request the fixture answers before the app (`noop`: the runtime and dev
 *    harness around the Worker), and the fixture's probes of a move's parts (a new database
 *    connection with one statement; the commit's Durable Object calls; one call that does
 *    nothing). Blocks alternate, the order rotated each round. The Worker's own CPU is its
 *    process's CPU per request minus the same round's noop.
 *    A move's notices wait in its game's timer (a Durable Object alarm at the grace's end): the
 *    Worker runs with a grace longer than the section (`HELD_PAST_THE_RUN_S`), so no delivery falls into a
 *    block, and the deliveries are measured after the rounds, one held batch per alarm, by the
 *    fixture's hook that brings a batch's instant to now (`POST /api/__test/timer/<id>/deliver`).
 * 2. A CPU profile of the Worker's isolate (V8 inspector) over moves and over full GETs.
 * Parts 1 and 3 run on a Worker started without the dev inspector: attached (wrangler's inspector
 * proxy, relaying the console), workerd encodes and sends a notification for every subrequest,
 * work a deployed Worker never does. Part 2 runs on a second Worker with it attached, after
 * part 1 again there (`with_dev_inspector`: what the inspector adds).
 * 3. 1, 4, 16 and 64 games moving at once, each level run with the server (workerd and
 *    PostgreSQL) pinned to one CPU and the load generator and bridge to the other, and unpinned,
 *    in alternating blocks; per level latency, throughput, CPU and run-queue wait per move, and
 *    PostgreSQL lock waits.
 *
 * `tsx bench/worker-cpu.ts [out.json]`. BENCH_QUICK=1 for a short run.
 */
import os from 'node:os';
import type { Pool } from '@neondatabase/serverless';
import { summarizeProfile } from './lib/cpuprofile';
import { httpRequester, type Requester } from './lib/driver';
import { endSection, HELD_PAST_THE_RUN_S, startBenchStack, workerRuntime, type BenchDb, type WorkerRuntime } from './lib/env';
import { bundleLocator, profileWorker } from './lib/inspector';
import { CpuMeter, pin, schedTimes, type SchedTimes } from './lib/proc';
import { playNext, resyncLane, runningLanes, seedBenchGames, type SeededLane } from './lib/seeded-lanes';
import { quantile, round, roundSummary, sleep, summarize } from './lib/stats';

const quick = process.env.BENCH_QUICK === '1';
const SEEDED_GAMES = 1000;
const ROUNDS = quick ? 2 : 5;
const PER_BLOCK = quick ? 8 : 20;
const PROFILED = quick ? 10 : 30;
const LEVELS = [1, 4, 16, 64] as const;
const LEVEL_ROUNDS = quick ? 1 : 3;
/** Rounds of every kind of request before the measured ones. */
const WARM_ROUNDS = quick ? 8 : 32;
/** Moves per lane in one block, by games at once. */
const PER_LANE: Record<number, number> = quick ? { 1: 6, 4: 3, 16: 2, 64: 1 } : { 1: 16, 4: 6, 16: 3, 64: 2 };
/** Lanes the sequential moves rotate over (their Durable Objects stay warm, as a game's in play does). */
const SEQ_LANES = 8;
const POLL_LANES = 8;

/**
 * The answers travel as the Worker sends them: asked for gzip (undici's default), Miniflare's
 * entry worker compresses them in the Worker's own process, as Cloudflare's front line does for a
 * deployed Worker, after it and outside its CPU time (a move's answer is several KiB).
 */
const ANSWERS_AS_SENT = 'identity';

const t0 = performance.now();
const log = (msg: string) => console.error(`[worker-cpu +${((performance.now() - t0) / 1000).toFixed(1)}s] ${msg}`);

type Op =
  | 'noop'
  | 'db_probe'
  | 'sql_probe'
  | 'notes_probe'
  | 'ping_probe'
  | 'health'
  | 'how_to_play'
  | 'move'
  | 'move_gzip'
  | 'state_full'
  | 'poll_304';
const OPS: Op[] = [
  'noop',
  'db_probe',
  'sql_probe',
  'notes_probe',
  'ping_probe',
  'health',
  'how_to_play',
  'move',
  'move_gzip',
  'state_full',
  'poll_304',
];

/** The processes whose CPU is read, by role. */
interface Roles {
  worker: number[];
  proxy: number[];
  bridge: number[];
  postgres: number[];
  generator: number[];
}

function rolesOf(db: BenchDb, rt: WorkerRuntime): Roles {
  return {
    worker: [rt.pid],
    proxy: rt.proxyPid ? [rt.proxyPid] : [],
    bridge: db.pids.bridge ? [db.pids.bridge] : [],
    postgres: [db.pids.postgres, db.pids.pooler].filter((p): p is number => p !== undefined),
    generator: [process.pid],
  };
}

type Reading = Record<keyof Roles, SchedTimes>;

/**
 * CPU and run-queue wait of each role now. The generator's is this process's own CPU, which
 * includes these readings of /proc (so it overstates what a load generator alone would need).
 */
function read(roles: Roles): Reading {
  const out = {} as Reading;
  for (const [k, pids] of Object.entries(roles) as [keyof Roles, number[]][]) {
    // The generator's own CPU only (its children are the servers measured apart).
    if (k === 'generator') {
      const u = process.cpuUsage();
      out[k] = { cpu: (u.user + u.system) / 1000, wait: 0 };
    } else if (k === 'postgres') {
      // A backend per connection comes and goes: its CPU stays in the postmaster's reaped children.
      out[k] = { cpu: new CpuMeter({ postgres: pids }).read().postgres, wait: schedTimes(pids).wait };
    } else out[k] = schedTimes(pids);
  }
  return out;
}

const median = (xs: readonly number[]) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

function delta(a: Reading, b: Reading, per: number): Record<string, { cpu: number; wait: number }> {
  return Object.fromEntries(
    (Object.keys(b) as (keyof Roles)[]).map((k) => [
      k,
      { cpu: round((b[k].cpu - a[k].cpu) / per), wait: round((b[k].wait - a[k].wait) / per) },
    ]),
  );
}

/**
 * `pinned`: the Worker's workerd and PostgreSQL on the last CPU, this load generator, the bridge
 * and wrangler's proxy on the one before; `shared`: every CPU for all. False when it cannot pin
 * (one CPU, no taskset).
 */
function pinServer(roles: Roles, how: 'pinned' | 'shared'): boolean {
  const cpus = os.cpus().length;
  if (cpus < 2) return false;
  const all = `0-${cpus - 1}`;
  const server = how === 'pinned' ? String(cpus - 1) : all;
  const client = how === 'pinned' ? String(cpus - 2) : all;
  return (
    pin([...roles.worker, ...roles.postgres], server) && pin([...roles.bridge, ...roles.proxy], client) && pin([process.pid], client, true)
  );
}

/** Waits until the Worker has finished the work it deferred past its answers (its CPU stops moving), at most 3 s. */
async function settle(roles: Roles): Promise<void> {
  const until = performance.now() + 3000;
  let last = schedTimes(roles.worker).cpu;
  while (performance.now() < until) {
    await sleep(60);
    const now = schedTimes(roles.worker).cpu;
    if (now - last < 0.3) return;
    last = now;
  }
}

async function main() {
  const loadBefore = os.loadavg()[0];
  // Measured without the dev inspector: attached (wrangler's inspector proxy, which relays the
  // Worker's console), workerd encodes and sends it a notification for every subrequest, work a
  // deployed Worker never does. The profile needs it: a second Worker, attached, at the end.
  const { db, worker, admin, another, stop } = await startBenchStack('worker_cpu', { graceSeconds: HELD_PAST_THE_RUN_S, inspector: false });
  try {
    const rt = await workerRuntime(worker);
    const roles = rolesOf(db, rt);
    log(
      `database ${db.serverVersion}${db.pooler ? ` through ${db.pooler}` : ''}; Worker pid ${rt.pid} at ${rt.url} (proxy pid ${rt.proxyPid})`,
    );
    const seeded = await seedBenchGames(admin, SEEDED_GAMES);
    const lanes = await runningLanes(admin, seeded, SEEDED_GAMES, 64 + POLL_LANES, 48);
    const pollLanes = lanes.splice(64, POLL_LANES);
    log(`seeded ${SEEDED_GAMES} games; ${lanes.length} lanes to move, ${pollLanes.length} to poll`);
    // Straight to the Worker's process: wrangler's ProxyWorker is a dev server, not the Worker.
    const req = httpRequester(rt.url, { acceptEncoding: ANSWERS_AS_SENT });
    // One request at a time with the Worker and PostgreSQL on one CPU and this process and the
    // bridge on the other: fewer moves between CPUs, so steadier CPU times on a shared machine.
    const pinned = pinServer(roles, 'pinned');
    const perRequest = await measurePerRequest(req, roles, lanes.slice(0, SEQ_LANES), pollLanes, httpRequester(rt.url));
    const deliveries = await measureDeliveries(req, roles, lanes.slice(0, SEQ_LANES), perRequest.floor_cpu_ms);
    const concurrency = await measureLevels(admin, req, roles, lanes);
    // The same figures with the dev inspector attached (what `wrangler dev` runs), then its profile.
    const inspected = await another({ inspector: true });
    const rt2 = await workerRuntime(inspected, [rt]);
    const roles2 = rolesOf(db, rt2);
    const req2 = httpRequester(rt2.url, { acceptEncoding: ANSWERS_AS_SENT });
    pinServer(roles2, 'pinned');
    const withInspector = await measurePerRequest(req2, roles2, lanes.slice(0, SEQ_LANES), pollLanes, httpRequester(rt2.url));
    const profile = inspected.inspectorUrl
      ? await profileMoves(inspected.inspectorUrl, req2, roles2, lanes.slice(0, SEQ_LANES), pollLanes)
      : null;
    return {
      load_avg_1m_before: round(loadBefore, 2),
      load_avg_1m_after: round(os.loadavg()[0], 2),
      database: db.serverVersion,
      pooler: db.pooler,
      seeded_games: SEEDED_GAMES,
      worker_url: 'direct (past wrangler ProxyWorker)',
      inspector_attached: false,
      per_request_pinned: pinned,
      ...perRequest,
      with_dev_inspector: {
        worker_cpu_ms_per_move: withInspector.worker_cpu_ms_per_move,
        worker_cpu_ms_per_state_full: withInspector.worker_cpu_ms_per_state_full,
        worker_cpu_ms_per_poll_304: withInspector.worker_cpu_ms_per_poll_304,
        db_http_statement_cpu_ms: withInspector.db_http_statement_cpu_ms,
        clock_notes_cpu_ms: withInspector.clock_notes_cpu_ms,
        floor_cpu_ms: withInspector.floor_cpu_ms,
      },
      notice_grace_s: HELD_PAST_THE_RUN_S,
      timer_deliveries: deliveries,
      profile,
      concurrency,
    };
  } finally {
    pin([process.pid], `0-${os.cpus().length - 1}`, true);
    await stop();
  }
}

/** Part 1: CPU per request by process, one request at a time, the ops' blocks alternating. */
async function measurePerRequest(req: Requester, roles: Roles, moveLanes: SeededLane[], pollLanes: SeededLane[], gzip: Requester) {
  let m = 0;
  const etags = new Map<string, string>();
  const types = ['big-thunder', 'snowdonia', 'space-mountain'];
  const ok = (what: string, status: number, want: number) => {
    if (status !== want) throw new Error(`${what} -> ${status} (wanted ${want})`);
  };
  const ops: Record<Op, (i: number) => Promise<void>> = {
    noop: async () => ok('noop', (await req('GET', '/api/__test/noop')).status, 204),
    // A new database connection and `select 1`; `select 1` as an HTTP query; the two Durable Object calls of a commit (test/fixtures/worker.ts).
    db_probe: async () => ok('db probe', (await req('GET', '/api/__test/db')).status, 204),
    sql_probe: async () => ok('sql probe', (await req('GET', '/api/__test/sql')).status, 204),
    notes_probe: async (i) => ok('notes probe', (await req('GET', `/api/__test/notes/${i % SEQ_LANES}`)).status, 204),
    ping_probe: async (i) => ok('ping probe', (await req('GET', `/api/__test/ping/${i % SEQ_LANES}`)).status, 204),
    health: async () => ok('health', (await req('GET', '/api/health')).status, 200),
    how_to_play: async (i) => ok('rules', (await req('GET', `/api/game-types/${types[i % types.length]}/rules`)).status, 200),
    move: () => playNext(req, moveLanes[m++ % moveLanes.length]),
    // The same moves asked with gzip: what the dev harness's compression (Cloudflare's front line, deployed) adds in this process.
    move_gzip: () => playNext(gzip, moveLanes[m++ % moveLanes.length]),
    state_full: async (i) => {
      const l = pollLanes[i % pollLanes.length];
      const r = await req('GET', `/api/games/${l.id}/state`, { token: l.tokens.get(0)!, headers: { 'x-page-visible': '1' } });
      ok('GET /state', r.status, 200);
      etags.set(l.id, r.headers.get('etag') ?? '');
    },
    poll_304: async (i) => {
      const l = pollLanes[i % pollLanes.length];
      const r = await req('GET', `/api/games/${l.id}/state`, {
        token: l.tokens.get(0)!,
        headers: { 'x-page-visible': '1', 'if-none-match': etags.get(l.id) ?? '' },
      });
      ok('GET /state (conditional)', r.status, 304);
    },
  };
  // Warm-up, not recorded: every lane's first move (its Durable Objects start), the JIT, plan
  // caches. A deployed isolate serves many requests; with 8 rounds of warm-up the blocks still
  // got cheaper round by round (a move 6.8 ms in the first, 5.0 in the last) as V8 optimised.
  for (const l of moveLanes) await playNext(req, l);
  for (let i = 0; i < WARM_ROUNDS; i++) for (const op of OPS) await ops[op](i);
  const acc = new Map<Op, { ms: number[]; readings: Record<string, { cpu: number; wait: number }>[] }>();
  for (let r = 0; r < ROUNDS; r++) {
    const order = [...OPS.slice(r % OPS.length), ...OPS.slice(0, r % OPS.length)];
    for (const op of order) {
      await settle(roles);
      const a = read(roles);
      const ms: number[] = [];
      for (let i = 0; i < PER_BLOCK; i++) {
        const s = performance.now();
        await ops[op](i);
        ms.push(performance.now() - s);
      }
      await settle(roles); // deferred work after the answers (a move's notices) belongs to the block
      const e = acc.get(op) ?? { ms: [], readings: [] };
      e.ms.push(...ms);
      e.readings.push(delta(a, read(roles), PER_BLOCK));
      acc.set(op, e);
    }
  }
  // Medians of the blocks: one block that another process's burst slowed does not move them.
  const figures = Object.fromEntries(
    [...acc].map(([op, e]) => {
      const cpu = (k: string) => round(median(e.readings.map((x) => x[k].cpu)));
      return [
        op,
        {
          ms: roundSummary(summarize(e.ms)),
          cpu_ms: { worker: cpu('worker'), proxy: cpu('proxy'), bridge: cpu('bridge'), postgres: cpu('postgres') },
          worker_cpu_ms_per_block: e.readings.map((x) => x.worker.cpu),
        },
      ];
    }),
  ) as unknown as Record<Op, { ms: ReturnType<typeof roundSummary>; cpu_ms: Record<string, number>; worker_cpu_ms_per_block: number[] }>;
  const floor = figures.noop.cpu_ms.worker;
  // Each round's block minus the same round's floor, then the median over rounds.
  const own = (op: Op) =>
    round(Math.max(0, median(figures[op].worker_cpu_ms_per_block.map((x, r) => x - figures.noop.worker_cpu_ms_per_block[r]))));
  log(
    `Worker CPU per request (floor ${floor} ms): ${OPS.map((op) => `${op} ${figures[op].cpu_ms.worker} ms (own ${own(op)})`).join(', ')}`,
  );
  return {
    rounds: ROUNDS,
    per_block: PER_BLOCK,
    per_request: figures,
    floor_cpu_ms: floor,
    worker_cpu_ms_per_move: own('move'),
    worker_cpu_ms_per_move_answer_gzipped: own('move_gzip'),
    worker_cpu_ms_per_state_full: own('state_full'),
    worker_cpu_ms_per_poll_304: own('poll_304'),
    worker_cpu_ms_per_how_to_play: own('how_to_play'),
    worker_cpu_ms_per_health: own('health'),
    db_connection_cpu_ms: own('db_probe'),
    db_http_statement_cpu_ms: own('sql_probe'),
    clock_notes_cpu_ms: own('notes_probe'),
    object_call_cpu_ms: own('ping_probe'),
  };
}

/**
 * Part 1b: what the games' timers then spend delivering the notices the moves queued, one held
 * batch per alarm (each through the fixture's hook: a request to the Worker, which calls the
 * timer, whose alarm reads the batch, sends it to the email, push and webhook stand-ins and
 * records the outcomes). The Worker process's CPU per batch less the floor of the hook's request.
 */
async function measureDeliveries(req: Requester, roles: Roles, lanes: SeededLane[], floor: number) {
  await settle(roles);
  const a = read(roles);
  const ms: number[] = [];
  let batches = 0;
  let notices = 0;
  for (const l of lanes)
    for (;;) {
      const s = performance.now();
      const r = await req('POST', `/api/__test/timer/${l.id}/deliver`);
      if (r.status !== 200) throw new Error(`timer delivery hook -> ${r.status}`);
      const n = (r.body as { notices: number }).notices;
      if (n === 0) break;
      ms.push(performance.now() - s);
      batches++;
      notices += n;
    }
  await settle(roles);
  const d = delta(a, read(roles), Math.max(1, batches));
  const perBatch = round(Math.max(0, d.worker.cpu - floor));
  log(`timer deliveries: ${batches} batches, ${notices} notices, Worker CPU ${perBatch} ms a batch (own)`);
  return {
    batches,
    notices,
    wall_ms: roundSummary(summarize(ms)),
    worker_cpu_ms_per_batch: perBatch,
    worker_cpu_ms_per_notice: notices ? round((perBatch * batches) / notices) : null,
    cpu_ms_per_batch: { proxy: d.proxy.cpu, bridge: d.bridge.cpu, postgres: d.postgres.cpu },
  };
}

/** Part 2: the Worker's isolate profiled over moves, then over full GETs (shares by sample count). */
async function profileMoves(inspector: string, req: Requester, roles: Roles, moveLanes: SeededLane[], pollLanes: SeededLane[]) {
  try {
    let m = 0;
    const moves = await profileWorker(
      inspector,
      async () => {
        for (let i = 0; i < PROFILED; i++) await playNext(req, moveLanes[m++ % moveLanes.length]);
        await settle(roles);
      },
      200,
    );
    const gets = await profileWorker(
      inspector,
      async () => {
        for (let i = 0; i < PROFILED; i++) {
          const l = pollLanes[i % pollLanes.length];
          await req('GET', `/api/games/${l.id}/state`, { token: l.tokens.get(0)!, headers: { 'x-page-visible': '1' } });
        }
        await settle(roles);
      },
      200,
    );
    const locate = bundleLocator(new Map([...moves.sources, ...gets.sources]));
    const sum = (p: typeof moves.profile) => {
      const s = summarizeProfile(p, 15, [], locate, true);
      return { ...s, busy_ms_per_request: round((s.total_ms * (1 - s.idle_pct / 100)) / PROFILED) };
    };
    return { requests: PROFILED, interval_us: 200, moves: sum(moves.profile), state_full: sum(gets.profile) };
  } catch (e) {
    log(`profile failed: ${(e as Error).message}`);
    return { error: String((e as Error).message ?? e) };
  }
}

/** Part 3: 1 to 64 games moving at once, pinned (server on CPU 1; generator and bridge on CPU 0) and not. */
async function measureLevels(admin: Pool, req: Requester, roles: Roles, lanes: SeededLane[]) {
  const cpus = os.cpus().length;
  const canPin = pinServer(roles, 'shared');
  const variants = canPin ? (['pinned', 'shared'] as const) : (['shared'] as const);
  const pinAs = (v: 'pinned' | 'shared') => pinServer(roles, v);
  const out: Record<string, unknown>[] = [];
  for (const c of LEVELS) {
    const acc: Record<
      string,
      { ms: number[]; wall: number; n: number; readings: Reading[]; lockWaits: number; lockSamples: number; errors: number }
    > = {};
    for (let r = 0; r < LEVEL_ROUNDS; r++) {
      for (const v of r % 2 === 0 ? variants : [...variants].reverse()) {
        pinAs(v);
        await settle(roles);
        const a = read(roles);
        const ms: number[] = [];
        let locks = 0;
        let lockSamples = 0;
        let running = true;
        const failed: Record<string, number> = {};
        // PostgreSQL lock waits, sampled every 100 ms while the block runs.
        const sampler = (async () => {
          while (running) {
            const q = await admin.query("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'").catch(() => null);
            if (q) {
              locks += q.rows[0].n as number;
              lockSamples++;
            }
            await sleep(100);
          }
        })();
        // The games with the most recorded moves left, so none runs out within the block.
        const chosen = [...lanes].sort((x, y) => y.next.length - x.next.length).slice(0, c);
        const s0 = performance.now();
        await Promise.all(
          chosen.map(async (lane) => {
            for (let k = 0; k < PER_LANE[c]; k++) {
              const s = performance.now();
              try {
                await playNext(req, lane);
                ms.push(performance.now() - s);
              } catch (err) {
                failed[String((err as Error).message).slice(0, 80)] = (failed[String((err as Error).message).slice(0, 80)] ?? 0) + 1;
                await resyncLane(req, lane).catch(() => {});
              }
            }
          }),
        ).finally(() => {
          running = false;
        });
        const wall = performance.now() - s0;
        await sampler;
        await settle(roles);
        const b = read(roles);
        if (Object.keys(failed).length) log(`c=${c} ${v}: failed moves ${JSON.stringify(failed)}`);
        const e = (acc[v] ??= { ms: [], wall: 0, n: 0, readings: [], lockWaits: 0, lockSamples: 0, errors: 0 });
        e.errors += Object.values(failed).reduce((a, b) => a + b, 0);
        e.ms.push(...ms);
        e.wall += wall;
        e.n += ms.length;
        e.readings.push(a, b);
        e.lockWaits += locks;
        e.lockSamples += lockSamples;
      }
    }
    for (const [v, e] of Object.entries(acc)) {
      const per: Record<string, { cpu: number; wait: number }> = {};
      for (const k of Object.keys(roles) as (keyof Roles)[]) {
        let cpu = 0;
        let wait = 0;
        for (let i = 0; i < e.readings.length; i += 2) {
          cpu += e.readings[i + 1][k].cpu - e.readings[i][k].cpu;
          wait += e.readings[i + 1][k].wait - e.readings[i][k].wait;
        }
        per[k] = { cpu: round(cpu / e.n), wait: round(wait / e.n) };
      }
      // The CPU a move needs where it queues: pinned, the server's one CPU (workerd and
      // PostgreSQL); shared, every process on every CPU. c moves at once cannot average less
      // than c times that over the CPUs (Little's law at full use), nor less than one move alone.
      const demand = v === 'pinned' ? per.worker.cpu + per.postgres.cpu : Object.values(per).reduce((a, x) => a + x.cpu, 0);
      const cpuBound = (c * demand) / (v === 'pinned' ? 1 : cpus);
      const ms = summarize(e.ms);
      const alone = out.find((x) => x.c === 1 && x.variant === v) as { ms: { mean: number } } | undefined;
      const floor = Math.max(alone?.ms.mean ?? ms.mean, cpuBound);
      const row = {
        c,
        variant: v,
        moves: e.n,
        failed: e.errors,
        ms: roundSummary(ms),
        per_s: round(e.n / (e.wall / 1000)),
        per_move: per,
        demand_cpu_ms: round(demand),
        cpu_bound_ms: round(cpuBound),
        mean_vs_alone: alone ? round(ms.mean / alone.ms.mean) : 1,
        mean_vs_bound: round(ms.mean / floor),
        lock_waiting_backends_avg: round(e.lockWaits / Math.max(e.lockSamples, 1)),
      };
      out.push(row);
      log(`c=${c} ${v}: p50 ${row.ms.p50} ms, ${row.per_s}/s, CPU per move worker ${per.worker.cpu} + pg ${per.postgres.cpu} ms`);
    }
  }
  pinServer(roles, 'shared');
  return { pinned: canPin, cpus, rounds: LEVEL_ROUNDS, per_lane: PER_LANE, levels: out };
}

endSection(await main(), log);
