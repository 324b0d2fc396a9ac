/**
 * The typed calls of the SQL functions in db/functions/ (one file each, applied after the
 * migrations). Each wrapper returns the call as a drizzle `SQL` fragment, so a caller may run it
 * alone (`db.execute`) or inside a larger statement; the parameter types are the functions' own,
 * cast here once. Runtime-neutral (no Node APIs): the Worker bundles it. Nothing else in the code
 * names an `mp_` function.
 */
import { type SQL, sql } from 'drizzle-orm';

/** A value for a jsonb parameter, serialised once here. */
const jsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Arguments of `mp_append_event` (db/functions/mp_append_event.sql); columns and rows in snake_case. */
export interface AppendEventArgs {
  gameId: string;
  expectedVersion: number;
  kind: string;
  seat: number | null;
  payload: unknown;
  log: unknown;
  reveals: boolean;
  idempotencyKey: string | null;
  /** The stored answer's text for Idempotency-Key retries, or null. */
  response: string | null;
  now: Date;
  /** games columns to set (snake_case keys). */
  update: Record<string, unknown>;
  seenBy: number | null;
  /** outbox rows to insert (snake_case keys). */
  outbox: Record<string, unknown>[];
}

/**
 * The end of a game recorded by `mp_record_ending` (db/functions/mp_record_ending.sql) in the
 * statement that commits it; rows in snake_case. `locks` are the rated players' keys in order;
 * each rating carries `before`, the count of games it was computed from (null: a newcomer).
 */
export interface RecordEndingArgs {
  type: string;
  timed: boolean;
  rated: boolean;
  /** Every human seat took part (worker/services/rating-math.ts `TAKING_PART_MOVES`). */
  played: boolean;
  locks: string[];
  /** `rating`: a rated seat's rating before and after (`SeatRating`), kept in `seat_results.rating`. */
  results: {
    seat: number;
    user_id: string | null;
    place: number;
    won: boolean;
    resigned: boolean;
    timed_out: boolean;
    rating: { before: { mu: number; sigma: number; games: number } | null; after: { mu: number; sigma: number; games: number } } | null;
  }[];
  ratings: { user_id: string; mu: number; sigma: number; ordinal: number; games: number; before: number | null }[];
}

/**
 * `select mp_append_event(...) as seq`: the new version, or NULL when the game moved on. With
 * `ending`, the same statement then records the game's end (`end_seq`, NULL when the commit
 * matched nothing); it fails with SQLSTATE 40001, writing nothing, when a rating it changes was
 * changed since it was read.
 */
export function appendEventCall(a: AppendEventArgs, ending?: RecordEndingArgs): SQL {
  const now = a.now.toISOString();
  const append = sql`mp_append_event(${a.gameId}::text, ${a.expectedVersion}::int, ${a.kind}::text, ${a.seat}::int, ${jsonb(a.payload)}, ${jsonb(a.log)},
    ${a.reveals}::boolean, ${a.idempotencyKey}::text, ${a.response}::text, ${now}::timestamptz, ${jsonb(a.update)},
    ${a.seenBy}::int, ${jsonb(a.outbox)})`;
  if (!ending) return sql`select ${append} as seq`;
  // The ending takes the commit's version as an argument, so it runs after it, in its transaction.
  return sql`with a as materialized (select ${append} as seq)
    select a.seq, mp_record_ending(a.seq, ${a.gameId}::text, ${ending.type}::text, ${now}::timestamptz, ${ending.timed}::boolean,
      ${ending.rated}::boolean, ${ending.played}::boolean, ${jsonb(ending.locks)}, ${jsonb(ending.results)}, ${jsonb(ending.ratings)}) as end_seq from a`;
}

/** `select mp_pass_read(game, now) as read`: a clock pass's first read (the row, the recipients, the ending's inputs when its clock may end it), or null. */
export function passReadCall(gameId: string, now: Date): SQL {
  return sql`select mp_pass_read(${gameId}::text, ${now.toISOString()}::timestamptz) as read`;
}

/** `select mp_ending_inputs(game) as inputs`: what recording the game's end needs (`EndingInputs` in worker/services/ending.ts), or null. */
export function endingInputsCall(gameId: string): SQL {
  return sql`select mp_ending_inputs(${gameId}::text) as inputs`;
}

/** Arguments of `mp_game_request` (db/functions/mp_game_request.sql). */
export interface GameRequestArgs {
  gameId: string;
  tokenHash: string | null;
  now: Date;
  row: boolean;
  idempotencyKey: string | null;
  recipients: boolean;
  tail: boolean;
  undoTail: number;
  maxEvents: number;
}

/** `select mp_game_request(...) as request`: one JSON object (`GameRequest` before mapping). */
export function gameRequestCall(a: GameRequestArgs): SQL {
  return sql`select mp_game_request(${a.gameId}::text, ${a.tokenHash}::text, ${a.now.toISOString()}::timestamptz, ${a.row}::boolean,
    ${a.idempotencyKey}::text, ${a.recipients}::boolean, ${a.tail}::boolean, ${a.undoTail}::int, ${a.maxEvents}::int) as request`;
}

/** `mp_recipients(game)` as an expression of type `T` (a JSON array), for use inside another statement. */
export function recipientsExpr<T>(gameId: unknown): SQL<T> {
  return sql<T>`mp_recipients(${gameId}::text)`;
}

/**
 * `mp_tail(game, mark, version, undoTail, max)` as an expression of type `T` (a JSON array). Any of
 * the first three may be an SQL expression of the outer statement.
 */
export function tailExpr<T>(game: SQL | string, mark: SQL | number, version: SQL | number, undoTail: number, max: number): SQL<T> {
  const g = typeof game === 'string' ? sql`${game}::text` : game;
  const m = typeof mark === 'number' ? sql`${mark}::int` : mark;
  const v = typeof version === 'number' ? sql`${version}::int` : version;
  return sql<T>`mp_tail(${g}, ${m}, ${v}, ${undoTail}::int, ${max}::int)`;
}

/** `select mp_claim_deliveries(now, until, limit) as claimed`: the claimed rows with their context. */
export function claimDeliveriesCall(now: Date, until: Date, limit: number): SQL {
  return sql`select mp_claim_deliveries(${now.toISOString()}::timestamptz, ${until.toISOString()}::timestamptz, ${limit}::int) as claimed`;
}

/** `select mp_held_deliveries(now, held, keys) as claimed`: rows a commit already claimed for this request. */
export function heldDeliveriesCall(now: Date, held: Date, keys: readonly string[]): SQL {
  return sql`select mp_held_deliveries(${now.toISOString()}::timestamptz, ${held.toISOString()}::timestamptz, ${jsonb(keys)}) as claimed`;
}

/** One row's outcome for `mp_finish_deliveries` (db/functions/mp_finish_deliveries.sql); null keeps a column. */
export interface FinishDeliveryArgs {
  id: number;
  status: string | null;
  error: string | null;
  sentAt: Date | null;
  nextAttemptAt: Date | null;
  payload: unknown;
}

/** `select mp_finish_deliveries(rows)`: ends the claims of a batch's outbox rows in one statement. */
export function finishDeliveriesCall(rows: readonly FinishDeliveryArgs[]): SQL {
  return sql`select mp_finish_deliveries(${jsonb(
    rows.map((a) => ({
      id: a.id,
      status: a.status,
      error: a.error,
      sent_at: iso(a.sentAt),
      next_attempt_at: iso(a.nextAttemptAt),
      payload: a.payload === undefined ? null : a.payload,
    })),
  )})`;
}
