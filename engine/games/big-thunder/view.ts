import type { GameResult, Seat } from '../../core';
import { FATE_CARDS, SUPPLIES, TOWN_SHARES, TRAINS, UPGRADES, type CardAction, type FateKind, type UpgradeType } from './components';
import type { MarbleRun } from './state';
import { finalScore, gameResult, trackPosition } from './scoring';
import type { BigThunderState, PlayerState } from './state';
import { activeSeats } from './turn';

/** A Supplies card face (public once played, in the Market or in a discard pile; your own hand). */
export interface CardView {
  id: number;
  name: string;
  actions: CardAction[];
  discardToMove: boolean;
  /** A Starting Supplies card (border of that colour) rather than a Market card. */
  starting: boolean;
}

/** A Fate card face (flipped cards are public). */
export interface FateView {
  id: number;
  kind: FateKind;
  name: string;
  text: string;
}

/** One player as everyone sees them; `shares` only for the owner (and everyone once the game is over). */
export interface PlayerView {
  seat: Seat;
  /** Locomotive name, e.g. "U.R. Courageous". */
  name: string;
  colour: string;
  /** 0 = the player's own Town space, 1..7 = mine shaft. */
  position: number;
  cart: { gold: number; ore: number };
  tokens: number;
  /** True points (not wrapped); `track` is where the Locomotive stands on the 25-space loop. */
  score: number;
  track: { space: number; laps: number };
  upgrades: UpgradeType[];
  handCount: number;
  deckCount: number;
  /** Discard pile, face up, bottom first (the last card is on top). */
  discard: CardView[];
  shareCount: number;
  /** Values of the player's Town Shares: the owner's own, or everyone's after the game. */
  shares: number[] | null;
  reachedTarget: boolean;
  /** Final scoring breakdown once the game is over. */
  final: { track: number; gold: number; shares: number; total: number } | null;
}

/** The open decision, as everyone may see it. */
export type PendingView =
  /**
   * Claim Jumper: `waiting` seats still choose; `chosen` seats have chosen (what, nobody else
   * sees until the last choice is in, when the cards go to the discard piles together);
   * `yours` is the viewer's own face-down choice.
   */
  | { kind: 'claimJumper'; waiting: Seat[]; chosen: Seat[]; yours: CardView | null }
  | { kind: 'tunnel'; shaft: number }
  | { kind: 'removeUpgrade'; buying: UpgradeType }
  | { kind: 'chooseShare' };

/** What a seat (or a spectator, `you: null`) sees of a game of Big Thunder Mountain Railroad. */
export interface BigThunderView {
  players: number;
  you: Seat | null;
  /** Points that end the game (20, or 25 in the longer game). */
  target: number;
  turn: Seat;
  turnNumber: number;
  phase: 'play' | 'discard' | 'over';
  activeSeats: Seat[];
  endTriggeredBy: Seat | null;
  /** Mine shafts 1..7, in order. */
  mine: { shaft: number; gold: number; ore: number; water: number }[];
  /** Marbles in the basin (derivable by everyone from the visible marbles). */
  basin: { gold: number; ore: number; water: number; fate: number };
  /** The Fate marble while its card is being resolved, with the shaft it ran into. */
  fateMarble: { shaft: number } | null;
  /** Marbles run by the last marble-running step, and the last Fate card flipped. */
  lastRun: MarbleRun[];
  lastFate: FateView | null;
  seats: PlayerView[];
  /** Your hand (null for a spectator). */
  hand: CardView[] | null;
  /** The card being played by the active player and which of its actions are taken. */
  current: { card: CardView; used: boolean[] } | null;
  /** The active player's Town visit: Town actions taken so far (null when not in Town). */
  town: { sold: boolean; bought: boolean } | null;
  pending: PendingView | null;
  market: (CardView | null)[];
  suppliesCount: number;
  fateDeckCount: number;
  fateDiscard: FateView[];
  townSharesCount: number;
  /** Town Shares set aside next to the score track; `values` only for the player choosing one. */
  setAside: { count: number; values: number[] | null };
  /** Upgrade stacks: `stack` tiles left of each type. */
  upgrades: { type: UpgradeType; name: string; cost: number; text: string; stack: number }[];
  /** The result once the game is over (final scores and the ranking with its tie-breaker), else null. */
  result: GameResult | null;
}

