import { describe, expect, it } from 'vitest';
import { movesCommute } from '../../../engine/core';
import { bigThunder } from '../../../engine/games/big-thunder';
import { claimJumperOpen, play } from './helpers';

describe('Big Thunder commutes: secret Claim Jumper choices', () => {
  it("another player's discard choice commutes with mine: it shows only as chosen and one card fewer in hand", () => {
    const s = claimJumperOpen();
    const now = play(s, 1, { type: 'claimJumper', card: s.seats[1].hand[0] }).state;
    expect(bigThunder.view(now, 0).pending).toMatchObject({ waiting: [0], chosen: [1, 2] });
    for (const mine of bigThunder.legalMoves(s, 0)) expect(movesCommute(bigThunder, s, now, 0, mine)).toBe(true);
  });

  it('outside a Claim Jumper the whole view must be the same', () => {
    const s = claimJumperOpen();
    const after = play(play(s, 1, { type: 'claimJumper', card: s.seats[1].hand[0] }).state, 0, {
      type: 'claimJumper',
      card: s.seats[0].hand[0],
    }).state;
    expect(after.pending?.kind).not.toBe('claimJumper');
    const turn = bigThunder.activeSeats(after)[0];
    const moved = play(after, turn, bigThunder.legalMoves(after, turn)[0]).state;
    const watcher = (turn + 1) % 3;
    expect(bigThunder.view(moved, watcher)).not.toEqual(bigThunder.view(after, watcher));
    expect(bigThunder.commutes!(after, moved, watcher, { type: 'endTurn' })).toBe(false);
    expect(bigThunder.commutes!(after, after, watcher, { type: 'endTurn' })).toBe(true);
  });
});
