import type { RngState, Seat } from '../../core';
import type { MarbleKind, UpgradeType } from './components';
import type { BigThunderOptions } from './moves';

/** Marbles in one mine shaft, or in the basin (counts: marbles in a shaft have no order, F.A.Q.). */
export interface Marbles {
  gold: number;
  ore: number;
  water: number;
}

/** The basin behind the Mountain Peak: the marbles not yet run, including the Fate marble (0 or 1). */
export interface Basin extends Marbles {
  fate: number;
}

/** Gold in a Mine Cart (rulebook: "Raw Ore or Gold Nuggets", at most four). */
export interface CartLoad {
  gold: number;
  ore: number;
}

/** One player: Mine Cart, mat (Town Tokens, Upgrades), Locomotive and cards. */
export interface PlayerState {
  /** Track space of the Mine Cart: 0 = its own Town space, 1..7 = mine shaft. */
  position: number;
  cart: CartLoad;
  /** Town Tokens on the mat (0..5). */
  tokens: number;
  /** True points so far (the score track loops at 25; the total is kept here). */
  score: number;
  /** Upgrade tiles on the mat, in the order bought (at most 3). */
  upgrades: UpgradeType[];
  /** Supplies card ids: hand (secret), deck (face down, top = index 0), discard pile (face up, top = last). */
  hand: number[];
  deck: number[];
  discard: number[];
  /** Town Share ids, face down in front of the player (the owner may look). */
  shares: number[];
  /** Has reached or passed the target on the score track (and so has had the set-aside choice). */
  reachedTarget: boolean;
}

/** The card being played: its actions can be taken, in any order, until another card is played (F.A.Q.). */
export interface CardInPlay {
  card: number;
  /** `used[i]`: action i of the card has been taken. */
  used: boolean[];
}

/** What the Fate card resolution returns to once it is complete. */
export type AfterFate = { kind: 'turnStart' } | { kind: 'crosscut'; shaft: number };

/**
 * A decision that interrupts the turn; while it is open, only it can be answered.
 * - `claimJumper`: Fate card Claim Jumper; each seat in `waiting` discards one card (simultaneous).
 *   The chosen cards wait face down in `discards` (secret: `view` says only who has chosen) and
 *   go to the discard piles together once the last choice is in. `discards` is absent in
 *   snapshots stored before choices were kept secret; their choices are already on the piles.
 * - `tunnel`: Crosscut Tunnel, "you may move directly to the mine shaft it ran into".
 * - `removeUpgrade`: buying a fourth Upgrade: first choose one of yours to remove from the game.
 * - `chooseShare`: reached the target: look at the set-aside Town Shares and choose one.
 */
export type Pending =
  | { kind: 'claimJumper'; waiting: Seat[]; then: AfterFate; discards?: ClaimJumperDiscard[] }
  | { kind: 'tunnel'; shaft: number }
  | { kind: 'removeUpgrade'; buying: UpgradeType }
  | { kind: 'chooseShare' };

/** A card a seat set aside face down for the Claim Jumper, revealed when every choice is in. */
export interface ClaimJumperDiscard {
  seat: Seat;
  card: number;
}

/** A marble that ran out of the mountain, and the shaft it ran into. */
export interface MarbleRun {
  marble: MarbleKind;
  shaft: number;
}

/**
 * The full state of a game (plain JSON). Secret parts, which `view` never sends to other seats:
 * `hand`, `deck` order, `shares` of each player, `supplies` (Market deck), `fateDeck`,
 * `townShares` (deck), `setAside`, `rng`.
 */
