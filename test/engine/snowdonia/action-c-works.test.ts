import { describe, expect, it } from 'vitest';
import { snowdonia } from '../../../engine/games/snowdonia';
import { expectIllegal, given, giveContract, giveTrain, logText, play, resolveWith, setSeat } from './helpers';

// Rulebook "C. WORKS" (completed by README section 2).
describe('C. Works', () => {
  it('rulebook example: gain 2 Steel Bars and 1 Stone', () => {
    // A Labourer waits at the Site Office, so the round's upkeep does not touch the bag yet.
    let { state } = resolveWith(
      given(4, (x) => setSeat(x, 0, { iron: 6, rubble: 2 })),
      { C: [0], F: [1] },
    );
    const bag = { ...state.bag };
    const supply = { ...state.supply };
    state = play(state, 0, { type: 'convert', steel: 2, stone: 1 });
    expect(state.seats[0]).toMatchObject({ iron: 0, rubble: 0, steel: 2, stone: 1 });
    // Iron Ore into the Supply Bag, Steel Bars from the general supply; Rubble back to the
    // general supply, Stone from the Supply Bag.
    expect(state.bag.iron).toBe(bag.iron + 6);
    expect(state.bag.stone).toBe(bag.stone - 1);
    expect(state.supply).toEqual({ steel: supply.steel - 2, rubble: supply.rubble + 2 });
  });

  it('rulebook example: or 2 Stone and 1 Steel Bar', () => {
    let { state } = resolveWith(
      given(4, (x) => setSeat(x, 0, { iron: 3, rubble: 4 })),
      { C: [0] },
    );
    state = play(state, 0, { type: 'convert', steel: 1, stone: 2 });
    expect(state.seats[0]).toMatchObject({ iron: 0, rubble: 0, steel: 1, stone: 2 });
  });

  it('at least once and up to three times per Action Space', () => {
    const { state } = resolveWith(
      given(4, (x) => setSeat(x, 0, { iron: 12, rubble: 8 })),
      { C: [0] },
    );
    const moves = snowdonia.legalMoves(state, 0);
    expect(moves.every((m) => m.type === 'convert' && m.steel + m.stone >= 1 && m.steel + m.stone <= 3)).toBe(true);
    // (steel, stone) with 1 <= steel + stone <= 3: 3 + 3 + 2 + 1 = 9 mixes.
    expect(moves).toHaveLength(9);
    expectIllegal(state, 0, { type: 'convert', steel: 0, stone: 0 }, 'no_conversion');
    expectIllegal(state, 0, { type: 'convert', steel: 2, stone: 2 }, 'too_many_conversions');
  });

  it('needs 3 Iron Ore per Steel Bar and 2 Rubble per Stone', () => {
    const { state } = resolveWith(
      given(4, (x) => setSeat(x, 0, { iron: 5, rubble: 3 })),
      { C: [0] },
    );
    expect(snowdonia.legalMoves(state, 0)).toEqual([
      { type: 'convert', steel: 1, stone: 1 },
      { type: 'convert', steel: 1, stone: 0 },
      { type: 'convert', steel: 0, stone: 1 },
    ]);
    expectIllegal(state, 0, { type: 'convert', steel: 2, stone: 0 }, 'not_enough_iron');
    expectIllegal(state, 0, { type: 'convert', steel: 0, stone: 2 }, 'not_enough_rubble');
  });

  it('without Stone in the Supply Bag the Rubble conversion cannot be made', () => {
    const s = given(4, (x) => {
      setSeat(x, 0, { rubble: 4 });
      x.box.stone += x.bag.stone;
      x.bag.stone = 0;
    });
    const { state, log } = resolveWith(s, { C: [0] });
    expect(logText(log)).toContain('cannot take the Works action');
    expect(state.seats[0].rubble).toBe(4);
  });

  it('Steel Bars are limited to the 18 in the box', () => {
    const s = given(4, (x) => {
      setSeat(x, 0, { iron: 9 });
      setSeat(x, 1, { steel: 17 });
    });
    const { state } = resolveWith(s, { C: [0] });
    // A single possible conversion is forced.
    expect(state.seats[0]).toMatchObject({ iron: 6, steel: 1 });
    expect(state.supply.steel).toBe(0);
  });

  it('Enid makes a Steel Bar from 2 Iron Ore', () => {
    let { state } = resolveWith(
      given(4, (x) => {
        giveTrain(x, 0, 2);
        setSeat(x, 0, { iron: 6 });
      }),
      { C: [0] },
    );
    state = play(state, 0, { type: 'convert', steel: 3, stone: 0 });
    expect(state.seats[0]).toMatchObject({ iron: 0, steel: 3 });
  });

  it('Contract "Tunnel Gang": two more conversions this round', () => {
    const s = given(4, (x) => {
      giveContract(x, 0, 16, true);
      x.seats[0].contracts[0].activeThisRound = true;
      setSeat(x, 0, { iron: 15 });
    });
    let { state } = resolveWith(s, { C: [0] });
    state = play(state, 0, { type: 'convert', steel: 5, stone: 0 });
    expect(state.seats[0].steel).toBe(5);
  });
});
