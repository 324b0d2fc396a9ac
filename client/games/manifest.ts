/**
 * What the platform (game page, turn bar, lobby, start page, bench) needs of one game: its
 * manifest, exported by `client/games/<game-id>/index.ts` and listed once in `./list.ts`. No
 * platform file names a game id; it asks the manifest of `meta.type` (`manifestFor`).
 */
import type { GameWords } from '../../engine/core/types';
import type { LegalMove } from '../api-types';

/** What a board's module exports besides registering its element. */
export interface BoardModule {
  /**
   * The engine's words (`engine/games/<id>/words.ts`): the sentence for a seat (turn bar and
   * board status line alike) and the quantities "what changed" lists. They come with the board's
   * chunk, so a page carries the words of its own game only.
   */
  // biome-ignore lint/suspicious/noExplicitAny: each game's words read its own view; the platform hands them `state.view`
  words: GameWords<any>;
}

export interface GameManifest {
  /** The game's API type id (the engine's `Game.id`). */
  id: string;
  /**
   * The custom element that draws the board. Its module, the one `load` imports, is named after
   * it, so the build names its chunk public/chunks/<tag>-<hash>.js (scripts/build-client.ts).
   */
  tag: string;
  /**
   * Loads the board's own chunk, which registers `tag` and brings the game's words (its module
   * exports them as `words`). The only import of the board module outside its folder.
   */
  load(): Promise<BoardModule>;
  /** A picture of the board for the start page and "My games": a path under public/. */
  picture: string;
  /** The listed moves the turn bar offers as its own buttons: choices tied to no spot on the board (Go, End turn, Pass). */
  barMoves(moves: readonly LegalMove[]): LegalMove[];
}

/** The tag of the board of a game without a manifest (or whose board could not load): the view as a readable list. */
export const GENERIC_BOARD = 'mp-generic-board';
