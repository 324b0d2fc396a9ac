import fc from 'fast-check';
import { describe, it } from 'vitest';
import { snowdonia } from '../../../engine/games/snowdonia';
import { checkInPlaceChain } from '../core/in-place';

/**
 * `applyMoveInPlace` (the trusted-replay fast path) against `applyMove`: random legal games, each
 * move applied to one private state in place and to a fresh copy, must agree after every move.
 * `SNOWDONIA_IN_PLACE_RUNS` overrides the number of games per player count.
 */
const RUNS = Number(process.env.SNOWDONIA_IN_PLACE_RUNS ?? 25);

const gameArb = (players: number) =>
  fc.record({
    players: fc.constant(players),
    options: fc.record({
      buildPrerequisite: fc.constantFrom('station-cleared' as const, 'none' as const),
      thinnerFog: fc.boolean(),
      optionalTrackCards: fc.boolean(),
    }),
    seed: fc.stringMatching(/^[0-9a-f]{32}$/),
    moveSeed: fc.integer({ min: 1, max: 0x7fffffff }),
    botShare: fc.integer({ min: 0, max: 100 }),
  });

describe('Snowdonia applyMoveInPlace: the in-place chain equals the applyMove chain after every move (property)', () => {
  for (const players of [2, 3, 4]) {
    it(`${RUNS} random legal ${players}-player games`, () => {
      fc.assert(
        fc.property(gameArb(players), (g) => void checkInPlaceChain(snowdonia, g)),
        { numRuns: RUNS, endOnFailure: true },
      );
    }, 300_000);
  }
});
