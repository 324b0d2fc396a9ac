import { describe, expect, it } from 'vitest';
import { verifyRecord } from '../../../engine/core';
import { bigThunder } from '../../../engine/games/big-thunder';
import { spaceMountain } from '../../../engine/games/space-mountain';

const seeds = Array.from({ length: 40 }, (_, i) => i.toString(16).padStart(32, '0'));

describe('the first player is drawn at random (or is the creator), not always seat 1', () => {
  it('Big Thunder (Setup: "The first player to shout Yee-haw goes first!"): random by default, every seat begins for some seed', () => {
    const firsts = new Set(seeds.map((seed) => bigThunder.setup({ players: 4, options: bigThunder.optionsSchema.parse({}), seed }).turn));
    expect([...firsts].sort()).toEqual([0, 1, 2, 3]);
  });

  it('Space Mountain (Starting the Game: who most recently rode Space Mountain): random by default, every seat begins for some seed', () => {
    const firsts = new Set(
      seeds.map((seed) => spaceMountain.setup({ players: 3, options: spaceMountain.optionsSchema.parse({}), seed }).activePlayer),
    );
    expect([...firsts].sort()).toEqual([0, 1, 2]);
  });

  it('firstPlayer "creator": seat 1 (the creator) begins', () => {
    for (const seed of seeds.slice(0, 10)) {
      expect(bigThunder.setup({ players: 4, options: bigThunder.optionsSchema.parse({ firstPlayer: 'creator' }), seed }).turn).toBe(0);
      expect(
        spaceMountain.setup({ players: 4, options: spaceMountain.optionsSchema.parse({ firstPlayer: 'creator' }), seed }).activePlayer,
      ).toBe(0);
    }
  });

  it('a game stored without the option (rules version 1) still begins with seat 1 and keeps no key in its state', () => {
    for (const seed of seeds.slice(0, 10)) {
      const bt = bigThunder.setup({ players: 3, options: { longerGame: false } as never, seed });
      expect(bt.turn).toBe(0);
      expect('firstPlayer' in bt.options).toBe(false);
      const sm = spaceMountain.setup({ players: 3, options: { missionsOnly: false, missions: 5, unknownSpace: false } as never, seed });
      expect(sm.activePlayer).toBe(0);
      expect('firstPlayer' in sm.options).toBe(false);
    }
  });

  it('Space Mountain is rules version 3 and still verifies version-1 and version-2 records', async () => {
    expect(spaceMountain.rulesVersion).toBe('3');
    expect(spaceMountain.replaysRulesVersions).toEqual(['1', '2']);
    expect(typeof verifyRecord).toBe('function');
  });
});
