import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowFromJson } from '../../db/json-row';
import type { AnyGame, GameRegistry } from '../../engine/core';
import { games, seats, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import { shownName } from './shown-name';

/** A `games` row as read from the database. */
export type GameRow = typeof games.$inferSelect;

/**
 * A `games` row from its `row_to_json` form, as the SQL functions of
 * db/migrations/0013_cached_plans.sql send it (`rowFromJson`: each column's own Drizzle mapping).
 */
export const gameRowFromJson: (json: Record<string, unknown>) => GameRow = rowFromJson(games);

/** Loads a game row by id; 404 `game_not_found` when absent. */
export async function loadGame(db: Db, id: string): Promise<GameRow> {
  const [row] = await db.select().from(games).where(eq(games.id, id));
  if (!row) throw new ApiError(404, 'game_not_found', 'No game with that id.');
  return row;
}

/** The rules module of a stored game; 404 if this server no longer offers that type. */
export function gameOf(registry: GameRegistry, row: Pick<GameRow, 'type'>): AnyGame {
  const game = registry.get(row.type);
  if (!game) throw new ApiError(404, 'unknown_game_type', `This server does not offer the game type "${row.type}".`);
  return game;
}

/** The seats a human plays (every seat but the bots'), in order. */
export function humanSeats(row: Pick<GameRow, 'players' | 'botSeats'>): number[] {
  return Array.from({ length: row.players }, (_, s) => s).filter((s) => !row.botSeats.includes(s));
}

/** The caller's seat in a game, or null (spectator, or a player who resigned to the bot). */
export async function seatOf(db: Db, gameId: string, userId: string | undefined): Promise<number | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ seat: seats.seat })
    .from(seats)
    .where(and(eq(seats.gameId, gameId), eq(seats.userId, userId), eq(seats.isBot, false)));
  return row?.seat ?? null;
}

/** The name of the deleted account's seat (worker/services/deletion.ts), in records and seat lists. */
export const DELETED_PLAYER = 'Deleted player';

/**
 * A seat's player name as read with `seats left join users`: the player's name, "Deleted player"
 * once they deleted their account, or null (a bot).
 */
export const seatPlayerName = sql<string | null>`coalesce(${shownName}, case when ${seats.accountDeleted} then ${DELETED_PLAYER} end)`;

/** The seats of a game with their players' names and setup choices (`{ rocket: 'blue' }`), by seat index. */
export async function seatList(db: Db, gameId: string) {
  return db
    .select({
      seat: seats.seat,
      userId: seats.userId,
      name: seatPlayerName,
      isBot: seats.isBot,
      accountDeleted: seats.accountDeleted,
      choices: seats.choices,
    })
    .from(seats)
    .leftJoin(users, eq(users.id, seats.userId))
    .where(eq(seats.gameId, gameId))
    .orderBy(seats.seat);
}

/** The seats of the games `ids` (player id, name as `seatPlayerName`, whether a bot), in seat order; none for no ids. */
export async function seatsOfGames(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  // The name is looked up per seat by the users key: as a join, a player's 300 games made the
  // planner hash-join a sequential scan of every user (2x the PostgreSQL time at 100,000 games).
  const name = sql<
    string | null
  >`coalesce((select ${shownName} from ${users} where ${users.id} = ${seats.userId}), case when ${seats.accountDeleted} then ${DELETED_PLAYER} end)`;
  return db
    .select({ gameId: seats.gameId, seat: seats.seat, userId: seats.userId, name, isBot: seats.isBot })
    .from(seats)
    .where(inArray(seats.gameId, [...ids]))
    .orderBy(seats.seat);
}
