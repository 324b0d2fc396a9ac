import { describe, expect, it } from 'vitest';
import { snowdonia } from '../../../engine/games/snowdonia';
import { areaSize } from '../../../engine/games/snowdonia/setup';
import type { SnowdoniaOptions } from '../../../engine/games/snowdonia/options';
import { clearRubble, given, resolveWith, setSeat } from './helpers';

/**
 * Four players, all Rubble gone and the EXCAVATION overlay placed: seat 0 on the overlay's Build
 * space (stored as E's last space), seat 1 on E space 1, seat 2 on WORKS with Iron Ore to convert.
 */
function overlayRound(options: Partial<SnowdoniaOptions>) {
  const s = given(
    4,
    (x) => {
      clearRubble(x);
      x.excavationOverlay = true;
      setSeat(x, 0, { stone: 6, steel: 3 });
      setSeat(x, 1, { stone: 6, steel: 3 });
      setSeat(x, 2, { iron: 9, rubble: 0 });
    },
    options,
  );
  expect(areaSize(s, 'E')).toBe(3);
  return resolveWith(s, { E: [1, null, 0], C: [2] });
}

describe("B. EXCAVATION: the overlay's additional Build Action Space is resolved where the overlay lies", () => {
  it("default (rules version 2): the overlay Build comes in the Excavation area's turn, before WORKS", () => {
    const { state } = overlayRound(snowdonia.optionsSchema.parse({}));
    expect(state.cursor?.area).toBe('B');
    expect(state.step).toMatchObject({ kind: 'action', area: 'E', seat: 0 });
  });

  it('overlayBuildAfterE (rules version 1): WORKS first, and the overlay Build after E space 1', () => {
    const { state } = overlayRound({ overlayBuildAfterE: true });
    expect(state.cursor?.area).toBe('C');
    expect(state.step).toMatchObject({ kind: 'action', area: 'C', seat: 2 });
  });

  it('a game set up without the option (rules version 1) keeps the old reading and state', () => {
    const old = snowdonia.setup({
      players: 3,
      options: { buildPrerequisite: 'station-cleared', thinnerFog: false, optionalTrackCards: false },
      seed: '0'.repeat(32),
    });
    expect('overlayBuildAfterE' in old.options).toBe(false);
    const { state } = overlayRound({ buildPrerequisite: 'station-cleared' });
    expect(state.step).toMatchObject({ area: 'C' });
  });

  it('rules version 2 still replays version 1', () => {
    expect(snowdonia.rulesVersion).toBe('2');
    expect(snowdonia.replaysRulesVersions).toEqual(['1']);
  });
});
