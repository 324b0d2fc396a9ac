import { describe, expect, it } from 'vitest';
import { snowdonia } from '../../../engine/games/snowdonia';
import { trackCardData } from '../../../engine/games/snowdonia/components';
import { stationCard, trackCards } from '../../../engine/games/snowdonia/route';
import { scoreBreakdown } from '../../../engine/games/snowdonia/scoring';
import { clearRubble, expectIllegal, given, giveContract, giveTrain, logText, play, resolveWith, setSeat } from './helpers';

/** Every Track card laid by the game except the last `open` ones; all Rubble gone. */
const nearlyDone = (players: number, open: number, patch: (x: ReturnType<typeof given>) => void = () => {}) =>
  given(players, (x) => {
    clearRubble(x);
    const t = trackCards(x);
    for (const c of t.slice(0, t.length - open)) c.owner = 'game';
    patch(x);
  });

// README section 2, "End of game".
describe('End of game', () => {
  it("track on the last Track card below Yr Wyddfa ends the game after the round's actions", () => {
    const s = nearlyDone(3, 1, (x) => setSeat(x, 0, { steel: 1 }));
    const { state, log } = resolveWith(s, { D: [0], G: [1] });
    expect(state.endTriggered).toBe(true);
    expect(state.step).toEqual({ kind: 'over' });
    // G still resolved; phases 3 to 5 did not happen.
    expect(state.seats[1].surveyor).toBe('two-viaducts');
    expect(state.siteOffice).toEqual(s.siteOffice);
    expect(state.stockYard).toEqual(s.stockYard);
    expect(logText(log)).toContain('the game ends after this round');
    expect(snowdonia.activeSeats(state)).toEqual([]);
    expect(snowdonia.legalMoves(state, 0)).toEqual([]);
    expectIllegal(state, 0, { type: 'place', area: 'G', space: 1 }, 'game_over');
    expect(() => snowdonia.applyMove(state, 0, { type: 'place', area: 'G', space: 1 })).toThrow(
      expect.objectContaining({ code: 'game_over' }),
    );
  });

  it('the actions after Lay Track still happen (choices included)', () => {
    const s = nearlyDone(3, 1, (x) => setSeat(x, 0, { steel: 1 }));
    let { state } = resolveWith(s, { D: [0], F: [2] });
    expect(state.endTriggered).toBe(true);
    expect(state.step).toMatchObject({ kind: 'action', area: 'F', seat: 2 });
    state = play(state, 2, { type: 'take-contract', contract: s.siteOffice[0]! });
    expect(state.step).toEqual({ kind: 'over' });
  });

  it('an Event laying the last track ends the game after the upkeep', () => {
    const s = nearlyDone(3, 2, (x) => {
      x.eventTrack[0] = x.eventTrack[1] = true;
      for (const k of ['iron', 'stone', 'coal'] as const) {
        x.box[k] += x.bag[k];
        x.bag[k] = 0;
      }
      x.box.event += x.bag.event - 1;
      x.bag.event = 1;
    });
    const { state } = resolveWith(s, { G: [0] }, { events: true });
    expect(trackCards(state).every((t) => t.owner !== null)).toBe(true);
    expect(state.step).toEqual({ kind: 'over' });
    expect(state.round).toBe(1);
  });

  it('2 players: placing your last (16th) Ownership Marker ends the game', () => {
    const s = given(2, (x) => {
      clearRubble(x, 3);
      x.seats[1].markers = 1;
      setSeat(x, 1, { steel: 2 });
    });
    const { state, log } = resolveWith(s, { D: [1], G: [0] });
    expect(state.seats[1].markers).toBe(0);
    expect(logText(log)).toContain('{{p:1}} placed their last Ownership Marker');
    expect(state.step).toEqual({ kind: 'over' });
  });

  it('3+ players: no end for the 16th marker', () => {
    const s = given(3, (x) => {
      clearRubble(x, 3);
      x.seats[1].markers = 1;
      setSeat(x, 1, { steel: 2 });
    });
    expect(resolveWith(s, { D: [1], G: [0] }).state.step.kind).toBe('assign');
  });
});

describe('Final scoring', () => {
  const finished = () =>
    nearlyDone(3, 0, (x) => {
      const t = trackCards(x);
      t[0].owner = 0;
      t[1].owner = 0;
      stationCard(x, 'two-viaducts')!.excavation[0].owner = 1; // 4 VP
      stationCard(x, 'two-viaducts')!.building[0] = 1; // 9 VP
      stationCard(x, 'yr-wyddfa')!.building[0] = 2; // 14 VP
      x.seats[0].markers -= 2;
      x.seats[1].markers -= 2;
      x.seats[2].markers -= 1;
      x.seats[0].surveyor = 'clogwyn'; // 15 VP
      x.seats[1].surveyor = 'hebron'; // 4 VP
      giveTrain(x, 1, 4); // Snowdon: +9 VP
      giveContract(x, 2, 17); // 1 Track card: 4 VP (not met)
      giveContract(x, 0, 17); // met
      x.step = { kind: 'over' };
    });

  it('owned Track + Station spaces + Contracts + Train bonus + Surveyor', () => {
    const s = finished();
    const t = trackCards(s);
    const trackVp = trackCardData(t[0].card).vp + trackCardData(t[1].card).vp;
    expect(scoreBreakdown(s, 0)).toEqual({
      track: trackVp,
      stations: 0,
      contracts: 4,
      train: 0,
      surveyor: 15,
      total: trackVp + 19,
      resources: 0,
    });
    expect(scoreBreakdown(s, 1)).toEqual({ track: 0, stations: 13, contracts: 0, train: 9, surveyor: 4, total: 26, resources: 0 });
    expect(scoreBreakdown(s, 2)).toEqual({ track: 0, stations: 14, contracts: 0, train: 0, surveyor: 0, total: 14, resources: 0 });
    const r = snowdonia.result(s)!;
    expect(r.scores).toEqual([trackVp + 19, 26, 14]);
    expect(r.ranking[2]).toBe(2);
  });

  it('result() is null while the game runs', () => {
    expect(snowdonia.result(given(3, () => {}))).toBeNull();
  });

  it('tie-breaker: most resources left', () => {
    const s = given(3, (x) => {
      x.step = { kind: 'over' };
      setSeat(x, 0, { iron: 1 });
      setSeat(x, 1, { rubble: 2, steel: 1 });
      setSeat(x, 2, { coal: 2 });
    });
    // All score 0; resources 1, 3, 2.
    const r = snowdonia.result(s)!;
    expect(r.scores).toEqual([0, 0, 0]);
    expect(r.ranking).toEqual([1, 2, 0]);
    expect(r.ties).toBeUndefined();
    expect(r.summary).toBe('Player 2 wins with 0 VP.');
  });

  it('players level after the tie-breaker share the place', () => {
    const s = given(3, (x) => {
      x.step = { kind: 'over' };
      setSeat(x, 0, { stone: 1 });
      setSeat(x, 2, { iron: 1 });
    });
    const r = snowdonia.result(s)!;
    expect(r.ranking).toEqual([0, 2, 1]);
    expect(r.ties).toEqual([[0, 2]]);
    expect(r.summary).toBe('Player 1 and Player 3 share the win with 0 VP.');
  });
});
