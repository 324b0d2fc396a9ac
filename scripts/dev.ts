/**
 * `npm start`: the real Worker in workerd (wrangler's dev server, the production runtime) on
 * http://127.0.0.1:8787, with the Neon driver reaching an embedded PGlite through the local
 * WebSocket-to-TCP bridge (scripts/local-db.ts). Ctrl-C or SIGTERM stops everything.
 *
 * Steps: build the client (scripts/build-client.ts, when present) -> start PGlite with data under
 * .data/pglite (kept across restarts), apply migrations, serve it + bridge -> wrangler's dev
 * server (scripts/dev-worker.ts) with DATABASE_URL, DB_WS_PROXY and APP_ENV as the Worker's
 * variables -> wait until /api/ready answers with this
 * process's own instance id (the database answers, and the server on the port is ours) -> fire the
 * cron (`/__scheduled`) every 60 s. The PGlite data directory is locked (scripts/data-lock.ts).
 * wrangler and workerd run in a process group of their own that stops when this process does,
 * however it ends (`GROUP_GUARD`).
 *
 * Environment:
 *   PORT=8787            HTTP port (127.0.0.1 only)
 *   MP_FIXTURES=1        serve test/fixtures/worker.ts (adds the test-only "secret-dice" game; browser tests)
 *   MP_DATA_DIR=dir      PGlite data directory (default .data/pglite); MP_DATA_DIR=memory for a throwaway one
 *                        (the Durable Objects' storage then in <dir>-objects, or a throwaway folder too)
 *   DATABASE_URL=...     use this Postgres instead of PGlite: Neon as it is, any other Postgres through a
 *                        WebSocket bridge started here (scripts/external-db.ts); DB_WS_PROXY=host:port/v1
 *                        names a bridge of your own instead
 *   VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT  Web Push keys; by default a development pair is made
 *                        once and kept in .data/vapid.json (a throwaway pair with MP_DATA_DIR=memory)
 *   MP_READY_TIMEOUT_S=60 how long to wait for /api/ready (the database) once the Worker answers, before giving up
 *   MP_INSPECTOR_PORT=n  workerd's devtools inspector port (default: a free one, so servers never collide)
 *   APP_ENV=development  development, or production (anything else); `test` only with MP_FIXTURES=1 (the
 *                        test harness's Worker). `/__scheduled`, the cron timer and /dev exist in development
 *                        (and the harness's test) only
 *   MP_CRON_MS=60000     cron timer period; 0 disables it
 *   MP_SKIP_BUILD=1      do not build the client
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';
import { DataDirBusy, lockDataDir } from './data-lock';
import { openExternalDb, type ExternalDb } from './external-db';
import { startLocalDb, type LocalDb } from './local-db';
import { devVapidKeys, generateVapidKeys } from './vapid-dev-keys';
import { SETTING_VARIABLES } from '../worker/env';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT || 8787);
const fixtures = process.env.MP_FIXTURES === '1' || process.env.MP_FIXTURES === 'true';
const appEnv = process.env.APP_ENV || 'development';
const cronMs = Number(process.env.MP_CRON_MS ?? 60_000);
/** `/__scheduled` and the cron timer: in development, and in the test harness's own Worker under APP_ENV=test. */
const scheduledRoute = appEnv === 'development' || (fixtures && appEnv === 'test');
const entry = fixtures ? 'test/fixtures/worker.ts' : 'worker/index.ts';
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const t0 = performance.now();
const log = (msg: string) => console.log(`[dev] ${msg}`);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

let db: LocalDb | null = null;
let external: ExternalDb | null = null;
let unlock: (() => Promise<void>) | null = null;
/** Echoed by /api/ready: proves the server answering on the port is the workerd started here. */
const instance = randomUUID();
let wrangler: ChildProcess | null = null;
let cronTimer: NodeJS.Timeout | null = null;
let stopping: Promise<never> | null = null;

