import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../engine/core';
import { givenGalaxy, launched, play, rollDice } from './helpers';

const phases = (log: LogEntry[]) => log.filter((l) => l.kind === 'phase').map((l) => l.text);

// Rulebook, Ending a Round and Winning the Game.
describe("a round's end is told in one line", () => {
  it('the Fuel Gauge reaches 1: who lost what, the gauge reset, the new Active Player', () => {
    const s = givenGalaxy({ fuel: 2, activePlayer: 0, missions: { 0: { A: { covered: 1 } } } });
    const r = rollDice(s, 'S* S S');
    expect(phases(r.log)).toEqual([
      'Round 1 is over: the Fuel Gauge reached 1: {{p:0}} (1 marker), {{p:1}} (0 markers) ran out of fuel. Round 2: the Fuel Gauge is reset to 6 and {{p:1}} is the Active Player. Place your Rockets on an approved Starport.',
    ]);
  });

  it('every player Refuels: the round ends with that reason', () => {
    let s = launched(2);
    s = play(s, 0, { type: 'refuel', flip: [] }).state;
    const r = play(s, 1, { type: 'refuel', flip: [] });
    expect(phases(r.log)).toEqual([expect.stringMatching(/^Round 1 is over: every player stopped to Refuel\. Round 2: /)]);
  });

  it('a turn that ends nothing writes no phase line', () => {
    const r = rollDice(givenGalaxy({ fuel: 6 }), 'S S S');
    expect(phases(r.log)).toEqual([]);
  });
});
