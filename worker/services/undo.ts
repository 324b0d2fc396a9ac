import {
  checkUndo,
  IllegalMove,
  playerMarker,
  replayMoves,
  sentence,
  undoableSteps,
  type AnyGame,
  type LogEntry,
  type Seat,
} from '../../engine/core';
import { ApiError } from '../http/errors';
import type { GameClocks, SeatClock } from '../time-control/seat-clocks';
import type { ServiceCtx, User } from '../types';
import { commitChange } from './commit';
import { loadEvents, VersionConflict } from './events';
import { gameOf, loadGame, type GameRow } from '../lib/game-rows';
import type { MovePayload } from './moves-in-effect';
import { requireSeat, staleVersion } from './play';
import { seenMark } from './since-last-seen';
import { moveLabel, type StateResponse } from '../lib/state';

/** A move in effect as the undo needs it: who, what, whether it revealed, and whether its log had a private part. */
interface MoveInEffect {
  seat: Seat;
  move: unknown;
  reveals: boolean;
  payload: Partial<MovePayload>;
  /** Some line of it was for its mover only (a secret choice): others must not read its label. */
  secret: boolean;
}

/** Folds the event log (oldest first) into the moves in effect, each with its event's details. */
function movesInEffect(events: Awaited<ReturnType<typeof loadEvents>>): MoveInEffect[] {
  const moves: MoveInEffect[] = [];
  for (const e of events) {
    if (e.kind === 'move') {
      const payload = e.payload as Partial<MovePayload>;
      const secret = (e.log as LogEntry[]).some((l) => l.only !== undefined);
      moves.push({ seat: e.seat!, move: payload.move, reveals: e.reveals, payload, secret });
    } else if (e.kind === 'undo') moves.pop();
  }
  return moves;
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

/** "A", "A and B", "A, B and C". */
function listed(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The log of an undo of `undone` (oldest first) by `seat`: one public line naming what was taken
 * back ("{{p:0}} took back Move 2 and Pick for Gold."), where a secret choice (a move whose log had
 * a line for its mover only, such as a hidden Go/Refuel) is only counted; then, when there was
 * one, a line for the mover alone that names everything.
 */
export function undoLog(seat: Seat, undone: readonly { label: string; secret: boolean }[]): LogEntry[] {
  const who = playerMarker(seat);
  const open = undone.filter((u) => !u.secret).map((u) => u.label);
  const hidden = undone.length - open.length;
  const parts = [...open, ...(hidden ? [hidden === 1 ? 'a hidden choice' : `${hidden} hidden choices`] : [])];
  const log: LogEntry[] = [{ seat, text: sentence(`${who} took back ${listed(parts)}`) }];
  if (hidden) log.push({ seat, text: sentence(`You took back ${listed(undone.map((u) => u.label))}`), only: [seat] });
  return log;
}

/**
 * Takes back the caller's last move when it revealed nothing and nobody acted since; with
 * `toTurnStart`, every such step at once ("restart turn": `undoableSteps`, the caller's own moves
 * since another seat's move or a move that revealed something), as one undo event per step in one
 * transaction, the last one carrying the log line that names them all (`undoLog`). Rebuilds the
 * state by replaying the moves still in effect, and puts back the seats' clocks as they stood
 * before the first step taken back (`clocksAfterUndo`). Throws 422 `undo_barrier` (with the
 * reason the state answer's `undoBlockedBy` gives), 409 `stale_version` or `not_active`,
 * 403 `not_seated`.
 */
export async function undoMove(
  ctx: ServiceCtx,
  args: { gameId: string; user: User; version: number; toTurnStart?: boolean },
): Promise<StateResponse> {
  const { db, registry } = ctx;
  const row = await loadGame(db, args.gameId);
  const seat = await requireSeat(db, row, args.user);
  if (row.status !== 'active') throw new ApiError(409, 'not_active', 'Only a running game has moves to take back.');
  const mark = await seenMark(db, row.id, seat);
  if (args.version !== row.version) throw await staleVersion(ctx, row.id, seat, args.version, mark);
  const game = gameOf(registry, row);
  const moves = movesInEffect(await loadEvents(db, row.id));
  try {
    checkUndo(moves, seat);
  } catch (err) {
    if (err instanceof IllegalMove) throw new ApiError(422, err.code, barrierMessage(moves, seat) ?? err.message);
    throw err;
  }
  const steps = args.toTurnStart ? undoableSteps(moves, seat) : 1;
  const kept = moves.slice(0, -steps);
  const { state } = replayMoves(game, { players: row.players, options: row.options, seed: row.seed }, kept);
  const undone = labelled(game, state, moves.slice(-steps), seat);
  try {
    return await commitChange(ctx, game, row, {
      kind: 'undo',
      seat,
      payload: {},
      // `{{p:N}}` names the player (engine/core/log-names.ts renders it per surface).
      log: undoLog(seat, undone),
      // One undo event per step: every reader of the log (replays, records, the undone marks) takes back one move per undo.
      leading: undone.slice(1).map(() => ({ kind: 'undo', seat, payload: {}, log: [] })),
      reveals: false,
      state,
      clocks: clocksAfterUndo(row, moves[moves.length - steps].payload.clocksBefore),
      answerMark: mark,
    });
  } catch (err) {
    if (err instanceof VersionConflict) throw await staleVersion(ctx, row.id, seat, args.version, mark);
    throw err;
  }
}

/**
 * The label of each move of `undone` (oldest first) in the state it was made in, from `before`,
 * the state before the first of them (`applyMove` is pure: `before` stays as it is).
 */
function labelled(game: AnyGame, before: unknown, undone: readonly MoveInEffect[], seat: Seat): { label: string; secret: boolean }[] {
  let state = before;
  return undone.map((m) => {
    const label = moveLabel(game, state, seat, m.move);
    state = game.applyMove(state, m.seat, m.move).state;
    return { label, secret: m.secret };
  });
}

/** The sentence saved with the caller's last move when that move is what stops the undo (it revealed something). */
function barrierMessage(moves: readonly MoveInEffect[], seat: Seat): string | undefined {
  const last = moves[moves.length - 1];
  return last && last.seat === seat && last.reveals ? last.payload.undoBarrier : undefined;
}
