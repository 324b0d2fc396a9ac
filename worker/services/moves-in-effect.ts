import type { EffectiveMove } from '../../engine/core';
import type { SeatClock } from '../time-control/seat-clocks';

/**
 * `game_events.payload` of a player's move. `clocksBefore`: the seats' clocks as they stood before
 * it (timed games), so an undo can put them back; moves of older games carry `deadlineBefore`
 * (their per-move deadline then), which nothing reads any more. `undoBarrier`: for a move that
 * revealed something, why it cannot be taken back, in the mover's words (`undoBarrierText`;
 * absent in moves stored before it was kept).
 */
export interface MovePayload {
  move: unknown;
  clocksBefore?: SeatClock[];
  undoBarrier?: string;
}

/** A move in effect with the payload of the event that made it. */
export type EffectiveEvent = EffectiveMove & { payload: Partial<MovePayload> };

/** Folds the event log (oldest first, from the start) into the moves in effect (an undo removes the last one). */
export function effectiveMoves(
  events: readonly { kind: string; seat: number | null; payload: unknown; reveals: boolean }[],
): EffectiveEvent[] {
  const moves: EffectiveEvent[] = [];
  for (const e of events) {
    const payload = e.payload as Partial<MovePayload>;
    if (e.kind === 'move') moves.push({ seat: e.seat!, move: payload.move, reveals: e.reveals, payload });
    else if (e.kind === 'undo') moves.pop();
  }
  return moves;
}
