/**
 * The database behind Worker-runtime tests, chosen by TEST_PG:
 * - unset: embedded PGlite (in memory) behind pglite-socket and a serialized bridge (scripts/local-db.ts);
 * - TEST_PG=1: a private real PostgreSQL server (test/support/postgres.ts) behind a plain bridge,
 *   where concurrent requests really run concurrently.
 * Either way the Worker sees only DATABASE_URL + DB_WS_PROXY, exactly as in `npm start`.
 */
import { startLocalDb } from '../../scripts/local-db';
import type { BridgeStats } from '../../scripts/pg-bridge';
import { startRealPostgresWithBridge } from './postgres';

export type DbKind = 'pglite' | 'postgres';

export interface TestDb {
  kind: DbKind;
  DATABASE_URL: string;
  DB_WS_PROXY: string;
  /** Start-up time in ms. */
  startMs: number;
  /** What the start-up spent its time on (ms). */
  timings: Record<string, number>;
  /** The bridge's counters (connections, queueing). */
  bridgeStats(): BridgeStats;
  stop(): Promise<void>;
}

export function wantRealPostgres(): boolean {
  const v = process.env.TEST_PG;
  return v === '1' || v === 'true';
}

export async function startTestDb(kind: DbKind = wantRealPostgres() ? 'postgres' : 'pglite'): Promise<TestDb> {
  const t0 = performance.now();
  if (kind === 'postgres') {
    const h = await startRealPostgresWithBridge();
    return {
      kind,
      DATABASE_URL: h.pg.url,
      DB_WS_PROXY: h.bridge.wsProxy,
      startMs: performance.now() - t0,
      timings: h.pg.timings,
      bridgeStats: () => h.bridge.stats(),
      stop: h.stop,
    };
  }
  // MP_BRIDGE_SERIALIZE=0 is for measuring whether PGlite still needs serialization.
  const db = await startLocalDb({ debug: process.env.MP_BRIDGE_DEBUG === '1', serialize: process.env.MP_BRIDGE_SERIALIZE !== '0' });
  return {
    kind,
    DATABASE_URL: db.DATABASE_URL,
    DB_WS_PROXY: db.DB_WS_PROXY,
    startMs: performance.now() - t0,
    timings: db.timings,
    bridgeStats: () => db.bridge.stats(),
    stop: db.stop,
  };
}
