import { describe, expect, it } from 'vitest';
import { snowdonia } from '../../../engine/games/snowdonia';
import { expectIllegal, given, giveContract, logText, play, playFull, resolveWith } from './helpers';

// Rulebook "1. Assign Labourers", last paragraph: Contract activation before each Action Area.
describe('Contract activation', () => {
  const twoHolders = () =>
    given(3, (x) => {
      x.startPlayer = 0;
      giveContract(x, 0, 8); // B: +1 Rubble
      giveContract(x, 0, 10); // B: +2 Rubble
      giveContract(x, 1, 15); // B: +1 Rubble
      giveContract(x, 2, 17); // D: not for Excavation
    });

  it('before the first Excavation action, every holder with a Labourer there may activate (several seats at once)', () => {
    const { state } = resolveWith(twoHolders(), { B: [2, 1], G: [0] });
    // Seat 0 has no Labourer on EXCAVATION and seat 2 no Contract for it.
    expect(state.step).toEqual({ kind: 'contracts', area: 'B', waiting: [1] });
    const both = resolveWith(twoHolders(), { B: [0, 1] }).state;
    expect(snowdonia.activeSeats(both)).toEqual([0, 1]);
    expect(snowdonia.legalMoves(both, 0)).toEqual([
      { type: 'activate-contract', contract: 8 },
      { type: 'activate-contract', contract: 10 },
      { type: 'pass-contracts' },
    ]);
    expect(snowdonia.legalMoves(both, 2)).toEqual([]);
  });

  it('any number of Contracts; the effect lasts for the round; the card stays, turned sideways', () => {
    let { state } = resolveWith(twoHolders(), { B: [0, 1], F: [2] });
    state = play(state, 1, { type: 'pass-contracts' });
    expect(snowdonia.activeSeats(state)).toEqual([0]);
    state = play(state, 0, { type: 'activate-contract', contract: 8 });
    const r = playFull(state, 0, { type: 'activate-contract', contract: 10 });
    expect(r.reveals).toBe(false);
    state = r.state;
    // Seat 0 had nothing left to activate: the Area resolved at once, 3 + 1 + 2 Rubble.
    expect(state.seats[0].rubble).toBe(6);
    expect(state.seats[1].rubble).toBe(3);
    expect(state.seats[0].contracts).toEqual([
      { id: 8, activated: true, activeThisRound: true },
      { id: 10, activated: true, activeThisRound: true },
    ]);
    expect(logText(r.log)).toContain('activated Contract 10 "Quarry Foreman"');
  });

  it('an activated Contract cannot be activated again; effects end with the round', () => {
    let { state } = resolveWith(twoHolders(), { B: [0], G: [1] });
    expect(snowdonia.describeMove!({ type: 'pass-contracts' }, state, 0)).toBe('Activate no Contract');
    state = play(state, 0, { type: 'activate-contract', contract: 8 });
    // One activated here: the button to stop says "more".
    expect(snowdonia.describeMove!({ type: 'pass-contracts' }, state, 0)).toBe('Activate no more Contracts');
    state = play(state, 0, { type: 'pass-contracts' });
    expect(state.round).toBe(2);
    expect(state.seats[0].contracts[0]).toEqual({ id: 8, activated: true, activeThisRound: false });
    const again = resolveWith(state, { B: [0] }).state;
    expect(snowdonia.legalMoves(again, 0)).toEqual([{ type: 'activate-contract', contract: 10 }, { type: 'pass-contracts' }]);
    expectIllegal(again, 0, { type: 'activate-contract', contract: 8 }, 'contract_used');
    expectIllegal(again, 0, { type: 'activate-contract', contract: 17 }, 'not_your_contract');
  });

  it('only Contracts naming the current Action Area', () => {
    const s = given(3, (x) => {
      giveContract(x, 0, 17); // D
      giveContract(x, 0, 8); // B
    });
    const { state } = resolveWith(s, { B: [0] });
    expect(() => snowdonia.applyMove(state, 0, { type: 'activate-contract', contract: 17 })).toThrow(
      expect.objectContaining({ code: 'wrong_area' }),
    );
  });

  it('no window when no holder has a Labourer in the Area', () => {
    const s = given(3, (x) => giveContract(x, 0, 8));
    const { state } = resolveWith(s, { B: [1] });
    expect(state.seats[1].rubble).toBe(3);
    expect(state.round).toBe(2);
  });
});
