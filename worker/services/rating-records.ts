import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { gameEndings, seatResults, seats } from '../../db/schema';
import type { Db } from '../../db/types';
import type { GameRegistry } from '../../engine/core';
import { ApiError } from '../http/errors';
import { judgeGame, type RatedWhy, type SeatRating } from './rating-math';
import { loadEndedRecords } from './ratings';

/**
 * What an ended game's record publishes for ratings (`ending` of `GET /api/games/:id/record`, and
 * each entry of `GET /api/ratings/:type/records`): enough for anyone to fold every rating again
 * with no database (`npm run ratings:rebuild -- --from <url>`). Public player ids only, never an
 * address; a deleted account's seat has none (its rating at the time stays, unnamed).
 */
export interface RatingEnding {
  /** The ending's place in the order ratings were applied (ascending; shared by all game types). */
  order: number;
  endedAt: string;
  /** The game changed ratings, and why or why not (rating-math.ts `RatedWhy`). */
  rated: boolean;
  why: RatedWhy;
  seats: {
    seat: number;
    /** The player's public id (their profile, `/api/players/:id`); null for a bot or a deleted account. */
    playerId: string | null;
    bot: boolean;
    deleted: boolean;
    /** 0 best; seats that tie share a place. */
    place: number;
    won: boolean;
    resigned: boolean;
    timedOut: boolean;
    /** This seat's rating changed (a human seat of a rated game), and why not otherwise (`bot` for a bot). */
    rated: boolean;
    why: RatedWhy | 'bot';
    /** Before (null: a newcomer) and after, for a rated seat; null otherwise. */
    rating: SeatRating | null;
  }[];
}

/** One entry of `GET /api/ratings/:type/records`: a rated game's ending, and where its full record is. */
export interface RatedRecord extends RatingEnding {
  gameId: string;
  type: string;
  /** The game's full record (moves and seed: `npm run verify` replays it). */
  record: string;
}

/** Rated games listed per page of `GET /api/ratings/:type/records`. */
export const RATED_RECORDS_PAGE = 200;

/** The endings of `gameIds` (those that have one), each with its seats, by game id. */
async function endingsOf(db: Db, gameIds: string[], why: (gameId: string, rated: boolean) => RatedWhy): Promise<Map<string, RatingEnding>> {
  if (gameIds.length === 0) return new Map();
  const rows = await db
    .select({
      gameId: seatResults.gameId,
      order: seatResults.endSeq,
      endedAt: seatResults.endedAt,
      rated: seatResults.rated,
      seat: seatResults.seat,
      userId: seatResults.userId,
      deleted: seats.accountDeleted,
      place: seatResults.place,
      won: seatResults.won,
      resigned: seatResults.resigned,
      timedOut: seatResults.timedOut,
      rating: seatResults.rating,
    })
    .from(seatResults)
    .innerJoin(seats, and(eq(seats.gameId, seatResults.gameId), eq(seats.seat, seatResults.seat)))
    .where(inArray(seatResults.gameId, gameIds))
    .orderBy(asc(seatResults.endSeq), asc(seatResults.seat));
  const out = new Map<string, RatingEnding>();
  for (const r of rows) {
    let e = out.get(r.gameId);
    if (!e) {
      e = { order: r.order, endedAt: r.endedAt.toISOString(), rated: r.rated, why: why(r.gameId, r.rated), seats: [] };
      out.set(r.gameId, e);
    }
    const bot = !r.userId && !r.deleted;
    e.seats.push({
      seat: r.seat,
      playerId: r.deleted ? null : r.userId,
      bot,
      deleted: r.deleted,
      place: r.place,
      won: r.won,
      resigned: r.resigned,
      timedOut: r.timedOut,
      rated: r.rating !== null,
      why: bot ? 'bot' : e.why,
      rating: r.rating ?? null,
    });
  }
  return out;
}

/** The ending a game's record publishes (`RatingEnding`), or null while it runs (or for a game ended before endings were kept). */
export async function ratingEndingOf(db: Db, gameId: string): Promise<RatingEnding | null> {
  const [rec] = await loadEndedRecords(db, [gameId]);
  if (!rec) return null;
  // Why: as the stored outcome says (a game judged before a rule changed keeps its judgement).
  const judged = judgeGame(rec).why;
  const ending = await endingsOf(db, [gameId], (_id, rated) => (rated ? 'rated' : judged === 'rated' ? 'not_played' : judged));
  return ending.get(gameId) ?? null;
}

/**
 * `GET /api/ratings/:type/records`: every rated game of the type, in the order ratings applied
 * them, `RATED_RECORDS_PAGE` a page after the ending `after` (its `order`); `next` is the next
 * page's `after`, null on the last. Private games are never rated, so every one listed has a
 * public record. Throws 404 `unknown_game_type`.
 */
export async function ratedRecords(
  db: Db,
  registry: GameRegistry,
  args: { type: string; after?: number; origin: string },
): Promise<{ type: string; records: RatedRecord[]; next: number | null }> {
  if (!registry.get(args.type)) throw new ApiError(404, 'unknown_game_type', `Unknown game type "${args.type}". See GET /api/game-types.`);
  const page = await db
    .selectDistinct({ gameId: seatResults.gameId, order: seatResults.endSeq })
    .from(seatResults)
    .innerJoin(gameEndings, eq(gameEndings.gameId, seatResults.gameId))
    .where(
      and(
        eq(seatResults.type, args.type),
        eq(seatResults.rated, true),
        args.after !== undefined ? gt(seatResults.endSeq, args.after) : undefined,
      ),
    )
    .orderBy(asc(seatResults.endSeq))
    .limit(RATED_RECORDS_PAGE + 1);
  const shown = page.slice(0, RATED_RECORDS_PAGE);
  const endings = await endingsOf(
    db,
    shown.map((p) => p.gameId),
    () => 'rated',
  );
  return {
    type: args.type,
    records: shown.map((p) => ({
      gameId: p.gameId,
      type: args.type,
      record: `${args.origin}/api/games/${p.gameId}/record`,
      ...endings.get(p.gameId)!,
    })),
    next: page.length > RATED_RECORDS_PAGE ? shown[shown.length - 1].order : null,
  };
}
