import { describe, expect, it } from 'vitest';
import { movesCommute } from '../../../engine/core';
import { spaceMountain, type SpaceMountainMove } from '../../../engine/games/space-mountain';
import { launched, newGame, play } from './helpers';

const game = spaceMountain;

describe('#12 Space Mountain commutes: secret Step 1 decisions', () => {
  it("another player's Go or Refuel commutes with mine: it shows only as decided", () => {
    const s = launched(3);
    const decisions: SpaceMountainMove[] = [{ type: 'go' }, { type: 'refuel', flip: [] }];
    for (const theirs of decisions) {
      const now = play(s, 1, theirs).state;
      expect(game.view(now, 0)).not.toEqual(game.view(s, 0)); // "Blue has decided" is visible ...
      for (const mine of game.legalMoves(s, 0)) expect(movesCommute(game, s, now, 0, mine)).toBe(true); // ... and changes nothing of my choice
      const third = play(now, 2, { type: 'go' }).state;
      expect(movesCommute(game, s, third, 0, { type: 'go' })).toBe(true);
    }
  });

  it('my own earlier decision, a reveal, or a visible change outside Step 1 does not commute', () => {
    const s = launched(2);
    const mine = play(s, 0, { type: 'go' }).state;
    expect(movesCommute(game, s, mine, 0, { type: 'go' })).toBe(false); // already decided: not legal now
    const revealed = play(mine, 1, { type: 'go' }).state;
    expect(movesCommute(game, mine, revealed, 1, { type: 'go' })).toBe(false);
    // Launch: a Rocket placed by another player is on the board I see.
    const fresh = newGame(2);
    expect(fresh.phase).toBe('launch');
    const placed = play(fresh, 1, game.legalMoves(fresh, 1)[0]).state;
    expect(movesCommute(game, fresh, placed, 0, game.legalMoves(fresh, 0)[0])).toBe(false);
  });
});
