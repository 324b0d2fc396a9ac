import { describe, expect, it } from 'vitest';
import { snowdonia } from '../../../engine/games/snowdonia';
import { contractData, stationData, trackCardData, trainData } from '../../../engine/games/snowdonia/components';
import { stationOrder, trackCards } from '../../../engine/games/snowdonia/route';
import { areaSize } from '../../../engine/games/snowdonia/setup';
import { census, fullBox, newGame } from './helpers';

// Rulebook "Preparation (Setup)", steps 1-15, for every player count.
describe.each([2, 3, 4, 5])('setup with %i players', (players) => {
  const s = newGame(players);

  it('step 1: the board side is purely aesthetic (no option, nothing in the state)', () => {
    expect(Object.keys(snowdonia.optionsSchema.parse({}))).not.toContain('boardSide');
    expect(JSON.stringify(s)).not.toMatch(/classic|boardSide/);
  });

  it('step 2: Station cards by player count, in numerical order from Llanberis', () => {
    const expected = {
      2: ['llanberis', 'two-viaducts', 'hebron', 'halfway', 'rocky-valley-halt', 'clogwyn', 'yr-wyddfa'],
      3: ['llanberis', 'two-viaducts', 'waterfall', 'hebron', 'halfway', 'rocky-valley-halt', 'clogwyn', 'yr-wyddfa'],
      4: ['llanberis', 'two-viaducts', 'waterfall', 'hebron', 'halfway', 'rocky-valley-halt', 'clogwyn', 'yr-wyddfa'],
      5: ['llanberis', 'two-viaducts', 'waterfall', 'hebron', 'halfway', 'passing-loop', 'rocky-valley-halt', 'clogwyn', 'yr-wyddfa'],
    }[players]!;
    expect(stationOrder(s)).toEqual(expected);
  });

  it('step 3: each Station has as many Track cards before it as it shows (12 / 13 / 13 / 14)', () => {
    expect(trackCards(s)).toHaveLength({ 2: 12, 3: 13, 4: 13, 5: 14 }[players]!);
    let run = 0;
    for (const c of s.route) {
      if (c.kind === 'track') run++;
      else {
        expect(run, c.station).toBe(stationData(c.station).trackBefore);
        run = 0;
      }
    }
    // Regular cards only by default (the optional 0/6/7 cards stay in the box), all different.
    const ids = trackCards(s).map((t) => t.card);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => !trackCardData(id).optional)).toBe(true);
  });

  it('step 4: Rubble on every Track card and Station Excavation space as printed', () => {
    for (const c of s.route) {
      if (c.kind === 'track') expect(c.rubble).toBe(trackCardData(c.card).rubble);
      else expect(c.excavation.map((e) => e.rubble)).toEqual(stationData(c.station).excavation.map((e) => e.rubble));
    }
    const onRoute = s.route.reduce((n, c) => n + (c.kind === 'track' ? c.rubble : c.excavation.reduce((m, e) => m + e.rubble, 0)), 0);
    expect(onRoute + s.supply.rubble).toBe(90);
  });

  it('step 5: a Start Player among the seats', () => {
    expect(s.startPlayer).toBeGreaterThanOrEqual(0);
    expect(s.startPlayer).toBeLessThan(players);
    expect(s.step).toEqual({ kind: 'assign', seat: s.startPlayer });
  });

  it('step 6: 16 Ownership Markers each, a fixed limit', () => {
    expect(s.seats.map((p) => p.markers)).toEqual(Array(players).fill(16));
  });

  it('step 7: two Labourers in the personal supply, the Temporary Labourer at the Pub', () => {
    for (const p of s.seats) expect([p.labourers, p.temporaryHired, p.placed]).toEqual([2, false, 0]);
    expect(census(s).labourers).toEqual(Array(players).fill(3));
  });

  it('step 8: every Surveyor on Llanberis', () => {
    expect(s.seats.map((p) => p.surveyor)).toEqual(Array(players).fill('llanberis'));
  });

  it('players start with no cubes, Trains or Contracts', () => {
    for (const p of s.seats)
      expect([p.iron, p.stone, p.coal, p.steel, p.rubble, p.train, p.contracts.length]).toEqual([0, 0, 0, 0, 0, null, 0]);
  });

  it('step 9: Action Area sizes by player count', () => {
    const sizes = (['A', 'B', 'C', 'D', 'E', 'F'] as const).map((a) => areaSize(s, a));
    expect(sizes).toEqual(
      {
        2: [2, 2, 1, 1, 2, 1],
        3: [3, 2, 1, 2, 2, 2],
        4: [4, 3, 2, 3, 2, 2],
        5: [4, 3, 3, 3, 3, 2],
      }[players],
    );
    expect(s.areas.G).toEqual([]);
    expect(s.excavationOverlay).toBe(false);
  });

  it('step 10: Work Rate markers on their dotted spaces (Excavation 3, Lay Track 2)', () => {
    expect(s.workRate).toEqual({ excavation: 3, layTrack: 2 });
  });

  it('step 11: the Contract deck, without cards 28 and 29 for 2 players', () => {
    const all = [...s.contractDeck, ...(s.siteOffice as number[])];
    if (players === 2) {
      expect(all).toHaveLength(28);
      expect(all).not.toContain(28);
      expect(all).not.toContain(29);
      expect(s.contractsOut).toEqual([28, 29]);
    } else {
      expect(all).toHaveLength(30);
      expect(s.contractsOut).toEqual([]);
    }
  });

  it('step 12: three face-up Contracts in the Site Office; Weather discs from the backs of spaces 2 and 3', () => {
    expect(s.siteOffice.every((x) => x !== null)).toBe(true);
    expect(s.weatherTrack).toEqual([null, contractData(s.siteOffice[1]!).weather, contractData(s.siteOffice[2]!).weather]);
  });

  it('step 13: six Trains face up in the Engine Shed', () => {
    expect(s.engineShed).toHaveLength(6);
    expect(s.trainsOut).toHaveLength(1);
    expect(new Set([...s.engineShed.map((t) => t.train), ...s.trainsOut])).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
  });

  it('step 14: Stock Yard 7 Iron Ore / 4 Stone / 1 Coal, Coal on the Trains, the Supply Table in the bag', () => {
    expect(s.stockYard).toEqual({ iron: 7, stone: 4, coal: 1 });
    for (const t of s.engineShed) expect(t.coal).toBe(trainData(t.train).coal);
    const shedCoal = s.engineShed.reduce((n, t) => n + t.coal, 0);
    const table = { 2: [18, 10, 4, 3], 3: [24, 14, 5, 4], 4: [30, 18, 6, 5] }[players as 2 | 3 | 4];
    if (table) expect([s.bag.iron, s.bag.stone, s.bag.coal, s.bag.event]).toEqual(table);
    else expect([s.bag.iron, s.bag.stone, s.bag.coal, s.bag.event]).toEqual([33, 20, 13 - shedCoal, 5]);
  });

  it('step 15: everything else is in the general supply; every piece is accounted for', () => {
    expect(s.supply.steel).toBe(18);
    expect(census(s)).toEqual(fullBox(players));
  });

  it('is deterministic for a seed and varies with it', () => {
    expect(newGame(players)).toEqual(s);
    const other = newGame(players, {}, 'f'.repeat(32));
    expect(other.contractDeck).not.toEqual(s.contractDeck);
  });
});

describe('setup options', () => {
  it('optional Track cards may join the deck (Setup 3, "for variety")', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const s = newGame(5, { optionalTrackCards: true }, (i + 1).toString(16).padStart(32, '0'));
      for (const t of trackCards(s)) seen.add(t.card);
      const onRoute = s.route.reduce((n, c) => n + (c.kind === 'track' ? c.rubble : c.excavation.reduce((m, e) => m + e.rubble, 0)), 0);
      expect(s.supply.rubble).toBeGreaterThanOrEqual(0);
      expect(onRoute + s.supply.rubble).toBe(90);
    }
    expect([15, 16, 17].some((id) => seen.has(id))).toBe(true);
  });

  it('`{}` is a valid options object with the documented defaults', () => {
    expect(snowdonia.optionsSchema.parse({})).toEqual({
      buildPrerequisite: 'station-cleared',
      thinnerFog: false,
      optionalTrackCards: false,
      overlayBuildAfterE: false,
    });
    expect(() => snowdonia.optionsSchema.parse({ thinnerFog: 'yes' })).toThrow();
  });

  it('refuses 1 or 6 players', () => {
    expect(() => newGame(1)).toThrow();
    expect(() => newGame(6)).toThrow();
  });
});
