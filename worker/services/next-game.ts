import { and, eq } from 'drizzle-orm';
import { games, seats } from '../../db/schema';
import type { Db } from '../../db/types';
import { runsOutAt } from '../time-control/seat-clocks';

/** `GET /api/me/next`: the game that waits on you with the least time left, and how many wait. */
export interface NextGame {
  gameId: string | null;
  url: string | null;
  waiting: number;
}

/**
 * The game waiting on `userId` with the least time left on their clock (games without a clock
 * after those with one), then the one that has waited longest; `waiting` counts them all.
 * `except` (the game on screen) is left out of both, so a page can offer the next other game.
 */
export async function nextGame(db: Db, userId: string, origin: string, except?: string): Promise<NextGame> {
  const rows = await db
    .select({ id: games.id, clocks: games.clocks, updatedAt: games.updatedAt, activeSeats: games.activeSeats, seat: seats.seat })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(eq(seats.userId, userId), eq(seats.isBot, false), eq(games.status, 'active')));
  const waiting = rows.filter((r) => r.activeSeats.includes(r.seat) && r.id !== except);
  if (waiting.length === 0) return { gameId: null, url: null, waiting: 0 };
  const left = (r: (typeof waiting)[number]) =>
    r.clocks ? (runsOutAt(r.clocks, r.seat) ?? Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER;
  waiting.sort((a, b) => left(a) - left(b) || a.updatedAt.getTime() - b.updatedAt.getTime());
  const first = waiting[0];
  return { gameId: first.id, url: `${origin}/games/${encodeURIComponent(first.id)}`, waiting: waiting.length };
}
