import { executedRows } from '../../db/json-row';
import { gameRequestCall } from '../../db/sql-functions';
import type { Db } from '../../db/types';
import type { Recipient } from '../notices/enqueue';
import type { User } from '../types';
import { gameRowFromJson, type GameRow } from '../lib/game-rows';
import type { LoggedEvent } from './log-lines';
import { MAX_EVENTS, parseTail, UNDO_TAIL, type TailRow } from './since-last-seen';

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
  /**
   * The events a seated caller's answer needs (`sinceLastSeen`, and for `canUndo`,
   * `undoableSteps` and `undoBlockedBy` the seat's last moves in effect): the unseen ones and the
   * newest `UNDO_TAIL`.
   */
  tail?: boolean;
}

/** The JSON object `mp_game_request` returns. */
type GameRequestRow = {
  game: Record<string, unknown> | null;
  version: number;
  is_public: boolean;
  user_id: string | null;
  user_email: string | null;
  user_name: string | null;
  seat: number | null;
  last_seen: number | null;
  prior_seq: number | null;
  prior_seat: number | null;
  prior_payload: unknown;
  prior_response: string | null;
  recipients: Recipient[] | null;
  tail: TailRow[] | null;
};

/**
 * The one statement of `readGameRequest`: a call of the SQL function `mp_game_request`
 * (db/functions/mp_game_request.sql), whose plan the server connection keeps. The
 * benchmark times it and has PostgreSQL explain the statement inside.
 */
export function gameRequestQuery(gameId: string, tokenHash: string | null, now: Date, wants: GameRequestWants) {
  return gameRequestCall({
    gameId,
    tokenHash,
    now,
    row: wants.row,
    idempotencyKey: wants.idempotencyKey ?? null,
    recipients: wants.recipients ?? false,
    tail: !!wants.tail,
    undoTail: UNDO_TAIL,
    maxEvents: MAX_EVENTS,
  });
}

/**
 * Reads a `GameRequest` for game `gameId` and the session whose token hashes to `tokenHash`
 * (null: signed out; an unknown or expired session gives `user: null`). Returns null when
 * the game does not exist (the caller then falls back to the ordinary path and its 404).
 * The statement starts from the game's primary key and left-joins one row of each of
 * sessions, users, seats and game_events by their unique keys.
 */
export async function readGameRequest(
  db: Db,
  gameId: string,
  tokenHash: string | null,
  now: Date,
  wants: GameRequestWants,
): Promise<GameRequest | null> {
  const result = await db.execute<{ request: GameRequestRow | null }>(gameRequestQuery(gameId, tokenHash, now, wants));
  const r = executedRows<{ request: GameRequestRow | null }>(result)[0]?.request;
  if (!r) return null;
  return {
    user: r.user_id === null ? null : { id: r.user_id, email: r.user_email!, name: r.user_name! },
    row: wants.row && r.game ? gameRowFromJson(r.game) : null,
    version: r.version,
    isPublic: r.is_public,
    seat: r.seat,
    lastSeen: r.last_seen,
    prior: r.prior_seq === null ? null : { seq: r.prior_seq, seat: r.prior_seat, payload: r.prior_payload, response: r.prior_response },
    recipients: r.recipients,
    tail: r.tail ? parseTail(r.tail) : null,
  };
}
