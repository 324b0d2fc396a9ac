/**
 * The one way a move leaves a board (and the turn bar, and the move list): a bubbling, composed
 * `mp-move` event whose detail is exactly one of the server's listed moves. The game page listens
 * for it, sends it with the version and an Idempotency-Key, and handles 409/422.
 */
import type { LegalMove } from '../api-types';

export const MOVE_EVENT = 'mp-move';

/** `detail` of the `mp-move` event. */
export interface MoveEventDetail {
  move: unknown;
}

/** Sends one listed move from `from` (a board, one of its parts, the turn bar) to the game page. */
export function sendMove(from: EventTarget, listed: Pick<LegalMove, 'move'>): void {
  from.dispatchEvent(new CustomEvent<MoveEventDetail>(MOVE_EVENT, { detail: { move: listed.move }, bubbles: true, composed: true }));
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

declare global {
  interface HTMLElementEventMap {
    'mp-move': CustomEvent<MoveEventDetail>;
  }
}
