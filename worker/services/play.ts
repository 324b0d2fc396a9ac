import { and, eq, lt } from 'drizzle-orm';
import { canonicalJson, IllegalMove, parseMove, playMove, undoBarrierText, type AnyGame, type GameRegistry } from '../../engine/core';
import { seats } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import type { ServiceCtx, User } from '../types';
import { requireViewer } from './access';
import { scheduleBots } from './bots';
import { commitChange } from './commit';
import { eventByIdempotencyKey, loadEvents, VersionConflict } from './events';
import { gameOf, loadGame, seatOf, type GameRow } from '../lib/game-rows';
import type { GameRequest, PriorEvent } from './game-request';
import { logLines, type LoggedEvent, type LogLine } from './log-lines';
import type { MovePayload } from './moves-in-effect';
import { loadGameWithTail, seatExtras, seenMark } from './since-last-seen';
import { changedSince, commutesSince } from './stale-move';
import { moveLabel, stateFor, type StateResponse } from '../lib/state';
import { remainingMs } from '../time-control/seat-clocks';
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
export async function requireSeat(db: Db, row: GameRow, user: User, known?: number | null): Promise<number> {
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

/**
 * 409 `stale_version` carrying the caller's current state (one statement), so a client can
 * refresh at once, and in `error.changed` what happened since `version`, the version the caller
 * acted at (`changedSince`: the lines the seat may read), so a page can say what changed.
 */
export async function staleVersion(
  { db, registry, now }: Pick<ServiceCtx, 'db' | 'registry' | 'now'>,
  gameId: string,
  seat: number,
  version: number,
  mark?: number,
): Promise<ApiError> {
  const current = await loadGameWithTail(db, gameId, seat, mark);
  const changed = await changedSince(db, gameId, seat, version, current.row.version, current.tail);
  return new ApiError(
    409,
    'stale_version',
    `The game is at version ${current.row.version}; reload and try again.`,
    { state: await answerFor(db, gameOf(registry, current.row), current.row, seat, current.mark, current.tail, now) },
    undefined,
    { changed },
  );
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
    if (!current) throw await staleVersion(ctx, row.id, seat, args.version, mark);
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
        payload: {
          move: applied.move,
          ...(row.clocks ? { clocksBefore: row.clocks.seats } : {}),
          // Why it cannot be taken back, in the mover's words, while the state it was made in is at hand.
          ...(applied.reveals ? { undoBarrier: undoBarrierText(moveLabel(game, row.snapshot, seat, applied.move), applied.revealed) } : {}),
        } satisfies MovePayload,
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
      if (attempt >= MAX_COMMIT_ATTEMPTS) throw await staleVersion(ctx, row.id, seat, args.version, mark);
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

/** The caller's log after `after` (private lines of other seats left out; taken-back moves marked `undone`). */
export async function readLog(db: Db, args: { gameId: string; user: User | null; after: number }): Promise<LogLine[]> {
  const row = await loadGame(db, args.gameId);
  const seat = await seatOf(db, args.gameId, args.user?.id);
  requireViewer(row, seat);
  return logLines(await loadEvents(db, args.gameId, args.after), seat);
}
