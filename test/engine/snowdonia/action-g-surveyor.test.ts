import { describe, expect, it } from 'vitest';
import { scoreBreakdown } from '../../../engine/games/snowdonia/scoring';
import { given, giveContract, resolveWith } from './helpers';

// README section 2, "G. Move the Surveyor".
describe('G. Move the Surveyor', () => {
  it('moves one Station up the line; unlimited spaces', () => {
    const { state } = resolveWith(
      given(2, () => {}),
      { G: [0, 0, 1, 0] },
    );
    // 2 players: Waterfall is not on the route.
    expect(state.seats.map((p) => p.surveyor)).toEqual(['halfway', 'two-viaducts']);
    expect(scoreBreakdown(state, 0).surveyor).toBe(7);
  });

  it('with 3+ players Waterfall is the stop after Two Viaducts', () => {
    const { state } = resolveWith(
      given(3, () => {}),
      { G: [0, 0] },
    );
    expect(state.seats[0].surveyor).toBe('waterfall');
  });

  it('never beyond Yr Wyddfa (21 VP)', () => {
    const { state } = resolveWith(
      given(3, (x) => (x.seats[0].surveyor = 'clogwyn')),
      { G: [0, 0] },
    );
    expect(state.seats[0].surveyor).toBe('yr-wyddfa');
    expect(scoreBreakdown(state, 0).surveyor).toBe(21);
  });

  it('a Contract moves it one Station more', () => {
    const s = given(3, (x) => {
      giveContract(x, 0, 12, true);
      x.seats[0].contracts[0].activeThisRound = true;
    });
    expect(resolveWith(s, { G: [0] }).state.seats[0].surveyor).toBe('waterfall');
  });
});
