import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** One Drizzle type for every driver (PGlite locally and in tests, Neon in the Worker). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
