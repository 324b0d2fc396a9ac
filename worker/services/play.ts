import { and, eq, lt } from 'drizzle-orm';
import {
  canonicalJson,
  checkUndo,
  IllegalMove,
  parseMove,
  playMove,
  replayMoves,
  type AnyGame,
  type GameRegistry,
} from '../../engine/core';
import { seats } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import type { ServiceCtx, User } from '../types';
import { requireViewer } from './access';
import { scheduleBots } from './bots';
import { commitChange } from './commit';
import { eventByIdempotencyKey, loadEvents, VersionConflict } from './events';
import { gameOf, loadGame, seatOf, type GameRow } from './game-rows';
import type { GameRequest, PriorEvent } from './game-request';
import { logLines, type LoggedEvent, type LogLine } from './log-lines';
import { effectiveMoves, type MovePayload } from './moves-in-effect';
import { loadGameWithTail, seatExtras, seenMark } from './since-last-seen';
import { commutesSince } from './stale-move';
import { stateFor, type StateResponse } from './state';
import { type GameClocks, remainingMs, type SeatClock } from '../time-control/seat-clocks';
import { endAutoVacationIfBack } from './vacations';

export type { LogLine } from './log-lines';
export type { MovePayload } from './moves-in-effect';

/** Most times a move is tried again after another seat committed first (each time the commuting rule is checked anew). */
const MAX_COMMIT_ATTEMPTS = 4;

/** HTTP status and error code for each platform-level refusal of `playMove`. */
const MOVE_REFUSALS: Record<string, [400 | 403 | 409 | 422, string]> = {
  bad_move: [400, 'bad_move'],
  not_your_turn: [403, 'not_your_turn'],
  game_over: [409, 'game_over'],
};

/** Turns an engine refusal into the API's answer: 422 `illegal_move` with the engine's reason. */
function refusal(err: IllegalMove): ApiError {
  const known = MOVE_REFUSALS[err.code];
  if (known) return new ApiError(known[0], known[1], err.message);
  return new ApiError(422, 'illegal_move', err.message, { reason: err.code });
}

/** The caller's seat (read now unless given), or 403 `not_seated` for spectators trying to act. */
async function requireSeat(db: Db, row: GameRow, user: User, known?: number | null): Promise<number> {
  const seat = known !== undefined ? known : await seatOf(db, row.id, user.id);
  if (seat === null) throw new ApiError(403, 'not_seated', 'You do not have a seat in this game.');
  return seat;
}

/**
 * The caller's full state answer for `row`: the snapshot's part (`stateFor`) and the seat's
 * `sinceLastSeen` and `canUndo` (`seatExtras`) against `mark`, the seat's seen mark before this
 * request, from `tail` (`tailJson`, read with the row) when given.
 */
async function answerFor(
  db: Db,
  game: AnyGame,
  row: GameRow,
  seat: number | null,
  mark: number | null,
  tail: LoggedEvent[] | null,
  now: Date,
): Promise<StateResponse> {
  if (seat === null) return stateFor(game, row, null, undefined, now);
  const extras = await seatExtras(db, {
    gameId: row.id,
    stored: row.version,
    running: row.status === 'active',
    seat,
    mark: mark ?? 0,
    tail,
  });
  return stateFor(game, row, seat, extras, now);
}

/** 409 `stale_version` carrying the caller's current state (one statement), so a client can refresh at once. */
async function staleVersion(
  { db, registry, now }: Pick<ServiceCtx, 'db' | 'registry' | 'now'>,
  gameId: string,
  seat: number | null,
  mark?: number,
): Promise<ApiError> {
  const current = await loadGameWithTail(db, gameId, seat, mark);
  return new ApiError(409, 'stale_version', `The game is at version ${current.row.version}; reload and try again.`, {
    state: await answerFor(db, gameOf(registry, current.row), current.row, seat, current.mark, current.tail, now),
  });
}

/**
 * The caller's state answer (`GET /state`). `visible` (the page is in front of the player,
 * header `X-Page-Visible: 1`) marks this version as seen by the seat, which cancels pending
 * notifications about it; a background tab that polls does not count. `sinceLastSeen` is
 * computed against the seat's mark as it stood before this read (`pre.lastSeen`), which is
 * also what the ETag carries (`stateEtag`).
 */
export async function readState(
  db: Db,
  registry: GameRegistry,
  gameId: string,
  user: User | null,
  now: Date,
  visible = false,
  pre?: GameRequest,
): Promise<StateResponse> {
  const seat = pre ? pre.seat : await seatOf(db, gameId, user?.id);
  // One statement either way: the request's own read, or the game with the seat's mark and events.
  const { row, mark, tail } = pre?.row
    ? { row: pre.row, mark: pre.lastSeen, tail: pre.tail }
    : await loadGameWithTail(db, gameId, seat, pre?.lastSeen ?? undefined);
  requireViewer(row, seat);
  if (visible && seat !== null && (mark ?? 0) < row.version) await markSeen(db, gameId, seat, row.version);
  return answerFor(db, gameOf(registry, row), row, seat, mark, tail, now);
}

