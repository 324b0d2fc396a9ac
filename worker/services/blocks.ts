import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { blocks, chatMessages, outbox, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import { shownName } from '../lib/shown-name';

/** At most this many players on one block list (a list is read on every lobby and chat answer). */
export const MAX_BLOCKS = 500;

/** A blocked player as the blocker's list shows them. */
export interface BlockedPlayer {
  id: string;
  name: string;
  since: string;
}

/**
 * Blocks `playerId` for `blockerId` (idempotent: blocking again keeps the first date). Private:
 * the blocked player is told nothing, and nothing they can read changes. Mentions of the blocker
 * by that player still waiting in the outbox are dropped at once.
 * Throws 400 `cannot_block_self`, 404 `player_not_found`, 409 `too_many_blocks` past `MAX_BLOCKS`.
 */
export async function blockPlayer(db: Db, args: { blockerId: string; playerId: string; now: Date }): Promise<BlockedPlayer> {
  if (args.playerId === args.blockerId) throw new ApiError(400, 'cannot_block_self', 'You cannot block yourself.');
  const [player] = await db.select({ id: users.id, name: shownName }).from(users).where(eq(users.id, args.playerId));
  if (!player) throw new ApiError(404, 'player_not_found', 'No player with that id.');
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const mine = and(eq(blocks.blockerId, args.blockerId), eq(blocks.blockedId, player.id));
    const [had] = await tx.select({ since: blocks.createdAt }).from(blocks).where(mine);
    if (had) return { id: player.id, name: player.name, since: had.since.toISOString() };
    const [n] = await tx
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(blocks)
      .where(eq(blocks.blockerId, args.blockerId));
    if (n.n >= MAX_BLOCKS)
      throw new ApiError(409, 'too_many_blocks', `At most ${MAX_BLOCKS} players can be blocked. Unblock someone first.`);
    await tx.insert(blocks).values({ blockerId: args.blockerId, blockedId: player.id, createdAt: args.now }).onConflictDoNothing();
    // A mention by them that waits out its grace is not sent either.
    await tx
      .update(outbox)
      .set({ status: 'skipped', lastError: 'skipped: the author is blocked' })
      .where(
        and(
          eq(outbox.userId, args.blockerId),
          eq(outbox.kind, 'chat_mention'),
          eq(outbox.status, 'pending'),
          sql`(${outbox.payload} ->> 'chatId')::bigint in (select ${chatMessages.id} from ${chatMessages} where ${chatMessages.userId} = ${player.id})`,
        ),
      );
    return { id: player.id, name: player.name, since: args.now.toISOString() };
  });
}

/** Lifts a block; false when there was none. */
export async function unblockPlayer(db: Db, args: { blockerId: string; playerId: string }): Promise<boolean> {
  const gone = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, args.blockerId), eq(blocks.blockedId, args.playerId)))
    .returning({ id: blocks.blockedId });
  return gone.length > 0;
}

/** The players `blockerId` blocked, most recent first. */
export async function listBlocks(db: Db, blockerId: string): Promise<BlockedPlayer[]> {
  const rows = await db
    .select({ id: users.id, name: shownName, since: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt));
  return rows.map((r) => ({ ...r, since: r.since.toISOString() }));
}

/** The authors whose lines `readerId` never gets: the players they blocked. */
export async function blockedBy(db: Db, readerId: string): Promise<Set<string>> {
  const rows = await db.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, readerId));
  return new Set(rows.map((r) => r.id));
}

/** Of `userIds`, those who blocked `authorId` (they get none of that author's mentions or invitations). */
export async function blockersAmong(db: Db, authorId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockedId, authorId), inArray(blocks.blockerId, [...userIds])));
  return new Set(rows.map((r) => r.id));
}

/**
 * The players on either side of a block with `userId` (they blocked them, or were blocked):
 * tables are never shared anew across a block, so neither sees nor joins the other's open tables.
 */
export async function blockedEitherWay(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ blocker: blocks.blockerId, blocked: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
  return new Set(rows.map((r) => (r.blocker === userId ? r.blocked : r.blocker)));
}

/** Whether any two of `userIds` are on either side of a block. */
export async function anyBlockAmong(db: Db, userIds: readonly string[]): Promise<boolean> {
  if (userIds.length < 2) return false;
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(and(inArray(blocks.blockerId, [...userIds]), inArray(blocks.blockedId, [...userIds])))
    .limit(1);
  return !!row;
}
