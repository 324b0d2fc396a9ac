import { describe, expect, it } from 'vitest';
import { spaceMountain } from '../../../engine/games/space-mountain';
import type { SpaceMountainMove } from '../../../engine/games/space-mountain';
import { givenGalaxy, launched, newGame, play, rollDice } from './helpers';

const game = spaceMountain;

describe('view (hidden information)', () => {
  it('view: is built from a whitelist of fields; face-down Encounter tokens show only their space', () => {
    const s = givenGalaxy({ tokens: { E2: { kind: 'comet', faceUp: true } } });
    const v = game.view(s, 0);
    expect(Object.keys(v).sort()).toEqual(
      [
        'activePlayer',
        'activeSeats',
        'board',
        'dice',
        'ended',
        'fuel',
        'game',
        'lastDecisions',
        'legalMoves',
        'markers',
        'options',
        'phase',
        'players',
        'rollsThisRound',
        'round',
        'tokens',
        'winners',
        'you',
      ].sort(),
    );
    expect(v.tokens).toHaveLength(16);
    for (const t of v.tokens) {
      if (t.faceUp) expect(Object.keys(t).sort()).toEqual(['col', 'faceUp', 'kind', 'row']);
      else expect(Object.keys(t).sort()).toEqual(['col', 'faceUp', 'row']);
    }
    expect(v.tokens.filter((t) => t.faceUp)).toEqual([{ row: 1, col: 4, faceUp: true, kind: 'comet' }]);
    expect(JSON.stringify(v)).not.toMatch(/rng|return-to-starport|any-item/);
  });

  it('view: a spectator sees the board but no legal moves and no pending decisions', () => {
    let s = launched(2);
    s = play(s, 0, { type: 'go' }).state;
    const v = game.view(s, null);
    expect(v.you).toBeNull();
    expect(v.legalMoves).toEqual([]);
    expect(v.players.map((p) => [p.decided, p.decision])).toEqual([
      [true, null],
      [false, null],
    ]);
    expect(v.activeSeats).toEqual([1]);
  });

  it('view: shows the Fuel Gauge, last roll, markers, Rockets, flights and Missions for the client board', () => {
    const s = givenGalaxy({ rockets: { 0: { at: 'C2', facing: 'north' }, 1: null }, missions: { 0: { A: { covered: 1 } } } });
    const r = rollDice(s, 'T S* T');
    const v = game.view(r.state, 0);
    expect(v.fuel).toEqual({ level: 5, start: 6 });
    expect(v.dice).toEqual([
      { movement: 'turn', orange: false },
      { movement: 'straight', orange: true },
      { movement: 'turn', orange: false },
    ]);
    expect(v.markers).toEqual({ pool: 24, total: 25 });
    expect(v.players[0].rocket).toEqual({ row: 0, col: 2, facing: 'north' });
    expect(v.players[0].flight).toEqual({ diceDone: 0, waitingFor: { kind: 'turn' } });
    expect(v.players[1].rocket).toBeNull();
    expect(v.players[0].missions[0].spaces.map((x) => x.covered)).toEqual([true, false]);
    expect(v.players[0]).toMatchObject({
      color: 'red',
      home: 'disneyland',
      approved: ['disneyland'],
      missionsComplete: 0,
      starportsVisited: 1,
    });
    expect(v.legalMoves).toEqual([
      { type: 'turn', dir: 'left' },
      { type: 'turn', dir: 'right' },
    ]);
    expect(v.board.starports).toHaveLength(5);
    expect(v.board.wormholes).toHaveLength(4);
  });
});

describe('describeMove and botMove', () => {
  it('describeMove: readable button labels', () => {
    const s = givenGalaxy({ missions: { 0: { C: { card: 'C2' } } } });
    const d = (m: SpaceMountainMove) => game.describeMove!(m, s, 0);
    expect(d({ type: 'go' })).toBe('All Systems Go!');
    expect(d({ type: 'refuel', flip: [] })).toBe('Refuel');
    expect(d({ type: 'refuel', flip: ['A'] })).toBe('Refuel and flip Mission A');
    expect(d({ type: 'refuel', flip: ['A', 'B'] })).toBe('Refuel and flip Missions A, B');
    expect(d({ type: 'turn', dir: 'left' })).toBe('Turn left');
    expect(d({ type: 'place', mission: 'C', space: 1 })).toBe('Place a marker on Mission C (Planet)');
    expect(d({ type: 'face', facing: 'east' })).toBe('Face east');
    expect(d({ type: 'starport', starport: 'tokyo', facing: 'south' })).toBe('Start at Tokyo Disneyland facing south');
    expect(game.describeMove!({ type: 'starport', starport: 'paris', facing: 'west' }, { ...s, phase: 'move' }, 0)).toBe(
      'Return to Disneyland Paris facing west',
    );
  });

  it('botMove: places the marker where it completes a Mission', () => {
    const s = givenGalaxy({
      rockets: { 0: { at: 'E1', facing: 'south' }, 1: null },
      tokens: { E2: { kind: 'comet' } },
      missions: { 0: { A: { card: 'A2' }, B: { card: 'B4', covered: [true, false] }, C: { card: 'C1' } } },
    });
    const r = rollDice(s, 'S S S');
    const legal = game.legalMoves(r.state, 0);
    expect(legal.length).toBeGreaterThan(2);
    for (const rand of [0, 0.5, 0.99]) expect(game.botMove!(r.state, 0, legal, rand)).toEqual({ type: 'place', mission: 'B', space: 1 });
  });

  it('botMove: turns towards a Starport it has not visited', () => {
    const s = givenGalaxy({ rockets: { 0: null, 1: { at: 'A1', facing: 'south' } } });
    const r = rollDice(s, 'T S S'); // Blue: A2, then left = east into Disneyland (B2), right = the edge
    const legal = game.legalMoves(r.state, 1);
    for (const rand of [0, 0.99]) expect(game.botMove!(r.state, 1, legal, rand)).toEqual({ type: 'turn', dir: 'left' });
  });

  it('botMove: Refuels to flip completed Missions, and goes on when nothing is at risk', () => {
    const s = givenGalaxy({ missions: { 0: { A: { covered: 2 }, B: { covered: 2 } } } });
    expect(game.botMove!(s, 0, game.legalMoves(s, 0), 0.3)).toEqual({ type: 'refuel', flip: ['A', 'B'] });
    expect(game.botMove!(s, 1, game.legalMoves(s, 1), 0.3)).toEqual({ type: 'go' });
    const low = givenGalaxy({ fuel: 2, missions: { 1: { C: { covered: 2 } } } });
    expect(game.botMove!(low, 1, game.legalMoves(low, 1), 0.3)).toEqual({ type: 'refuel', flip: [] });
  });

  it('botMove: plays a whole game to a winner', () => {
    let s = newGame(3);
    let steps = 0;
    for (; game.result(s) === null && steps < 5000; steps++) {
      const seat = game.activeSeats(s)[0];
      s = play(s, seat, game.botMove!(s, seat, game.legalMoves(s, seat), (steps * 0.618) % 1)).state;
    }
    expect(s.ended).toBe('won');
    expect(game.result(s)!.ranking[0]).toBe(s.winners[0]);
  });
});
