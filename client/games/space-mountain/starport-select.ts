/** Asks the board to show the facings of a Starport (a selection, not a move). */
export const STARPORT_SELECT = 'sm-starport-select';
export type StarportSelectDetail = { starport: string };

export function selectStarport(from: EventTarget, starport: string): void {
  from.dispatchEvent(new CustomEvent<StarportSelectDetail>(STARPORT_SELECT, { detail: { starport }, bubbles: true, composed: true }));
}
