import { sql } from 'drizzle-orm';
import type { outbox } from '../../db/schema';
import type { Db } from '../../db/types';

/** How a claimed outbox row's attempt ended (`drainOutbox`). */
export interface DeliveryEnd {
  /** The row's new status; absent keeps it `pending` (a retry at `nextAttemptAt`). */
  status?: (typeof outbox.$inferSelect)['status'];
  /** The row's `last_error` from now on (null clears it). */
  error: string | null;
  sentAt?: Date;
  nextAttemptAt?: Date;
  /** What the row keeps of a sent message (replaces the queued payload). */
  payload?: unknown;
}

/**
 * Ends the claim of outbox row `id` as `end` says, in one statement: the SQL function
 * `mp_finish_delivery` (db/migrations/0016_finish_delivery.sql), whose plan the pooled server
 * connection keeps.
 */
export async function finishDelivery(db: Db, id: number, end: DeliveryEnd): Promise<void> {
  await db.execute(
    sql`select mp_finish_delivery(${id}::bigint, ${end.status ?? null}::text, ${end.error}::text, ${end.sentAt?.toISOString() ?? null}::timestamptz,
      ${end.nextAttemptAt?.toISOString() ?? null}::timestamptz, ${end.payload === undefined ? null : JSON.stringify(end.payload)}::jsonb)`,
  );
}
