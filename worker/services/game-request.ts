import { and, eq, gt, sql } from 'drizzle-orm';
import { gameEvents, games, seats, sessions, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { recipientsJson, type Recipient } from '../notify/enqueue';
import type { User } from '../types';
import type { GameRow } from './game-rows';
import type { LoggedEvent } from './log-lines';
import { parseTail, tailJson, type TailRow } from './since-last-seen';

/** The event an earlier request with the same Idempotency-Key appended. */
export interface PriorEvent {
  seq: number;
  seat: number | null;
  payload: unknown;
  response: string | null;
}

/**
 * Everything a request about one game needs before it can act, read in ONE statement: who is
 * asking (session), the game row (or only its version, for a conditional GET), the caller's
 * seat, the event of a repeated Idempotency-Key and, for moves, the notice recipients.
 */
export interface GameRequest {
  user: User | null;
  /** The full row; null when only `version` and `isPublic` were read. */
  row: GameRow | null;
  version: number;
  isPublic: boolean;
  /** The caller's human seat, or null (spectator, signed out, resigned to the bot). */
  seat: number | null;
  /** The newest version that seat has seen (null without a seat). */
  lastSeen: number | null;
  prior: PriorEvent | null;
  recipients: Recipient[] | null;
  /** With `wants.tail` and a seat: the events its answer needs (`tailJson` at `lastSeen`). */
  tail: LoggedEvent[] | null;
}

/** What to read besides the session and the game's version. */
export interface GameRequestWants {
  /** The whole game row (a full answer or a move); false reads the version and visibility only (a 304 check). */
  row: boolean;
  idempotencyKey?: string;
  recipients?: boolean;
  /** The events a seated caller's answer needs (`sinceLastSeen`, `canUndo`; #12). */
  tail?: boolean;
}

/** The one statement of `readGameRequest` (also what the benchmark EXPLAINs and times bare). */
export function gameRequestQuery(db: Db, gameId: string, tokenHash: string | null, now: Date, wants: GameRequestWants) {
  return db
    .select({
      game: wants.row ? games : { version: games.version, isPublic: games.isPublic },
      user: { id: users.id, email: users.email, name: users.name },
      seat: seats.seat,
      lastSeen: seats.lastSeenSeq,
      prior: { seq: gameEvents.seq, seat: gameEvents.seat, payload: gameEvents.payload, response: gameEvents.response },
      recipients: wants.recipients ? recipientsJson(sql`${games}.${sql.identifier('id')}`) : sql<null>`null`,
      tail: wants.tail
        ? sql<TailRow[] | null>`case when ${seats.seat} is null then null else ${tailJson(sql`${games}.${sql.identifier('id')}`, sql`${seats.lastSeenSeq}`, sql`${games}.${sql.identifier('version')}`)} end`
        : sql<null>`null`,
    })
    .from(games)
    .leftJoin(sessions, tokenHash ? and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)) : sql`false`)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(seats, and(eq(seats.gameId, games.id), eq(seats.userId, users.id), eq(seats.isBot, false)))
    .leftJoin(gameEvents, wants.idempotencyKey ? and(eq(gameEvents.gameId, games.id), eq(gameEvents.idempotencyKey, wants.idempotencyKey)) : sql`false`)
    .where(eq(games.id, gameId));
}

/**
 * Reads a `GameRequest` for game `gameId` and the session whose token hashes to `tokenHash`
 * (null: signed out; an unknown or expired session gives `user: null`). Returns null when
 * the game does not exist (the caller then falls back to the ordinary path and its 404).
 * The statement starts from the game's primary key and left-joins one row of each of
 * sessions, users, seats and game_events by their unique keys.
 */
export async function readGameRequest(db: Db, gameId: string, tokenHash: string | null, now: Date, wants: GameRequestWants): Promise<GameRequest | null> {
  const [r] = await gameRequestQuery(db, gameId, tokenHash, now, wants);
  if (!r) return null;
  return {
    user: r.user,
    row: wants.row ? (r.game as GameRow) : null,
    version: r.game.version,
    isPublic: r.game.isPublic,
    seat: r.seat,
    lastSeen: r.lastSeen,
    prior: r.prior,
    recipients: r.recipients,
    tail: r.tail ? parseTail(r.tail) : null,
  };
}