/** A throwaway folder for the Durable Objects' storage (with a throwaway database), removed at the stop. */
let objectsTmp: string | null = null;

/**
 * Where workerd keeps the Durable Objects' storage (`--persist-to`): wrangler's `.wrangler/state`
 * beside the default PGlite folder or an external database; beside an explicit MP_DATA_DIR, a
 * folder of its own (`<dir>-objects`); with MP_DATA_DIR=memory, a throwaway one. So objects never
 * outlive the database they describe (a game's timer for a game that is gone), and servers on
 * different databases never share one object's SQLite files.
 */
function objectsState(): string | undefined {
  const dir = process.env.DATABASE_URL ? undefined : process.env.MP_DATA_DIR;
  if (!dir) return undefined;
  if (dir === 'memory') objectsTmp = mkdtempSync(path.join(os.tmpdir(), 'mp-objects-'));
  return objectsTmp ?? `${path.resolve(dir)}-objects`;
}

function stop(code: number, why: string): Promise<never> {
  stopping ??= (async () => {
    log(`stopping (${why})`);
    if (cronTimer) clearInterval(cronTimer);
    if (wrangler && wrangler.exitCode === null && wrangler.signalCode === null) {
      const exited = new Promise((r) => wrangler!.once('exit', r));
      // wrangler runs in its own process group (detached): signal the group so workerd goes too.
      try {
        process.kill(-wrangler.pid!, 'SIGTERM');
      } catch {}
      const timeout = setTimeout(() => {
        try {
          process.kill(-wrangler!.pid!, 'SIGKILL');
        } catch {}
      }, 5000);
      await exited;
      clearTimeout(timeout);
    }
    if (db) await db.stop().catch((e) => console.error('[dev] database stop failed:', e));
    if (external) await external.stop().catch((e) => console.error('[dev] bridge stop failed:', e));
    if (unlock) await unlock();
    if (objectsTmp) rmSync(objectsTmp, { recursive: true, force: true });
    log('stopped');
    process.exit(code);
  })();
  return stopping;
}
process.on('SIGINT', () => void stop(0, 'SIGINT'));
process.on('SIGTERM', () => void stop(0, 'SIGTERM'));
process.on('SIGHUP', () => void stop(0, 'SIGHUP'));

// `npm start` runs npm -> sh -> tsx -> this process. Killing only npm's pid (as a test harness's
// child.kill() does) stops npm and sh but not us, which would leave wrangler holding the port.
// So also stop when the process that started our tsx wrapper goes away.
function parentOf(pid: number): number | null {
  try {
    return Number(
      readFileSync(`/proc/${pid}/stat`, 'utf8')
        .replace(/^.*\) /s, '')
        .split(' ')[1],
    );
  } catch {
    return null;
  }
}
const parent0 = process.ppid;
const grandparent0 = parentOf(parent0);
if (grandparent0 !== null) {
  setInterval(() => {
    if (process.ppid !== parent0 || parentOf(parent0) !== grandparent0) void stop(0, 'parent process exited');
  }, 1000).unref();
}

/**
 * The guard of wrangler's process group (run with `node -e`, argv: the command and its
 * arguments): starts the command in its own group, and stops the group - SIGTERM, then SIGKILL
 * after 5 s - when its stdin closes (the dev script is gone) or a SIGTERM reaches it; exits with
 * the command's code.
 */
const GROUP_GUARD = `
const { spawn } = require('node:child_process');
const [cmd, ...args] = process.argv.slice(1);
const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
let stopping = false;
const group = (signal) => { try { process.kill(-process.pid, signal); } catch {} };
const stop = () => {
  if (stopping) return;
  stopping = true;
  group('SIGTERM');
  setTimeout(() => group('SIGKILL'), 5000);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
child.on('exit', (code, signal) => {
  if (stopping) group('SIGKILL');
  process.exit(code ?? (signal ? 1 : 0));
});
`;

