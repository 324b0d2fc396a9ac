import { describe, expect, it } from 'vitest';
import { snowdonia } from '../../../engine/games/snowdonia';
import { CONTRACTS, contractData } from '../../../engine/games/snowdonia/components';
import type { SnowdoniaState } from '../../../engine/games/snowdonia/state';
import { cloneState } from '../../../engine/games/snowdonia/state';
import { given, giveContract, newGame, play } from './helpers';

/** Names of Contract cards nobody has seen yet (still in the deck). */
const unseen = (s: SnowdoniaState) => s.contractDeck.map((id) => contractData(id).name);

describe('view', () => {
  it('has exactly the documented fields', () => {
    const v = snowdonia.view(newGame(3), 0);
    expect(Object.keys(v).sort()).toEqual(
      [
        'actionAreas',
        'activeSeats',
        'contractDeck',
        'contractDiscard',
        'endTriggered',
        'engineShed',
        'eventTrack',
        'excavationOverlay',
        'game',
        'generalSupply',
        'legalMoves',
        'options',
        'players',
        'result',
        'resolving',
        'round',
        'route',
        'seats',
        'siteOffice',
        'startPlayer',
        'step',
        'stockYard',
        'supplyBag',
        'trainsForSale',
        'weather',
        'workRates',
        'you',
      ].sort(),
    );
  });

  it("the Contract deck shows only its size and the weather on its top card's back", () => {
    const s = newGame(3);
    const v = snowdonia.view(s, null);
    expect(v.contractDeck).toEqual({ count: 27, topWeather: contractData(s.contractDeck[0]).weather });
    expect(v.weather.next).toBe(v.contractDeck.topWeather);
    const json = JSON.stringify(v);
    for (const name of unseen(s)) expect(json).not.toContain(`"${name}"`);
    expect(json).not.toContain('rng');
  });

  it('the Supply Bag shows counts by colour (public knowledge) and no order', () => {
    const s = newGame(2);
    expect(snowdonia.view(s, 1).supplyBag).toEqual({ iron: 18, stone: 10, coal: 4, event: 3, total: 35 });
  });

  it('legal moves with labels for the seat to act; none for others or spectators', () => {
    const s = newGame(2);
    const v = snowdonia.view(s, s.startPlayer);
    expect(v.legalMoves[0]).toEqual({ move: { type: 'place', area: 'A', space: 1 }, label: 'Place a Labourer on Stock Yard (A1)' });
    expect(snowdonia.view(s, 1 - s.startPlayer).legalMoves).toEqual([]);
    expect(snowdonia.view(s, null).legalMoves).toEqual([]);
    expect(snowdonia.view(s, null).you).toBeNull();
  });

  it('shows the route, action areas, surveyors, contracts in hand (public) and the score so far', () => {
    const s = given(3, (x) => giveContract(x, 1, 8));
    const v = snowdonia.view(s, 0);
    expect(v.route[0]).toMatchObject({ kind: 'station', station: 'llanberis', surveyors: [0, 1, 2] });
    expect(v.route[1]).toMatchObject({ kind: 'track', position: 1, owner: null });
    expect(v.actionAreas.map((a) => [a.area, a.spaces.length])).toEqual([
      ['A', 3],
      ['B', 2],
      ['C', 1],
      ['D', 2],
      ['E', 2],
      ['F', 2],
      ['G', 0],
    ]);
    expect(v.seats[1].contracts).toEqual([
      expect.objectContaining({ id: 8, name: 'Spoil Heap', area: 'B', requirement: '4 Rubble held: 5 VP', activated: false, vpNow: 0 }),
    ]);
    expect(v.seats[0].score.total).toBe(0);
    expect(v.seats[0].labourers).toEqual({ supply: 2, placed: 0, atPub: 1 });
  });

  it("no seat's view changes when hidden state changes (deck order below the top, RNG)", () => {
    let s = newGame(4);
    for (let i = 0; i < 5; i++) s = play(s, snowdonia.activeSeats(s)[0], snowdonia.legalMoves(s, snowdonia.activeSeats(s)[0])[0]);
    const t = cloneState(s);
    t.contractDeck = [t.contractDeck[0], ...t.contractDeck.slice(1).reverse()];
    t.rng = [9, 9, 9, 9];
    for (const seat of [null, 0, 1, 2, 3]) expect(snowdonia.view(t, seat)).toEqual(snowdonia.view(s, seat));
  });

  it('is built, not copied: it shares no object with the state', () => {
    const s = newGame(3);
    const v = snowdonia.view(s, 0);
    v.seats[0].iron = 99;
    v.route.length = 0;
    v.weather.track[1] = null;
    expect(s.seats[0].iron).toBe(0);
    expect(s.route.length).toBeGreaterThan(0);
    expect(s.weatherTrack[1]).not.toBeNull();
  });

  it('every Contract name is distinct (so the leak search is meaningful)', () => {
    expect(new Set(CONTRACTS.map((k) => k.name)).size).toBe(30);
  });
});

describe('cloneState', () => {
  it('copies every object (no shared references) and equals the original', () => {
    const s = given(3, (x) => {
      giveContract(x, 0, 5);
      x.step = { kind: 'contracts', area: 'B', waiting: [0] };
      x.cursor = { area: 'B', next: 0, windowHeld: true, extraBuildDone: false };
    });
    const c = cloneState(s);
    expect(c).toEqual(s);
    const seen = new Set<object>();
    const walk = (o: unknown) => {
      if (o && typeof o === 'object') {
        seen.add(o);
        Object.values(o).forEach(walk);
      }
    };
    walk(s);
    const shared: string[] = [];
    const check = (o: unknown, path: string) => {
      if (o && typeof o === 'object') {
        if (seen.has(o)) shared.push(path);
        for (const [k, v] of Object.entries(o)) check(v, `${path}.${k}`);
      }
    };
    check(c, 'state');
    expect(shared).toEqual([]);
  });
});