/** Marks `version` as seen by `seat` (which cancels pending notices about it); never goes back. */
export async function markSeen(db: Db, gameId: string, seat: number, version: number): Promise<void> {
  await db
    .update(seats)
    .set({ lastSeenSeq: version })
    .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat), lt(seats.lastSeenSeq, version)));
}

/**
 * Applies one move at `version` (docs/design.md "Appending a move"). With an Idempotency-Key, a retry
 * returns the stored first answer and appends nothing. A move at an older version is applied
 * to the game as it is now when it commutes with everything since (`commutesSince`: only other
 * seats' moves that changed nothing the poster could see, e.g. their secret Go/Refuel); so is a
 * move that lost the race to commit to another seat's move (checked again against the fresh
 * row, up to `MAX_COMMIT_ATTEMPTS` times). Throws 403 `not_seated`/`not_your_turn`,
 * 409 `stale_version` (body carries the current state), `not_active` or `idempotency_key_expired`
 * (the key's move was applied before the retention window; its answer is gone), 400 `bad_move`,
 * 422 `illegal_move` (with the engine's `reason`) or `idempotency_key_reused`.
 */
export async function submitMove(
  ctx: ServiceCtx,
  args: { gameId: string; user: User; version: number; move: unknown; idempotencyKey?: string; pre?: GameRequest },
): Promise<StateResponse> {
  const { db, registry } = ctx;
  const pre = args.pre?.row ? args.pre : undefined;
  let row = pre?.row ?? (await loadGame(db, args.gameId));
  // The seat first: someone without one learns nothing about the keys others used.
  const seat = await requireSeat(db, row, args.user, pre?.seat);
  const game = gameOf(registry, row);
  const retry = (prior?: PriorEvent | null) =>
    args.idempotencyKey ? previousAnswer(db, game, row.id, args.idempotencyKey, seat, args.move, prior) : null;
  const replayed = await retry(pre?.prior);
  if (replayed) return replayed;
  if (row.status !== 'active')
    throw new ApiError(409, 'not_active', row.status === 'open' ? 'The game has not started yet.' : 'The game is over.');
  // The seen mark before this move: the answer's `sinceLastSeen` starts there.
  const mark = pre ? (pre.lastSeen ?? 0) : await seenMark(db, row.id, seat);
  let tail = pre?.tail ?? null;

  for (let attempt = 1; ; attempt++) {
    const current =
      row.status === 'active' &&
      (args.version === row.version || (await commutesSince(db, game, row, seat, args.version, args.move, tail)));
    if (!current) throw await staleVersion(ctx, row.id, seat, mark);
    let applied: ReturnType<typeof playMove>;
    try {
      applied = playMove(game, row.snapshot, seat, args.move);
    } catch (err) {
      if (err instanceof IllegalMove) throw refusal(err);
      throw err;
    }
    try {
      const answer = await commitChange(ctx, game, row, {
        kind: 'move',
        seat,
        // The parsed move (defaults filled in): what the rules read is what a replay reads.
        payload: { move: applied.move, ...(row.clocks ? { clocksBefore: row.clocks.seats } : {}) } satisfies MovePayload,
        log: applied.log,
        reveals: applied.reveals,
        state: applied.state,
        idempotencyKey: args.idempotencyKey,
        recipients: pre?.recipients ?? undefined,
        answerMark: mark,
        answerTail: tail,
      });
      scheduleBots(ctx, row, answer.activeSeats);
      // Back from an auto-vacation: it ends once none of the player's clocks is out of time.
      const t = ctx.now.getTime();
      if (row.clocks?.away.some((a) => a.seat === seat && a.kind === 'auto' && a.from <= t && t < a.to)) {
        const user = args.user;
        ctx.defer(() =>
          endAutoVacationIfBack(ctx, user, (g, s) => !!g.clocks && g.clocks.seats[s]?.since !== null && remainingMs(g.clocks, s, t) <= 0),
        );
      }
      return answer;
    } catch (err) {
      if (!(err instanceof VersionConflict)) throw err;
      const again = await retry();
      if (again) return again;
      if (attempt >= MAX_COMMIT_ATTEMPTS) throw await staleVersion(ctx, row.id, seat, mark);
      // Another seat committed first: the move still stands if it commutes with theirs.
      ({ row, tail } = await loadGameWithTail(db, row.id, seat, mark));
    }
  }
}

