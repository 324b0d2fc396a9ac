/**
 * The Space Mountain board's pure helpers (client/games/space-mountain/controls.ts): the server's
 * legal moves become controls one to one, and what the board says about a player never reveals a
 * pending Step 1 choice. Positions come from the real engine (the scenario helpers of the engine
 * tests), so the board is checked against the moves and views the API really sends.
 */
import { describe, expect, test } from 'vitest';
import { spaceMountain } from '../../engine/games/space-mountain';
import { FACINGS, waitingText } from '../../engine/games/space-mountain/words';
import type { SpaceMountainState } from '../../engine/games/space-mountain/state';
import {
  controlGroups,
  decisionStatus,
  effectiveStarport,
  groupedMoves,
  isSmView,
  placeChoice,
  placeTargets,
  refuelText,
  rocketPlacements,
  starportFacings,
} from '../../client/games/space-mountain/controls';
import type { SmView } from '../../client/games/space-mountain/types';
import type { LegalMove } from '../../client/api-types';
import { givenGalaxy, launched, newGame, play, rollDice } from '../engine/space-mountain/helpers';

/** The legal moves of a seat as GET /api/games/:id/state sends them: label + move. */
function legalOf(s: SpaceMountainState, seat: number): LegalMove[] {
  return spaceMountain.legalMoves(s, seat).map((move) => ({ label: spaceMountain.describeMove!(move, s, seat), move }));
}

/** The view of a seat, as JSON went over the wire. */
function viewOf(s: SpaceMountainState, seat: number | null): SmView {
  const v: SmView = spaceMountain.view(s, seat); // the client's types accept the engine's view
  return JSON.parse(JSON.stringify(v)) as SmView;
}

/** Every legal move is offered by exactly one control, and every control is a legal move. */
function expectOneToOne(moves: LegalMove[]) {
  const offered = groupedMoves(controlGroups(moves));
  expect(offered).toHaveLength(moves.length);
  expect(new Set(offered)).toEqual(new Set(moves)); // the very entries, not rebuilt copies
}

describe('legal moves become controls, one to one', () => {
  test('launch: the own Starport with its 4 facings, chosen at once (the only Starport)', () => {
    const s = newGame(2);
    const moves = legalOf(s, 1);
    const g = controlGroups(moves);
    expectOneToOne(moves);
    expect(g.starports.map((p) => p.starport)).toEqual(['walt-disney-world']);
    expect(starportFacings(g, 'walt-disney-world').map((c) => c.value)).toEqual(FACINGS);
    expect(effectiveStarport(g, null)).toBe('walt-disney-world');
    expect(effectiveStarport(g, 'tokyo')).toBe('walt-disney-world'); // a pick that is not offered is ignored
    expect(g.go).toBeNull();
    expect(g.other).toEqual([]);
  });

  test('Step 1 with A complete, B incomplete, C complete: Go, Refuel, or Refuel flipping A - never C', () => {
    const s = givenGalaxy({ missions: { 0: { A: { covered: 2 }, B: { covered: 1 }, C: { covered: 3 } } } });
    const moves = legalOf(s, 0);
    const g = controlGroups(moves);
    expectOneToOne(moves);
    expect(g.go?.move).toEqual({ type: 'go' });
    expect(g.refuel.map((r) => r.value)).toEqual([[], ['A']]);
    expect(g.refuel.map((r) => refuelText(r.value))).toEqual(['Refuel', 'Refuel and flip A']);
    expect(g.refuel.map((r) => r.legal.label)).toEqual(['Refuel', 'Refuel and flip Mission A']);
  });

  test('Refuel offers the alphabetical prefixes the server lists, fewest flips first', () => {
    const s = givenGalaxy({ missions: { 0: { A: { covered: 2 }, B: { covered: 2 }, C: { covered: 3 }, D: { covered: 1 } } } });
    const moves = legalOf(s, 0);
    const g = controlGroups([...moves].reverse());
    expect(g.refuel.map((r) => r.value)).toEqual([[], ['A'], ['A', 'B'], ['A', 'B', 'C']]);
    expect(refuelText(['A', 'B', 'C'])).toBe('Refuel and flip A, B and C');
    expectOneToOne(moves);
  });

  test('Turn die: left and right, each its own move', () => {
    const { state } = rollDice(launched(2), 'T T T'); // both Rockets move 1 square north, then must turn
    for (const seat of [0, 1]) {
      const moves = legalOf(state, seat);
      const g = controlGroups(moves);
      expectOneToOne(moves);
      expect(g.turn.left?.move).toEqual({ type: 'turn', dir: 'left' });
      expect(g.turn.right?.move).toEqual({ type: 'turn', dir: 'right' });
      expect(viewOf(state, seat).players[seat].flight?.waitingFor).toEqual({ kind: 'turn' });
    }
  });

  test('a Comet marker: the highlighted Mission spaces are exactly the legal places', () => {
    const s = givenGalaxy({
      rockets: { 0: { at: 'C2', facing: 'east' } },
      tokens: { E2: { kind: 'comet', faceUp: true } },
      missions: { 0: { A: { card: 'A1' }, B: { card: 'B4' }, D: { card: 'D2' } } },
    });
    const { state } = rollDice(s, 'S S S');
    const moves = legalOf(state, 0);
    const g = controlGroups(moves);
    expectOneToOne(moves);
    expect(g.place.length).toBeGreaterThan(1);
    for (const c of g.place) expect(placeChoice(g, c.value.mission, c.value.space)).toBe(c.legal);
    expect(placeChoice(g, 'A', 1)?.move).toEqual({ type: 'place', mission: 'A', space: 1 }); // A1: satellite, comet
    expect(placeChoice(g, 'A', 0)).toBeNull();
    // A Mission card's buttons: its spaces that take the marker, each with its one move.
    expect(placeTargets(g, 'A')).toEqual([{ space: 1, legal: placeChoice(g, 'A', 1) }]);
    expect(['A', 'B', 'C', 'D', 'E'].flatMap((l) => placeTargets(g, l as 'A').map((t) => t.legal))).toEqual(g.place.map((c) => c.legal));
    const w = viewOf(state, 0).players[0].flight?.waitingFor;
    expect(w && waitingText(w)).toBe('to place a Comet marker');
    expect(waitingText({ kind: 'place', item: 'astronaut' })).toBe('to place an Astronaut marker');
  });

  test('Return to Starport: every approved Starport with its 4 facings; a pick selects one', () => {
    const s = givenGalaxy({
      rockets: { 0: { at: 'C2', facing: 'east' } },
      tokens: { E2: { kind: 'return-to-starport', faceUp: true } },
      approved: { 0: ['disneyland', 'hong-kong', 'tokyo'] },
    });
    const { state } = rollDice(s, 'S S S');
    const moves = legalOf(state, 0);
    const g = controlGroups(moves);
    expectOneToOne(moves);
    expect(g.starports.map((p) => p.starport)).toEqual(['disneyland', 'tokyo', 'hong-kong']);
    expect(effectiveStarport(g, null)).toBeNull(); // several: the player picks
    expect(effectiveStarport(g, 'tokyo')).toBe('tokyo');
    expect(starportFacings(g, 'tokyo').map((c) => c.legal.move)).toEqual(
      FACINGS.map((facing) => ({ type: 'starport', starport: 'tokyo', facing })),
    );
    expect(starportFacings(g, 'paris')).toEqual([]);
  });

  test('a Wormhole: the 4 facings', () => {
    const s = givenGalaxy({ rockets: { 0: { at: 'D2', facing: 'south' } } });
    const { state } = rollDice(s, 'S S S');
    const moves = legalOf(state, 0);
    const g = controlGroups(moves);
    expectOneToOne(moves);
    expect(g.face.map((c) => c.value)).toEqual(FACINGS);
    expect(viewOf(state, 0).players[0].flight?.waitingFor).toEqual({ kind: 'wormhole' });
  });

  test('unknown or repeated moves are kept as plain buttons, never dropped or merged', () => {
    const odd: LegalMove = { label: 'Something new', move: { type: 'warp', to: 'x' } };
    const go: LegalMove = { label: 'All Systems Go!', move: { type: 'go' } };
    const again: LegalMove = { label: 'All Systems Go! (again)', move: { type: 'go' } };
    const g = controlGroups([go, odd, again]);
    expect(g.go).toBe(go);
    expect(g.other).toEqual([odd, again]);
    expect(groupedMoves(g)).toHaveLength(3);
    expect(groupedMoves(controlGroups([]))).toEqual([]);
  });
});

