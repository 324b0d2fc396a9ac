import { MOVE_EVENT, type MoveEventDetail } from '../index';
import type { LegalMove } from '../../api-types';

/**
 * Sends one of the server's legal moves, as the board interface says (client/games/index.ts): a
 * bubbling, composed `mp-move` event whose detail is exactly that entry's `move`.
 */
export function sendMove(from: EventTarget, legal: LegalMove): void {
  from.dispatchEvent(new CustomEvent<MoveEventDetail>(MOVE_EVENT, { detail: { move: legal.move }, bubbles: true, composed: true }));
}

/** Asks the board to show the facings of a Starport (a selection, not a move). */
export const STARPORT_SELECT = 'sm-starport-select';
export type StarportSelectDetail = { starport: string };

export function selectStarport(from: EventTarget, starport: string): void {
  from.dispatchEvent(new CustomEvent<StarportSelectDetail>(STARPORT_SELECT, { detail: { starport }, bubbles: true, composed: true }));
}
