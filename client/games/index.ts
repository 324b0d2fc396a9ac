/**
 * The board plug-in point: which custom element draws each game type's board.
 *
 * ## Adding a board
 * 1. Write the board under `client/games/<game-id>/` as a Lit element (SVG, one component per
 *    file, tag prefixed by the game, e.g. `sm-galaxy-board`), and register it with
 *    `@customElement('sm-galaxy-board')`.
 * 2. Import that module below (so it is bundled and registered) and map the game's API id to
 *    the tag in `BOARDS`.
 *
 * ## The interface a board element implements
 * The game page creates the element once per game and then sets these **properties** (not
 * attributes) whenever new state arrives:
 *
 * | property     | type                        | meaning                                                      |
 * |--------------|-----------------------------|--------------------------------------------------------------|
 * | `view`       | game-specific JSON          | `state.view`: what this player may see (the engine's `view(state, seat)`) |
 * | `legalMoves` | `{ label: string; move: unknown }[]` | the moves this player may make now, as computed by the server; empty when it is not their turn |
 * | `yourSeat`   | `number \| null`            | the viewer's seat (0-based), or null for a spectator         |
 * | `seats`      | `{ seat, name, userId }[]`  | every seat at the table, with the player's display name      |
 * | `activeSeats`| `number[]`                  | seats that must act now (optional for a board to use)        |
 * | `status`     | `'open' \| 'active' \| 'finished' \| 'abandoned'` | the game's status (optional to use) |
 *
 * To make a move, the board dispatches
 * `new CustomEvent('mp-move', { detail: { move }, bubbles: true, composed: true })`
 * where `move` is (a deep-equal copy of) one of the `legalMoves[i].move` values. The page sends it
 * with the current version and an Idempotency-Key, handles 409/422, and sets new properties.
 * A board never derives rules itself: it highlights and enables only what `legalMoves` lists.
 * The page always shows the same moves as plain labelled buttons beside the board too, so a
 * board may offer a subset of them through its drawing (a click on a space, say).
 *
 * Boards are drawn as SVG from the view, colour seats with the CSS custom properties
 * `--mp-seat-0` .. `--mp-seat-5` (set in public/styles.css), load nothing from the network and
 * must fit a 375 px wide screen (scale the SVG with a viewBox).
 *
 * When a type has no board (or its element is not registered), the page falls back to
 * `<mp-generic-board>`, which shows the view as a readable list.
 */
import type { LegalMove, SeatInfo, GameStatus } from '../types';
import './big-thunder/bt-mountain-board';
import './snowdonia/sn-mountain-board';
import './space-mountain/sm-galaxy-board';

/** Properties the game page sets on a board element. */
export interface BoardProps {
  view: unknown;
  legalMoves: LegalMove[];
  yourSeat: number | null;
  seats: SeatInfo[];
  activeSeats: number[];
  status: GameStatus;
}

/** `detail` of the `mp-move` event a board dispatches. */
export interface MoveEventDetail {
  move: unknown;
}

export const MOVE_EVENT = 'mp-move';

/** Game type id -> board element tag. */
export const BOARDS: Readonly<Record<string, string>> = {
  'big-thunder': 'bt-mountain-board',
  snowdonia: 'sn-mountain-board',
  'space-mountain': 'sm-galaxy-board',
};

export const GENERIC_BOARD = 'mp-generic-board';

/** The tag that draws `type`'s board: its own when registered, the generic one otherwise. */
export function boardTagFor(type: string): string {
  const tag = Object.prototype.hasOwnProperty.call(BOARDS, type) ? BOARDS[type] : undefined;
  if (tag && customElements.get(tag)) return tag;
  return GENERIC_BOARD;
}
