import { describe, expect, it } from 'vitest';
import { spaceMountain } from '../../../engine/games/space-mountain';
import type { LogEntry } from '../../../engine/core';
import { codeOf, givenGalaxy, markersAccounted, play, rocketAt, rollDice, sq, tokenAt } from './helpers';

const game = spaceMountain;
const dieEnds = (log: LogEntry[], seat: number) => log.filter((e) => e.seat === seat && e.text.includes('ends die')).map((e) => e.text);

describe('Step 4: Move Rockets', () => {
  it('Types of Movement: Straight moves the Rocket 2 squares the way it faces on the board', () => {
    const s = givenGalaxy({ rockets: { 0: { at: 'A5', facing: 'south' }, 1: { at: 'A9', facing: 'east' } } });
    const r = rollDice(s, 'S S S');
    expect(dieEnds(r.log, 0)).toEqual([
      '{{p:0}} ends die 1 (Straight) at A7 facing south.',
      '{{p:0}} ends die 2 (Straight) at A9 facing south.',
      '{{p:0}} ends die 3 (Straight) at A1 facing south.', // ran into the edge: wrapped, die over
    ]);
    // Same dice, other facing: Blue flies east.
    expect(dieEnds(r.log, 1)).toEqual([
      '{{p:1}} ends die 1 (Straight) at C9 facing east.',
      '{{p:1}} ends die 2 (Straight) at E9 facing east.',
      '{{p:1}} ends die 3 (Straight) at G9 facing east.',
    ]);
    expect(r.state.phase).toBe('plan');
  });

  it('Step 4 example: Turn, Straight, Turn (with 1 orange die)', () => {
    const s = givenGalaxy({ rockets: { 0: { at: 'C2', facing: 'north' }, 1: null } });
    const r = rollDice(s, 'T S* T');
    expect(r.state.fuel).toBe(5);
    // Turn: 1 square north to C1, then Red must choose left or right.
    expect(rocketAt(r.state, 0)).toBe('C1 north');
    expect(game.activeSeats(r.state)).toEqual([0]);
    expect(game.legalMoves(r.state, 0)).toEqual([
      { type: 'turn', dir: 'left' },
      { type: 'turn', dir: 'right' },
    ]);
    let t = play(r.state, 0, { type: 'turn', dir: 'right' });
    // ... 1 more square east to D1; Straight: E1, F1; Turn: G1, and choose again.
    expect(dieEnds(t.log, 0)).toEqual([
      '{{p:0}} ends die 1 (Turn right) at D1 facing east.',
      '{{p:0}} ends die 2 (Straight) at F1 facing east.',
    ]);
    expect(rocketAt(t.state, 0)).toBe('G1 east');
    expect(t.state.flights[0]).toEqual({ die: 2, pending: { kind: 'turn' } });
    t = play(t.state, 0, { type: 'turn', dir: 'right' });
    expect(dieEnds(t.log, 0)).toEqual(['{{p:0}} ends die 3 (Turn right) at G2 facing south.']);
    expect(rocketAt(t.state, 0)).toBe('G2 south');
    expect(t.reveals).toBe(false);
    expect(t.state.phase).toBe('plan');
    expect(game.activeSeats(t.state)).toEqual([0]);
  });

  it('Step 4: every flying Rocket moves at once; each owner makes their own turn choices', () => {
    const s = givenGalaxy({ rockets: { 0: { at: 'C2', facing: 'north' }, 1: { at: 'C2', facing: 'north' } } });
    const r = rollDice(s, 'T S T');
    expect(game.activeSeats(r.state)).toEqual([0, 1]);
    // Rockets share squares freely. Blue: left to B1; Straight west: A1, then the edge: wraps to I1;
    // Turn: H1, and Blue chooses again.
    const a = play(r.state, 1, { type: 'turn', dir: 'left' }).state;
    expect(rocketAt(a, 1)).toBe('H1 west');
    expect(a.flights[1]).toEqual({ die: 2, pending: { kind: 'turn' } });
    expect(game.activeSeats(a)).toEqual([0, 1]);
    expect(a.phase).toBe('move');
    const b = play(a, 0, { type: 'turn', dir: 'right' }).state;
    expect(rocketAt(b, 0)).toBe('G1 east');
    expect(codeOf(() => game.applyMove(b, 0, { type: 'face', facing: 'north' }))).toBe('no_wormhole_pending');
    expect(codeOf(() => game.applyMove(b, 0, { type: 'place', mission: 'A', space: 0 }))).toBe('nothing_to_place');
  });

  it('Cosmic Events: a Turn die that meets a Cosmic Event on its first square ends there (no left/right choice)', () => {
    const s = givenGalaxy({
      rockets: { 0: { at: 'E1', facing: 'south' }, 1: null },
      tokens: { E2: { kind: 'return-to-starport', faceUp: true } },
    });
    const r = rollDice(s, 'T S S');
    expect(r.state.flights[0]).toEqual({ die: 1, pending: { kind: 'return' } });
    expect(rocketAt(r.state, 0)).toBe('E2 south');
  });

  it('Wrapping Around: into the edge, stop, reappear on the other side of the same row or column facing the centre', () => {
    const s = givenGalaxy({ rockets: { 0: { at: 'H1', facing: 'east' }, 1: { at: 'A9', facing: 'south' } } });
    const r = rollDice(s, 'S S S');
    expect(dieEnds(r.log, 0)).toEqual([
      '{{p:0}} ends die 1 (Straight) at A1 facing east.', // I1, then the edge: wrapped to A1, die over
      '{{p:0}} ends die 2 (Straight) at C1 facing east.',
      '{{p:0}} ends die 3 (Straight) at E1 facing east.',
    ]);
    expect(r.log.filter((e) => e.text.includes('wraps')).map((e) => e.text)).toEqual([
      '{{p:0}} runs into the edge of the board and wraps around to A1.',
      '{{p:1}} runs into the edge of the board and wraps around to A1.',
    ]);
    expect(rocketAt(r.state, 1)).toBe('A5 south'); // A1 (wrap), A3, A5
  });

  it('Encounter Tokens: a face-down token is flipped, ends the die, and a Space Item marker goes on the only matching space by itself', () => {
    const s = givenGalaxy({
      rockets: { 0: { at: 'E1', facing: 'south' }, 1: null },
      tokens: { E2: { kind: 'comet' } },
      missions: { 0: { A: { card: 'A1' }, B: { faceDown: true }, C: { faceDown: true }, D: { faceDown: true }, E: { faceDown: true } } },
    });
    const r = rollDice(s, 'S S S');
    expect(r.flipped).toBe(true);
    expect(tokenAt(r.state, 'E2')).toEqual({ kind: 'comet', faceUp: true });
    expect(r.log.map((e) => e.text)).toContain('{{p:0}} flips the Encounter token at E2: Comet.');
    expect(r.state.missions[0][0].covered).toEqual([false, true]); // A1 = Satellite, Comet
    expect(r.state.pool).toBe(24);
    // Then Straight: E3, E4; Straight: E5 is Hong Kong Disneyland, a Starport: approved, die over.
    expect(rocketAt(r.state, 0)).toBe('E5 south');
    expect(r.state.approved![0][4]).toBe(true);
    expect(markersAccounted(r.state)).toBe(25);
  });

  it('Space Items: the marker goes on a matching picture or an Any Item space, chosen by the player; the token stays for the next Rocket', () => {
    const s = givenGalaxy({
      rockets: { 0: { at: 'E1', facing: 'south' }, 1: { at: 'E1', facing: 'south' } },
      tokens: { E2: { kind: 'comet' } },
      missions: {
        0: { A: { card: 'A1' }, B: { faceDown: true }, C: { faceDown: true }, D: { faceDown: true }, E: { faceDown: true } },
        1: { A: { card: 'A1' }, B: { card: 'B1' }, C: { card: 'C4' }, D: { card: 'D2', covered: 1 }, E: { card: 'E3' } },
      },
    });
    const r = rollDice(s, 'S S S');
    expect(r.log.map((e) => e.text)).toContain('{{p:1}} reaches the Comet token at E2.');
    expect(game.activeSeats(r.state)).toEqual([1]);
    expect(r.state.pool).toBe(25 - 1 - 1 - 1); // D's marker, Red's comet, Blue's held comet
    expect(markersAccounted(r.state)).toBe(25);
    // A1 Comet; C4 Comet; D2 Comet (2nd Comet space; the 1st is covered) or its "?"; E3 Comet or "?". B1 has none.
    expect(game.legalMoves(r.state, 1)).toEqual([
      { type: 'place', mission: 'A', space: 1 },
      { type: 'place', mission: 'C', space: 2 },
      { type: 'place', mission: 'D', space: 1 },
      { type: 'place', mission: 'D', space: 2 },
      { type: 'place', mission: 'E', space: 1 },
      { type: 'place', mission: 'E', space: 2 },
    ]);
    expect(codeOf(() => game.applyMove(r.state, 1, { type: 'place', mission: 'B', space: 0 }))).toBe('picture_mismatch');
    expect(codeOf(() => game.applyMove(r.state, 1, { type: 'place', mission: 'D', space: 0 }))).toBe('space_covered');
    expect(codeOf(() => game.applyMove(r.state, 1, { type: 'place', mission: 'C', space: 0 }))).toBe('picture_mismatch');
    const t = play(r.state, 1, { type: 'place', mission: 'D', space: 1 });
    expect(t.state.missions[1][3].covered).toEqual([true, true, false]);
    expect(rocketAt(t.state, 1)).toBe('E5 south');
    expect(t.state.phase).toBe('plan');
    expect(markersAccounted(t.state)).toBe(25);
  });

  it('Space Items: spaces with the same picture on one card are offered once (the leftmost free one)', () => {
    const s = givenGalaxy({
      rockets: { 0: { at: 'E1', facing: 'south' }, 1: null },
      tokens: { E2: { kind: 'comet', faceUp: true } },
      missions: { 0: { A: { faceDown: true }, B: { faceDown: true }, C: { faceDown: true }, D: { card: 'D2' }, E: { card: 'E3' } } },
    });
    const r = rollDice(s, 'S S S');
    expect(game.legalMoves(r.state, 0)).toEqual([
      { type: 'place', mission: 'D', space: 0 },
      { type: 'place', mission: 'D', space: 2 },
      { type: 'place', mission: 'E', space: 1 },
      { type: 'place', mission: 'E', space: 2 },
    ]);
    expect(codeOf(() => game.applyMove(r.state, 0, { type: 'place', mission: 'D', space: 1 }))).toBe('equivalent_space');
    expect(codeOf(() => game.applyMove(r.state, 0, { type: 'place', mission: 'A', space: 0 }))).toBe('mission_face_down');
  });

  it('Any Item: the marker may go on any uncovered space', () => {
    const s = givenGalaxy({
      rockets: { 0: { at: 'E1', facing: 'south' }, 1: null },
      tokens: { E2: { kind: 'any-item' } },
      missions: {
        0: {
          A: { card: 'A1', covered: 1 },
          B: { faceDown: true },
          C: { card: 'C2', covered: [true, false, false] },
          D: { faceDown: true },
          E: { faceDown: true },
        },
      },
    });
    const r = rollDice(s, 'S S S');
    expect(r.log.map((e) => e.text)).toContain('{{p:0}} flips the Encounter token at E2: Any Item.');
    expect(game.legalMoves(r.state, 0)).toEqual([
      { type: 'place', mission: 'A', space: 1 },
      { type: 'place', mission: 'C', space: 1 },
      { type: 'place', mission: 'C', space: 2 },
    ]);
    const t = play(r.state, 0, { type: 'place', mission: 'A', space: 1 });
    expect(t.log.map((e) => e.text)).toContain('{{p:0}} places a Mission marker on Mission A. Mission A is complete.');
  });

  it('Space Items: with no uncovered space for the item, nothing is placed', () => {
    const s = givenGalaxy({
      rockets: { 0: { at: 'E1', facing: 'south' }, 1: null },
      tokens: { E2: { kind: 'astronaut' } },
      missions: { 0: { A: { card: 'A1' }, B: { card: 'B1' }, C: { faceDown: true }, D: { faceDown: true }, E: { faceDown: true } } },
    });
    const r = rollDice(s, 'S S S');
    expect(r.log.map((e) => e.text)).toContain('{{p:0}} has no uncovered space for it.');
    expect(r.state.pool).toBe(25);
    expect(r.state.phase).toBe('plan');
  });

  it('Mission markers: when the pool of 25 is empty, an item brings no marker (reconstruction)', () => {
    const s = givenGalaxy({ rockets: { 0: { at: 'E1', facing: 'south' }, 1: null }, tokens: { E2: { kind: 'any-item' } } });
    s.pool = 0;
    const r = rollDice(s, 'S S S');
    expect(r.log.map((e) => e.text)).toContain('The Mission marker pool is empty: {{p:0}} gets no marker.');
    expect(r.state.flights[0]).toBeNull();
  });

  it('Return To Starport: the Rocket goes at once to any approved Starport, facing any direction, and flies on with the next die', () => {
    const s = givenGalaxy({
      rockets: { 0: { at: 'E1', facing: 'south' }, 1: null },
      tokens: { E2: { kind: 'return-to-starport' } },
      approved: { 0: ['disneyland', 'paris'] },
    });
    const r = rollDice(s, 'S S S');
    expect(r.log.map((e) => e.text)).toContain('{{p:0}} flips the Encounter token at E2: Return to Starport.');
    const legal = game.legalMoves(r.state, 0);
    expect(legal).toHaveLength(8);
    expect(new Set(legal.map((m) => m.type === 'starport' && m.starport))).toEqual(new Set(['disneyland', 'paris']));
    expect(codeOf(() => game.applyMove(r.state, 0, { type: 'starport', starport: 'tokyo', facing: 'north' }))).toBe(
      'starport_not_approved',
    );
    const t = play(r.state, 0, { type: 'starport', starport: 'paris', facing: 'east' });
    // From Disneyland Paris (B8) east: C8, D8; then D8 east: E8 is an Encounter token space.
    expect(t.log.map((e) => e.text).slice(0, 2)).toEqual([
      '{{p:0}} returns their Rocket to Disneyland Paris facing east.',
      '{{p:0}} ends die 2 (Straight) at D8 facing east.',
    ]);
    expect(rocketAt(t.state, 0)).toBe('E8 east');
  });

  it('Wormholes: the Rocket goes through to the matching Wormhole, facing any direction, and flies on', () => {
    const s = givenGalaxy({ rockets: { 0: { at: 'D1', facing: 'south' }, 1: null } });
    const r = rollDice(s, 'S S S');
    // D2, then D3 is Wormhole alpha-1: out at its twin F7 (row 6, col 5).
    expect(r.log.map((e) => e.text)).toContain('{{p:0}} enters a Wormhole and comes out at F7.');
    expect(rocketAt(r.state, 0)).toBe('F7 south');
    expect(game.legalMoves(r.state, 0)).toEqual(['north', 'east', 'south', 'west'].map((facing) => ({ type: 'face', facing })));
    const t = play(r.state, 0, { type: 'face', facing: 'east' });
    expect(t.log[0].text).toBe('{{p:0}} comes out of the Wormhole facing east.');
    // East from F7: G7 is an Encounter token: Red stops there.
    expect(rocketAt(t.state, 0)).toMatch(/^G7 east$/);
    expect(sq('G7')).toEqual({ row: 6, col: 6 });
  });

  it('Starports: entering one flips that Starport token to Approved for Travel and ends the die', () => {
    const s = givenGalaxy({ rockets: { 0: { at: 'E3', facing: 'south' }, 1: { at: 'B3', facing: 'north' } } });
    const r = rollDice(s, 'S T T');
    expect(r.log.map((e) => e.text)).toContain('{{p:0}} visits Hong Kong Disneyland: its Starport token is now Approved for Travel.');
    expect(r.state.approved![0]).toEqual([true, false, false, false, true]);
    // Blue enters Disneyland (B2) - not its own - on the first square of the Straight: approved, die over.
    expect(r.state.approved![1]).toEqual([true, true, false, false, false]);
    expect(dieEnds(r.log, 1)[0]).toBe('{{p:1}} ends die 1 (Straight) at B2 facing north.');
    expect(game.view(r.state, null).players[1].approved).toEqual(['disneyland', 'walt-disney-world']);
  });

  it('Step 4: multiple Rockets can pass through or end up in the same square', () => {
    const s = givenGalaxy({
      players: 3,
      rockets: { 0: { at: 'A5', facing: 'south' }, 1: { at: 'A5', facing: 'south' }, 2: { at: 'A3', facing: 'south' } },
    });
    const r = rollDice(s, 'S S S');
    // Yellow passes A5 while Red and Blue sit there; all three follow the same column.
    expect([0, 1, 2].map((seat) => rocketAt(r.state, seat))).toEqual(['A1 south', 'A1 south', 'A9 south']);
    expect(r.state.phase).toBe('plan');
  });

  it('Step 4: after the last Rocket has used its dice, the players still flying go back to Step 1', () => {
    const s = givenGalaxy({ players: 3, rockets: { 0: { at: 'C2', facing: 'north' }, 1: null, 2: { at: 'C9', facing: 'north' } } });
    const r = rollDice(s, 'T S S');
    expect(game.activeSeats(r.state)).toEqual([0, 2]);
    const u = play(r.state, 0, { type: 'turn', dir: 'left' });
    expect(u.state.phase).toBe('move');
    expect(game.activeSeats(u.state)).toEqual([2]);
    // Yellow: C8, left to B8 = Disneyland Paris (approved); Straight: A8, wraps to I8; Straight: H8 = Tokyo.
    const t = play(u.state, 2, { type: 'turn', dir: 'left' });
    expect(rocketAt(t.state, 2)).toBe('H8 west');
    expect(t.state.approved![2]).toEqual([false, false, true, true, false]);
    expect(t.state.phase).toBe('plan');
    expect(game.activeSeats(t.state)).toEqual([0, 2]);
    expect(t.state.flights).toEqual([null, null, null]);
  });
});
