import { playMove, type LogEntry, type MoveResult, type Seat } from '../../../engine/core';
import { spaceMountain } from '../../../engine/games/space-mountain';
import {
  ENCOUNTER_SPACES,
  MISSION_MARKERS,
  STARPORTS,
  missionCard,
  type DieFace,
  type EncounterKind,
  type MissionLetter,
  type StarportId,
} from '../../../engine/games/space-mountain/components';
import type { Facing, SpaceMountainMove, SpaceMountainOptions } from '../../../engine/games/space-mountain/moves';
import { resolveRoll } from '../../../engine/games/space-mountain/round';
import { cloneState, type SpaceMountainState } from '../../../engine/games/space-mountain/state';

export const SEED = '0123456789abcdef0123456789abcdef';

/** A square by its log name: column letter A-I (west to east), row 1-9 (north to south). "C2" = row 1, col 2. */
export function sq(name: string): { row: number; col: number } {
  return { row: Number(name.slice(1)) - 1, col: 'ABCDEFGHI'.indexOf(name[0]) };
}

/** A fresh game in the launch phase. */
export function newGame(players = 2, options: Partial<SpaceMountainOptions> = {}, seed = SEED): SpaceMountainState {
  return spaceMountain.setup({ players, options: options as SpaceMountainOptions, seed });
}

/** Plays a move through the platform path (seat, shape and legality checks). */
export function play(s: SpaceMountainState, seat: Seat, move: SpaceMountainMove): MoveResult<SpaceMountainState> {
  return playMove(spaceMountain, s, seat, move) as MoveResult<SpaceMountainState>;
}

/** Every seat places its Rocket on its home Starport (its one legal Starport) facing `facing`: the game reaches Step 1. */
export function launched(players = 2, options: Partial<SpaceMountainOptions> = {}, facing: Facing = 'north'): SpaceMountainState {
  let s = newGame(players, options);
  for (let seat = 0; seat < players; seat++) {
    const home = spaceMountain.legalMoves(s, seat).find((m) => m.type === 'starport' && m.facing === facing)!;
    s = play(s, seat, home).state;
  }
  return s;
}

/** Description of one player's Mission card for `givenGalaxy`: the card id and how many spaces are covered (leftmost first) or exact flags. */
export interface GivenMission {
  card?: string;
  covered?: number | boolean[];
  faceDown?: boolean;
}

/** What a scenario changes from a launched game (Step 1, every Rocket on its home Starport facing north). */
export interface Given {
  players?: number;
  options?: Partial<SpaceMountainOptions>;
  /** Rocket per seat: a square name and facing, or null for a Rocket off the board (Refuelled). */
  rockets?: Record<number, { at: string; facing: Facing } | null>;
  /** Encounter tokens by square name; the token of that kind is swapped in so the 16 tokens stay the same set. */
  tokens?: Record<string, { kind: EncounterKind; faceUp?: boolean }>;
  missions?: Record<number, Partial<Record<MissionLetter, GivenMission>>>;
  approved?: Record<number, StarportId[]>;
  fuel?: number;
  activePlayer?: Seat;
}

/**
 * Builds a scenario state (like `givenMine` in docs/style.md) instead of playing many moves: start from
 * a launched game and apply the given changes. The pool is recomputed so 25 markers are conserved.
 */
export function givenGalaxy(g: Given = {}): SpaceMountainState {
  const s = cloneState(launched(g.players ?? 2, g.options ?? {}));
  for (const [seat, r] of Object.entries(g.rockets ?? {})) {
    s.rockets[Number(seat)] = r ? { ...sq(r.at), facing: r.facing } : null;
  }
  for (const [name, t] of Object.entries(g.tokens ?? {})) {
    const { row, col } = sq(name);
    const i = ENCOUNTER_SPACES.findIndex((e) => e.row === row && e.col === col);
    if (i < 0) throw new Error(`${name} is not an Encounter token space`);
    const j = s.tokens.findIndex((x, k) => x.kind === t.kind && !Object.keys(g.tokens!).some((n) => k === spaceIndex(n)));
    if (j >= 0) [s.tokens[i], s.tokens[j]] = [s.tokens[j], s.tokens[i]];
    s.tokens[i] = { kind: t.kind, faceUp: t.faceUp ?? false };
  }
  for (const [seat, cards] of Object.entries(g.missions ?? {})) {
    for (const [letter, m] of Object.entries(cards ?? {})) {
      const card = s.missions[Number(seat)].find((c) => c.letter === letter)!;
      if (m.card) card.card = m.card;
      const size = missionCard(card.card).pictures.length;
      if (typeof m.covered === 'number') card.covered = Array.from({ length: size }, (_, i) => i < (m.covered as number));
      else if (m.covered) card.covered = [...m.covered];
      else card.covered = Array(size).fill(false);
      if (m.faceDown !== undefined) card.faceDown = m.faceDown;
      if (card.faceDown) card.covered = Array(size).fill(false);
    }
  }
  for (const [seat, ids] of Object.entries(g.approved ?? {})) {
    s.approved![Number(seat)] = STARPORTS.map((p) => ids.includes(p.id));
  }
  if (g.fuel !== undefined) s.fuel = g.fuel;
  if (g.activePlayer !== undefined) s.activePlayer = g.activePlayer;
  s.pool = MISSION_MARKERS - s.missions.flat().reduce((n, m) => n + m.covered.filter(Boolean).length, 0);
  return s;
}

function spaceIndex(name: string): number {
  const { row, col } = sq(name);
  return ENCOUNTER_SPACES.findIndex((e) => e.row === row && e.col === col);
}

/** Dice from a short notation, bottom die first: "T S* T" = Turn, orange Straight, Turn. */
export function dice(notation: string): DieFace[] {
  return notation
    .trim()
    .split(/\s+/)
    .map((d) => ({ movement: d[0] === 'S' ? ('straight' as const) : ('turn' as const), orange: d.endsWith('*') }));
}

/**
 * Steps 2-4 with chosen dice: as if every player still flying chose All Systems Go! and the
 * Active Player rolled `notation`.
 */
export function rollDice(s: SpaceMountainState, notation: string): { state: SpaceMountainState; log: LogEntry[]; flipped: boolean } {
  const next = cloneState(s);
  next.decisions = next.decisions.map(() => null);
  const log: LogEntry[] = [];
  const flipped = resolveRoll(next, dice(notation), log);
  return { state: next, log, flipped };
}

/** The token on a square (by name). */
export function tokenAt(s: SpaceMountainState, name: string) {
  return s.tokens[spaceIndex(name)];
}

/** Mission markers in the pool + on cards + held by Rockets waiting to place one: always 25. */
export function markersAccounted(s: SpaceMountainState): number {
  let n = s.pool;
  for (const cards of s.missions) for (const m of cards) for (const c of m.covered) if (c) n++;
  for (const f of s.flights) if (f?.pending?.kind === 'place') n++;
  return n;
}

/** Where a Rocket is, as a square name and facing ("G2 south"), or null. */
export function rocketAt(s: SpaceMountainState, seat: Seat): string | null {
  const r = s.rockets[seat];
  return r ? `${'ABCDEFGHI'[r.col]}${r.row + 1} ${r.facing}` : null;
}

/** The `IllegalMove` code a call throws (fails the test if it does not throw one). */
export function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e && typeof e === 'object' && 'code' in e) return (e as { code: string }).code;
    throw e;
  }
  throw new Error('expected an IllegalMove');
}
