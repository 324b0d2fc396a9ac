import { and, asc, isNotNull, lt, sql } from 'drizzle-orm';
import { gameEvents } from '../../db/schema';
import type { Db } from '../../db/types';

/** At most this many stored answers are cleared per cron run (one bounded statement). */
export const ANSWER_SWEEP_BATCH = 1000;

/**
 * Forgets the stored answers (`game_events.response`, kept for Idempotency-Key retries) of
 * events appended before `before`, oldest first, at most `limit` of them, in one statement.
 * The partial index `game_events_response_age_idx` holds only the answers still kept, so a run
 * with nothing to do reads one index entry. Rows a concurrent sweep holds are skipped, not
 * waited for. The event itself stays; a retry of its key then gets 409 `idempotency_key_expired`.
 * Returns how many answers were cleared.
 */
export async function clearExpiredAnswers(db: Db, before: Date, limit = ANSWER_SWEEP_BATCH): Promise<number> {
  const due = db
    .select({ gameId: gameEvents.gameId, seq: gameEvents.seq })
    .from(gameEvents)
    .where(and(isNotNull(gameEvents.response), lt(gameEvents.createdAt, before)))
    .orderBy(asc(gameEvents.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const cleared = await db
    .update(gameEvents)
    .set({ response: null })
    .where(sql`(${gameEvents.gameId}, ${gameEvents.seq}) in ${due}`)
    .returning({ seq: gameEvents.seq });
  return cleared.length;
}
