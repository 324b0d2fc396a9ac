import { and, eq, sql } from 'drizzle-orm';
import { outbox } from '../../db/schema';
import type { Db } from '../../db/types';

/**
 * The "seen" rule for chat mentions: a player whose page showed the game's chat up to message
 * `upTo` (a visible poll) is not told about mentions in those messages. Their pending
 * `chat_mention` rows for that game become `skipped` (last_error says why); rows already being
 * delivered are left alone. Returns how many were skipped.
 */
export async function skipSeenMentions(db: Db, args: { gameId: string; userId: string; upTo: number }): Promise<number> {
  if (args.upTo <= 0) return 0;
  const rows = await db
    .update(outbox)
    .set({ status: 'skipped', lastError: 'seen: the player read the chat' })
    .where(
      and(
        eq(outbox.gameId, args.gameId),
        eq(outbox.userId, args.userId),
        eq(outbox.kind, 'chat_mention'),
        eq(outbox.status, 'pending'),
        sql`${outbox.claimedUntil} is null`,
        sql`(${outbox.payload} ->> 'chatId')::bigint <= ${args.upTo}`,
      ),
    )
    .returning({ id: outbox.id });
  return rows.length;
}
