import { describe, expect, it } from 'vitest';
import { CONTRACTS, contractData } from '../../../engine/games/snowdonia/components';
import { contractVp, requirementMet, stationsOwned } from '../../../engine/games/snowdonia/contracts';
import { stationCard, trackCards } from '../../../engine/games/snowdonia/route';
import { given, giveContract, setSeat } from './helpers';

// README section 2, "Contracts": end-game requirements and their VP.
describe('Contract goals', () => {
  it('the 30 cards: 10 of each weather back, 28 and 29 for 3-5 players, every Action Area used', () => {
    expect(CONTRACTS).toHaveLength(30);
    for (const w of ['sun', 'rain', 'fog']) expect(CONTRACTS.filter((k) => k.weather === w)).toHaveLength(10);
    expect(CONTRACTS.filter((k) => !k.players.includes(2)).map((k) => k.id)).toEqual([28, 29]);
    expect(new Set(CONTRACTS.map((k) => k.area))).toEqual(new Set(['A', 'B', 'C', 'D', 'E', 'F', 'G']));
  });

  /** Seat 0 owns `stations` Station cards (one space each) and `track` Track cards, holds `rubble`. */
  const holding = (stations: number, track: number, rubble: number, coal = 0) =>
    given(5, (x) => {
      const st = x.route.filter((c) => c.kind === 'station' && c.building.length > 0);
      for (let i = 0; i < stations; i++) {
        const c = st[i];
        if (c.kind === 'station') c.building[0] = 0;
      }
      trackCards(x)
        .slice(0, track)
        .forEach((t) => {
          t.owner = 0;
        });
      x.seats[0].markers -= stations + track;
      setSeat(x, 0, { rubble, coal });
    });

  it('Stations: 5 -> 15, 4 -> 10, 3 -> 6 (first-edition values)', () => {
    const s = holding(4, 0, 0);
    expect(stationsOwned(s, 0)).toBe(4);
    expect([1, 2, 26].map((id) => requirementMet(s, 0, contractData(id).requirement))).toEqual([false, true, true]);
    giveContract(s, 0, 2);
    expect(contractVp(s, 0, 2)).toBe(10);
    expect(contractVp(s, 0, 1)).toBe(0);
  });

  it('two spaces of one Station count as one Station', () => {
    const s = holding(0, 0, 0);
    stationCard(s, 'hebron')!.building = [0, 0, null, null];
    expect(stationsOwned(s, 0)).toBe(1);
  });

  it('Stations + Track, Stations + Track + Rubble held', () => {
    const s = holding(3, 3, 3);
    expect(contractVp(s, 0, 5)).toBe(14); // 3 Stations and 3 Track cards
    expect(contractVp(s, 0, 7)).toBe(18); // 3 / 3 / 3 Rubble
    const short = holding(3, 3, 2);
    expect(contractVp(short, 0, 7)).toBe(0);
  });

  it('Rubble held only: 4 -> 5 ... 16 -> 21', () => {
    expect(contractVp(holding(0, 0, 4), 0, 8)).toBe(5);
    expect(contractVp(holding(0, 0, 15), 0, 13)).toBe(0);
    expect(contractVp(holding(0, 0, 16), 0, 13)).toBe(21);
  });

  it('Rubble + Track; Track only: 1 -> 4 ... 5 -> 40', () => {
    expect(contractVp(holding(0, 1, 3), 0, 14)).toBe(7);
    expect(contractVp(holding(0, 1, 0), 0, 17)).toBe(4);
    expect(contractVp(holding(0, 4, 0), 0, 21)).toBe(0);
    expect(contractVp(holding(0, 5, 0), 0, 21)).toBe(40);
  });

  it('2 VP per Coal held', () => {
    expect(contractVp(holding(0, 0, 0, 3), 0, 22)).toBe(6);
    expect(contractVp(holding(0, 0, 0, 0), 0, 23)).toBe(0);
  });

  it('Surveyor position (cards 28, 29): at the Station or beyond', () => {
    const s = holding(0, 0, 0);
    s.seats[0].surveyor = 'rocky-valley-halt';
    expect([contractVp(s, 0, 28), contractVp(s, 0, 29)]).toEqual([0, 0]);
    s.seats[0].surveyor = 'clogwyn';
    expect([contractVp(s, 0, 28), contractVp(s, 0, 29)]).toEqual([10, 0]);
    s.seats[0].surveyor = 'yr-wyddfa';
    expect([contractVp(s, 0, 28), contractVp(s, 0, 29)]).toEqual([10, 15]);
  });

  it("game-owned and other players' pieces never count", () => {
    const s = given(3, (x) => {
      stationCard(x, 'hebron')!.building = ['game', 1, null, null];
      trackCards(x)[0].owner = 'game';
    });
    expect(stationsOwned(s, 0)).toBe(0);
    expect(requirementMet(s, 0, { kind: 'track', track: 1 })).toBe(false);
  });
});
