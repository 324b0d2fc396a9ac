import { sql } from 'drizzle-orm';
import type { Db } from '../../db/types';

/**
 * Takes a transaction-scoped Postgres advisory lock on (`scope`, `key`) and holds it until the
 * transaction ends. Rate limits use it to make "count the recent rows, then insert one" atomic
 * across concurrent Workers: without it two requests both count 4 of 5 and both insert, since
 * neither sees the other's uncommitted row. Transaction-scoped locks work through a
 * transaction-mode pooler (Neon's PgBouncer); session-scoped ones would not.
 *
 * `scope` and `key` are hashed to two int4s (`hashtext`); a collision only makes two unrelated
 * requests wait for each other. A caller that takes several locks must take them in one fixed
 * order of scopes, so two transactions can never wait for each other in a cycle.
 */
export async function lockForLimit(tx: Db, scope: string, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scope}), hashtext(${key}))`);
}
