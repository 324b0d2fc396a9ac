/**
 * A database and a Worker of its own for one Worker-layer test file, for files whose counters,
 * Durable Objects or development clock must see only their own traffic: PGlite (or real
 * PostgreSQL with TEST_PG=1) and the fixture Worker (private-worker.ts).
 */
import { ApiClient } from './http-client';
import { startPrivateWorker } from './private-worker';
import { watchServer } from './refusals';
import { startTestDb, type TestDb } from './test-db';

export interface OwnWorker {
  db: TestDb;
  api: ApiClient;
  /** Runs the Worker's cron once (`/__scheduled`). */
  tick(): Promise<Response>;
  stop(): Promise<void>;
}

/** Starts the database and the Worker (`NOTIFY_GRACE_SECONDS=0`); `bindings` add or override variables. */
export async function startOwnWorker(bindings: Record<string, string> = {}): Promise<OwnWorker> {
  const db = await startTestDb();
  const worker = await startPrivateWorker(db, { NOTIFY_GRACE_SECONDS: '0', ...bindings }).catch(async (e: unknown) => {
    await db.stop();
    throw e;
  });
  const api = new ApiClient(worker.url);
  // What this Worker refuses to send beyond 127.0.0.1 fails the test that caused it (no-outbound.ts).
  const unwatch = watchServer(worker.url);
  return {
    db,
    api,
    tick: () => fetch(`${api.base}/__scheduled?cron=*/5+*+*+*+*`),
    async stop() {
      unwatch();
      await worker.dispose().catch(() => {});
      await db.stop();
    },
  };
}
