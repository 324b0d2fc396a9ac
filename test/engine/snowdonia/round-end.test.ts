import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../engine/core';
import { contractData } from '../../../engine/games/snowdonia/components';
import { clearRubble, given, giveTrain, playFull, resolveWith, setSeat } from './helpers';

/** The `phase` lines of a log: what a page shows as a card and a turn email leads with. */
const phases = (log: LogEntry[]) => log.filter((l) => l.kind === 'phase').map((l) => l.text);

// Rulebook, Game flow 3-5: Restock Contract Cards, Check the Weather, Restock the Stock Yard.
describe("a round's end is told in one line", () => {
  it('Site Office, Weather with the Work Rates moved, Stock Yard restocked, and the next Start Player', () => {
    const s = given(3, (x) => {
      x.weatherTrack = [null, 'rain', 'sun'];
      x.stockYard = { iron: 0, stone: 0, coal: 0 };
      x.bag = { iron: 6, stone: 3, coal: 0, event: 0 };
    });
    const drawn = s.contractDeck[0];
    const { state, log } = resolveWith(s, { G: [0] });
    expect(state.round).toBe(s.round + 1);
    expect(phases(log)).toEqual([
      `Round ${s.round} is over. Site Office: Contract ${drawn} "${contractData(drawn).name}" drawn. Weather: Rain, Excavation Work Rate 3 -> 2, Lay Track Work Rate 2 -> 1. Stock Yard restocked: 6 Iron Ore, 3 Stone, 0 Coal. Round ${state.round}: {{p:${state.startPlayer}}} is the Start Player.`,
    ]);
    // The detailed lines are still there for the log.
    expect(log.filter((l) => !l.kind).length).toBeGreaterThan(1);
  });

  it('a Work Rate at the end of its track "stays"; Fog says what it closes; no weather in a round without a disc', () => {
    const fog = resolveWith(
      given(3, (x) => (x.weatherTrack = [null, 'fog', 'sun'])),
      { G: [0] },
    );
    expect(phases(fog.log)[0]).toContain(
      'Weather: Fog (no Labourer on EXCAVATION or LAY TRACK next round), Excavation Work Rate stays 3, Lay Track Work Rate stays 2.',
    );
    const none = resolveWith(
      given(3, (x) => (x.weatherTrack = [null, null, 'sun'])),
      { G: [0] },
    );
    expect(phases(none.log)[0]).toContain('Weather: none.');
  });

  it('Events drawn are named; Train maintenance pauses the line and the rest is told after it', () => {
    const s = given(3, (x) => {
      for (const k of ['iron', 'stone', 'coal'] as const) {
        x.box[k] += x.bag[k];
        x.bag[k] = 0;
      }
      x.box.event += x.bag.event - 2;
      x.bag.event = 2;
      for (let i = 0; i < 5; i++) x.eventTrack[i] = true;
      giveTrain(x, 0, x.engineShed[0].train);
      setSeat(x, 0, { steel: 1 });
      clearRubble(x, 6);
    });
    const { state, log } = resolveWith(s, { G: [0] }, { events: true });
    expect(state.step.kind).toBe('maintenance');
    const first = phases(log);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(
      /^Round \d+ is over\. .* Stock Yard: nothing added\. Event 6: .*\. Train owners decide: pay a Steel Bar or lose the Train\.$/,
    );
    const after = playFull(state, 0, { type: 'maintain-train', pay: true });
    expect(after.state.round).toBe(s.round + 1);
    expect(phases(after.log)).toEqual([
      expect.stringMatching(
        new RegExp(`^Train maintenance is done\\. Event 7: .*\\. Round ${s.round + 1}: \\{\\{p:\\d\\}\\} is the Start Player\\.$`),
      ),
    ]);
  });
});
