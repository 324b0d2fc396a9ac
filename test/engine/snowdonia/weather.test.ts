import { describe, expect, it } from 'vitest';
import { contractData } from '../../../engine/games/snowdonia/components';
import { given, logText, resolveWith } from './helpers';

// Rulebook "4. Check the Weather".
describe('4. Check the Weather', () => {
  const endRound = (patch: (x: ReturnType<typeof given>) => void, options = {}) => resolveWith(given(3, patch, options), { G: [0] });

  it('round 1 has no weather on "!"; the discs shift left and the top Contract\'s back enters on the right', () => {
    const s = given(3, () => {});
    expect(s.weatherTrack[0]).toBeNull();
    const { state } = resolveWith(s, { G: [0] });
    // The Site Office took one card from the deck first (3. Restock), then the new top card's back.
    expect(state.weatherTrack).toEqual([s.weatherTrack[1], s.weatherTrack[2], contractData(s.contractDeck[1]).weather]);
  });

  it('the disc on "!" returns to the supply', () => {
    const { state } = endRound((x) => (x.weatherTrack = ['fog', 'rain', 'sun']));
    expect(state.weatherTrack.slice(0, 2)).toEqual(['rain', 'sun']);
  });

  it('Sun: Excavate +2 spaces, Lay Track +1 space', () => {
    const { state, log } = endRound((x) => (x.weatherTrack = [null, 'sun', 'rain']));
    expect(state.workRate).toEqual({ excavation: 5, layTrack: 3 });
    expect(logText(log)).toContain('Sun: Excavation Work Rate 5, Lay Track Work Rate 3.');
  });

  it('Rain: Excavate -1 space, Lay Track -1 space', () => {
    const { state } = endRound((x) => (x.weatherTrack = [null, 'rain', 'sun']));
    expect(state.workRate).toEqual({ excavation: 2, layTrack: 1 });
  });

  it('the Work Rate markers cannot move beyond either end of the tracks', () => {
    const sun = endRound((x) => {
      x.weatherTrack = [null, 'sun', 'sun'];
      x.workRate = { excavation: 4, layTrack: 3 };
    }).state;
    expect(sun.workRate).toEqual({ excavation: 5, layTrack: 3 });
    const rain = endRound((x) => {
      x.weatherTrack = [null, 'rain', 'sun'];
      x.workRate = { excavation: 2, layTrack: 1 };
    }).state;
    expect(rain.workRate).toEqual({ excavation: 2, layTrack: 1 });
  });

  it('Fog: no Work Rate change; EXCAVATION and LAY TRACK are closed next round', () => {
    const { state, log } = endRound((x) => (x.weatherTrack = [null, 'fog', 'sun']));
    expect(state.workRate).toEqual({ excavation: 3, layTrack: 2 });
    expect(logText(log)).toContain('Fog: EXCAVATION and LAY TRACK cannot be used next round');
    expect(state.weatherTrack[0]).toBe('fog');
  });

  it('Fog does not affect Events (the railway company still digs)', () => {
    const s = given(3, (x) => {
      x.weatherTrack = ['fog', 'fog', 'fog'];
      x.bag = { iron: 0, stone: 0, coal: 0, event: 1 };
      x.box.iron += 24;
      x.box.stone += 14;
      x.box.coal += 5;
      x.box.event += 3;
    });
    const { state } = resolveWith(s, { G: [0] }, { events: true });
    expect(state.eventTrack[0]).toBe(true);
    const first = state.route[1];
    expect(first.kind === 'track' && first.rubble).toBe(0);
  });

  it('with an empty Contract deck no new disc enters (reconstruction)', () => {
    const { state } = endRound((x) => {
      x.weatherTrack = ['sun', 'rain', 'fog'];
      x.contractDiscard.push(...x.contractDeck);
      x.contractDeck = [];
    });
    expect(state.weatherTrack).toEqual(['rain', 'fog', null]);
  });
});