function run(cmd: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

/** Why the last readiness check failed, for the error message. */
let notReady = 'no answer yet';
/** How long wrangler may take to bring the Worker up before `npm start` gives up: a hang guard, in ms. */
const WORKER_START_LIMIT_MS = 600_000;

/** Waits until `url` (/api/ready) answers 200 with our instance id; false on timeout or exit. */
async function waitForReady(url: string, databaseMs: number): Promise<boolean> {
  // Two waits: for the Worker to answer at all (wrangler's start, which a loaded machine can make
  // take minutes; only a hang guard), then `databaseMs` for its database. One limit over both
  // gave a slow start the whole of it, and the database none.
  const started = Date.now();
  let answeredAt: number | undefined;
  for (;;) {
    const limit = answeredAt === undefined ? started + WORKER_START_LIMIT_MS : answeredAt + databaseMs;
    if (Date.now() >= limit) return false;
    if (wrangler && wrangler.exitCode !== null) return false;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(7000) });
      answeredAt ??= Date.now();
      const body = (await res.json().catch(() => ({}))) as { instance?: string; error?: { code?: string; message?: string } };
      if (res.ok && body.instance === instance) return true;
      notReady = res.ok
        ? 'another server answers on this port (not the Worker started here): is a second `npm start` running? Set PORT'
        : `${res.status}: ${body.error?.message ?? 'not ready'}`;
      // Waiting does not fix a bad setting: say which one now.
      if (body.error?.code === 'misconfigured') return false;
    } catch (e) {
      notReady = (e as Error).message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

// 1. The client bundle (owned by scripts/build-client.ts; tolerated when absent or failing).
if (process.env.MP_SKIP_BUILD !== '1') {
  const build = path.join(root, 'scripts', 'build-client.ts');
  if (existsSync(build)) {
    const tb = performance.now();
    const code = await run(bin('tsx'), [build]);
    if (code === 0) log(`client built (${secs(performance.now() - tb)})`);
    else log(`WARNING: client build failed (exit ${code}); serving the API with whatever is in public/`);
  } else {
    log('scripts/build-client.ts not found: serving public/ as it is');
  }
}

// 2. The database: an external Postgres when DATABASE_URL is set, else PGlite + bridge.
let vars: Record<string, string> = {};
try {
  if (process.env.DATABASE_URL) {
    external = await openExternalDb(process.env.DATABASE_URL);
    vars = { DATABASE_URL: external.DATABASE_URL };
    if (external.DB_WS_PROXY) vars.DB_WS_PROXY = external.DB_WS_PROXY;
    log(`database: ${external.describe} (apply migrations with \`npm run db:migrate\` first)`);
  } else {
    const dir = process.env.MP_DATA_DIR || path.join(root, '.data', 'pglite');
    if (dir !== 'memory') unlock = await lockDataDir(dir);
    const td = performance.now();
    db = await startLocalDb({ dataDir: dir === 'memory' ? undefined : dir, debug: process.env.MP_BRIDGE_DEBUG === '1' });
    vars = { DATABASE_URL: db.DATABASE_URL, DB_WS_PROXY: db.DB_WS_PROXY };
    log(
      `database: PGlite ${dir === 'memory' ? 'in memory' : `in ${path.relative(root, dir) || dir}`}, migrated, bridge ws://${db.DB_WS_PROXY} ` +
        `(${secs(performance.now() - td)}: pglite ${secs(db.timings.pglite)}, migrations ${secs(db.timings.migrate)})`,
    );
  }
} catch (e) {
  console.error(`[dev] ${e instanceof DataDirBusy ? e.message : `the database could not be opened: ${(e as Error).message}`}`);
  await stop(1, 'database');
}
// Settings exported in this shell reach the Worker as they would from `wrangler secret` or
// [vars] (`SIGNIN_LIMIT_PER_IP=1000 npm start`); .dev.vars and wrangler.toml still work.
for (const name of SETTING_VARIABLES) {
  const value = process.env[name];
  if (value !== undefined && value !== '' && !(name in vars) && name !== 'APP_ENV' && name !== 'PUBLIC_URL') vars[name] = value;
}
vars.APP_ENV = appEnv;
// Links in emails and webhooks point at this server (override with PUBLIC_URL).
vars.PUBLIC_URL = process.env.PUBLIC_URL || `http://localhost:${port}`;
vars.MP_INSTANCE = instance;
// Web Push keys (VAPID): from the environment, else a development pair kept beside the local data
// (.data/vapid.json), so browsers stay subscribed across restarts; a throwaway one for a throwaway database.
{
  const dataDir = process.env.MP_DATA_DIR;
  const keys =
    dataDir === 'memory' && !process.env.VAPID_PUBLIC_KEY
      ? await generateVapidKeys()
      : await devVapidKeys(dataDir ? path.dirname(path.resolve(dataDir)) : path.join(root, '.data'));
  Object.assign(vars, keys);
}

// 3. wrangler's dev server (workerd), through its programmatic API (scripts/dev-worker.ts says
// why not the `wrangler dev` command: that one exits when a client abandons a request).
const tw = performance.now();
const workerArgs = JSON.stringify({
  entry,
  ip: '127.0.0.1',
  port,
  // `/__scheduled` (wrangler's stand-in for the cron trigger) exists in development only: under
  // APP_ENV=production the local server answers it as a deployed Worker does (404), and the cron
  // timer below is off.
  testScheduled: scheduledRoute,
  // wrangler's default inspector port (9229) is shared by every wrangler on the machine: two
  // servers started together would fight over it and one would die.
  inspectorPort: Number(process.env.MP_INSPECTOR_PORT) || (await getPort({ host: '127.0.0.1' })),
  persistTo: objectsState(),
  vars,
});
// wrangler runs under a small guard in a process group of its own (detached): the guard holds a
// pipe from this process, and when this process is gone - however it ended, `kill -9` included -
// the pipe closes and the guard stops the whole group, so no workerd is left holding the port.
wrangler = spawn(process.execPath, ['-e', GROUP_GUARD, bin('tsx'), path.join(root, 'scripts', 'dev-worker.ts'), workerArgs], {
  cwd: root,
  stdio: ['pipe', 'inherit', 'inherit'],
  detached: true,
  // No traffic beyond 127.0.0.1: no metrics, no request.cf download, no update check (it runs with the banner).
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_HIDE_BANNER: 'true' },
});
wrangler.on('exit', (code, signal) => {
  if (!stopping) void stop(code || 1, `wrangler exited (${signal ?? code})`);
});

