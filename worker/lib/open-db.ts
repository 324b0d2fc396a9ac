import { releasableNeonDb, type ReleasableDb } from '../../db/neon';
import { type Env, readConfig } from '../env';

/**
 * The database of one request, alarm or cron pass (db/neon.ts `releasableNeonDb`): statements
 * outside a transaction as HTTP queries unless `DB_TRANSPORT` is `websocket`, transactions over a
 * WebSocket opened when the first one begins. End it with `release` (in `waitUntil`). Throws the
 * configuration's error when a variable is invalid (`readConfig`).
 */
export function openDb(env: Env): ReleasableDb {
  return releasableNeonDb({ url: env.DATABASE_URL, wsProxy: env.DB_WS_PROXY, http: readConfig(env).dbTransport === 'http' });
}
