import { describe, expect, it } from 'vitest';
import { snowdonia } from '../../../engine/games/snowdonia';
import { clearRubble, expectIllegal, given, logText, play, resolveWith } from './helpers';

// Rulebook "2. Resolve Actions".
describe('2. Resolve Actions', () => {
  it('Action Areas resolve A to G and spaces in numerical order', () => {
    // Track cards cleared up to Two Viaducts, whose first space holds 4 Rubble (4 VP).
    const s = given(2, (x) => clearRubble(x, 3)); // Llanberis and the two Track cards
    const { state, log } = resolveWith(s, { B: [1, 0], G: [0, 1] });
    // Space B1 (seat 1) takes 3 of the 4; B2 (seat 0) takes the last one and clears the space.
    expect(state.route[3].kind === 'station' && state.route[3].excavation).toEqual([
      { rubble: 0, owner: 0 },
      { rubble: 0, owner: 0 },
    ]);
    expect(state.seats[1].rubble).toBe(3);
    expect(state.seats[0].rubble).toBe(3);
    const text = logText(log);
    expect(text.indexOf('{{p:1}} excavated')).toBeLessThan(text.indexOf('{{p:0}} excavated'));
    expect(text.indexOf('{{p:0}} excavated')).toBeLessThan(text.indexOf('{{p:0}} moved the Surveyor'));
    expect(text.indexOf('{{p:0}} moved the Surveyor')).toBeLessThan(text.indexOf('{{p:1}} moved the Surveyor'));
  });

  it('each action is mandatory: a Labourer on the Stock Yard must take cubes', () => {
    const { state } = resolveWith(
      given(2, () => {}),
      { A: [0] },
    );
    expect(state.step).toEqual({ kind: 'action', area: 'A', space: 1, seat: 0, remaining: 1 });
    expect(snowdonia.legalMoves(state, 0).every((m) => m.type === 'take-cubes')).toBe(true);
    expectIllegal(state, 0, { type: 'take-cubes', iron: 0, stone: 0, coal: 0 }, 'must_take_cube');
    expectIllegal(state, 0, { type: 'skip' }, 'cannot_skip');
  });

  it('two Labourers in one Area take the action twice', () => {
    let { state } = resolveWith(
      given(3, () => {}),
      { A: [0, 1, 0] },
    );
    state = play(state, 0, { type: 'take-cubes', iron: 3, stone: 0, coal: 0 });
    state = play(state, 1, { type: 'take-cubes', iron: 3, stone: 0, coal: 0 });
    expect(state.step).toMatchObject({ kind: 'action', area: 'A', space: 3, seat: 0 });
    state = play(state, 0, { type: 'take-cubes', iron: 1, stone: 1, coal: 1 });
    expect(state.seats[0]).toMatchObject({ iron: 4, stone: 1, coal: 1 });
    expect(state.seats[1]).toMatchObject({ iron: 3, stone: 0, coal: 0 });
  });

  it('an action that can do nothing is passed over with a log line', () => {
    const { state, log } = resolveWith(
      given(2, () => {}),
      { C: [0], G: [1] },
    );
    expect(logText(log)).toContain('{{p:0}} cannot take the Works action: no conversion is possible.');
    expect(state.round).toBe(2);
  });

  it('Labourers return after the actions (the Temporary one to the Pub)', () => {
    const { state } = resolveWith(
      given(2, (x) => {
        x.seats[0].temporaryHired = true;
      }),
      { G: [0, 0, 0, 1, 1] },
    );
    expect(state.areas.G).toEqual([]);
    expect(state.seats.map((p) => [p.labourers, p.temporaryHired])).toEqual([
      [2, false],
      [2, false],
    ]);
  });
});
