import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePgliteDb } from 'drizzle-orm/pglite/migrator';
import { migrate as migrateNeonDb } from 'drizzle-orm/neon-serverless/migrator';
import { applyFunctions } from './functions';
import { fillNameKeys } from './name-key';
import { createNeonDb, type NeonOptions } from './neon';

/** The generated SQL migrations (`drizzle-kit generate`), applied in order; Node only (uses fs). */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies pending migrations to an embedded PGlite database, then the SQL functions (db/functions/),
 * then the one data step that needs code: the name keys of older accounts (`fillNameKeys`).
 */
export async function migratePglite(client: PGlite): Promise<void> {
  await migratePgliteDb(drizzlePglite(client), { migrationsFolder });
  await applyFunctions((text) => client.exec(text));
  await fillNameKeys((text, params) => client.query(text, params));
}

/**
 * Applies pending migrations to a Postgres reached by the Neon driver (Neon, or local via bridge),
 * then the SQL functions (db/functions/) and the name keys of older accounts (`fillNameKeys`).
 */
export async function migrateNeon(opts: NeonOptions): Promise<void> {
  const { db, pool } = createNeonDb(opts);
  try {
    await migrateNeonDb(db as never, { migrationsFolder });
    await applyFunctions((text) => pool.query(text));
    await fillNameKeys((text, params) => pool.query(text, params));
  } finally {
    await pool.end();
  }
}