/**
 * The stored answer of an earlier request with this key, if it was `seat`'s same move (`prior`:
 * the key's event as the request's first statement read it; read now when not given).
 */
async function previousAnswer(
  db: Db,
  game: AnyGame,
  gameId: string,
  key: string,
  seat: number,
  move: unknown,
  prior?: PriorEvent | null,
): Promise<StateResponse | null> {
  if (prior === undefined) prior = await eventByIdempotencyKey(db, gameId, key);
  if (!prior) return null;
  // Compared as parsed moves: the stored one was parsed, and the schema bounds the shape, so
  // the comparison never walks whatever nesting a request sent.
  const parsed = parsedOrNull(game, move);
  const sameMove = parsed !== null && canonicalJson((prior.payload as Partial<MovePayload>).move) === canonicalJson(parsed);
  if (prior.seat !== seat || !sameMove) {
    throw new ApiError(422, 'idempotency_key_reused', 'That Idempotency-Key was already used for another request in this game.');
  }
  // The cron cleared the answer after IDEMPOTENCY_RETENTION_HOURS: the move stands, once.
  if (!prior.response)
    throw new ApiError(
      409,
      'idempotency_key_expired',
      'This move was already made with that Idempotency-Key, too long ago to repeat its answer; reload the game.',
    );
  return JSON.parse(prior.response) as StateResponse;
}

/** `move` as the game parses it, or null when it is not a move of the game. */
function parsedOrNull(game: AnyGame, move: unknown): unknown {
  try {
    return parseMove(game, move);
  } catch (err) {
    if (err instanceof IllegalMove) return null;
    throw err;
  }
}

/**
 * The clocks to go on from after undoing a move: the seats' clocks as they stood before it (an
 * undo gives no fresh time: a clock that ran then runs on from when it started, so the time
 * since the move counts). Reminders already sent in a run that goes on stay sent. Undefined for
 * moves stored without `clocksBefore` (the usual rule then applies).
 */
export function clocksAfterUndo(row: Pick<GameRow, 'clocks'>, before: SeatClock[] | undefined): GameClocks | undefined {
  if (!before || !row.clocks) return undefined;
  const now = row.clocks.seats;
  const seats = before.map((k, seat) =>
    now[seat] && k.since !== null && k.since === now[seat].since ? { ...k, reminded: Math.max(k.reminded, now[seat].reminded) } : k,
  );
  return { ...row.clocks, seats };
}

/**
 * Takes back the caller's last move when it revealed nothing and nobody acted since:
 * rebuilds the state by replaying the moves still in effect, and puts back the seats' clocks as
 * they stood before that move (`clocksAfterUndo`). Throws 422 `undo_barrier`,
 * 409 `stale_version`, 403 `not_seated`.
 */
export async function undoMove(ctx: ServiceCtx, args: { gameId: string; user: User; version: number }): Promise<StateResponse> {
  const { db, registry } = ctx;
  const row = await loadGame(db, args.gameId);
  const seat = await requireSeat(db, row, args.user);
  if (row.status !== 'active') throw new ApiError(409, 'not_active', 'Only a running game has moves to take back.');
  const mark = await seenMark(db, row.id, seat);
  if (args.version !== row.version) throw await staleVersion(ctx, row.id, seat, mark);
  const game = gameOf(registry, row);
  const moves = effectiveMoves(await loadEvents(db, row.id));
  try {
    checkUndo(moves, seat);
  } catch (err) {
    if (err instanceof IllegalMove) throw new ApiError(422, err.code, err.message);
    throw err;
  }
  const { state } = replayMoves(game, { players: row.players, options: row.options, seed: row.seed }, moves.slice(0, -1));
  try {
    return await commitChange(ctx, game, row, {
      kind: 'undo',
      seat,
      payload: {},
      // `{{p:N}}` names the player (engine/core/log-names.ts renders it per surface).
      log: [{ seat, text: `{{p:${seat}}} took back a move.` }],
      reveals: false,
      state,
      clocks: clocksAfterUndo(row, moves[moves.length - 1].payload.clocksBefore),
      answerMark: mark,
    });
  } catch (err) {
    if (err instanceof VersionConflict) throw await staleVersion(ctx, row.id, seat, mark);
    throw err;
  }
}

/** The caller's log after `after` (private lines of other seats left out; taken-back moves marked `undone`). */
export async function readLog(db: Db, args: { gameId: string; user: User | null; after: number }): Promise<LogLine[]> {
  const row = await loadGame(db, args.gameId);
  const seat = await seatOf(db, args.gameId, args.user?.id);
  requireViewer(row, seat);
  return logLines(await loadEvents(db, args.gameId, args.after), seat);
}
