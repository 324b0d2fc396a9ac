import type { EffectiveMove } from '../../engine/core';

/** The per-move deadline as stored with a move, so an undo can put it back (ISO time or null). */
export interface DeadlineBefore {
  at: string | null;
  reminderStage: number;
}

/** `game_events.payload` of a player's move. `deadlineBefore` is absent on moves stored before it existed. */
export interface MovePayload {
  move: unknown;
  deadlineBefore?: DeadlineBefore;
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
