import type { MoveEventDetail } from '../index';
import type { LegalMove } from '../../api-types';

/**
 * `MOVE_EVENT` of client/games/index.ts, spelled out: index.ts imports this board, so importing
 * a value back from it would make an import cycle (the client test checks that they agree).
 */
export const MOVE_EVENT = 'mp-move';

/**
 * Sends one of the server's legal moves, as the board interface says (client/games/index.ts): a
 * bubbling, composed `mp-move` event whose detail is exactly that entry's `move`.
 */
export function sendMove(from: EventTarget, legal: LegalMove): void {
  from.dispatchEvent(new CustomEvent<MoveEventDetail>(MOVE_EVENT, { detail: { move: legal.move }, bubbles: true, composed: true }));
}

/** Keyboard activation of an SVG `role="button"` (Enter or Space). */
export function onKey(run: () => void): (e: KeyboardEvent) => void {
  return (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      run();
    }
  };
}