describe('what the board says', () => {
  test('a real engine view is recognised', () => {
    expect(isSmView(viewOf(newGame(3), 0))).toBe(true);
    expect(isSmView({ game: 'big-thunder' })).toBe(false);
    expect(isSmView(null)).toBe(false);
  });

  test('a pending Step 1 choice shows as "Decided" to the others, and as the choice only to its owner', () => {
    const s = play(launched(2), 0, { type: 'refuel', flip: [] }).state;
    const asB = viewOf(s, 1);
    const asA = viewOf(s, 0);
    const aSeenByB = decisionStatus(asB, asB.players[0]);
    expect(aSeenByB).toBe('Decided (secret until all are in)');
    expect(aSeenByB).not.toMatch(/Refuel|Go/);
    expect(decisionStatus(asB, asB.players[1])).toBe('Deciding…');
    expect(decisionStatus(asA, asA.players[0])).toBe('You chose Refuel (secret until all are in)');
    // Once all are in, the revealed choices are shown while the Rockets move.
    const moving = rollDice(launched(2), 'T T T').state; // both Rockets wait to turn
    moving.revealed = [{ type: 'go' }, { type: 'go' }];
    const after = viewOf(moving, 1);
    expect(after.phase).toBe('move');
    expect(decisionStatus(after, after.players[0])).toBe('Revealed: All Systems Go!');
  });

  test('Rockets sharing a square are set apart', () => {
    const placed = rocketPlacements(
      [
        { seat: 0, rocket: { row: 4, col: 4, facing: 'north' } },
        { seat: 1, rocket: { row: 4, col: 4, facing: 'east' } },
        { seat: 2, rocket: { row: 0, col: 0, facing: 'west' } },
        { seat: 3, rocket: null },
      ],
      new Set(['0,0']),
    );
    expect(placed.map((p) => p.seat)).toEqual([0, 1, 2]);
    const [a, b, c] = placed;
    expect([a.dx, a.dy]).not.toEqual([b.dx, b.dy]);
    expect(a.scale).toBeLessThan(1);
    expect(c.scale).toBeLessThan(1); // alone, but on a Starport/token square: moved aside
    expect(rocketPlacements([{ seat: 0, rocket: { row: 3, col: 3, facing: 'south' } }])[0]).toMatchObject({ dx: 0, dy: 0, scale: 1 });
  });
});
