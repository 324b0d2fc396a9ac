/**
 * `npm run ratings:rebuild`: folds every ended game's record again, in the order the games ended,
 * into seat outcomes and ratings (worker/services/rating-math.ts, the same functions the server
 * applies at each game's end), and replaces the stored ones. Says how many ratings differed.
 *   - DATABASE_URL set: that Postgres (as `npm run db:migrate` reaches it);
 *   - otherwise the local PGlite in MP_DATA_DIR (default .data/pglite; not while `npm start` runs).
 * `--check` compares only and writes nothing (exit code 1 when anything differs).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { createNeonDb } from '../db/neon';
import { createPgliteDb } from '../db/pglite';
import { ratings } from '../db/schema';
import type { Db } from '../db/types';
import { recomputeFromRecords, recordMissingEndings, writeRebuilt } from '../worker/services/ratings';
import { openExternalDb } from './external-db';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const checkOnly = process.argv.includes('--check');

/** Rebuilds (or with `write: false` only compares) the ratings of `db`; returns the number of ratings that differ. */
export async function rebuildRatings(db: Db, opts: { write: boolean; now: Date }): Promise<{ games: number; differing: number }> {
  if (opts.write) await recordMissingEndings(db);
  const rebuilt = await recomputeFromRecords(db);
  const stored = await db.select().from(ratings);
  const key = (r: { userId: string; type: string }) => `${r.userId}\t${r.type}`;
  const had = new Map(stored.map((r) => [key(r), r]));
  let differing = Math.max(0, stored.length - rebuilt.ratings.length);
  for (const r of rebuilt.ratings) {
    const s = had.get(key(r));
    if (!s || s.games !== r.games || Math.abs(s.mu - r.mu) > 1e-9 || Math.abs(s.sigma - r.sigma) > 1e-9) differing++;
  }
  if (opts.write) await writeRebuilt(db, rebuilt, opts.now);
  return { games: new Set(rebuilt.seatResults.map((s) => s.gameId)).size, differing };
}

async function main() {
  let db: Db;
  let close: () => Promise<void>;
  if (process.env.DATABASE_URL) {
    const ext = await openExternalDb(process.env.DATABASE_URL);
    const neon = createNeonDb({ url: ext.DATABASE_URL, wsProxy: ext.DB_WS_PROXY, webSocket: WebSocket });
    db = neon.db;
    close = async () => {
      await neon.pool.end();
      await ext.stop();
    };
  } else {
    const local = await createPgliteDb(path.resolve(process.env.MP_DATA_DIR || path.join(root, '.data', 'pglite')));
    db = local.db;
    close = () => local.client.close();
  }
  try {
    const r = await rebuildRatings(db, { write: !checkOnly, now: new Date() });
    console.log(
      `${r.games} ended games folded; ${r.differing} stored ratings ${checkOnly ? 'differ' : 'were replaced because they differed'}`,
    );
    if (checkOnly && r.differing > 0) process.exitCode = 1;
  } finally {
    await close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
