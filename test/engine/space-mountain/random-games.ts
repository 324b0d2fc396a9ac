/**
 * Random legal games for the property tests: a fast seeded chooser walks `legalMoves`, mixing
 * uniform random choices with the built-in bot (`greed` = chance of a bot move), so games cover
 * both wild play and games that reach a winner.
 */
import type { Seat } from '../../../engine/core';
import { spaceMountain } from '../../../engine/games/space-mountain';
import type { SpaceMountainMove, SpaceMountainOptions } from '../../../engine/games/space-mountain/moves';
import type { SpaceMountainState } from '../../../engine/games/space-mountain/state';
import { markersAccounted } from './helpers';

const game = spaceMountain;

/** Test-side cap on moves per random game (the engine's own safeguard is its round cap). */
export const MOVE_CAP = 3000;

/** A small fast PRNG for choosing moves (mulberry32). */
export function chooser(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RandomGame {
  players: number;
  options: SpaceMountainOptions;
  seed: string;
  moves: { seat: Seat; move: SpaceMountainMove }[];
  state: SpaceMountainState;
  outcome: 'won' | 'round_cap' | 'move_cap';
}

/** Optional per-step hook: the state before, the mover, the move and its result. */
export type StepHook = (
  before: SpaceMountainState,
  seat: Seat,
  move: SpaceMountainMove,
  after: SpaceMountainState,
  rand: () => number,
) => void;

/**
 * Plays one random legal game with `applyMove`, checking cheap invariants after every move:
 * someone can act while the game runs, 25 Mission markers are conserved, the Fuel Gauge stays in
 * 1..6, flipped tokens and approved Starports never go back.
 */
export function playRandomGame(
  players: number,
  options: SpaceMountainOptions,
  seed: string,
  pick: number,
  greed: number,
  hook?: StepHook,
): RandomGame {
  const rand = chooser(pick);
  let s = game.setup({ players, options, seed });
  const moves: RandomGame['moves'] = [];
  while (game.result(s) === null && moves.length < MOVE_CAP) {
    const active = game.activeSeats(s);
    if (active.length === 0) throw new Error('no active seat in a running game');
    const seat = active[Math.floor(rand() * active.length)];
    const legal = game.legalMoves(s, seat);
    if (legal.length === 0) throw new Error(`active seat ${seat} has no legal move in phase ${s.phase}`);
    const move = rand() < greed ? game.botMove!(s, seat, legal, rand()) : legal[Math.floor(rand() * legal.length)];
    const next = game.applyMove(s, seat, move).state;
    if (markersAccounted(next) !== 25) throw new Error(`markers not conserved: ${markersAccounted(next)}`);
    if (next.pool < 0 || next.fuel < 1 || next.fuel > 6) throw new Error('pool or fuel out of range');
    for (let i = 0; i < 16; i++) if (s.tokens[i].faceUp && !next.tokens[i].faceUp) throw new Error('a token was turned face down');
    if (s.approved) {
      for (let p = 0; p < players; p++)
        for (let i = 0; i < 5; i++) if (s.approved[p][i] && !next.approved![p][i]) throw new Error('an approval was lost');
    }
    hook?.(s, seat, move, next, rand);
    moves.push({ seat, move });
    s = next;
  }
  const outcome = s.ended === 'won' ? 'won' : s.ended === 'round_cap' ? 'round_cap' : 'move_cap';
  return { players, options, seed, moves, state: s, outcome };
}

/** Hex seed from bytes. */
export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
