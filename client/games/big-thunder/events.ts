/** An ambiguous click on the Big Thunder board: the mine asks which of the listed moves is meant. */
import { sendMove } from '../move-event';
import type { Choice } from './controls';

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
