import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { gameEndings, gameEvents, games, ratings, seatResults, seats } from '../../db/schema';
import type { Db } from '../../db/types';
import { lockForLimit } from '../lib/limit-lock';
import { type EndedRecord, foldRatings, judgeGame, type Judgement, rateEnding, type SeatRating, skillOrdinal } from './rating-math';

/** The events `seatOutcomes` reads: who resigned, left or ran out of time. */
const leaverEvents = or(
  inArray(gameEvents.kind, ['resign', 'leave', 'timeout', 'clock']),
  and(eq(gameEvents.kind, 'move'), sql`${gameEvents.payload} ? 'timeout'`),
);

/** Each seat's moves of its own in effect (moves less undos; not the bot's, nor one played on time), as `ownMoves` counts them. */
const ownMoveCount = sql<number>`(count(*) filter (where ${gameEvents.kind} = 'move' and not (${gameEvents.payload} ? 'bot') and not (${gameEvents.payload} ? 'timeout'))
  - count(*) filter (where ${gameEvents.kind} = 'undo'))::int`;

/** The ended records of `gameIds` as `rating-math` takes them, in the order given (five queries). */
export async function loadEndedRecords(db: Db, gameIds: string[]): Promise<EndedRecord[]> {
  if (gameIds.length === 0) return [];
  const rows = await db
    .select({
      id: games.id,
      type: games.type,
      status: games.status,
      rated: games.rated,
      isPublic: games.isPublic,
      clocks: games.clocks,
      result: games.result,
    })
    .from(games)
    .where(inArray(games.id, gameIds));
  const seatRows = await db
    .select({
      gameId: seats.gameId,
      seat: seats.seat,
      userId: seats.userId,
      accountDeleted: seats.accountDeleted,
      // A deleted account's seat keeps the rating it had then, as the record published it.
      rating: sql<SeatRating | null>`case when ${seats.accountDeleted} then ${seatResults.rating} end`,
    })
    .from(seats)
    .leftJoin(seatResults, and(eq(seatResults.gameId, seats.gameId), eq(seatResults.seat, seats.seat)))
    .where(inArray(seats.gameId, gameIds))
    .orderBy(seats.gameId, seats.seat);
  const eventRows = await db
    .select({ gameId: gameEvents.gameId, kind: gameEvents.kind, seat: gameEvents.seat, payload: gameEvents.payload })
    .from(gameEvents)
    .where(and(inArray(gameEvents.gameId, gameIds), leaverEvents))
    .orderBy(gameEvents.gameId, gameEvents.seq);
  const moveRows = await db
    .select({ gameId: gameEvents.gameId, seat: gameEvents.seat, n: ownMoveCount })
    .from(gameEvents)
    .where(and(inArray(gameEvents.gameId, gameIds), inArray(gameEvents.kind, ['move', 'undo']), sql`${gameEvents.seat} is not null`))
    .groupBy(gameEvents.gameId, gameEvents.seat);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return gameIds.flatMap((id) => {
    const g = byId.get(id);
    if (!g || (g.status !== 'finished' && g.status !== 'abandoned')) return [];
    return [
      {
        gameId: id,
        type: g.type,
        status: g.status,
        rated: g.rated,
        isPublic: g.isPublic,
        timed: g.clocks !== null,
        seats: seatRows
          .filter((s) => s.gameId === id)
          .map(({ seat, userId, accountDeleted, rating }) => ({
            seat,
            userId,
            accountDeleted,
            ...(accountDeleted ? { ratingBefore: rating?.before ?? null } : {}),
          })),
        result: (g.result as EndedRecord['result']) ?? null,
        events: eventRows.filter((e) => e.gameId === id),
        ownMoves: Object.fromEntries(moveRows.filter((m) => m.gameId === id).map((m) => [String(m.seat), m.n])),
      },
    ];
  });
}

/** The `seat_results` rows of one ended game. */
function resultRows(rec: EndedRecord, judged: Judgement, rated: Map<number, SeatRating>, endSeq: number, endedAt: Date) {
  return judged.seats.map((o) => ({
    gameId: rec.gameId,
    seat: o.seat,
    userId: o.userId,
    type: rec.type,
    endSeq,
    endedAt,
    timed: rec.timed,
    rated: judged.rated,
    played: judged.played,
    place: o.place,
    won: o.won,
    resigned: o.resigned,
    timedOut: o.timedOut,
    rating: rated.get(o.seat) ?? null,
  }));
}

/**
 * Records the end of a game, inside the transaction that ended it (`commitChange`): its place
 * in the order of endings, each seat's outcome, and, when the game is rated, its players' new
 * ratings. The endings of rated games that share a player are applied one at a time (an
 * advisory lock per player and game type, taken in the order of their keys, before the ending
 * takes its place), so for every player the order of `game_endings.seq` is the order their
 * ratings were folded in, which is all a rebuild needs; endings with no player in common, and
 * unrated ones, do not wait for each other (one lock per game type made every ending of a type
 * wait for the one before: thousands of clocks running out together went through one at a
 * time). A second call for the same game changes nothing.
 */
