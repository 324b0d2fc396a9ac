import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Seat } from '../../engine/core';
import { gameEvents, games, seats } from '../../db/schema';
import { tailExpr } from '../../db/sql-functions';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import type { GameRow } from '../lib/game-rows';
import { logLines, type LoggedEvent, type LogLine } from './log-lines';

/** Most log lines `sinceLastSeen` carries: a game left for a month answers its newest 200 lines. */
export const SINCE_LAST_SEEN_MAX_LINES = 200;
/** Most events read for one answer (most events write one line or more, so 200 lines fit). */
export const MAX_EVENTS = 200;
/** Newest events read besides the unseen ones, to find the seat's last moves in effect (`undoableSteps`). */
export const UNDO_TAIL = 16;

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
  /** How many steps `POST /undo {toTurnStart: true}` would take back now (`undoableSteps`); 0 when `canUndo` is false. */
  undoableSteps: number;
  /** When `canUndo` is false for a seated player: why, in words, players as `{{p:N}}` markers; else null. */
  undoBlockedBy: string | null;
}

/** What a spectator's (or a not-yet-committed non-seat's) answer carries. */
export const NO_SEAT_EXTRAS: SeatExtras = { sinceLastSeen: null, canUndo: false, undoableSteps: 0, undoBlockedBy: null };

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
  return tailExpr<TailRow[]>(gameId, markOrSql, versionOrSql, UNDO_TAIL, MAX_EVENTS);
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

/** Where a walk over the moves in effect, newest first, has got to (`walkUndoable`). */
interface UndoWalk {
  /** The seat's own unrevealing moves in effect counted so far (the newest first). */
  steps: number;
  /** Undos seen whose move is still to be found further back. */
  undos: number;
  /** The move in effect that ends the run (another seat's, or one that revealed something), once found. */
  stop: { seq: number; seat: number | null; reveals: boolean } | null;
}

/**
 * Walks events newest first over the moves in effect (each undo takes back the move in effect
 * before it), counting `seat`'s own moves that revealed nothing until the first other one
 * (`undoableSteps` over the events: the steps a restart of the turn takes back). Goes on from
 * `from` when given (a walk that ran out of events).
 */
function walkUndoable(
  newestFirst: readonly Pick<LoggedEvent, 'seq' | 'kind' | 'seat' | 'reveals'>[],
  seat: Seat,
  from: UndoWalk = { steps: 0, undos: 0, stop: null },
): UndoWalk {
  const w = { ...from };
  for (const e of newestFirst) {
    if (w.stop) break;
    if (e.kind === 'undo') w.undos++;
    else if (e.kind === 'move') {
      if (w.undos > 0) w.undos--;
      else if (e.seat === seat && !e.reveals) w.steps++;
      else w.stop = { seq: e.seq, seat: e.seat, reveals: e.reveals };
    }
  }
  return w;
}

/**
 * Why `seat` may not take anything back now, in words (`undoBlockedBy`): the game is not running,
 * nothing is in effect yet, another player moved last, or the seat's last move revealed
 * something (`barrier`: the sentence stored with that move, `MovePayload.undoBarrier`).
 */
function undoBlockedText(running: boolean, stop: UndoWalk['stop'], seat: Seat, barrier: string | undefined): string {
  if (!running) return 'The game is not running: nothing can be taken back.';
  if (!stop) return 'Nothing to take back yet.';
  if (stop.seat !== seat)
    return stop.seat === null ? 'Nothing of yours to take back.' : `Nothing of yours to take back: {{p:${stop.seat}}} moved last.`;
  return barrier ?? 'Your last move revealed dice, cards or hidden information: it cannot be taken back.';
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
 * The seat's `sinceLastSeen`, `canUndo`, `undoableSteps` and `undoBlockedBy` for an answer at
 * the game's newest stored version `stored` (plus `pending`, the events this request is about to
 * append, newest first, for a move's or undo's answer, with the move's payload). `mark`: the
 * seat's seen mark before this request. `running`: the game is active after the change. `tail`:
 * the `tailJson` events for that mark and version when the request read them with the game (else
 * one query for them here). A run of the seat's steps longer than those events costs one more
 * query, of the older events' kinds; a last move that revealed something, read from the store,
 * one more for the sentence saved with it.
 */
export async function seatExtras(
  db: Db,
  args: {
    gameId: string;
    stored: number;
    running: boolean;
    seat: Seat | null;
    mark: number;
    pending?: (LoggedEvent & { payload?: unknown })[];
    tail?: LoggedEvent[] | null;
  },
): Promise<SeatExtras> {
  const { seat, mark } = args;
  if (seat === null) return NO_SEAT_EXTRAS;
  const read =
    args.tail ?? parseTail((await db.select({ tail: tailJson(args.gameId, mark, args.stored) }).from(sql`(select 1) as one`))[0].tail);
  const reachedFrom = read.length < MAX_EVENTS;
  const pending = args.pending ?? [];
  const newestFirst = [...pending, ...read];

  let undo: Pick<SeatExtras, 'canUndo' | 'undoableSteps' | 'undoBlockedBy'> = {
    canUndo: false,
    undoableSteps: 0,
    undoBlockedBy: undoBlockedText(false, null, seat, undefined),
  };
  if (args.running) {
    let walk = walkUndoable(newestFirst, seat);
    // The run goes back beyond the events read (or undos took back every move of them): go on
    // through the older ones (rare).
    const oldest = read.length ? read[read.length - 1].seq : args.stored + 1;
    if (!walk.stop && oldest > 1) {
      const older = await db
        .select({ seq: gameEvents.seq, kind: gameEvents.kind, seat: gameEvents.seat, reveals: gameEvents.reveals })
        .from(gameEvents)
        .where(and(eq(gameEvents.gameId, args.gameId), lt(gameEvents.seq, oldest)))
        .orderBy(desc(gameEvents.seq))
        .limit(MAX_EVENTS);
      walk = walkUndoable(older, seat, walk);
    }
    const stop = walk.stop;
    const barrier =
      walk.steps === 0 && stop && stop.seat === seat && stop.reveals ? await undoBarrierOf(db, args.gameId, stop.seq, pending) : undefined;
    undo = {
      canUndo: walk.steps > 0,
      undoableSteps: walk.steps,
      undoBlockedBy: walk.steps > 0 ? null : undoBlockedText(true, stop, seat, barrier),
    };
  }

  const unseen = newestFirst.filter((e) => e.seq > mark).reverse();
  const lines = logLines(unseen, seat);
  const missing = !reachedFrom && (unseen[0]?.seq ?? mark + 1) > mark + 1;
  return {
    ...undo,
    sinceLastSeen: {
      fromVersion: mark,
      entries: lines.slice(-SINCE_LAST_SEEN_MAX_LINES),
      truncated: missing || lines.length > SINCE_LAST_SEEN_MAX_LINES,
    },
  };
}

/**
 * The sentence saved with move `seq` on why it cannot be taken back (`MovePayload.undoBarrier`):
 * from the events this request appends when it is one of them, else read (one primary-key row).
 */
async function undoBarrierOf(db: Db, gameId: string, seq: number, pending: readonly { seq: number; payload?: unknown }[]) {
  const own = pending.find((e) => e.seq === seq);
  if (own) return (own.payload as { undoBarrier?: string } | undefined)?.undoBarrier;
  const [row] = await db
    .select({ barrier: sql<string | null>`${gameEvents.payload} ->> 'undoBarrier'` })
    .from(gameEvents)
    .where(and(eq(gameEvents.gameId, gameId), eq(gameEvents.seq, seq)));
  return row?.barrier ?? undefined;
}
