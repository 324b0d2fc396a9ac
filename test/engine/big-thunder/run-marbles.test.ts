import { describe, expect, it } from 'vitest';
import { fate, givenMine, marbleCount, play, texts, withLuck } from './helpers';
import { newGame } from './helpers';

const END = { type: 'endTurn' } as const;

describe('On Your Turn 1: Run Marbles', () => {
  it('starts every turn by running three marbles, each from the basin into one of the seven mine shafts', () => {
    const s0 = withLuck(givenMine(), 0, END, (r) => r.state.lastFate === null);
    const r = play(s0, 0, END);
    const s = r.state;
    expect(s.turn).toBe(1);
    expect(s.lastRun).toHaveLength(3);
    const before = s0.basin.gold + s0.basin.ore + s0.basin.water;
    expect(s.basin.gold + s.basin.ore + s.basin.water).toBe(before - 3);
    for (const run of s.lastRun) {
      expect(run.shaft).toBeGreaterThanOrEqual(1);
      expect(run.shaft).toBeLessThanOrEqual(7);
      expect(['gold', 'ore', 'water']).toContain(run.marble);
    }
    // Each marble is now in its shaft.
    const added = [0, 0, 0, 0, 0, 0, 0];
    for (const run of s.lastRun) added[run.shaft - 1] += 1;
    for (const [i, m] of s.mine.entries()) expect(m.gold + m.ore + m.water).toBe(added[i]);
    expect(texts(r.log).filter((t) => t.includes('ran into mine shaft'))).toHaveLength(3);
    expect(r.reveals).toBe(true);
  });

  it('runs are seeded: a uniformly random basin marble lands in a uniformly random shaft (README reconstruction)', () => {
    const perShaft = [0, 0, 0, 0, 0, 0, 0];
    const perKind: Record<string, number> = { gold: 0, ore: 0, water: 0, fate: 0 };
    for (let k = 0; k < 1500; k++) {
      const s = newGame(2, {}, k.toString(16).padStart(32, 'a'));
      for (const run of s.lastRun) {
        perShaft[run.shaft - 1] += 1;
        perKind[run.marble] += 1;
      }
    }
    const total = perShaft.reduce((a, b) => a + b, 0);
    for (const n of perShaft) expect(Math.abs(n / total - 1 / 7)).toBeLessThan(0.02);
    // Gold, Raw Ore and Water are equally common in the basin; the single Fate marble is rarer.
    expect(Math.abs(perKind.gold - perKind.water) / total).toBeLessThan(0.03);
    expect(Math.abs(perKind.gold - perKind.ore) / total).toBeLessThan(0.03);
    expect(perKind.fate).toBeGreaterThan(0);
    expect(perKind.fate).toBeLessThan(perKind.gold / 3);
  });

  it('FATE!: finishes running marbles, then flips the top Fate card, then drops the Fate marble back in the basin', () => {
    // The basin holds two Gold Nuggets and the Fate marble: all three run, the Fate card comes after.
    const s0 = givenMine({ basin: { gold: 2, ore: 0, water: 0, fate: 1 }, park: 7, fateTop: [fate('luckyStrike')] });
    const r = play(s0, 0, END);
    const log = texts(r.log);
    const runs = log.map((t, i) => (t.includes('ran into mine shaft') ? i : -1)).filter((i) => i >= 0);
    const fateLine = log.findIndex((t) => t.startsWith('Fate! Lucky Strike'));
    expect(runs).toHaveLength(3);
    expect(fateLine).toBeGreaterThan(Math.max(...runs));
    expect(r.state.lastRun.map((x) => x.marble).sort()).toEqual(['fate', 'gold', 'gold']);
    expect(r.state.fateMarble).toBeNull();
    expect(r.state.basin).toEqual({ gold: 0, ore: 0, water: 0, fate: 1 });
    expect(r.state.fateDiscard).toEqual([fate('luckyStrike')]);
    expect(r.state.lastFate).toBe(fate('luckyStrike'));
    expect(marbleCount(r.state).total).toBe(23);
  });

  it('an empty basin stops the running: "If the basin is empty, don\'t run any more marbles"', () => {
    const s0 = withLuck(
      givenMine({
        basin: { gold: 1, ore: 0, water: 0, fate: 1 },
        park: 7,
        fateTop: [fate('luckyStrike')],
        options: { fateOnEmptyBasin: true },
      }),
      0,
      END,
      () => true,
    );
    const r = play(s0, 0, END);
    expect(r.state.lastRun).toHaveLength(2);
    expect(texts(r.log)).toContain('The basin is empty: no more marbles run.');
    // The Fate marble ran, so (rules version 1's reading) its card is resolved and the marble dropped back in the basin.
    expect(r.state.basin).toEqual({ gold: 0, ore: 0, water: 0, fate: 1 });
    expect(r.state.phase).toBe('play');
  });

  it('fateOnEmptyBasin (rules version 1): with only the Fate marble in the basin, it runs, the basin is empty, its card resolves, it drops back', () => {
    const s0 = givenMine({
      basin: { gold: 0, ore: 0, water: 0, fate: 1 },
      park: 7,
      fateTop: [fate('flashFlood')],
      options: { fateOnEmptyBasin: true },
    });
    const r = play(s0, 0, END);
    expect(r.state.lastRun.map((x) => x.marble)).toEqual(['fate']);
    expect(texts(r.log)).toContain('There is no Water left in the basin.');
    expect(r.state.basin.fate).toBe(1);
  });
});
