import { finishDeliveryCall } from '../../db/sql-functions';
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
 * `mp_finish_delivery` (db/functions/mp_finish_delivery.sql), whose plan the pooled server
 * connection keeps.
 */
export async function finishDelivery(db: Db, id: number, end: DeliveryEnd): Promise<void> {
  await db.execute(
    finishDeliveryCall({
      id,
      status: end.status ?? null,
      error: end.error ?? null,
      sentAt: end.sentAt ?? null,
      nextAttemptAt: end.nextAttemptAt ?? null,
      payload: end.payload,
    }),
  );
}
