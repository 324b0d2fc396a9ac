/**
 * What the turn bar says: the one thing to do now, in words, and which of the legal moves are
 * the bar's own buttons (the ones that belong to no spot on the board: Go, End turn, Pass).
 * The sentence is the game's own (its engine words' `prompt`, which come with its board:
 * client/games/words.ts), the same one the board's status line shows; a game without words (or
 * whose board has not loaded yet) gets the usual "Your turn." and "Waiting for Bo.". Pure (no
 * DOM), tested in test/client/game-page.test.ts.
 */
import { turnText } from '../format';
import { manifestFor } from '../games/list';
import { wordsFor } from '../games/words';
import { listNames, seatName, withNames } from '../names';
import type { GameStatus, LegalMove, SeatInfo } from '../api-types';

/** The legal moves the turn bar offers as buttons (the board offers them too). */
export function globalMoves(type: string, moves: readonly LegalMove[]): LegalMove[] {
  return manifestFor(type)?.barMoves(moves) ?? [];
}

/**
 * The game's sentence for the viewer about now, players named ("Your turn: choose Go or Refuel
 * (Bo too).", "Waiting for Ada to place a Labourer."): "(Bo too)" when others must act at the
 * same time. Null when the game has no words, or none for this view.
 */
export function gameSentence(
  type: string,
  view: unknown,
  yourSeat: number | null,
  seats: readonly SeatInfo[],
  activeSeats: readonly number[],
): string | null {
  const words = wordsFor(type);
  if (!words || view === null || typeof view !== 'object') return null;
  let text: string | null;
  try {
    text = words.prompt(view, yourSeat);
  } catch {
    // A view the words do not know (an older game's, a half-loaded one): the platform's line instead.
    text = null;
  }
  if (!text) return null;
  const named = withNames(text, seats);
  const yours = yourSeat !== null && activeSeats.includes(yourSeat);
  const others = yours ? activeSeats.filter((s) => s !== yourSeat).map((s) => seatName(seats, s)) : [];
  return others.length ? named.replace(/([.!?]?)$/, ` (${listNames(others)} too)$1`) : named;
}

/** Everything the bar's sentence depends on. */
export interface PromptInput {
  type: string;
  status: GameStatus;
  activeSeats: readonly number[];
  yourSeat: number | null;
  seats: readonly SeatInfo[];
  /** `state.view`: what the viewer sees, for the game's sentence. */
  view: unknown;
  /** The server says a bot seat must act now (`botsToMove`; the page polls fast until it has). */
  botsToMove: boolean;
  summary?: string | null;
}

/**
 * The sentence of the turn bar (and of the board's status line): while the game runs, "Bot is
 * playing…" while only bots must move, else the game's own sentence (`gameSentence`); otherwise,
 * and for a game without words, the page's usual line ("Your turn.", "Waiting for Bo.",
 * "Game over. …").
 */
export function promptText(p: PromptInput): string {
  const line = () => turnText(p.status, [...p.activeSeats], p.yourSeat, [...p.seats], p.summary);
  if (p.status === 'finished') {
    // The result's summary names seats by their pieces ("Player 2 wins", as records keep it);
    // a game's own sentence that names the winner as a player marker reads with names instead.
    const own = ownOverSentence(p.type, p.view, p.yourSeat);
    return own !== null && /\{\{p:\d+\}\}/.test(own) ? withNames(own, p.seats) : line();
  }
  if (p.status !== 'active') return line();
  const yours = p.yourSeat !== null && p.activeSeats.includes(p.yourSeat);
  if (!yours && p.botsToMove) return 'Bot is playing…';
  return gameSentence(p.type, p.view, p.yourSeat, p.seats, p.activeSeats) ?? line();
}

/** The game's sentence for a finished game before its markers are named (null: none, or a view it does not know). */
function ownOverSentence(type: string, view: unknown, yourSeat: number | null): string | null {
  if (view === null || typeof view !== 'object') return null;
  try {
    return wordsFor(type)?.prompt(view, yourSeat) ?? null;
  } catch {
    return null;
  }
}
