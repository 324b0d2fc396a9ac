/**
 * What the turn bar says: the one thing to do now, in words ("Choose Go or Refuel", "Play cards,
 * then End turn", "Waiting for Bo", "Bot is playing…"), and which of the legal moves are the
 * bar's own buttons (the ones that belong to no spot on the board: Go, End turn, Pass). Pure (no
 * DOM), tested in test/client/game-page.test.ts. The words follow each rulebook; a game without an
 * entry here gets the usual "Your turn.".
 */
import { listNames, seatName, turnText } from '../format';
import type { GameStatus, LegalMove, SeatInfo } from '../types';

/** What a game's prompt reads: the moves open to the viewer now (never empty when it is asked). */
export type GamePrompt = (moves: readonly LegalMove[]) => string | null;

function moveType(lm: LegalMove): string | null {
  const m = lm?.move as { type?: unknown } | null;
  return m && typeof m === 'object' && typeof m.type === 'string' ? m.type : null;
}

function typesOf(moves: readonly LegalMove[]): Set<string> {
  return new Set(moves.map(moveType).filter((t): t is string => t !== null));
}

/** Space Mountain: Step 1 first, then a Rocket's flight. */
const spaceMountain: GamePrompt = (moves) => {
  const t = typesOf(moves);
  if (t.has('go') || t.has('refuel')) return 'Choose Go or Refuel';
  if (t.has('starport')) return 'Put your Rocket on a Starport and choose its facing';
  if (t.has('turn')) return 'Turn your Rocket left or right';
  if (t.has('place')) return 'Place a marker on a Mission';
  if (t.has('face')) return 'Choose a facing after the Wormhole';
  return null;
};

/** Big Thunder Mountain Railroad: decisions that interrupt the turn first, then the turn itself. */
const bigThunder: GamePrompt = (moves) => {
  const t = typesOf(moves);
  if (t.has('claimJumper')) return 'Claim Jumper! Discard one card from your hand';
  if (t.has('tunnel')) return 'Take the Crosscut Tunnel, or stay';
  if (t.has('chooseShare')) return 'Choose a set-aside Town Share';
  if (t.has('removeUpgrade')) return 'Choose an Upgrade to remove';
  if (t.has('play') || t.has('discardToMove')) return 'Play cards, then End turn';
  if (['move', 'pick', 'pan', 'bail', 'resupply', 'crosscut'].some((x) => t.has(x))) return "Use your card's actions, then End turn";
  if (t.has('sell') || t.has('buyUpgrade') || t.has('buyShare')) return 'Take Town actions, then End turn';
  if (t.has('discard')) return 'Keep or discard cards, then End turn';
  if (t.has('endTurn')) return 'End turn';
  return null;
};

const SNOWDONIA_ACTIONS: readonly [string, string][] = [
  ['take-cubes', 'Take cubes from the Stock Yard'],
  ['convert', 'Convert at the Works'],
  ['lay-track', 'Lay Track'],
  ['build-station', 'Build a Station'],
  ['buy-train', 'Buy a Train'],
  ['take-contract', 'Take a Contract'],
];

/** Snowdonia: Assign Labourers, Contracts, the Action areas, Train maintenance. */
const snowdonia: GamePrompt = (moves) => {
  const t = typesOf(moves);
  if (t.has('place') || t.has('hire-temporary')) return 'Place a Labourer';
  if (t.has('activate-contract') || t.has('pass-contracts')) return 'Activate a Contract, or pass';
  if (t.has('maintain-train')) return 'Pay 1 Steel Bar for your Train, or let it go';
  const action = SNOWDONIA_ACTIONS.find(([x]) => t.has(x));
  if (action) return t.has('skip') ? `${action[1]}, or skip` : action[1];
  if (t.has('skip')) return 'Skip this action';
  return null;
};

/** Game type id -> its prompt. */
export const PROMPTS: Readonly<Record<string, GamePrompt>> = {
  'space-mountain': spaceMountain,
  'big-thunder': bigThunder,
  snowdonia,
};

/** Move types the turn bar shows as its own buttons, per game: choices tied to no spot on the board. */
const GLOBAL_MOVES: Readonly<Record<string, (lm: LegalMove) => boolean>> = {
  'space-mountain': (lm) => {
    const m = lm.move as { type?: string; flip?: unknown[] };
    return m?.type === 'go' || (m?.type === 'refuel' && Array.isArray(m.flip) && m.flip.length === 0);
  },
  'big-thunder': (lm) => moveType(lm) === 'endTurn',
  snowdonia: (lm) => ['pass-contracts', 'skip'].includes(moveType(lm) ?? ''),
};

/** The legal moves the turn bar offers as buttons (the board offers them too). */
export function globalMoves(type: string, moves: readonly LegalMove[]): LegalMove[] {
  const pick = Object.hasOwn(GLOBAL_MOVES, type) ? GLOBAL_MOVES[type] : undefined;
  return pick ? moves.filter(pick) : [];
}

/** Everything the bar's sentence depends on. */
export interface PromptInput {
  type: string;
  status: GameStatus;
  activeSeats: readonly number[];
  yourSeat: number | null;
  seats: readonly SeatInfo[];
  legalMoves: readonly LegalMove[];
  /** The server says a bot seat must act now (`botsToMove`; the page polls fast until it has). */
  botsToMove?: boolean;
  summary?: string | null;
}

/** True when every seat that must act is played by the built-in bot. */
export function botsToAct(activeSeats: readonly number[], seats: readonly SeatInfo[], yourSeat: number | null): boolean {
  const others = activeSeats.filter((s) => s !== yourSeat);
  return others.length > 0 && others.length === activeSeats.length && others.every((s) => seats.find((x) => x.seat === s)?.isBot);
}

/**
 * The sentence of the turn bar. The viewer's turn in a game with words of its own gives them
 * ("Choose Go or Refuel."); everything else is the page's usual line ("Your turn.", "Waiting for
 * Bo."), and "Bot is playing…" while bots must move.
 */
export function promptText(p: PromptInput): string {
  const line = () => turnText(p.status, [...p.activeSeats], p.yourSeat, [...p.seats], p.summary);
  if (p.status !== 'active') return line();
  const yours = p.yourSeat !== null && p.activeSeats.includes(p.yourSeat);
  if (!yours && (p.botsToMove || botsToAct(p.activeSeats, p.seats, p.yourSeat))) return 'Bot is playing…';
  const own = Object.hasOwn(PROMPTS, p.type) ? PROMPTS[p.type] : undefined;
  const prompt = yours && p.legalMoves.length && own ? own(p.legalMoves) : null;
  if (!prompt) return line();
  const others = p.activeSeats.filter((s) => s !== p.yourSeat).map((s) => seatName([...p.seats], s));
  return `${prompt}${others.length ? ` (${listNames(others)} too)` : ''}.`;
}
