import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Seat } from '../../engine/core';
import { gameEvents, games, seats } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import type { GameRow } from './game-rows';
import { logLines, type LoggedEvent, type LogLine } from './log-lines';

/** Most log lines `sinceLastSeen` carries: a game left for a month answers its newest 200 lines. */
export const SINCE_LAST_SEEN_MAX_LINES = 200;
/** Most events read for one answer (most events write one line or more, so 200 lines fit). */
export const MAX_EVENTS = 200;
/** Newest events read besides the unseen ones, to find the last move in effect for `canUndo`. */
export const UNDO_TAIL = 8;

/**
 * What happened since the seat last looked: every log line it may read written after
 * version `fromVersion` (its `seats.last_seen_seq` as it stood before this request), oldest first,
 * in log order. At most `SINCE_LAST_SEEN_MAX_LINES` lines, the newest; `truncated` says older
 * unseen lines were left out (read them with `GET /log?after=fromVersion`).
 */
export interface SinceLastSeen {
  fromVersion: number;
  entries: LogLine[];
  truncated: boolean;
}

/** The parts of a state answer that depend on the seat's history, not only on the snapshot. */
export interface SeatExtras {
  /** Null for spectators. */
  sinceLastSeen: SinceLastSeen | null;
  /** True when `POST /undo` by this seat would succeed now (`checkUndo` over the moves in effect). */
  canUndo: boolean;
}

/** What a spectator's (or a not-yet-committed non-seat's) answer carries. */
export const NO_SEAT_EXTRAS: SeatExtras = { sinceLastSeen: null, canUndo: false };

/** One event of a `tailJson` list as the database sends it (`at`: timestamptz as JSON text). */
export interface TailRow {
  seq: number;
  kind: string;
  seat: number | null;
  log: unknown;
  reveals: boolean;
  at: string;
}

/**
 * SQL for the events a seat's answer needs, as one JSON value (newest first), so it rides along
 * in the statement that reads the game (no extra round trip): the events after the seat's seen
 * `mark` and the newest `UNDO_TAIL` of game `gameId` at `version`, at most `MAX_EVENTS`
 * (primary-key range scan; the SQL function `mp_tail`, db/migrations/0013_cached_plans.sql, whose
 * plan the server connection keeps). Any argument may be an SQL expression of the outer statement.
 */
export function tailJson(gameId: SQL | string, markOrSql: SQL | number, versionOrSql: SQL | number): SQL<TailRow[]> {
  const mark = typeof markOrSql === 'number' ? sql`${markOrSql}::int` : markOrSql;
  const version = typeof versionOrSql === 'number' ? sql`${versionOrSql}::int` : versionOrSql;
  const game = typeof gameId === 'string' ? sql`${gameId}::text` : gameId;
  return sql<TailRow[]>`mp_tail(${game}, ${mark}, ${version}, ${UNDO_TAIL}::int, ${MAX_EVENTS}::int)`;
}

/** `tailJson`'s value as events. */
export function parseTail(rows: readonly TailRow[]): LoggedEvent[] {
  return rows.map((r) => ({ seq: r.seq, kind: r.kind, seat: r.seat, log: r.log, reveals: r.reveals, createdAt: new Date(r.at) }));
}

/**
 * A game row, the seen mark of `seat` (the given `mark`, else its `last_seen_seq`; null without
 * a seat) and the events its answer needs (`tailJson`), in one statement. 404 `game_not_found`.
 */
export async function loadGameWithTail(
  db: Db,
  gameId: string,
  seat: Seat | null,
  mark?: number,
): Promise<{ row: GameRow; mark: number | null; tail: LoggedEvent[] | null }> {
  const markSql = mark !== undefined ? sql`${mark}::int` : sql`coalesce(${seats.lastSeenSeq}, 0)`;
  const [r] = await db
    .select({
      game: games,
      mark: seat === null ? sql<null>`null` : sql<number>`${markSql}`,
      tail: seat === null ? sql<null>`null` : tailJson(sql`${games.id}`, markSql, sql`${games.version}`),
    })
    .from(games)
    .leftJoin(seats, seat === null ? sql`false` : and(eq(seats.gameId, games.id), eq(seats.seat, seat)))
    .where(eq(games.id, gameId));
  if (!r) throw new ApiError(404, 'game_not_found', 'No game with that id.');
  return { row: r.game, mark: r.mark, tail: r.tail ? parseTail(r.tail) : null };
}