export interface BigThunderState {
  players: number;
  /** `fateOnEmptyBasin` and `firstPlayer` are absent in states of games set up under rules version 1. */
  options: Omit<BigThunderOptions, 'fateOnEmptyBasin' | 'firstPlayer'> & {
    fateOnEmptyBasin?: boolean;
    firstPlayer?: BigThunderOptions['firstPlayer'];
  };
  /** Points that end the game: 20 (star space) or 25 (longer game). */
  target: number;
  rng: RngState;
  basin: Basin;
  /** Mine shafts 1..7 at index 0..6. */
  mine: Marbles[];
  /** The Fate marble when it is out of the basin (waiting for its Fate card to resolve), with its shaft. */
  fateMarble: { shaft: number } | null;
  seats: PlayerState[];
  /** Whose turn it is. */
  turn: Seat;
  /** Turns started so far (1 = the first player's first turn). */
  turnNumber: number;
  /** `play`: On Your Turn 2 (play cards, Town actions); `discard`: On Your Turn 3 (keep or discard, then draw); `over`. */
  phase: 'play' | 'discard' | 'over';
  current: CardInPlay | null;
  /** The active player's current Town visit (null when their cart is not in Town). */
  town: { sold: boolean; bought: boolean } | null;
  pending: Pending | null;
  /** The Market: three face-up slots (null = empty because the Supplies deck ran out). */
  market: (number | null)[];
  /** The Supplies deck (face down, top = index 0). */
  supplies: number[];
  fateDeck: number[];
  fateDiscard: number[];
  /** The Town Shares deck (face down, top = index 0). */
  townShares: number[];
  /** Town Shares set aside next to the score track at setup (face down). */
  setAside: number[];
  /** Upgrade tiles left in each stack. */
  upgradeStacks: Record<UpgradeType, number>;
  /** Upgrade tiles in the game box (unused at setup, or removed from a mat). */
  upgradeBox: Record<UpgradeType, number>;
  /** Supplies cards in the game box (Starting Supplies of unused colours). */
  suppliesBox: number[];
  /** Marbles run by the last move that ran any (for the board), and the last Fate card flipped. */
  lastRun: MarbleRun[];
  lastFate: number | null;
  /** Seat whose Locomotive first reached the target: each other player then takes one final turn. */
  endTriggeredBy: Seat | null;
}

/** A deep copy of the state, field by field (faster than a generic clone on the hot path). */
export function cloneState(s: BigThunderState): BigThunderState {
  return {
    players: s.players,
    options: { ...s.options },
    target: s.target,
    rng: [...s.rng],
    basin: { ...s.basin },
    mine: s.mine.map((m) => ({ ...m })),
    fateMarble: s.fateMarble ? { ...s.fateMarble } : null,
    seats: s.seats.map((p) => ({
      position: p.position,
      cart: { ...p.cart },
      tokens: p.tokens,
      score: p.score,
      upgrades: [...p.upgrades],
      hand: [...p.hand],
      deck: [...p.deck],
      discard: [...p.discard],
      shares: [...p.shares],
      reachedTarget: p.reachedTarget,
    })),
    turn: s.turn,
    turnNumber: s.turnNumber,
    phase: s.phase,
    current: s.current ? { card: s.current.card, used: [...s.current.used] } : null,
    town: s.town ? { ...s.town } : null,
    pending: clonePending(s.pending),
    market: [...s.market],
    supplies: [...s.supplies],
    fateDeck: [...s.fateDeck],
    fateDiscard: [...s.fateDiscard],
    townShares: [...s.townShares],
    setAside: [...s.setAside],
    upgradeStacks: { ...s.upgradeStacks },
    upgradeBox: { ...s.upgradeBox },
    suppliesBox: [...s.suppliesBox],
    lastRun: s.lastRun.map((r) => ({ ...r })),
    lastFate: s.lastFate,
    endTriggeredBy: s.endTriggeredBy,
  };
}

function clonePending(p: Pending | null): Pending | null {
  if (!p) return null;
  if (p.kind === 'claimJumper') {
    const copy: Pending = { kind: 'claimJumper', waiting: [...p.waiting], then: { ...p.then } };
    if (p.discards) copy.discards = p.discards.map((d) => ({ seat: d.seat, card: d.card }));
    return copy;
  }
  return { ...p };
}
