import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { friendships, outbox, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import type { Message } from '../notices/message';
import { drainSoon } from './request-drain';
import type { ServiceCtx, User } from '../types';
import { blockedEitherWay } from './blocks';
import { isUniqueViolation } from './db-errors';
import { shownName } from '../lib/shown-name';

/** At most this many friends and requests per player. */
export const MAX_FRIENDS = 300;

/** Where a viewer stands with a player: friends, a request either way, or nothing. */
export type FriendStatus = 'friends' | 'requested' | 'incoming' | 'none';

const pair = (a: string, b: string) =>
  or(
    and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
    and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
  );

/** The viewer's friendship with `playerId` (`requested`: the viewer asked; `incoming`: they did). */
export async function friendshipWith(db: Db, viewerId: string, playerId: string): Promise<FriendStatus> {
  const [row] = await db.select().from(friendships).where(pair(viewerId, playerId));
  if (!row) return 'none';
  if (row.acceptedAt) return 'friends';
  return row.requesterId === viewerId ? 'requested' : 'incoming';
}

/**
 * `POST /api/me/friends`: asks `playerId` to be friends, or accepts their request. Asking again
 * changes nothing. Across a block (either way) nothing is sent: 403 `not_available`, which does
 * not say who blocked whom. Throws 400 `cannot_befriend_self`, 404 `player_not_found`,
 * 409 `too_many_friends`.
 */
export async function befriend(db: Db, args: { userId: string; playerId: string; now: Date }): Promise<{ status: FriendStatus }> {
  if (args.userId === args.playerId) throw new ApiError(400, 'cannot_befriend_self', 'You cannot befriend yourself.');
  const [player] = await db.select({ id: users.id }).from(users).where(eq(users.id, args.playerId));
  if (!player) throw new ApiError(404, 'player_not_found', 'No player with that id.');
  if ((await blockedEitherWay(db, args.userId)).has(player.id))
    throw new ApiError(403, 'not_available', 'You cannot befriend this player.');
  const status = await friendshipWith(db, args.userId, player.id);
  if (status === 'friends' || status === 'requested') return { status };
  if (status === 'incoming') {
    await db
      .update(friendships)
      .set({ acceptedAt: args.now })
      .where(and(eq(friendships.requesterId, player.id), eq(friendships.addresseeId, args.userId)));
    return { status: 'friends' };
  }
  const [n] = await db
    .select({ n: sql`count(*)`.mapWith(Number) })
    .from(friendships)
    .where(or(eq(friendships.requesterId, args.userId), eq(friendships.addresseeId, args.userId)));
  if (n.n >= MAX_FRIENDS) throw new ApiError(409, 'too_many_friends', `At most ${MAX_FRIENDS} friends and requests. Remove some first.`);
  try {
    await db.insert(friendships).values({ requesterId: args.userId, addresseeId: player.id, createdAt: args.now });
  } catch (err) {
    // They asked at the same moment: the pair exists once; asking again accepts it.
    if (isUniqueViolation(err)) return befriend(db, args);
    throw err;
  }
  return { status: 'requested' };
}

/** Ends a friendship, withdraws a request or declines one; false when there was none. */
export async function unfriend(db: Db, args: { userId: string; playerId: string }): Promise<boolean> {
  const gone = await db.delete(friendships).where(pair(args.userId, args.playerId)).returning({ a: friendships.requesterId });
  return gone.length > 0;
}

/** A friend, or a request for friendship, as `GET /api/me/friends` lists it. */
export interface FriendEntry {
  id: string;
  name: string;
  since: string;
}

/**
 * The player's friends (by name) and open requests: `incoming` (they wait on you to accept)
 * and `outgoing` (you wait on them). Players across a block are left out.
 */
export async function listFriends(db: Db, userId: string) {
  const rows = await db
    .select({
      requesterId: friendships.requesterId,
      addresseeId: friendships.addresseeId,
      createdAt: friendships.createdAt,
      acceptedAt: friendships.acceptedAt,
    })
    .from(friendships)
    .where(or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)));
  const blocked = await blockedEitherWay(db, userId);
  const others = rows.map((r) => (r.requesterId === userId ? r.addresseeId : r.requesterId)).filter((id) => !blocked.has(id));
  const names = others.length ? await db.select({ id: users.id, name: shownName }).from(users).where(inArray(users.id, others)) : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const friends: FriendEntry[] = [];
  const requests: (FriendEntry & { direction: 'incoming' | 'outgoing' })[] = [];
  for (const r of rows) {
    const id = r.requesterId === userId ? r.addresseeId : r.requesterId;
    const name = nameOf.get(id);
    if (name === undefined) continue;
    if (r.acceptedAt) friends.push({ id, name, since: r.acceptedAt.toISOString() });
    else requests.push({ id, name, since: r.createdAt.toISOString(), direction: r.requesterId === userId ? 'outgoing' : 'incoming' });
  }
  const byName = (a: FriendEntry, b: FriendEntry) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1);
  return { friends: friends.sort(byName), requests: requests.sort(byName) };
}

/**
 * Of `friendIds`, checks each is the user's friend and on neither side of a block with them, so
 * the new-game form may seat them. Throws 403 `not_a_friend`, 400 `bad_friends` (repeated, yourself).
 */
export async function requireFriends(db: Db, userId: string, friendIds: string[]): Promise<void> {
  if (new Set(friendIds).size !== friendIds.length || friendIds.includes(userId))
    throw new ApiError(400, 'bad_friends', 'Each friend can take one seat, and not yours.');
  if (friendIds.length === 0) return;
  const rows = await db
    .select({ a: friendships.requesterId, b: friendships.addresseeId })
    .from(friendships)
    .where(
      and(
        isNotNull(friendships.acceptedAt),
        or(
          and(eq(friendships.requesterId, userId), inArray(friendships.addresseeId, friendIds)),
          and(eq(friendships.addresseeId, userId), inArray(friendships.requesterId, friendIds)),
        ),
      ),
    );
  const ok = new Set(rows.map((r) => (r.a === userId ? r.b : r.a)));
  const blocked = await blockedEitherWay(db, userId);
  if (friendIds.some((id) => !ok.has(id) || blocked.has(id)))
    throw new ApiError(403, 'not_a_friend', 'Only your friends can be seated for them: send a friend request first.');
}

/**
 * Tells each friend seated at a new game by its creator, by email through the outbox (as an
 * invitation is sent): who seated them, the game, and its link.
 */
export async function tellSeatedFriends(
  ctx: ServiceCtx,
  args: { user: User; gameId: string; title: string; url: string; friendIds: string[] },
): Promise<void> {
  if (args.friendIds.length === 0) return;
  const invitees = await ctx.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, args.friendIds));
  const message: Message = {
    kind: 'invitation',
    subject: `${args.user.name} gave you a seat at ${args.title}`,
    lines: [`${args.user.name} started a table of ${args.title} with a seat for you, their friend.`, 'Open the link to take it.'],
    url: args.url,
    game: { id: args.gameId, title: args.title, seat: null },
  };
  await ctx.db.insert(outbox).values(
    invitees.map((f) => ({
      channel: 'email',
      kind: 'invitation',
      target: f.email,
      userId: f.id,
      payload: { message },
      gameId: args.gameId,
      createdAt: ctx.now,
      nextAttemptAt: ctx.now,
      dedupeKey: `friend-seat:${args.gameId}:${f.id}`,
    })),
  );
  drainSoon(ctx);
}
