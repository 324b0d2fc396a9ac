import { describe, expect, it } from 'vitest';
import { spaceMountain } from '../../../engine/games/space-mountain';
import { codeOf, givenGalaxy, launched, markersAccounted, play } from './helpers';

const game = spaceMountain;

describe('Step 1: Plan Your Turn', () => {
  it('Step 1: every player still in the round decides at once (All Systems Go! or Refuel)', () => {
    const s = launched(3);
    expect(s.phase).toBe('plan');
    expect(game.activeSeats(s)).toEqual([0, 1, 2]);
    expect(game.legalMoves(s, 1)).toEqual([{ type: 'go' }, { type: 'refuel', flip: [] }]);
  });

  it('Step 1: a choice stays secret until all are in; others only see that the player has decided', () => {
    const s = launched(3);
    const r = play(s, 1, { type: 'refuel', flip: [] });
    expect(r.reveals).toBe(false);
    expect(game.activeSeats(r.state)).toEqual([0, 2]);
    expect(game.legalMoves(r.state, 1)).toEqual([]);
    // Public log says only that Blue decided; the choice is in a line only Blue reads.
    const pub = r.log.filter((e) => !e.only);
    expect(pub.map((e) => e.text)).toEqual(['{{p:1}} has decided.']);
    expect(r.log.filter((e) => e.only)).toEqual([{ seat: 1, text: 'You chose: Refuel.', only: [1] }]);
    // Views: Blue sees its own decision, Red and spectators only "decided".
    expect(game.view(r.state, 1).players[1]).toMatchObject({ decided: true, decision: { type: 'refuel', flip: [] } });
    expect(game.view(r.state, 0).players[1]).toMatchObject({ decided: true, decision: null });
    expect(game.view(r.state, null).players[1]).toMatchObject({ decided: true, decision: null });
    expect(game.view(r.state, 0).players[0]).toMatchObject({ decided: false, decision: null });
    const go = play(s, 1, { type: 'go' });
    const ifGo = go.state;
    // One sentence, one closing mark: the label ends with its own "!".
    expect(go.log.filter((e) => e.only).map((e) => e.text)).toEqual(['You chose: All Systems Go!']);
    expect(game.view(r.state, 0)).toEqual(game.view(ifGo, 0));
    expect(game.view(r.state, null)).toEqual(game.view(ifGo, null));
    expect(codeOf(() => game.applyMove(r.state, 1, { type: 'go' }))).toBe('already_decided');
  });

  it('Step 1: the last decision reveals all of them and the Active Player rolls (an undo barrier)', () => {
    let s = launched(2);
    s = play(s, 0, { type: 'go' }).state;
    const r = play(s, 1, { type: 'go' });
    expect(r.reveals).toBe(true);
    expect(r.state.revealed).toEqual([{ type: 'go' }, { type: 'go' }]);
    expect(r.log.some((e) => e.text === 'Decisions: {{p:0}}: All Systems Go!; {{p:1}}: All Systems Go!')).toBe(true);
    expect(r.state.dice).toHaveLength(3);
    expect(r.state.rolls).toBe(1);
    expect(game.view(r.state, 0).lastDecisions).toEqual([{ type: 'go' }, { type: 'go' }]);
  });

  it('Step 1: Refuel removes the Rocket from the board; its Mission markers stay on the cards', () => {
    let s = givenGalaxy({ players: 2, missions: { 0: { A: { covered: 1 }, C: { covered: 2 } } } });
    s = play(s, 0, { type: 'refuel', flip: [] }).state;
    s = play(s, 1, { type: 'go' }).state;
    expect(s.rockets[0]).toBeNull();
    expect(s.missions[0][0].covered).toEqual([true, false]);
    expect(s.missions[0][2].covered).toEqual([true, true, false]);
    // Red sits out for the rest of the round: never asked again, never active.
    expect(game.activeSeats(s)).not.toContain(0);
    expect(game.legalMoves(s, 0)).toEqual([]);
    expect(codeOf(() => game.applyMove({ ...s, phase: 'plan' }, 0, { type: 'go' }))).toBe('not_in_round');
  });

  it('Step 1 example: Vivian Refuels and flips Mission A, but not C while B is incomplete', () => {
    // Vivian (Red) has the items for Missions A and C, but 1 item is missing on Mission B.
    let s = givenGalaxy({ players: 2, missions: { 0: { A: { covered: 2 }, B: { covered: 1 }, C: { covered: 3 } } } });
    expect(s.pool).toBe(25 - 6);
    expect(game.legalMoves(s, 0)).toEqual([{ type: 'go' }, { type: 'refuel', flip: [] }, { type: 'refuel', flip: ['A'] }]);
    expect(codeOf(() => game.applyMove(s, 0, { type: 'refuel', flip: ['A', 'C'] }))).toBe('flip_not_allowed');
    expect(codeOf(() => game.applyMove(s, 0, { type: 'refuel', flip: ['C'] }))).toBe('flip_not_allowed');
    expect(codeOf(() => play(s, 0, { type: 'refuel', flip: ['B'] }))).toBe('flip_not_allowed');
    s = play(s, 0, { type: 'refuel', flip: ['A'] }).state;
    s = play(s, 1, { type: 'refuel', flip: [] }).state;
    const [a, b, c] = s.missions[0];
    expect(a).toMatchObject({ letter: 'A', faceDown: true, covered: [false, false] });
    expect(b).toMatchObject({ letter: 'B', faceDown: false, covered: [true, false] });
    expect(c).toMatchObject({ letter: 'C', faceDown: false, covered: [true, true, true] });
    expect(s.pool).toBe(25 - 6 + 2); // Mission A's 2 markers return to the pool
    expect(markersAccounted(s)).toBe(25);
    // Next round she completes B: now B and C can be flipped, in that order.
    s = givenGalaxy({ players: 2, missions: { 0: { A: { faceDown: true }, B: { covered: 2 }, C: { covered: 3 } } } });
    expect(game.legalMoves(s, 0).filter((m) => m.type === 'refuel')).toEqual([
      { type: 'refuel', flip: [] },
      { type: 'refuel', flip: ['B'] },
      { type: 'refuel', flip: ['B', 'C'] },
    ]);
  });

  it('Step 1: a flip list may stop early (flipping is optional) and defaults to none', () => {
    const s = givenGalaxy({ players: 2, missions: { 0: { A: { covered: 2 }, B: { covered: 2 } } } });
    const parsed = game.moveSchema.parse({ type: 'refuel' });
    expect(parsed).toEqual({ type: 'refuel', flip: [] });
    const r = play(s, 0, parsed);
    expect(r.state.decisions[0]).toEqual({ type: 'refuel', flip: [] });
  });

  it('Ending a Round: when every player Refuels, the round ends, the dice pass left and Rockets restart on approved Starports', () => {
    let s = givenGalaxy({ players: 3, approved: { 2: ['tokyo', 'hong-kong'] }, fuel: 4 });
    s = play(s, 0, { type: 'refuel', flip: [] }).state;
    s = play(s, 1, { type: 'refuel', flip: [] }).state;
    const r = play(s, 2, { type: 'refuel', flip: [] });
    expect(r.reveals).toBe(true);
    s = r.state;
    expect(s.phase).toBe('launch');
    expect(s.round).toBe(2);
    expect(s.activePlayer).toBe(1);
    expect(s.fuel).toBe(6);
    expect(s.rockets).toEqual([null, null, null]);
    expect(game.activeSeats(s)).toEqual([0, 1, 2]);
    expect(game.legalMoves(s, 2).map((m) => m.type === 'starport' && `${m.starport} ${m.facing}`)).toEqual([
      'tokyo north',
      'tokyo east',
      'tokyo south',
      'tokyo west',
      'hong-kong north',
      'hong-kong east',
      'hong-kong south',
      'hong-kong west',
    ]);
    s = play(s, 2, { type: 'starport', starport: 'hong-kong', facing: 'west' }).state;
    expect(s.rockets[2]).toEqual({ row: 4, col: 4, facing: 'west' });
    expect(codeOf(() => game.applyMove(s, 2, { type: 'starport', starport: 'tokyo', facing: 'west' }))).toBe('already_placed');
  });

  it('Step 1: moves of the wrong phase are refused with a reason', () => {
    const s = launched(2);
    expect(codeOf(() => game.applyMove(s, 0, { type: 'turn', dir: 'left' }))).toBe('wrong_phase');
    expect(codeOf(() => game.applyMove(s, 0, { type: 'face', facing: 'north' }))).toBe('wrong_phase');
    expect(codeOf(() => play(s, 0, { type: 'place', mission: 'A', space: 0 }))).toBe('wrong_phase');
    expect(codeOf(() => play(s, 0, { type: 'warp' } as never))).toBe('bad_move');
    const fresh = game.setup({ players: 2, options: game.optionsSchema.parse({}), seed: `${'0'.repeat(31)}1` });
    expect(codeOf(() => game.applyMove(fresh, 0, { type: 'go' }))).toBe('wrong_phase');
  });
});