const base = `http://127.0.0.1:${port}`;
const readyS = Number(process.env.MP_READY_TIMEOUT_S) || 60;
const waitStart = performance.now();
if (!(await waitForReady(`${base}/api/ready`, readyS * 1000))) {
  console.error(
    `[dev] the Worker was not ready at ${base}/api/ready after ${secs(performance.now() - waitStart)} (at most ${readyS} s once it answered): ${notReady}`,
  );
  await stop(1, 'startup failed');
}
log(
  `ready: http://localhost:${port} (${entry}, APP_ENV=${appEnv}; wrangler ${secs(performance.now() - tw)}, total ${secs(performance.now() - t0)})` +
    (scheduledRoute ? ` - dev mailbox at http://localhost:${port}/dev/mailbox` : ''),
);

// 4. The cron trigger (wrangler's dev server does not fire crons itself).
if (cronMs > 0 && scheduledRoute) {
  cronTimer = setInterval(async () => {
    try {
      const res = await fetch(`${base}/__scheduled?cron=${encodeURIComponent('*/5 * * * *')}`, { signal: AbortSignal.timeout(30_000) });
      if (!res.ok) log(`cron: /__scheduled answered ${res.status}`);
    } catch (e) {
      log(`cron: /__scheduled failed: ${(e as Error).message}`);
    }
  }, cronMs);
}
