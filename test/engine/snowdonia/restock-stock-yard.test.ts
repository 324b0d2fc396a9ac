import { describe, expect, it } from 'vitest';
import { given, logText, playFull, resolveWith } from './helpers';

function onlyInBag(x: ReturnType<typeof given>, bag: { iron: number; stone: number; coal: number; event: number }) {
  for (const k of ['iron', 'stone', 'coal', 'event'] as const) {
    x.box[k] += x.bag[k] - bag[k];
    x.bag[k] = bag[k];
  }
}

// Rulebook "5. Restock the Stock Yard".
describe('5. Restock the Stock Yard', () => {
  it.each([
    [2, 6],
    [3, 9],
    [4, 12],
    [5, 12],
  ])('with %i players %i cubes are drawn', (players, n) => {
    const s = given(players, () => {});
    const { state } = resolveWith(s, { G: [0] }, { events: true });
    const yard = (x: typeof s) => x.stockYard.iron + x.stockYard.stone + x.stockYard.coal;
    const bag = (x: typeof s) => x.bag.iron + x.bag.stone + x.bag.coal + x.bag.event;
    expect(bag(s) - bag(state)).toBe(n);
    expect(yard(state) - yard(s) + state.eventTrack.filter(Boolean).length).toBe(n);
  });

  it('resources go onto the Stock Yard by type', () => {
    const s = given(3, (x) => onlyInBag(x, { iron: 4, stone: 3, coal: 2, event: 0 }));
    const { state, log } = resolveWith(s, { G: [0] });
    expect(state.stockYard).toEqual({ iron: 11, stone: 7, coal: 3 });
    expect(logText(log)).toContain('Drawn from the Supply Bag for the Stock Yard: 4 Iron Ore, 3 Stone, 2 Coal.');
  });

  it('if the bag holds too few cubes, all remaining are drawn; an empty bag gives nothing', () => {
    const s = given(3, (x) => onlyInBag(x, { iron: 1, stone: 1, coal: 0, event: 0 }));
    const one = resolveWith(s, { G: [0] }).state;
    expect(one.bag).toEqual({ iron: 0, stone: 0, coal: 0, event: 0 });
    expect(one.stockYard).toEqual({ iron: 8, stone: 5, coal: 1 });
    const { log } = resolveWith(one, { G: [0] });
    expect(logText(log)).toContain('The Supply Bag is empty');
  });

  it('the draw is an undo barrier (reveals)', () => {
    let s = given(2, () => {});
    const seats = [s.startPlayer, 1 - s.startPlayer, s.startPlayer];
    for (const seat of seats) {
      const r = playFull(s, seat, { type: 'place', area: 'G', space: s.areas.G.length + 1 });
      expect(r.reveals).toBe(false);
      s = r.state;
    }
    const last = playFull(s, 1 - s.startPlayer, { type: 'place', area: 'G', space: 4 });
    expect(last.reveals).toBe(true);
  });

  it('Event cubes go on the Event track from left to right, each resolved at once', () => {
    const s = given(3, (x) => {
      onlyInBag(x, { iron: 0, stone: 0, coal: 0, event: 2 });
      x.eventTrack[0] = true;
    });
    const { state, log } = resolveWith(s, { G: [0] }, { events: true });
    expect(state.eventTrack).toEqual([true, true, true, false, false, false, false, false]);
    const text = logText(log);
    expect(text.indexOf('Event 2: Trains for sale')).toBeLessThan(text.indexOf('Event 3: Track is laid'));
    expect(state.trainsForSale).toBe(true);
  });

  it('the bag has no order: the same state with another RNG draws differently but fairly', () => {
    const counts = { iron: 0, stone: 0, coal: 0 };
    for (let i = 0; i < 200; i++) {
      const s = given(3, (x) => {
        onlyInBag(x, { iron: 10, stone: 10, coal: 10, event: 0 });
        x.rng = [i + 1, 7, 11, 13];
      });
      const st = resolveWith(s, { G: [0] }).state;
      counts.iron += st.stockYard.iron - 7;
      counts.stone += st.stockYard.stone - 4;
      counts.coal += st.stockYard.coal - 1;
    }
    // 1800 draws from equal thirds: each colour near 600.
    for (const n of Object.values(counts)) expect(Math.abs(n - 600)).toBeLessThan(90);
  });
});
