import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { games, seatResults, seats, users } from '../../db/schema';
import type { Db } from '../../db/types';
import type { GameRegistry } from '../../engine/core';
import { seatPlayerName } from '../lib/game-rows';

/** Games per page of the archive. */
export const ARCHIVE_PAGE = 20;

/** One ended game as the archive lists it, with how it went for the player. */
export interface ArchivedGame {
  id: string;
  type: string;
  title: string;
  status: 'finished' | 'abandoned';
  endedAt: string;
  place: number;
  won: boolean;
  /** The player resigned this table (it stays in the archive, marked). */
  resigned: boolean;
  timedOut: boolean;
  rated: boolean;
  seats: { seat: number; name: string; playerId: string | null }[];
}

/**
 * A page of the player's ended games, newest ending first (tables they resigned from too), by
 * game type and by an opponent if asked. `before` is the `next` cursor of the previous page.
 */
export async function archive(
  db: Db,
  registry: GameRegistry,
  args: { userId: string; type?: string; opponent?: string; before?: number },
): Promise<{ games: ArchivedGame[]; next: number | null }> {
  const mine = await db
    .select({
      gameId: seatResults.gameId,
      endSeq: seatResults.endSeq,
      endedAt: seatResults.endedAt,
      type: seatResults.type,
      place: seatResults.place,
      won: seatResults.won,
      resigned: seatResults.resigned,
      timedOut: seatResults.timedOut,
      rated: seatResults.rated,
      status: games.status,
    })
    .from(seatResults)
    .innerJoin(games, eq(games.id, seatResults.gameId))
    .where(
      and(
        eq(seatResults.userId, args.userId),
        args.type ? eq(seatResults.type, args.type) : undefined,
        args.before !== undefined ? lt(seatResults.endSeq, args.before) : undefined,
        args.opponent
          ? sql`exists (select 1 from ${seatResults} o where o.game_id = ${seatResults.gameId} and o.user_id = ${args.opponent})`
          : undefined,
      ),
    )
    .orderBy(desc(seatResults.endSeq))
    .limit(ARCHIVE_PAGE + 1);
  const page = mine.slice(0, ARCHIVE_PAGE);
  const ids = page.map((g) => g.gameId);
  const seatRows = ids.length
    ? await db
        .select({ gameId: seats.gameId, seat: seats.seat, userId: seats.userId, name: seatPlayerName })
        .from(seats)
        .leftJoin(users, eq(users.id, seats.userId))
        .where(inArray(seats.gameId, ids))
        .orderBy(seats.seat)
    : [];
  return {
    games: page.map((g) => ({
      id: g.gameId,
      type: g.type,
      title: registry.get(g.type)?.title ?? g.type,
      status: g.status === 'finished' ? 'finished' : 'abandoned',
      endedAt: g.endedAt.toISOString(),
      place: g.place,
      won: g.won,
      resigned: g.resigned,
      timedOut: g.timedOut,
      rated: g.rated,
      seats: seatRows.filter((s) => s.gameId === g.gameId).map((s) => ({ seat: s.seat, name: s.name ?? 'Bot', playerId: s.userId })),
    })),
    next: mine.length > ARCHIVE_PAGE ? page[page.length - 1].endSeq : null,
  };
}
