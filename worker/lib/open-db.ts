import { releasableNeonDb, type ReleasableDb } from '../../db/neon';
import type { Env } from '../env';

/**
 * The database of one request, alarm or cron pass (db/neon.ts `releasableNeonDb`): statements
 * outside a transaction as HTTP queries unless `DB_TRANSPORT` is `websocket`, transactions over a
 * WebSocket opened when the first one begins. End it with `release` (in `waitUntil`).
 */
export function openDb(env: Env): ReleasableDb {
  return releasableNeonDb({ url: env.DATABASE_URL, wsProxy: env.DB_WS_PROXY, http: env.DB_TRANSPORT !== 'websocket' });
}
