import { finishDeliveriesCall } from '../../db/sql-functions';
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
 * Ends the claims of a batch's outbox rows (row id -> its end) in one statement: the SQL function
 * `mp_finish_deliveries` (db/functions/mp_finish_deliveries.sql), whose plan the pooled server
 * connection keeps. Nothing to run for an empty batch.
 */
export async function finishDeliveries(db: Db, ends: ReadonlyMap<number, DeliveryEnd>): Promise<void> {
  if (ends.size === 0) return;
  await db.execute(
    finishDeliveriesCall(
      [...ends].map(([id, end]) => ({
        id,
        status: end.status ?? null,
        error: end.error ?? null,
        sentAt: end.sentAt ?? null,
        nextAttemptAt: end.nextAttemptAt ?? null,
        payload: end.payload,
      })),
    ),
  );
}
