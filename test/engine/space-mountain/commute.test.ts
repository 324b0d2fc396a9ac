import { describe, expect, it } from 'vitest';
import { movesCommute } from '../../../engine/core';
import { spaceMountain, type SpaceMountainMove } from '../../../engine/games/space-mountain';
import { givenGalaxy, launched, newGame, play, rollDice } from './helpers';

const game = spaceMountain;

describe('Space Mountain commutes: secret Step 1 decisions', () => {
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
  });
});

describe('Space Mountain commutes: Rockets launching and Step 4 choices ("Multiple Rockets can pass through or end up in the same square")', () => {
  it("another player's launch commutes with mine", () => {
    const fresh = newGame(3);
    expect(fresh.phase).toBe('launch');
    const placed = play(fresh, 1, game.legalMoves(fresh, 1)[0]).state;
    expect(game.view(placed, 0)).not.toEqual(game.view(fresh, 0));
    expect(movesCommute(game, fresh, placed, 0, game.legalMoves(fresh, 0)[0])).toBe(true);
  });

  it("another owner's turn choice moves only their Rocket: my left or right still commutes", () => {
    const s = givenGalaxy({ rockets: { 0: { at: 'C2', facing: 'north' }, 1: { at: 'C2', facing: 'north' } } });
    const r = rollDice(s, 'T S T').state;
    expect(game.activeSeats(r)).toEqual([0, 1]);
    const theirs = play(r, 1, { type: 'turn', dir: 'left' }).state;
    expect(game.view(theirs, 0)).not.toEqual(game.view(r, 0));
    expect(movesCommute(game, r, theirs, 0, { type: 'turn', dir: 'right' })).toBe(true);
    expect(movesCommute(game, r, theirs, 0, { type: 'turn', dir: 'left' })).toBe(true);
  });

  /** Both Rockets at E3 after the first square of a Turn die, the Any Item token at F3 (east of them) face down. */
  const bothTurning = (pool?: number) => {
    const s = givenGalaxy({
      rockets: { 0: { at: 'E4', facing: 'north' }, 1: { at: 'E4', facing: 'north' } },
      tokens: { F3: { kind: 'any-item', faceUp: false } },
    });
    if (pool !== undefined) s.pool = pool;
    const r = rollDice(s, 'T S T').state;
    expect(game.activeSeats(r)).toEqual([0, 1]);
    expect(r.flights.map((f) => f?.pending)).toEqual([{ kind: 'turn' }, { kind: 'turn' }]);
    return r;
  };

  it('another Rocket flipping the token my Turn then reaches changes nothing of my result: it commutes', () => {
    const r = bothTurning();
    const theirs = play(r, 1, { type: 'turn', dir: 'right' });
    expect(theirs.log.map((l) => l.text)).toContain('{{p:1}} flips the Encounter token at F3: Any Item.');
    expect(theirs.reveals).toBe(true);
    expect(movesCommute(game, r, theirs.state, 0, { type: 'turn', dir: 'right' })).toBe(true);
    expect(movesCommute(game, r, theirs.state, 0, { type: 'turn', dir: 'left' })).toBe(true);
    // Applied to the game as it is now, my Rocket reaches the token face up and takes its marker as it would have.
    const mine = play(theirs.state, 0, { type: 'turn', dir: 'right' });
    expect(mine.log.map((l) => l.text)).toContain('{{p:0}} reaches the Any Item token at F3.');
    expect(mine.state.flights[0]).toEqual(play(r, 0, { type: 'turn', dir: 'right' }).state.flights[0]);
  });

  it('another Rocket taking the last Mission marker, which my Space Item then misses, does not commute', () => {
    const r = bothTurning(1);
    const theirs = play(r, 1, { type: 'turn', dir: 'right' }).state;
    expect(theirs.pool).toBe(0);
    expect(movesCommute(game, r, theirs, 0, { type: 'turn', dir: 'right' })).toBe(false);
    // Turning away from the token, my result does not depend on the pool: that still commutes.
    expect(movesCommute(game, r, theirs, 0, { type: 'turn', dir: 'left' })).toBe(true);
  });

  it('a move of the next roll never commutes with a choice of this one', () => {
    const r = bothTurning();
    let now = play(r, 1, { type: 'turn', dir: 'left' }).state;
    now = { ...now, rolls: now.rolls + 1 };
    expect(movesCommute(game, r, now, 0, { type: 'turn', dir: 'right' })).toBe(false);
  });
});
