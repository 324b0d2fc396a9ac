import { asc, eq, inArray, or } from 'drizzle-orm';
import { friendships, playerNotes, ratings, seatResults, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { shownName } from '../lib/shown-name';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The export's `players.json`: the player's friends and friend requests (other players by name),
 * their private notes, ratings and each ended game's outcome for them.
 */
export async function playersExport(db: Db, userId: string) {
  const friendRows = await db
    .select()
    .from(friendships)
    .where(or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)));
  const notes = await db.select().from(playerNotes).where(eq(playerNotes.authorId, userId)).orderBy(asc(playerNotes.id));
  const ids = [
    ...new Set([
      ...friendRows.map((f) => (f.requesterId === userId ? f.addresseeId : f.requesterId)),
      ...notes.flatMap((n) => (n.playerId ? [n.playerId] : [])),
    ]),
  ];
  const others = ids.length ? await db.select({ id: users.id, name: shownName }).from(users).where(inArray(users.id, ids)) : [];
  const nameOf = (id: string | null) => (id ? (others.find((o) => o.id === id)?.name ?? null) : null);
  const rated = await db.select().from(ratings).where(eq(ratings.userId, userId)).orderBy(asc(ratings.type));
  const results = await db.select().from(seatResults).where(eq(seatResults.userId, userId)).orderBy(asc(seatResults.endSeq));
  return {
    friends: friendRows.map((f) => ({
      name: nameOf(f.requesterId === userId ? f.addresseeId : f.requesterId),
      askedBy: f.requesterId === userId ? 'you' : 'them',
      askedAt: iso(f.createdAt),
      acceptedAt: iso(f.acceptedAt),
    })),
    notes: notes.map((n) => ({ gameId: n.gameId, player: nameOf(n.playerId), text: n.text, updatedAt: iso(n.updatedAt) })),
    ratings: rated.map((r) => ({ type: r.type, mu: r.mu, sigma: r.sigma, ordinal: r.ordinal, games: r.games })),
    results: results.map((r) => ({
      gameId: r.gameId,
      type: r.type,
      endedAt: iso(r.endedAt),
      place: r.place,
      won: r.won,
      resigned: r.resigned,
      timedOut: r.timedOut,
      rated: r.rated,
    })),
  };
}
