/** How the board's parts speak: a listed move goes to the page, an ambiguous click asks the mine. */
import type { MoveEventDetail } from '../index';
import type { LegalMove } from '../../api-types';
import type { Choice } from './controls';

/**
 * `MOVE_EVENT` of client/games/index.ts, spelled out: index.ts imports this board, so importing
 * a value back from it would make a cycle (test/client/big-thunder-board.test.ts checks they agree).
 */
export const MOVE_EVENT = 'mp-move';

/** Sends one listed move to the game page (which posts it). */
export function sendMove(from: HTMLElement, lm: LegalMove): void {
  from.dispatchEvent(new CustomEvent<MoveEventDetail>(MOVE_EVENT, { detail: { move: lm.move }, bubbles: true, composed: true }));
}

/** A click that could mean more than one listed move: the mine shows the choices. */
export const CHOOSE_EVENT = 'bt-choose';

export interface ChooseDetail {
  /** What was clicked, e.g. "Mine shaft 4". */
  title: string;
  choices: Choice[];
}

/** Sends the only choice, or asks which one when there are several. */
export function chooseOrSend(from: HTMLElement, title: string, choices: readonly Choice[]): void {
  if (choices.length === 1) sendMove(from, choices[0].move);
  else if (choices.length > 1) {
    from.dispatchEvent(
      new CustomEvent<ChooseDetail>(CHOOSE_EVENT, { detail: { title, choices: [...choices] }, bubbles: true, composed: true }),
    );
  }
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