export async function applyEnding(tx: Db, gameId: string, now: Date): Promise<void> {
  const [rec] = await loadEndedRecords(tx, [gameId]);
  if (!rec) return;
  const judged = judgeGame(rec);
  const keys = judged.rated ? [...new Set(judged.seats.flatMap((o) => (o.userId ? [o.userId] : [])))].sort() : [];
  for (const key of keys) await lockForLimit(tx, `ratings:${rec.type}`, key);
  const [ending] = await tx
    .insert(gameEndings)
    .values({ gameId, type: rec.type, endedAt: now })
    .onConflictDoNothing()
    .returning({ seq: gameEndings.seq });
  if (!ending) return;
  const old = keys.length
    ? await tx
        .select({ userId: ratings.userId, mu: ratings.mu, sigma: ratings.sigma, games: ratings.games })
        .from(ratings)
        .where(and(eq(ratings.type, rec.type), inArray(ratings.userId, keys)))
    : [];
  const rated = rateEnding(rec, judged, (key) => old.find((o) => o.userId === key));
  await tx.insert(seatResults).values(resultRows(rec, judged, rated, ending.seq, now));
  for (const [seat, r] of rated) {
    const userId = rec.seats.find((s) => s.seat === seat)?.userId;
    if (!userId) continue;
    const values = { mu: r.after.mu, sigma: r.after.sigma, ordinal: skillOrdinal(r.after), games: r.after.games, updatedAt: now };
    await tx
      .insert(ratings)
      .values({ userId, type: rec.type, ...values })
      .onConflictDoUpdate({ target: [ratings.userId, ratings.type], set: values });
  }
}

/** What the records give when folded again: every seat outcome and every rating (`npm run ratings:rebuild`). */
export interface Rebuilt {
  seatResults: ReturnType<typeof resultRows>;
  ratings: { userId: string; type: string; mu: number; sigma: number; ordinal: number; games: number }[];
}

/**
 * Folds every ended game's record again, in the order of endings, without writing. Games that
 * ended before endings were recorded (older data) come first, by their last change.
 */
export async function recomputeFromRecords(db: Db): Promise<Rebuilt> {
  const endings = await db
    .select({ gameId: gameEndings.gameId, seq: gameEndings.seq, endedAt: gameEndings.endedAt })
    .from(gameEndings)
    .orderBy(asc(gameEndings.seq));
  const records = await loadEndedRecords(
    db,
    endings.map((e) => e.gameId),
  );
  const fold = foldRatings(records);
  const at = new Map(endings.map((e) => [e.gameId, e]));
  return {
    seatResults: records.flatMap((rec) => {
      const o = fold.outcomes.get(rec.gameId)!;
      const e = at.get(rec.gameId)!;
      return resultRows(rec, o, o.ratings, e.seq, e.endedAt);
    }),
    ratings: [...fold.ratings].map(([key, s]) => {
      const [userId, type] = key.split('\t');
      return { userId, type, mu: s.mu, sigma: s.sigma, ordinal: skillOrdinal(s), games: s.games };
    }),
  };
}

/**
 * Gives every game that ended without an ending row (data from before endings were recorded)
 * one, in the order they last changed, so the rebuild folds them too. Returns how many.
 */
export async function recordMissingEndings(db: Db): Promise<number> {
  const missing = await db
    .select({ id: games.id, type: games.type, at: games.updatedAt })
    .from(games)
    .leftJoin(gameEndings, eq(gameEndings.gameId, games.id))
    .where(and(inArray(games.status, ['finished', 'abandoned']), sql`${games.snapshot} is not null`, isNull(gameEndings.gameId)))
    .orderBy(asc(games.updatedAt), asc(games.id));
  for (const m of missing) await db.insert(gameEndings).values({ gameId: m.id, type: m.type, endedAt: m.at }).onConflictDoNothing();
  return missing.length;
}

/** Replaces the stored outcomes and ratings with the rebuilt ones, in one transaction. */
export async function writeRebuilt(db: Db, rebuilt: Rebuilt, now: Date): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.delete(seatResults);
    await tx.delete(ratings);
    for (let i = 0; i < rebuilt.seatResults.length; i += 500) await tx.insert(seatResults).values(rebuilt.seatResults.slice(i, i + 500));
    const rows = rebuilt.ratings.map((r) => ({ ...r, updatedAt: now }));
    for (let i = 0; i < rows.length; i += 500) await tx.insert(ratings).values(rows.slice(i, i + 500));
  });
}
