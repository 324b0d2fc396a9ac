/**
 * The words of Big Thunder Mountain Railroad for every surface (`GameWords`): the rulebook's
 * names of the card actions, marbles and spaces, the sentence for a seat about what happens now,
 * the words for the quantities "what changed" reports, and the printed board's few numbers a
 * drawing needs. No tables of cards and no rules, type imports only: a client carries this module
 * in its first bundle. `components.ts` and `movement.ts` re-export what the rules read.
 */
import type { GameWords, Seat } from '../../core/types';
import { playerMarker, resultSentence } from '../../core/log-names';
import type { ActionKind, CardAction, MarbleKind } from './components';
import type { BigThunderView } from './view';

// ---------------------------------------------------------------------------------------------
// The printed board

/** Mine shafts are numbered 1..7 clockwise from Town; Town is space 0 (rulebook, Mine Cart (Move): "eight spaces"). */
export const SHAFTS = 7;
/** Spaces on the track: Town + 7 mine shafts (rulebook, Card Actions: Mine Cart (Move)). */
export const TRACK_SPACES = 8;
/** Town's space number on the track. */
export const TOWN = 0;
/** A Mine Cart holds up to four gold (rulebook, Pick for Gold: IMPORTANT). */
export const CART_CAPACITY = 4;
/** Town Tokens a mat holds at one time (rulebook, Bail Water). */
export const MAX_TOWN_TOKENS = 5;
/** Upgrades a mat holds at one time (rulebook, Upgrades). */
export const MAX_UPGRADES = 3;
/** Score track loops after 25 (rulebook, End of the Game NOTE); its start space is 0. */
export const SCORE_TRACK_LENGTH = 25;

/** "Town" or "mine shaft 4". */
export function spaceName(position: number): string {
  return position === TOWN ? 'Town' : `mine shaft ${position}`;
}

/**
 * The space `spaces` steps clockwise from `position` (rulebook, Mine Cart (Move): eight spaces,
 * seven mine shafts and Town; other players' Town spaces are not counted). Carts never move
 * counter-clockwise (F.A.Q.).
 */
export function clockwise(position: number, spaces: number): number {
  return (position + spaces) % TRACK_SPACES;
}

// ---------------------------------------------------------------------------------------------
// Names

/** Rulebook names of the card actions. */
export const ACTION_NAMES: Readonly<Record<ActionKind, string>> = {
  move: 'Move',
  pick: 'Pick for Gold',
  pan: 'Pan for Gold',
  bail: 'Bail Water',
  resupply: 'Resupply',
  crosscut: 'Crosscut Tunnel',
};

/** Rulebook names of the marbles. */
export const MARBLE_NAMES: Readonly<Record<MarbleKind, string>> = {
  gold: 'Gold Nugget',
  ore: 'Raw Ore',
  water: 'Water',
  fate: 'Fate marble',
};

/** "Move 2", "Pick for Gold". */
export function actionName(a: CardAction): string {
  return a.kind === 'move' ? `Move ${a.spaces}` : ACTION_NAMES[a.kind];
}

/** "A", "A and B", "A, B and C" (`word` "or" for a choice). */
function list(items: readonly string[], word = 'and'): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1]}`;
}

/** Players as markers, the viewer left out. */
function others(seats: readonly Seat[], you: Seat | null): string {
  return list(seats.filter((s) => s !== you).map(playerMarker));
}

/** The Claim Jumper window: the choices are secret until the last is in (others' only as "has chosen"). */
function claimJumper(p: Extract<BigThunderView['pending'], { kind: 'claimJumper' }>, you: Seat | null): string {
  if (you !== null && p.waiting.includes(you)) return 'Claim Jumper! Discard one card from your hand.';
  const waitingFor = `waiting for ${others(p.waiting, you)} to discard a card`;
  if (p.yours) return `Claim Jumper: you chose ${p.yours.name}, hidden until everyone has chosen; ${waitingFor}.`;
  const chosen = p.chosen.filter((s) => s !== you);
  return `Claim Jumper: ${chosen.length ? `${others(chosen, you)} ${chosen.length === 1 ? 'has' : 'have'} chosen; ` : ''}${waitingFor}.`;
}

/** What the player on turn may still do in On Your Turn 2 (Play Cards), in words. */
function openSteps(v: BigThunderView, seat: Seat): string[] {
  const hand = v.you === seat ? v.hand : null;
  const steps: string[] = [];
  if (!hand || hand.length) steps.push('play cards');
  if (v.current?.used.some((u) => !u)) steps.push("use your card's actions");
  if (v.town && !(v.town.sold && v.town.bought)) steps.push('take Town actions');
  return steps;
}

/**
 * The sentence for `seat` about now ("Your turn: play cards or take Town actions, then End
 * turn.", "{{p:1}}'s turn (final round): playing cards.", "Claim Jumper! Discard one card from
 * your hand."). Reads only what the view shows `seat`: others' Claim Jumper choices stay secret.
 */
export function prompt(v: BigThunderView, seat: Seat | null): string {
  if (v.phase === 'over') {
    const text = resultSentence(v.result, 'points');
    return text ? `Game over. ${text}` : "Game over: the final scoring is on each player's mat.";
  }
  const you = seat !== null && Number.isInteger(seat) && seat >= 0 && seat < v.seats.length ? seat : null;
  const p = v.pending;
  if (p?.kind === 'claimJumper') return claimJumper(p, you);
  const yours = v.turn === you;
  const head = `${yours ? 'Your turn' : `${playerMarker(v.turn)}'s turn`}${v.endTriggeredBy !== null ? ' (final round)' : ''}: `;
  if (p?.kind === 'tunnel') return `${head}${yours ? 'take' : 'taking'} the Crosscut Tunnel to mine shaft ${p.shaft}, or stay?`;
  if (p?.kind === 'chooseShare') return `${head}${yours ? 'choose' : 'choosing'} a set-aside Town Share.`;
  if (p?.kind === 'removeUpgrade') return `${head}${yours ? 'choose' : 'choosing'} an Upgrade to remove.`;
  if (v.phase === 'discard') return `${head}${yours ? 'keep or discard cards, then End turn' : 'keeping or discarding cards'}.`;
  if (!yours) return `${head}playing cards${v.town ? ' and taking Town actions' : ''}.`;
  const steps = openSteps(v, v.turn);
  return steps.length ? `${head}${list(steps, 'or')}, then End turn.` : `${head}End turn when you are done.`;
}

/** The quantities of a player a returning player checks, in the rulebook's words. */
export const QUANTITY_WORDS: Readonly<Record<string, string>> = {
  score: 'points',
  position: 'Mine Cart space',
  'cart.gold': 'Gold Nuggets in the Mine Cart',
  'cart.ore': 'Raw Ore in the Mine Cart',
  tokens: 'Town Tokens',
  'upgrades(count)': 'Upgrades',
  shareCount: 'Town Shares',
  handCount: 'cards in hand',
};

/** Big Thunder Mountain Railroad's words, as the platform and the client read them. */
export const bigThunderWords: GameWords<BigThunderView> = {
  id: 'big-thunder',
  title: 'Big Thunder Mountain Railroad',
  prompt,
  quantities: QUANTITY_WORDS,
};
