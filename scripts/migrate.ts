/**
 * `npm run db:migrate`: applies db/migrations.
 *   - DATABASE_URL set: to that Postgres through the Neon driver (Neon itself; any other Postgres
 *     through a WebSocket bridge this script starts for the run, scripts/external-db.ts);
 *   - otherwise: to the local PGlite in MP_DATA_DIR (default .data/pglite). `npm start` migrates
 *     it by itself; do not run this while `npm start` has the directory open.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import WebSocket from 'ws';
import { migrateNeon, migratePglite } from '../db/migrate';
import { openExternalDb } from './external-db';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const t0 = performance.now();
if (process.env.DATABASE_URL) {
  const ext = await openExternalDb(process.env.DATABASE_URL);
  try {
    await migrateNeon({ url: ext.DATABASE_URL, wsProxy: ext.DB_WS_PROXY, webSocket: WebSocket });
  } catch (err) {
    console.error(`migration of ${ext.describe} failed: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await ext.stop();
  }
  if (!process.exitCode) console.log(`migrated ${ext.describe} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
} else {
  const dir = path.resolve(process.env.MP_DATA_DIR || path.join(root, '.data', 'pglite'));
  const db = new PGlite(dir);
  await db.waitReady;
  await migratePglite(db);
  await db.close();
  console.log(`migrated PGlite in ${path.relative(root, dir) || dir} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
