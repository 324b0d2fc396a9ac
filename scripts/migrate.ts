/**
 * `npm run db:migrate`: applies db/migrations.
 *   - DATABASE_URL set: to that Postgres through the Neon driver (Neon itself, or a local server
 *     through the bridge when DB_WS_PROXY=host:port/v1 is set too);
 *   - otherwise: to the local PGlite in MP_DATA_DIR (default .data/pglite). `npm start` migrates
 *     it by itself; do not run this while `npm start` has the directory open.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import WebSocket from 'ws';
import { migrateNeon, migratePglite } from '../db/migrate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const t0 = performance.now();
if (process.env.DATABASE_URL) {
  const host = new URL(process.env.DATABASE_URL).host;
  await migrateNeon({ url: process.env.DATABASE_URL, wsProxy: process.env.DB_WS_PROXY || undefined, webSocket: WebSocket });
  console.log(`migrated ${host} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
} else {
  const dir = path.resolve(process.env.MP_DATA_DIR || path.join(root, '.data', 'pglite'));
  const db = new PGlite(dir);
  await db.waitReady;
  await migratePglite(db);
  await db.close();
  console.log(`migrated PGlite in ${path.relative(root, dir) || dir} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
