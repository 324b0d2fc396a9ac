import { describe, expect, it } from 'vitest';
import { snowdonia } from '../../../engine/games/snowdonia';
import type { SnowdoniaMove } from '../../../engine/games/snowdonia/moves';
import { clearRubble, given, giveContract, giveTrain, resolveWith, setSeat } from './helpers';

describe('describeMove', () => {
  it('labels every kind of move for buttons', () => {
    const s = given(3, (x) => {
      giveTrain(x, 0, 6);
      giveContract(x, 0, 8);
    });
    const label = (m: SnowdoniaMove) => snowdonia.describeMove!(m, s, 0);
    expect(label({ type: 'hire-temporary' })).toBe('Pay 2 Coal for the Temporary Labourer');
    expect(label({ type: 'place', area: 'D', space: 2 })).toBe('Place a Labourer on Lay Track (D2)');
    expect(label({ type: 'activate-contract', contract: 8 })).toBe('Activate "Spoil Heap": Excavation: +1 Work Rate this round');
    expect(label({ type: 'pass-contracts' })).toBe('Activate no Contract');
    expect(label({ type: 'take-cubes', iron: 2, stone: 0, coal: 1 })).toBe('Take 2 Iron Ore, 1 Coal');
    expect(label({ type: 'convert', steel: 2, stone: 1 })).toBe('Convert 6 Iron Ore -> 2 Steel Bars, 2 Rubble -> 1 Stone');
    expect(label({ type: 'lay-track', count: 1 })).toBe('Lay track on 1 Track card (1 Steel Bar)');
    expect(label({ type: 'build-station', station: 'yr-wyddfa', space: 1 })).toBe('Build Yr Wyddfa space 1: 2 Steel Bars for 14 VP');
    expect(label({ type: 'buy-train', train: 4 })).toBe('Buy Snowdon for 1 Steel Bar');
    expect(label({ type: 'take-contract', contract: 21 })).toBe('Take "Summit Line" (5 Track cards: 40 VP)');
    expect(label({ type: 'skip' })).toBe("Decline Padarn's extra Build");
    expect(label({ type: 'maintain-train', pay: true })).toBe('Pay 1 Steel Bar to keep your Train');
  });
});

describe('botMove', () => {
  const pick = (s: ReturnType<typeof given>, seat: number) => snowdonia.botMove!(s, seat, snowdonia.legalMoves(s, seat), 0.5);

  it('lays as much track as it can', () => {
    const s = given(3, (x) => {
      clearRubble(x);
      setSeat(x, 0, { steel: 3 });
    });
    const { state } = resolveWith(s, { D: [0] });
    expect(pick(state, 0)).toEqual({ type: 'lay-track', count: 2 });
  });

  it('places on Lay Track when it holds Steel Bars and track can be laid', () => {
    const s = given(3, (x) => {
      clearRubble(x, 3);
      x.startPlayer = 0;
      x.step = { kind: 'assign', seat: 0 };
      setSeat(x, 0, { steel: 2 });
    });
    expect(pick(s, 0)).toEqual({ type: 'place', area: 'D', space: 1 });
  });

  it('builds the best-value Station space', () => {
    const s = given(3, (x) => {
      clearRubble(x, 4);
      setSeat(x, 0, { stone: 4 });
    });
    const { state } = resolveWith(s, { E: [0] });
    expect(pick(state, 0)).toEqual({ type: 'build-station', station: 'two-viaducts', space: 1 }); // 9 VP for 4 Stone
  });

  it('hires its Temporary Labourer and activates its Contracts', () => {
    const s = given(3, (x) => {
      giveTrain(x, x.startPlayer, 5);
      setSeat(x, x.startPlayer, { coal: 1 });
    });
    expect(pick(s, s.startPlayer)).toEqual({ type: 'hire-temporary' });
    const t = given(3, (x) => giveContract(x, 0, 8));
    const { state } = resolveWith(t, { B: [0] });
    expect(pick(state, 0)).toEqual({ type: 'activate-contract', contract: 8 });
  });

  it('always answers a legal move', () => {
    const s = given(2, () => {});
    const legal = snowdonia.legalMoves(s, s.startPlayer);
    for (const r of [0, 0.3, 0.999]) expect(legal).toContainEqual(snowdonia.botMove!(s, s.startPlayer, legal, r));
  });
});
