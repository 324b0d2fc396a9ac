import { describe, expect, it } from 'vitest';
import { trackCards } from '../../../engine/games/snowdonia/route';
import { snowdonia } from '../../../engine/games/snowdonia';
import { areaSize } from '../../../engine/games/snowdonia/setup';
import { clearRubble, given, giveContract, giveTrain, resolveWith } from './helpers';

function track(s: ReturnType<typeof given>, n: number) {
  return trackCards(s)[n];
}

// Rulebook "B. EXCAVATION".
describe('B. Excavation', () => {
  it('takes exactly the Work Rate in Rubble, from the first Track card up the mountain', () => {
    const s = given(2, (x) => {
      // First two Track cards: 2 and 5 Rubble.
      track(x, 0).rubble = 2;
      track(x, 1).rubble = 5;
    });
    const before = [track(s, 0).rubble, track(s, 1).rubble];
    const { state } = resolveWith(s, { B: [0] });
    expect(state.seats[0].rubble).toBe(3);
    expect([track(state, 0).rubble, track(state, 1).rubble]).toEqual([0, before[1] - 1]);
  });

  it('the Work Rate comes from the Excavation marker (Sun raised it to 5)', () => {
    const s = given(2, (x) => (x.workRate.excavation = 5));
    const { state } = resolveWith(s, { B: [0] });
    expect(state.seats[0].rubble).toBe(5);
  });

  it('never from a Station before all Track cards below it are clear; Station spaces top-left first', () => {
    const s = given(2, (x) => {
      clearRubble(x, 2); // Llanberis and the first Track card
      track(x, 1).rubble = 1;
    });
    const { state } = resolveWith(s, { B: [0] });
    const tv = state.route[3];
    // 1 from Track card 2, then 2 from Two Viaducts' first (top-left) space of 4.
    expect(track(state, 1).rubble).toBe(0);
    expect(tv.kind === 'station' && tv.excavation.map((e) => e.rubble)).toEqual([2, 2]);
  });

  it('taking the last Rubble of a Station space places your Ownership Marker there', () => {
    const s = given(2, (x) => {
      clearRubble(x, 3);
      const tv = x.route[3];
      if (tv.kind === 'station') tv.excavation[0].rubble = 2;
      x.supply.rubble += 2;
    });
    const { state } = resolveWith(s, { B: [1] });
    const tv = state.route[3];
    expect(tv.kind === 'station' && tv.excavation).toEqual([
      { rubble: 0, owner: 1 },
      { rubble: 1, owner: null },
    ]);
    expect(state.seats[1].markers).toBe(15);
  });

  it('takes all that is left when the route holds less than the Work Rate', () => {
    const s = given(2, (x) => {
      clearRubble(x);
      track(x, 11).rubble = 2;
      x.supply.rubble -= 2;
    });
    const { state } = resolveWith(s, { B: [0, 1] });
    expect(state.seats[0].rubble).toBe(2);
    expect(state.seats[1].rubble).toBe(0);
  });

  it('L.A.D.A.S. excavates at +2, beyond the track maximum of 5', () => {
    const s = given(3, (x) => {
      x.workRate.excavation = 5;
      giveTrain(x, 0, 1);
    });
    const { state } = resolveWith(s, { B: [0] });
    expect(state.seats[0].rubble).toBe(7);
  });

  it('Contract bonus: +2 Rubble this round', () => {
    const s = given(3, (x) => {
      giveContract(x, 0, 7, true);
      x.seats[0].contracts[0].activeThisRound = true;
    });
    expect(resolveWith(s, { B: [0] }).state.seats[0].rubble).toBe(5);
  });

  it('with all Rubble gone, the EXCAVATION overlay adds a Build space at the end of the round', () => {
    const s = given(4, (x) => clearRubble(x));
    expect(areaSize(s, 'E')).toBe(2);
    const { state } = resolveWith(s, { G: [0] });
    expect(state.excavationOverlay).toBe(true);
    expect(areaSize(state, 'B')).toBe(0);
    expect(areaSize(state, 'E')).toBe(3);
    expect(state.areas.E).toEqual([null, null, null]);
    const moves = snowdonia.legalMoves(state, state.startPlayer);
    expect(moves).not.toContainEqual({ type: 'place', area: 'B', space: 1 });
    expect(moves).toContainEqual({ type: 'place', area: 'E', space: 3 });
  });

  it('no overlay while any Rubble is left', () => {
    const s = given(4, (x) => {
      clearRubble(x);
      track(x, 12).rubble = 1;
      x.supply.rubble -= 1;
    });
    expect(resolveWith(s, { G: [0] }).state.excavationOverlay).toBe(false);
  });
});
