import { describe, expect, it } from 'vitest';
import { census, clearRubble, fullBox, given, giveTrain, play, resolveWith, setSeat } from './helpers';

// Rulebook, Actions preamble: "Whenever ... you pay a resource, Iron Ore, Stone, or Coal should be
// returned to the Supply Bag. Every other piece (such as Rubble or Steel Bars) ... to the general supply."
describe('Resource flow', () => {
  it('Coal paid for the Temporary Labourer goes back to the Supply Bag', () => {
    const s = given(3, (x) => {
      giveTrain(x, x.startPlayer, 6);
      setSeat(x, x.startPlayer, { coal: 2 });
    });
    const t = play(s, s.startPlayer, { type: 'hire-temporary' });
    expect(t.bag.coal - s.bag.coal).toBe(2);
    expect(census(t)).toEqual(fullBox(3));
  });

  it('Iron Ore and Stone paid go back to the bag; Rubble and Steel Bars to the general supply', () => {
    const s = given(4, (x) => {
      clearRubble(x, 4);
      setSeat(x, 0, { iron: 3, rubble: 2 });
      setSeat(x, 1, { stone: 4, steel: 2 });
    });
    let { state } = resolveWith(s, { C: [0], D: [1], E: [1], F: [2] });
    const bag0 = { ...s.bag };
    const supply0 = { ...s.supply };
    state = play(state, 0, { type: 'convert', steel: 1, stone: 1 });
    // Track cards 1 and 2 are cleared: seat 1 lays both (2 Steel Bars).
    state = play(state, 1, { type: 'lay-track', count: 2 });
    state = play(state, 1, { type: 'build-station', station: 'two-viaducts', space: 1 });
    expect(state.bag.iron - bag0.iron).toBe(3);
    expect(state.bag.stone - bag0.stone).toBe(-1 + 4);
    expect(state.supply.rubble - supply0.rubble).toBe(2);
    expect(state.supply.steel - supply0.steel).toBe(-1 + 2);
    // (resolveWith puts Labourers directly on spaces, so only the pieces are compared.)
    expect({ ...census(state), labourers: null }).toEqual({ ...fullBox(4), labourers: null });
  });

  it('16 Ownership Markers are a hard limit: without one a cleared Station space stays unowned', () => {
    const s = given(3, (x) => {
      clearRubble(x, 3);
      x.seats[0].markers = 0;
    });
    const { state } = resolveWith(s, { B: [0, 0] });
    const tv = state.route[3];
    expect(tv.kind === 'station' && tv.excavation).toEqual([
      { rubble: 0, owner: null },
      { rubble: 0, owner: null },
    ]);
    expect(state.seats[0].rubble).toBe(6);
  });

  it('without an Ownership Marker nothing can be built', () => {
    const s = given(3, (x) => {
      clearRubble(x, 4);
      setSeat(x, 0, { stone: 4 });
      x.seats[0].markers = 0;
    });
    const { state } = resolveWith(s, { E: [0] });
    expect(state.seats[0].stone).toBe(4);
  });
});
