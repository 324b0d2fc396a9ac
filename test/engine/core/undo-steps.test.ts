import { describe, expect, it } from 'vitest';
import { checkUndo, undoableSteps, undoBarrierText } from '../../../engine/core';
import { spaceMountain } from '../../../engine/games/space-mountain';

const m = (seat: number, reveals = false) => ({ seat, move: {}, reveals });

describe('restart turn: the steps a seat may take back one after another', () => {
  it("counts its own last moves back to another seat's move or a move that revealed something", () => {
    expect(undoableSteps([], 0)).toBe(0);
    expect(undoableSteps([m(1), m(0), m(0), m(0)], 0)).toBe(3);
    expect(undoableSteps([m(0), m(0, true), m(0), m(0)], 0)).toBe(2);
    expect(undoableSteps([m(0), m(1)], 0)).toBe(0);
    expect(undoableSteps([m(0, true)], 0)).toBe(0);
  });

  it('agrees with checkUndo: each of those steps can be taken back in turn, and no more', () => {
    const moves = [m(1), m(0, true), m(0), m(0)];
    const steps = undoableSteps(moves, 0);
    for (let i = 0; i < steps; i++) expect(() => checkUndo(moves.slice(0, moves.length - i), 0)).not.toThrow();
    expect(() => checkUndo(moves.slice(0, moves.length - steps), 0)).toThrow(/revealed/);
  });

  it("says in the mover's words why a revealing move cannot be taken back", () => {
    expect(undoBarrierText('End turn and draw', 'the cards you drew')).toBe(
      'You chose "End turn and draw": the cards you drew cannot be taken back.',
    );
    expect(undoBarrierText('Roll')).toBe('You chose "Roll": the dice, cards or hidden information it revealed cannot be taken back.');
  });

  it('Space Mountain names what its revealing moves revealed', () => {
    let s = spaceMountain.setup({ players: 2, options: spaceMountain.optionsSchema.parse({}), seed: '0123456789abcdef0123456789abcdef' });
    for (const seat of [0, 1]) s = spaceMountain.applyMove(s, seat, spaceMountain.legalMoves(s, seat)[0]).state;
    const first = spaceMountain.applyMove(s, 0, { type: 'go' });
    expect([first.reveals, first.revealed]).toEqual([false, undefined]);
    const last = spaceMountain.applyMove(first.state, 1, { type: 'go' });
    expect([last.reveals, last.revealed]).toEqual([true, 'the decisions shown and the dice rolled']);
    // Everyone Refuels: the decisions are shown, but no dice are rolled (the round ends).
    const stop = spaceMountain.applyMove(spaceMountain.applyMove(s, 0, { type: 'refuel', flip: [] }).state, 1, {
      type: 'refuel',
      flip: [],
    });
    expect([stop.reveals, stop.revealed]).toEqual([true, 'the decisions shown']);
  });
});
