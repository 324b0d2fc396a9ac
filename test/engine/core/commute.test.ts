import { describe, expect, it } from 'vitest';
import { movesCommute, type AnyGame } from '../../../engine/core';
import { secretDice } from '../../fixtures/secret-dice';

const SEED = '0123456789abcdef0123456789abcdef';
const game = secretDice as AnyGame;
const start = () => game.setup({ players: 3, options: { rounds: 3 }, seed: SEED });
const apply = (s: unknown, seat: number, type: string) => game.applyMove(s, seat, { type }).state;

describe('movesCommute: the default rule (no hook)', () => {
  it('a move commutes only when the seat sees the same view and has the same legal moves, and the move is legal in both', () => {
    const s = start();
    // Nothing happened: trivially the same.
    expect(movesCommute(game, s, s, 0, { type: 'bank' })).toBe(true);
    // Another seat's visible change (seat 0 banked; the banked points are public): seat 1's view differs.
    const banked = apply(apply(s, 0, 'bank'), 0, 'end');
    expect(movesCommute(game, s, banked, 1, { type: 'bank' })).toBe(false);
    // A move that was not legal before (it was not the seat's turn) never commutes, even if legal now.
    expect(movesCommute(game, s, banked, 1, { type: 'roll' })).toBe(false);
    // Legal before, no longer legal now.
    const twoSteps = apply(apply(s, 0, 'bank'), 0, 'bank');
    expect(movesCommute(game, s, twoSteps, 0, { type: 'bank' })).toBe(false);
  });

  it('a game hook decides what may differ, but is asked only when the move is legal in both states with the same legal moves', () => {
    const s = start();
    const lenient = { ...game, commutes: () => true } as AnyGame;
    const strict = { ...game, commutes: () => false } as AnyGame;
    expect(movesCommute(lenient, s, s, 0, { type: 'bank' })).toBe(true);
    expect(movesCommute(strict, s, s, 0, { type: 'bank' })).toBe(false);
    // Seat 0 banked: End turn is now among its legal moves, so not even a lenient hook is asked.
    expect(movesCommute(lenient, s, apply(s, 0, 'bank'), 0, { type: 'bank' })).toBe(false);
    // Not seat 1's turn in either state.
    expect(movesCommute(lenient, s, s, 1, { type: 'bank' })).toBe(false);
  });
});
