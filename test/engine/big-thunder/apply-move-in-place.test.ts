import fc from 'fast-check';
import { describe, it } from 'vitest';
import { bigThunder } from '../../../engine/games/big-thunder';
import { checkInPlaceChain } from '../core/in-place';
import { MOVE_CAP } from './random-games';

/**
 * `applyMoveInPlace` (the trusted-replay fast path) against `applyMove`: random legal games (mostly
 * the bot's moves, so they end), each move applied to one private state in place and to a fresh
 * copy, must agree after every move.
 */
describe('Big Thunder applyMoveInPlace: the in-place chain equals the applyMove chain after every move (property)', () => {
  for (const players of [2, 3, 4]) {
    it(`10 random legal ${players}-player games`, () => {
      const gameArb = fc.record({
        players: fc.constant(players),
        options: fc.record({ longerGame: fc.boolean() }),
        seed: fc.stringMatching(/^[0-9a-f]{32}$/),
        moveSeed: fc.integer({ min: 1, max: 0x7fffffff }),
        botShare: fc.integer({ min: 60, max: 100 }),
      });
      fc.assert(
        fc.property(gameArb, (g) => void checkInPlaceChain(bigThunder, g, MOVE_CAP)),
        { numRuns: 10, endOnFailure: true },
      );
    }, 300_000);
  }
});
