/**
 * vitest globalSetup of the `worker` project: one database (PGlite, or real PostgreSQL with
 * TEST_PG=1) and one Worker in workerd (wrangler's unstable_startWorker: the same bundler and
 * runtime as `wrangler dev`), shared by every test file. Each test makes its own users and games,
 * so files do not interfere.
 *
 * The Worker is test/fixtures/worker.ts (production Worker + the test-only "secret-dice" game),
 * configured by wrangler.toml, with DATABASE_URL / DB_WS_PROXY pointing at the local bridge.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { MAIL_REPLY_TEST_SECRET, MAIL_TEST_DOMAIN } from './mail';
import { startTestDb, type DbKind } from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    workerUrl: string;
    dbKind: DbKind;
    databaseUrl: string;
    dbWsProxy: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default async function setup(project: TestProject) {
  // No traffic beyond 127.0.0.1 (metrics, request.cf data, update check).
  process.env.WRANGLER_SEND_METRICS = 'false';
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
  process.env.WRANGLER_HIDE_BANNER = 'true';

  const db = await startTestDb();
  const t1 = performance.now();
  const { unstable_startWorker } = await import('wrangler');
  let worker: Awaited<ReturnType<typeof unstable_startWorker>>;
  try {
    worker = await unstable_startWorker({
      config: path.join(root, 'wrangler.toml'),
      entrypoint: path.join(root, 'test/fixtures/worker.ts'),
      sendMetrics: false,
      bindings: {
        DATABASE_URL: { type: 'plain_text', value: db.DATABASE_URL },
        DB_WS_PROXY: { type: 'plain_text', value: db.DB_WS_PROXY },
        APP_ENV: { type: 'plain_text', value: 'test' },
        // Every test signs in from 127.0.0.1; the per-IP limit has its own API tests.
        SIGNIN_LIMIT_PER_IP: { type: 'plain_text', value: '100000' },
        // Play by email reply: the tests sign reply tokens with the same secret.
        MAIL_REPLY_SECRET: { type: 'plain_text', value: MAIL_REPLY_TEST_SECRET },
        MAIL_DOMAIN: { type: 'plain_text', value: MAIL_TEST_DOMAIN },
      },
      dev: {
        server: { hostname: '127.0.0.1', port: 0 },
        inspector: false,
        watch: false,
        liveReload: false,
        persist: false,
        testScheduled: true,
        logLevel: process.env.MP_WORKER_LOG === '1' ? 'log' : 'warn',
      },
    });
    await worker.ready;
  } catch (e) {
    await db.stop();
    throw e;
  }
  const url = (await worker.url).toString().replace(/\/$/, '');
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

  return async () => {
    const s = db.bridgeStats();
    console.log(
      `[worker tests] bridge: ${s.accepted} connections, at most ${s.maxActive} open at once, at most ${s.maxQueued} queued, ${s.terminated} closed on Terminate`,
    );
    await worker.dispose().catch((e: unknown) => console.error('[worker tests] dispose failed', e));
    await db.stop();
  };
}