/**
 * Walks events newest first towards the last move in effect (a move no later undo took back),
 * starting with `undos` undos still to match. Returns that move, or the undos still unmatched
 * when the events ran out before it (0 and none found: no move among them).
 */
function lastMoveInEffect(
  newestFirst: readonly Pick<LoggedEvent, 'kind' | 'seat' | 'reveals'>[],
  undos = 0,
): { seat: number | null; reveals: boolean } | { undos: number } {
  for (const e of newestFirst) {
    if (e.kind === 'undo') undos++;
    else if (e.kind === 'move') {
      if (undos === 0) return { seat: e.seat, reveals: e.reveals };
      undos--;
    }
  }
  return { undos };
}

/** The seat's "last looked at" version (`seats.last_seen_seq`), 0 when the seat has no row. */
export async function seenMark(db: Db, gameId: string, seat: Seat): Promise<number> {
  const [row] = await db
    .select({ mark: seats.lastSeenSeq })
    .from(seats)
    .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)));
  return row?.mark ?? 0;
}

/**
 * The seat's `sinceLastSeen` and `canUndo` for an answer at the game's newest stored version
 * `stored` (plus `pending`, the event this request is about to append, for a move's or undo's
 * answer). `mark`: the seat's seen mark before this request. `running`: the game is active
 * after the change. `tail`: the `tailJson` events for that mark and version when the request
 * read them with the game (else one query for them here). Undos taking back every move of
 * those events cost one more query, of the older events' kinds.
 */
export async function seatExtras(
  db: Db,
  args: {
    gameId: string;
    stored: number;
    running: boolean;
    seat: Seat | null;
    mark: number;
    pending?: LoggedEvent;
    tail?: LoggedEvent[] | null;
  },
): Promise<SeatExtras> {
  const { seat, mark } = args;
  if (seat === null) return NO_SEAT_EXTRAS;
  const read =
    args.tail ?? parseTail((await db.select({ tail: tailJson(args.gameId, mark, args.stored) }).from(sql`(select 1) as one`))[0].tail);
  const reachedFrom = read.length < MAX_EVENTS;
  const newestFirst = args.pending ? [args.pending, ...read] : read;

  let canUndo = false;
  if (args.running) {
    let last = lastMoveInEffect(newestFirst);
    // Undos took back every move of the events read: go on through the older ones (rare).
    const oldest = read.length ? read[read.length - 1].seq : args.stored + 1;
    if ('undos' in last && oldest > 1) {
      const older = await db
        .select({ kind: gameEvents.kind, seat: gameEvents.seat, reveals: gameEvents.reveals })
        .from(gameEvents)
        .where(and(eq(gameEvents.gameId, args.gameId), lt(gameEvents.seq, oldest)))
        .orderBy(desc(gameEvents.seq));
      last = lastMoveInEffect(older, last.undos);
    }
    canUndo = !('undos' in last) && last.seat === seat && !last.reveals;
  }

  const unseen = newestFirst.filter((e) => e.seq > mark).reverse();
  const lines = logLines(unseen, seat);
  const missing = !reachedFrom && (unseen[0]?.seq ?? mark + 1) > mark + 1;
  return {
    canUndo,
    sinceLastSeen: {
      fromVersion: mark,
      entries: lines.slice(-SINCE_LAST_SEEN_MAX_LINES),
      truncated: missing || lines.length > SINCE_LAST_SEEN_MAX_LINES,
    },
  };
}
