import { describe, expect, it } from 'vitest';
import { snowdonia } from '../../../engine/games/snowdonia';
import { stationCard } from '../../../engine/games/snowdonia/route';
import { scoreBreakdown } from '../../../engine/games/snowdonia/scoring';
import { clearRubble, expectIllegal, given, giveContract, giveTrain, logText, play, resolveWith, setSeat } from './helpers';

// README section 2, "E. Build".
describe('E. Build', () => {
  it('a Station building space: pay its cost (Stone to the bag), place an Ownership Marker, score its VP', () => {
    const s = given(3, (x) => {
      clearRubble(x, 4); // up to and including Two Viaducts
      setSeat(x, 0, { stone: 4 });
    });
    let { state } = resolveWith(s, { E: [0], F: [1] }); // F holds the round open
    const bag = state.bag.stone;
    expect(snowdonia.legalMoves(state, 0)).toEqual([
      { type: 'build-station', station: 'two-viaducts', space: 1 },
      { type: 'build-station', station: 'two-viaducts', space: 2 },
      { type: 'build-station', station: 'two-viaducts', space: 3 },
      { type: 'build-station', station: 'two-viaducts', space: 4 },
    ]);
    state = play(state, 0, { type: 'build-station', station: 'two-viaducts', space: 1 });
    expect(stationCard(state, 'two-viaducts')!.building).toEqual([0, null, null, null]);
    expect(state.seats[0]).toMatchObject({ stone: 0, markers: 15 });
    expect(state.bag.stone).toBe(bag + 4);
    expect(scoreBreakdown(state, 0).stations).toBe(9);
  });

  it('Steel Bar costs go back to the general supply', () => {
    const s = given(3, (x) => {
      clearRubble(x, 6);
      setSeat(x, 0, { steel: 1, stone: 2 });
    });
    let { state } = resolveWith(s, { E: [0], F: [1] });
    expect(snowdonia.legalMoves(state, 0)).toHaveLength(4);
    state = play(state, 0, { type: 'build-station', station: 'waterfall', space: 1 });
    expect(state.supply.steel).toBe(18);
    expect(scoreBreakdown(state, 0).stations).toBe(7);
  });

  it('option buildPrerequisite "station-cleared": not on a Station with Rubble left', () => {
    const s = given(3, (x) => setSeat(x, 0, { stone: 4 }));
    const { state, log } = resolveWith(s, { E: [0] });
    expect(logText(log)).toContain('cannot take the Build action: nothing can be built');
    expect(state.seats[0].stone).toBe(4);
    expect(() =>
      snowdonia.applyMove({ ...state, step: { kind: 'action', area: 'E', space: 1, seat: 0, remaining: 1 } }, 0, {
        type: 'build-station',
        station: 'two-viaducts',
        space: 1,
      }),
    ).toThrow(expect.objectContaining({ code: 'station_not_cleared' }));
  });

  it('option buildPrerequisite "none": any Station at any time', () => {
    const s = given(3, (x) => setSeat(x, 0, { stone: 4 }), { buildPrerequisite: 'none' });
    const { state } = resolveWith(s, { E: [0] });
    expect(snowdonia.legalMoves(state, 0)).toContainEqual({ type: 'build-station', station: 'yr-wyddfa', space: 3 });
  });

  it('a built space cannot be built again', () => {
    const s = given(3, (x) => {
      clearRubble(x, 4);
      setSeat(x, 0, { stone: 4 });
      stationCard(x, 'two-viaducts')!.building[0] = 1;
    });
    const { state } = resolveWith(s, { E: [0] });
    expect(snowdonia.legalMoves(state, 0)).not.toContainEqual({ type: 'build-station', station: 'two-viaducts', space: 1 });
    expectIllegal(state, 0, { type: 'build-station', station: 'two-viaducts', space: 1 }, 'space_built');
  });

  it('Contract discount: Station spaces cost 1 Stone less this round', () => {
    const s = given(3, (x) => {
      clearRubble(x, 4);
      setSeat(x, 0, { stone: 3 });
      giveContract(x, 0, 1, true);
      x.seats[0].contracts[0].activeThisRound = true;
    });
    let { state } = resolveWith(s, { E: [0] });
    state = play(state, 0, { type: 'build-station', station: 'two-viaducts', space: 1 });
    expect(state.seats[0].stone).toBe(0);
  });

  describe('buying a Train', () => {
    const forSale = (patch: (x: ReturnType<typeof given>) => void = () => {}) =>
      given(3, (x) => {
        x.trainsForSale = true;
        x.engineShed = [
          { train: 1, coal: 1 },
          { train: 4, coal: 1 },
          { train: 5, coal: 2 },
        ];
        x.trainsOut = [2, 3, 6, 7];
        x.box.coal += 3; // the coal of the removed cards
        setSeat(x, 0, { steel: 2 });
        patch(x);
      });

    it('only after event 2', () => {
      const s = given(3, (x) => setSeat(x, 0, { steel: 2 }));
      const { state } = resolveWith(s, { E: [0] });
      expect(state.step.kind).not.toBe('action');
      expect(() =>
        snowdonia.applyMove({ ...state, step: { kind: 'action', area: 'E', space: 1, seat: 0, remaining: 1 } }, 0, {
          type: 'buy-train',
          train: s.engineShed[0].train,
        }),
      ).toThrow(expect.objectContaining({ code: 'trains_not_for_sale' }));
    });

    it('pay its Steel Bars and take the Coal on its card', () => {
      let { state } = resolveWith(forSale(), { E: [0] });
      expect(snowdonia.legalMoves(state, 0)).toEqual([
        { type: 'buy-train', train: 1 },
        { type: 'buy-train', train: 4 },
        { type: 'buy-train', train: 5 },
      ]);
      state = play(state, 0, { type: 'buy-train', train: 5 });
      expect(state.seats[0]).toMatchObject({ train: 5, steel: 1, coal: 2 });
      expect(state.engineShed.map((t) => t.train)).toEqual([1, 4]);
    });

    it('one Train per player: buying another returns yours to the Engine Shed', () => {
      let { state } = resolveWith(
        forSale((x) => (x.seats[0].train = 7)),
        { E: [0] },
      );
      state = play(state, 0, { type: 'buy-train', train: 4 });
      expect(state.seats[0].train).toBe(4);
      expect(state.engineShed).toEqual([
        { train: 1, coal: 1 },
        { train: 5, coal: 2 },
        { train: 7, coal: 0 },
      ]);
    });

    const padarn = () =>
      forSale((x) => {
        giveTrain(x, 1, 6);
        setSeat(x, 1, { steel: 2, stone: 2 });
        clearRubble(x, 4);
      });

    it('Padarn: one extra Build after all other Builds, in a round its owner Builds', () => {
      let v = resolveWith(padarn(), { E: [1, 0], F: [2] }).state;
      v = play(v, 1, { type: 'build-station', station: 'two-viaducts', space: 3 });
      v = play(v, 0, { type: 'buy-train', train: 1 });
      expect(v.step).toEqual({ kind: 'action', area: 'E', space: null, seat: 1, remaining: 1 });
      expect(snowdonia.legalMoves(v, 1)).toEqual([{ type: 'buy-train', train: 4 }, { type: 'buy-train', train: 5 }, { type: 'skip' }]);
      v = play(v, 1, { type: 'buy-train', train: 4 });
      expect(v.seats[1]).toMatchObject({ train: 4, steel: 1 });
      expect(v.step).toMatchObject({ kind: 'action', area: 'F', seat: 2 });
    });

    it('Padarn: the extra Build may be declined', () => {
      let v = resolveWith(padarn(), { E: [1], F: [2] }).state;
      v = play(v, 1, { type: 'build-station', station: 'two-viaducts', space: 3 });
      v = play(v, 1, { type: 'skip' });
      expect(v.seats[1]).toMatchObject({ train: 6, steel: 2, stone: 0 });
      expect(v.step).toMatchObject({ kind: 'action', area: 'F', seat: 2 });
    });

    it('Padarn: no extra Build without a Labourer on BUILD', () => {
      const v = resolveWith(padarn(), { E: [0], F: [2] }).state;
      expect(v.step).toMatchObject({ kind: 'action', area: 'E', space: 1, seat: 0 });
      const w = play(v, 0, { type: 'buy-train', train: 4 });
      expect(w.step).toMatchObject({ kind: 'action', area: 'F', seat: 2 });
    });
  });
});
