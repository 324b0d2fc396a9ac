/**
 * A database and a Worker of its own for one Worker-layer test file (wrangler's
 * unstable_startWorker, as the shared global setup does), for files whose counters, Durable
 * Objects or development clock must see only their own traffic.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiClient } from './http-client';
import { startTestDb, type TestDb } from './test-db';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface OwnWorker {
  db: TestDb;
  api: ApiClient;
  /** Runs the Worker's cron once (`/__scheduled`). */
  tick(): Promise<Response>;
  stop(): Promise<void>;
}

/** Starts PGlite (or real PostgreSQL with TEST_PG=1) and the fixture Worker in workerd; `bindings` add variables. */
export async function startOwnWorker(bindings: Record<string, string> = {}): Promise<OwnWorker> {
  process.env.WRANGLER_SEND_METRICS = 'false';
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
  const db = await startTestDb();
  const { unstable_startWorker } = await import('wrangler');
  const vars = { APP_ENV: 'test', SIGNIN_LIMIT_PER_IP: '100000', NOTIFY_GRACE_SECONDS: '0', ...bindings };
  const w = await unstable_startWorker({
    config: path.join(root, 'wrangler.toml'),
    entrypoint: path.join(root, 'test/fixtures/worker.ts'),
    sendMetrics: false,
    bindings: {
      DATABASE_URL: { type: 'plain_text', value: db.DATABASE_URL },
      DB_WS_PROXY: { type: 'plain_text', value: db.DB_WS_PROXY },
      ...Object.fromEntries(Object.entries(vars).map(([k, value]) => [k, { type: 'plain_text' as const, value }])),
    },
    dev: {
      server: { hostname: '127.0.0.1', port: 0 },
      inspector: false,
      watch: false,
      liveReload: false,
      persist: false,
      testScheduled: true,
      logLevel: 'warn',
    },
  }).catch(async (e) => {
    await db.stop();
    throw e;
  });
  await w.ready;
  const api = new ApiClient((await w.url).toString().replace(/\/$/, ''));
  return {
    db,
    api,
    tick: () => fetch(`${api.base}/__scheduled?cron=*/5+*+*+*+*`),
    async stop() {
      await w.dispose().catch(() => {});
      await db.stop();
    },
  };
}
