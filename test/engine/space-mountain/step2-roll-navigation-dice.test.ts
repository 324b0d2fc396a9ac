import { describe, expect, it } from 'vitest';
import { spaceMountain as game } from '../../../engine/games/space-mountain';
import { DIE_FACES } from '../../../engine/games/space-mountain/components';
import { newGame, play } from './helpers';

/** Plays the first round's launch and a unanimous All Systems Go!, returning the state after the roll. */
function firstRoll(seed: string) {
  let s = newGame(2, {}, seed);
  s = play(s, 0, { type: 'starport', starport: 'disneyland', facing: 'south' }).state;
  s = play(s, 1, { type: 'starport', starport: 'walt-disney-world', facing: 'south' }).state;
  s = play(s, 0, { type: 'go' }).state;
  return play(s, 1, { type: 'go' });
}

describe('Step 2: Roll Navigation Dice', () => {
  it('Step 2: the Active Player rolls the 3 Navigation dice when the last decision is in; the roll is seeded', () => {
    const a = firstRoll('00112233445566778899aabbccddeeff');
    const b = firstRoll('00112233445566778899aabbccddeeff');
    expect(a.reveals).toBe(true);
    expect(a.state.dice).toHaveLength(3);
    expect(a.state.dice).toEqual(b.state.dice);
    for (const d of a.state.dice!) expect(DIE_FACES).toContainEqual(d);
    expect(a.log.find((e) => e.text.startsWith('{{p:0}} rolls the Navigation dice'))?.seat).toBe(0);
    expect(a.state.fuel).toBe(6 - a.state.dice!.filter((d) => d.orange).length);
  });

  it('Step 2: over many rolls each face comes up about equally often (2 of 6 faces orange, half Turn)', () => {
    let orange = 0;
    let turn = 0;
    const n = 300;
    for (let i = 0; i < n; i++) {
      const dice = firstRoll(i.toString(16).padStart(32, '7')).state.dice!;
      orange += dice.filter((d) => d.orange).length;
      turn += dice.filter((d) => d.movement === 'turn').length;
    }
    expect(orange / (3 * n)).toBeGreaterThan(0.27);
    expect(orange / (3 * n)).toBeLessThan(0.4);
    expect(turn / (3 * n)).toBeGreaterThan(0.44);
    expect(turn / (3 * n)).toBeLessThan(0.56);
    expect(game.id).toBe('space-mountain');
  });
});
