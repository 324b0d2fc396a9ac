import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import * as schema from './schema';
import type { Db } from './types';

/**
 * Embedded Postgres (PGlite, Postgres compiled to WASM). `dataDir` persists to disk
 * (`.data/pglite` for `npm start`); omitted, the database lives in memory (tests).
 * Creating one takes 3-5 s on 2 cores: share it per test file.
 */
export async function createPgliteDb(dataDir?: string): Promise<{ db: Db; client: PGlite }> {
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  return { db: drizzle(client, { schema }) as unknown as Db, client };
}
