import type { RngState, Seat } from '../../core';
import type { DieFace, EncounterKind, MissionLetter, SpaceItem } from './components';
import type { Decision, Facing, SpaceMountainOptions } from './moves';

/** Where a Rocket is on the Galaxy board and which way it faces. */
export interface Rocket {
  row: number;
  col: number;
  facing: Facing;
}

/** An Encounter token on its "!" space (index = index in `ENCOUNTER_SPACES`). */
export interface EncounterToken {
  kind: EncounterKind;
  faceUp: boolean;
}

/** One of a player's Mission cards: `covered[i]` = a Mission marker sits on space i. */
export interface MissionState {
  letter: MissionLetter;
  card: string;
  covered: boolean[];
  /** Flipped at a Refuel: complete, holds no markers, safe from running out of fuel. */
  faceDown: boolean;
}

/**
 * A choice a flying Rocket waits for during Step 4 (Move Rockets):
 * `turn` - left or right in the middle of a Turn die; `place` - where a Mission marker goes
 * (item = the Space Item, or `any` for an Any Item token); `return` - which approved Starport and
 * facing after Return to Starport; `wormhole` - the facing at the twin Wormhole.
 */
export type Pending = { kind: 'turn' } | { kind: 'place'; item: SpaceItem | 'any' } | { kind: 'return' } | { kind: 'wormhole' };

/** A Rocket's progress through the current roll: `die` = next die to resolve (3 = done). */
export interface Flight {
  die: number;
  pending: Pending | null;
}

/**
 * Phases of a round:
 * - `launch`: players place their Rockets on an approved Starport (first round: their own) with a facing;
 * - `plan`: Step 1, the secret simultaneous Go / Refuel decision;
 * - `move`: Step 4 after the roll, waiting for Rockets' choices (turns, markers, Starports, facings);
 * - `over`: someone won, or the round cap was reached.
 */
export type Phase = 'launch' | 'plan' | 'move' | 'over';

/**
 * The full state (plain JSON). Secret parts: `tokens[i].kind` while face down, `decisions` of other
 * seats while the plan phase runs, and `rng` (the future dice). `view` never sends them.
 */
export interface SpaceMountainState {
  players: number;
  options: SpaceMountainOptions;
  phase: Phase;
  /** Round number, from 1. */
  round: number;
  /** Rolls made in this round. */
  rolls: number;
  /** Holder of the Dice Launcher, Navigation dice and Fuel Gauge. */
  activePlayer: Seat;
  fuel: number;
  /** The last roll, bottom to top, or null before the first roll of the round. */
  dice: DieFace[] | null;
  /** Mission markers in the pool. */
  pool: number;
  tokens: EncounterToken[];
  /** Rocket per seat; null = not on the board (Refuelled, or not yet placed this round). */
  rockets: (Rocket | null)[];
  /** Secret Step 1 decisions of this Step 1, null = not yet decided. */
  decisions: (Decision | null)[];
  /** Decisions revealed at the last Step 1 of this round (null for seats not asked). */
  revealed: (Decision | null)[] | null;
  /** Step 4 progress per seat, null when the seat's Rocket is not moving this roll. */
  flights: (Flight | null)[];
  missions: MissionState[][];
  /** approved[seat][starport index] = that Starport token shows "Approved for Travel"; null in the Missions-only game. */
  approved: boolean[][] | null;
  /** Winners of the winning turn, best first (closest clockwise to the Active Player); empty otherwise. */
  winners: Seat[];
  /** Why the game ended. */
  ended: 'won' | 'round_cap' | null;
  rng: RngState;
}

/** A fast deep copy of the state (plain JSON, no sharing with the original); hot path of every move. */
export function cloneState(s: SpaceMountainState): SpaceMountainState {
  const n = s.players;
  const rockets: (Rocket | null)[] = new Array(n);
  const decisions: (Decision | null)[] = new Array(n);
  const flights: (Flight | null)[] = new Array(n);
  const missions: MissionState[][] = new Array(n);
  for (let i = 0; i < n; i++) {
    const r = s.rockets[i];
    rockets[i] = r ? { row: r.row, col: r.col, facing: r.facing } : null;
    decisions[i] = cloneDecision(s.decisions[i]);
    const f = s.flights[i];
    flights[i] = f ? { die: f.die, pending: f.pending ? { ...f.pending } : null } : null;
    const cards = s.missions[i];
    const out: MissionState[] = new Array(cards.length);
    for (let j = 0; j < cards.length; j++) {
      const m = cards[j];
      out[j] = { letter: m.letter, card: m.card, covered: m.covered.slice(), faceDown: m.faceDown };
    }
    missions[i] = out;
  }
  const tokens: EncounterToken[] = new Array(s.tokens.length);
  for (let i = 0; i < tokens.length; i++) tokens[i] = { kind: s.tokens[i].kind, faceUp: s.tokens[i].faceUp };
  const options: SpaceMountainOptions = {
    missionsOnly: s.options.missionsOnly,
    missions: s.options.missions,
    unknownSpace: s.options.unknownSpace,
  };
  // Only when chosen: the snapshots of games without choices keep no key (they replay byte for byte).
  if (s.options.rockets) options.rockets = s.options.rockets.slice();
  // Read at every launch, so it must survive the copy; absent in games from before rules version 3.
  if (s.options.starportBySeat !== undefined) options.starportBySeat = s.options.starportBySeat;
  return {
    players: n,
    options,
    phase: s.phase,
    round: s.round,
    rolls: s.rolls,
    activePlayer: s.activePlayer,
    fuel: s.fuel,
    dice: s.dice ? s.dice.map((d) => ({ movement: d.movement, orange: d.orange })) : null,
    pool: s.pool,
    tokens,
    rockets,
    decisions,
    revealed: s.revealed ? s.revealed.map(cloneDecision) : null,
    flights,
    missions,
    approved: s.approved ? s.approved.map((a) => a.slice()) : null,
    winners: s.winners.slice(),
    ended: s.ended,
    rng: s.rng.slice(),
  };
}

function cloneDecision(d: Decision | null): Decision | null {
  if (!d) return null;
  return d.type === 'go' ? { type: 'go' } : { type: 'refuel', flip: d.flip.slice() };
}
