import { describe, expect, it } from 'vitest';
import { spaceMountain } from '../../../engine/games/space-mountain';
import { givenGalaxy, markersAccounted, rollDice } from './helpers';

describe('Step 3: Check For Fuel', () => {
  it('Step 3 example: 1 orange die moves the Fuel Gauge down 1 (6 to 5)', () => {
    const s = givenGalaxy({ players: 2 });
    expect(s.fuel).toBe(6);
    const r = rollDice(s, 'T S* T');
    expect(r.state.fuel).toBe(5);
    expect(r.log.map((e) => e.text)).toContain('The Fuel Gauge drops 1 to 5.');
  });

  it('Step 3: no orange die, no fuel used; each orange die is 1 fuel', () => {
    expect(rollDice(givenGalaxy({ fuel: 4 }), 'S T S').state.fuel).toBe(4);
    expect(rollDice(givenGalaxy({ fuel: 6 }), 'S* T* S').state.fuel).toBe(4);
  });

  it('Step 3: at 1, every player still flying runs out of fuel and returns the markers on face-up Missions; face-down Missions and Refuelled players are safe', () => {
    const s = givenGalaxy({
      players: 3,
      fuel: 2,
      rockets: { 2: null }, // Yellow stopped to Refuel earlier this round
      missions: {
        0: { A: { faceDown: true }, B: { covered: 1 }, C: { covered: 2 } },
        1: { A: { covered: 2 } },
        2: { A: { covered: 2 }, D: { covered: 1 } },
      },
    });
    expect(s.pool).toBe(25 - 3 - 2 - 3);
    const r = rollDice(s, 'S* T S');
    const t = r.state;
    expect(r.log.map((e) => e.text)).toContain(
      'The Fuel Gauge reaches 1: {{p:0}} (3 markers), {{p:1}} (2 markers) ran out of fuel and return the markers on face-up Missions to the pool.',
    );
    expect(t.missions[0].map((m) => [m.faceDown, m.covered.filter(Boolean).length])).toEqual([
      [true, 0],
      [false, 0],
      [false, 0],
      [false, 0],
      [false, 0],
    ]);
    expect(t.missions[1][0].covered).toEqual([false, false]);
    expect(t.missions[2][0].covered).toEqual([true, true]);
    expect(t.missions[2][3].covered).toEqual([true, false, false]);
    expect(t.pool).toBe(25 - 3);
    expect(markersAccounted(t)).toBe(25);
  });

  it('Ending a Round: when the gauge reaches 1 the round ends at once: no Rocket moves, the gauge resets to 6 and the dice pass left', () => {
    const s = givenGalaxy({ players: 3, fuel: 2, activePlayer: 2 });
    const r = rollDice(s, 'S* S* S*');
    const t = r.state;
    expect(r.log.some((e) => e.text.includes('ends die'))).toBe(false);
    expect(t.phase).toBe('launch');
    expect(t.fuel).toBe(6);
    expect(t.round).toBe(2);
    expect(t.activePlayer).toBe(0); // to the left of seat 2 in a 3-player game
    expect(t.rockets).toEqual([null, null, null]);
    expect(r.log.map((e) => e.text)).toContain('The Fuel Gauge drops 3 to 1.'); // never below 1
    expect(spaceMountain.activeSeats(t)).toEqual([0, 1, 2]);
  });
});
