/**
 * The board plug-in point: each game's manifest (client/games/<game-id>/index.ts, listed in
 * ./list.ts) names the custom element that draws its board and loads its chunk.
 *
 * ## Adding a board
 * 1. Write the board under `client/games/<game-id>/` as a Lit element (SVG, one component per
 *    file, tag prefixed by the game, e.g. `sm-galaxy-board`), registered with
 *    `@customElement('sm-galaxy-board')` in a module named after the tag.
 * 2. Give the manifest its `tag` and a `load` that dynamically imports that module: each board
 *    is its own chunk (public/chunks/<tag>-<hash>.js), which the game page loads with
 *    `loadBoard(type)` for its game only. Import nothing from a board module statically outside
 *    its folder, or esbuild puts it back into the main bundle.
 *
 ## The interface a board element implements
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
 * | `prompt`     | `string`                    | the sentence about now, the turn bar's (the game's words' `prompt`, names filled in): the board's status line |
 *
 * A board extends `GameBoard` (./board.ts), which declares these properties. To make a move, it
 * (or any of its parts) calls `sendMove` (./move-event.ts): a bubbling, composed `mp-move` event
 * whose `move` is one of the `legalMoves[i].move` values. The page sends it
 * with the current version and an Idempotency-Key, handles 409/422, and sets new properties.
 * A board never derives rules itself: it highlights and enables only what `legalMoves` lists.
 * The page always shows the same moves as plain labelled buttons beside the board too, so a
 * board may offer a subset of them through its drawing (a click on a space, say).
 *
 * Boards are drawn as SVG from the view, colour seats with `seatColor(seat)` (client/seat-colours.ts:
 * the page's `--mp-seat-N`), frame each player's mat with `playerMat` (./player-mat.ts), name
 * players with client/names.ts, load nothing from the network and must fit a 375 px wide screen
 * (scale the SVG with a viewBox).
 *
 * When a type has no board (or its element is not registered), the page falls back to
 * `<mp-generic-board>`, which shows the view as a readable list.
 */
import { manifestFor } from './list';
import { GENERIC_BOARD } from './manifest';
import { setWords } from './words';
// Parts every board uses, kept in the main chunk: a board's chunk then needs no second round trip.
import '../components/mp-board-key';
import '../components/mp-tip';
import './board';
import './player-mat';

export type { BoardProps } from './board';
export { MOVE_EVENT, sendMove, type MoveEventDetail } from './move-event';

export { GENERIC_BOARD };

const loading = new Map<string, Promise<string>>();

/**
 * Loads `type`'s board chunk once and resolves to the tag to create: the board's own tag, or
 * `GENERIC_BOARD` for a type without a board or when the chunk cannot be loaded (offline on a
 * first visit, a deployment that replaced it): the generic board and the page's move buttons keep
 * the game playable. A failed load is tried again on the next call. Never rejects.
 */
export function loadBoard(type: string): Promise<string> {
  const load = manifestFor(type)?.load;
  if (!load) return Promise.resolve(GENERIC_BOARD);
  let p = loading.get(type);
  if (!p) {
    p = load().then(
      (mod) => {
        setWords(type, mod.words);
        return boardTagFor(type);
      },
      (err: unknown) => {
        loading.delete(type);
        console.warn(
          `Mountain Post: the ${type} board could not be loaded, showing the plain view: ${err instanceof Error ? err.message : String(err)}`,
        );
        return GENERIC_BOARD;
      },
    );
    loading.set(type, p);
  }
  return p;
}

/** The tag that draws `type`'s board: its own once registered (see `loadBoard`), the generic one otherwise. */
export function boardTagFor(type: string): string {
  const tag = manifestFor(type)?.tag;
  if (tag && customElements.get(tag)) return tag;
  return GENERIC_BOARD;
}
