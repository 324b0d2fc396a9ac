import { describe, expect, it } from 'vitest';
import { spaceMountain } from '../../../engine/games/space-mountain';
import { ROUND_CAP } from '../../../engine/games/space-mountain/components';
import type { StarportId } from '../../../engine/games/space-mountain/components';
import { codeOf, givenGalaxy, play, rollDice, type GivenMission } from './helpers';

const game = spaceMountain;
const allFlipped: Record<string, GivenMission> = {
  A: { faceDown: true },
  B: { faceDown: true },
  C: { faceDown: true },
  D: { faceDown: true },
  E: { faceDown: true },
};
const allBut = (id: StarportId): StarportId[] =>
  (['disneyland', 'walt-disney-world', 'tokyo', 'paris', 'hong-kong'] as StarportId[]).filter((x) => x !== id);

describe('Winning the Game', () => {
  it('Winning the Game: the first player to visit all 5 Starports and complete all 5 Missions wins', () => {
    const s = givenGalaxy({
      rockets: { 0: { at: 'E3', facing: 'south' }, 1: null },
      approved: { 0: allBut('hong-kong') },
      missions: { 0: allFlipped },
      tokens: { E8: { kind: 'satellite' } },
    });
    expect(game.result(s)).toBeNull();
    const r = rollDice(s, 'S S S'); // E4, E5 = Hong Kong Disneyland (the 5th Starport); E6, E7; E8 token
    expect(r.state.phase).toBe('over');
    expect(r.state.winners).toEqual([0]);
    expect(game.activeSeats(r.state)).toEqual([]);
    expect(game.legalMoves(r.state, 0)).toEqual([]);
    expect(game.result(r.state)).toEqual({
      scores: [10, 1],
      ranking: [0, 1],
      summary: 'Red visited all 5 Starports and completed all 5 Missions first.',
    });
    expect(codeOf(() => play(r.state, 0, { type: 'go' }))).toBe('game_over');
    expect(codeOf(() => game.applyMove(r.state, 0, { type: 'go' }))).toBe('game_over');
  });

  it('Winning the Game: all 5 Missions without all 5 Starports is not yet a win', () => {
    const s = givenGalaxy({
      rockets: { 0: { at: 'E3', facing: 'south' }, 1: null },
      approved: { 0: allBut('paris') },
      missions: { 0: allFlipped },
      tokens: { E8: { kind: 'satellite' } },
    });
    const r = rollDice(s, 'S S S');
    expect(r.state.phase).toBe('plan');
    expect(game.result(r.state)).toBeNull();
  });

  it('Winning the Game: a completed Mission card counts whether or not it has been flipped yet', () => {
    const s = givenGalaxy({
      rockets: { 0: { at: 'E3', facing: 'south' }, 1: null },
      approved: { 0: allBut('hong-kong') },
      missions: { 0: { A: { covered: 2 }, B: { covered: 2 }, C: { covered: 3 }, D: { covered: 3 }, E: { faceDown: true } } },
      tokens: { E8: { kind: 'satellite' } },
    });
    expect(rollDice(s, 'S S S').state.winners).toEqual([0]);
  });

  it('Winning the Game: 2 players finishing on the same turn: the one closest clockwise to the Active Player wins', () => {
    const given = (activePlayer: number) =>
      givenGalaxy({
        players: 3,
        activePlayer,
        rockets: { 0: { at: 'E3', facing: 'south' }, 1: null, 2: { at: 'H6', facing: 'south' } },
        approved: { 0: allBut('hong-kong'), 2: allBut('walt-disney-world') },
        missions: { 0: allFlipped, 2: allFlipped },
        tokens: { E8: { kind: 'satellite' } },
      });
    // Yellow: H7, H8 (Tokyo); H9, wraps to H1; H2 = Walt Disney World, its last Starport.
    const r = rollDice(given(1), 'S S S');
    expect(r.state.winners).toEqual([2, 0]); // Active Player is Blue (seat 1): Yellow is 1 step clockwise, Red 2
    expect(game.result(r.state)?.ranking).toEqual([2, 0, 1]);
    expect(game.result(r.state)?.summary).toBe(
      'Yellow visited all 5 Starports and completed all 5 Missions first (closest clockwise to the Active Player among 2 who finished that turn).',
    );
    // The Active Player themself is the closest.
    expect(rollDice(given(0), 'S S S').state.winners).toEqual([0, 2]);
  });

  it('Missions-only game: the first player to complete their Missions wins (3 Missions)', () => {
    const s = givenGalaxy({
      options: { missionsOnly: true, missions: 3 },
      rockets: { 0: { at: 'E1', facing: 'south' }, 1: null },
      tokens: { E2: { kind: 'satellite' } },
      missions: { 0: { A: { covered: 2 }, B: { covered: 2 }, C: { card: 'C1', covered: [false, true, true] } } },
    });
    const r = rollDice(s, 'S S S');
    expect(r.log.map((e) => e.text)).toContain('{{p:0}} stops at Hong Kong Disneyland.');
    expect(r.state.winners).toEqual([0]);
    expect(game.result(r.state)).toMatchObject({ scores: [3, 0], ranking: [0, 1], summary: 'Red completed all 3 Missions first.' });
  });

  it('Move cap safeguard: after the round cap the game ends without a winner, ranked by progress then clockwise closeness', () => {
    let s = givenGalaxy({ players: 3, activePlayer: 1, missions: { 2: { A: { covered: 2 } } } });
    s.round = ROUND_CAP;
    s = play(s, 0, { type: 'refuel', flip: [] }).state;
    s = play(s, 1, { type: 'refuel', flip: [] }).state;
    s = play(s, 2, { type: 'refuel', flip: [] }).state;
    expect(s.phase).toBe('over');
    expect(s.ended).toBe('round_cap');
    expect(game.activeSeats(s)).toEqual([]);
    expect(game.result(s)).toEqual({
      scores: [1, 1, 2],
      ranking: [2, 1, 0],
      summary: `No winner after ${ROUND_CAP} rounds (round cap); ranked by completed Missions and visited Starports.`,
    });
  });
});
