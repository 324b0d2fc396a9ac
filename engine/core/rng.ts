import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

/**
 * Seeded random numbers whose whole state is plain JSON (four 32-bit integers of
 * xoroshiro128+, from `pure-rand`), so it lives inside a game's state and a game is a pure fold
 * of its moves ("Randomness is state", docs/style.md).
 */
export type RngState = number[];

/** Builds the RNG state from a hex seed (at least 32 hex digits = 128 bits are used). */
export function rngFromSeed(seedHex: string): RngState {
  if (!/^[0-9a-f]{32,}$/i.test(seedHex)) throw new Error('seed must be at least 32 hex digits');
  const words: number[] = [0, 1, 2, 3].map((i) => parseInt(seedHex.slice(i * 8, i * 8 + 8), 16) | 0);
  // xoroshiro128+ must not start from the all-zero state.
  if (!words.some((w) => w !== 0)) words[0] = 1;
  return words;
}

/** Uniform integer in [from, to] (both included). Returns the value and the next RNG state. */
export function randInt(rng: RngState, from: number, to: number): [number, RngState] {
  const gen = xoroshiro128plusFromState(rng);
  const value = uniformInt(gen, from, to);
  return [value, [...gen.getState()]];
}

/** Fisher-Yates shuffle; returns a new array and the next RNG state. */
export function shuffle<T>(rng: RngState, items: readonly T[]): [T[], RngState] {
  const gen = xoroshiro128plusFromState(rng);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = uniformInt(gen, 0, i);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return [out, [...gen.getState()]];
}

/**
 * A mutable cursor over an RNG state for engines that draw several numbers in one move:
 * `const r = new Rng(state.rng); r.int(1, 6); ...; state.rng = r.state`.
 */
export class Rng {
  private gen;
  constructor(state: RngState) {
    this.gen = xoroshiro128plusFromState(state);
  }
  /** Uniform integer in [from, to]. */
  int(from: number, to: number): number {
    return uniformInt(this.gen, from, to);
  }
  /** A uniformly chosen element; throws on an empty list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)];
  }
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
  /** The RNG state after the draws so far, to store back into the game state. */
  get state(): RngState {
    return [...this.gen.getState()];
  }
}