/** A card's public face. */
export function cardView(id: number): CardView {
  const c = SUPPLIES[id];
  return { id, name: c.name, actions: c.actions.map((a) => ({ ...a })), discardToMove: c.discardToMove, starting: c.starting !== null };
}

function fateView(id: number): FateView {
  const f = FATE_CARDS[id];
  return { id, kind: f.kind, name: f.name, text: f.text };
}

function playerView(s: BigThunderState, p: PlayerState, seat: Seat, you: Seat | null): PlayerView {
  const over = s.phase === 'over';
  return {
    seat,
    name: TRAINS[seat].name,
    colour: TRAINS[seat].colour,
    position: p.position,
    cart: { gold: p.cart.gold, ore: p.cart.ore },
    tokens: p.tokens,
    score: p.score,
    track: trackPosition(p.score),
    upgrades: [...p.upgrades],
    handCount: p.hand.length,
    deckCount: p.deck.length,
    discard: p.discard.map(cardView),
    shareCount: p.shares.length,
    shares: over || seat === you ? p.shares.map((id) => TOWN_SHARES[id]) : null,
    reachedTarget: p.reachedTarget,
    final: over ? finalScore(p) : null,
  };
}

function pendingView(s: BigThunderState, you: Seat | null): PendingView | null {
  const p = s.pending;
  if (!p) return null;
  switch (p.kind) {
    case 'claimJumper': {
      const discards = p.discards ?? [];
      const yours = discards.find((d) => d.seat === you);
      return {
        kind: 'claimJumper',
        waiting: [...p.waiting],
        chosen: discards.map((d) => d.seat).sort((a, b) => a - b),
        yours: yours ? cardView(yours.card) : null,
      };
    }
    case 'tunnel':
      return { kind: 'tunnel', shaft: p.shaft };
    case 'removeUpgrade':
      return { kind: 'removeUpgrade', buying: p.buying };
    case 'chooseShare':
      return { kind: 'chooseShare' };
  }
}

/**
 * What `seat` may see, built field by field (never a stripped copy of the state). Hidden from
 * other seats: hands, deck order, the Market deck, the Fate deck, everyone's Town Shares (the
 * owner may look), the set-aside Town Shares (only the player choosing one looks) and the cards
 * chosen for a Claim Jumper until every choice is in; counts of them are public (rulebook, Setup
 * and Buy One Town Share).
 */
export function view(s: BigThunderState, seat: Seat | null): BigThunderView {
  const you = seat !== null && Number.isInteger(seat) && seat >= 0 && seat < s.players ? seat : null;
  const choosing = you !== null && s.pending?.kind === 'chooseShare' && s.turn === you;
  return {
    players: s.players,
    you,
    target: s.target,
    turn: s.turn,
    turnNumber: s.turnNumber,
    phase: s.phase,
    activeSeats: activeSeats(s),
    endTriggeredBy: s.endTriggeredBy,
    mine: s.mine.map((m, i) => ({ shaft: i + 1, gold: m.gold, ore: m.ore, water: m.water })),
    basin: { gold: s.basin.gold, ore: s.basin.ore, water: s.basin.water, fate: s.basin.fate },
    fateMarble: s.fateMarble ? { shaft: s.fateMarble.shaft } : null,
    lastRun: s.lastRun.map((r) => ({ marble: r.marble, shaft: r.shaft })),
    lastFate: s.lastFate === null ? null : fateView(s.lastFate),
    seats: s.seats.map((p, i) => playerView(s, p, i, you)),
    hand: you === null ? null : s.seats[you].hand.map(cardView),
    current: s.current ? { card: cardView(s.current.card), used: [...s.current.used] } : null,
    town: s.town ? { sold: s.town.sold, bought: s.town.bought } : null,
    pending: pendingView(s, you),
    market: s.market.map((id) => (id === null ? null : cardView(id))),
    suppliesCount: s.supplies.length,
    fateDeckCount: s.fateDeck.length,
    fateDiscard: s.fateDiscard.map(fateView),
    townSharesCount: s.townShares.length,
    setAside: { count: s.setAside.length, values: choosing ? s.setAside.map((id) => TOWN_SHARES[id]) : null },
    upgrades: UPGRADES.map((u) => ({ type: u.type, name: u.name, cost: u.cost, text: u.text, stack: s.upgradeStacks[u.type] })),
    result: gameResult(s),
  };
}
