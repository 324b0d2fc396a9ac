import { describe, expect, it } from 'vitest';
import { snowdonia } from '../../../engine/games/snowdonia';
import { trackCards } from '../../../engine/games/snowdonia/route';
import { clearRubble, expectIllegal, given, giveTrain, play, resolveWith, setSeat } from './helpers';

// README section 2, "D. Lay Track".
describe('D. Lay Track', () => {
  const cleared = (steel: number, patch: (x: ReturnType<typeof given>) => void = () => {}) =>
    given(3, (x) => {
      clearRubble(x, 6); // Llanberis, 2 Track cards, Two Viaducts, 1 Track card, Waterfall
      setSeat(x, 0, { steel });
      patch(x);
    });

  it('up to the Lay Track Work Rate, fewer allowed', () => {
    const { state } = resolveWith(cleared(5), { D: [0] });
    expect(snowdonia.legalMoves(state, 0)).toEqual([
      { type: 'lay-track', count: 2 },
      { type: 'lay-track', count: 1 },
    ]);
    expectIllegal(state, 0, { type: 'lay-track', count: 3 }, 'too_much_track');
  });

  it('in order up the mountain: 1 Steel Bar and an Ownership Marker per card', () => {
    let { state } = resolveWith(cleared(5), { D: [0] });
    const supply = state.supply.steel;
    state = play(state, 0, { type: 'lay-track', count: 2 });
    expect(
      trackCards(state)
        .map((t) => t.owner)
        .slice(0, 4),
    ).toEqual([0, 0, null, null]);
    expect(state.seats[0]).toMatchObject({ steel: 3, markers: 14 });
    expect(state.supply.steel).toBe(supply + 2);
  });

  it('only on Track cards whose Rubble is all gone', () => {
    const s = given(3, (x) => {
      clearRubble(x, 2); // only the first Track card
      setSeat(x, 0, { steel: 5 });
    });
    const { state } = resolveWith(s, { D: [0] });
    // A single choice is forced: the one cleared card.
    expect(
      trackCards(state)
        .map((t) => t.owner)
        .slice(0, 2),
    ).toEqual([0, null]);
  });

  it('with no Steel Bar no track is laid', () => {
    const { state } = resolveWith(cleared(0), { D: [0] });
    expect(trackCards(state).every((t) => t.owner === null)).toBe(true);
  });

  it('Ralph lays at +1; the Work Rate marker counts (Sun raised it to 3)', () => {
    const s = cleared(5, (x) => {
      giveTrain(x, 0, 7);
      x.workRate.layTrack = 3;
    });
    const { state } = resolveWith(s, { D: [0] });
    expect(snowdonia.legalMoves(state, 0)[0]).toEqual({ type: 'lay-track', count: 3 }); // only 3 cleared
    const more = resolveWith(
      given(5, (x) => {
        clearRubble(x);
        giveTrain(x, 0, 7);
        x.workRate.layTrack = 3;
        setSeat(x, 0, { steel: 9 });
      }),
      { D: [0] },
    ).state;
    expect(snowdonia.legalMoves(more, 0)[0]).toEqual({ type: 'lay-track', count: 4 });
  });

  it('16 Ownership Markers are a hard limit', () => {
    const s = cleared(5, (x) => (x.seats[0].markers = 1));
    const { state } = resolveWith(s, { D: [0] });
    expect(trackCards(state).filter((t) => t.owner === 0)).toHaveLength(1);
    expect(state.seats[0].markers).toBe(0);
  });
});
