import { and, asc, lt, ne, sql } from 'drizzle-orm';
import { outbox } from '../../db/schema';
import type { Db } from '../../db/types';

/** At most this many outbox rows are deleted per cron run (one bounded statement). */
export const OUTBOX_SWEEP_BATCH = 1000;

/**
 * Deletes outbox rows done with (sent, skipped or failed) that were queued before `before`,
 * oldest first, at most `limit` of them, in one statement; pending rows, whatever their age, stay
 * until delivered or failed. The partial index `outbox_finished_age_idx` holds only finished rows,
 * so a run with nothing old enough reads one index entry. Rows a concurrent sweep holds are
 * skipped, not waited for. A dedupe key is only ever queued by the commit that caused it, so a
 * deleted row's key does not come back. Returns how many rows were deleted.
 */
export async function clearOldDeliveries(db: Db, before: Date, limit = OUTBOX_SWEEP_BATCH): Promise<number> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(ne(outbox.status, 'pending'), lt(outbox.createdAt, before)))
    .orderBy(asc(outbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db.delete(outbox).where(sql`${outbox.id} in ${due}`).returning({ id: outbox.id });
  return deleted.length;
}
