import { describe, expect, it } from 'vitest';
import { canonicalJson, IllegalMove, playMove, replay, replayMoves, type Seat } from '../../../engine/core';
import { spaceMountain } from '../../../engine/games/space-mountain';

const SEED = 'fedcba9876543210fedcba9876543210';
const setup = { players: 2, options: spaceMountain.optionsSchema.parse({}), seed: SEED };

/** Space Mountain from setup to the first Step 1 decision, first legal moves; the moves made. */
function toFirstDecision() {
  let state: any = spaceMountain.setup(setup);
  const moves: { seat: Seat; move: unknown }[] = [];
  for (let i = 0; i < 20 && !spaceMountain.legalMoves(state, 0).some((m: any) => m.type === 'refuel'); i++) {
    const seat = spaceMountain.activeSeats(state)[0];
    const move = spaceMountain.legalMoves(state, seat)[0];
    state = playMove(spaceMountain, state, seat, move).state;
    moves.push({ seat, move });
  }
  return { state, moves };
}

describe('moves are parsed before they are played or replayed', () => {
  it('playMove returns the parsed move (refuel without flip gets flip: [])', () => {
    const { state } = toFirstDecision();
    const played = playMove(spaceMountain, state, 0, { type: 'refuel' });
    expect(played.move).toEqual({ type: 'refuel', flip: [] });
  });

  it('a stored refuel without flip replays like the parsed one, in replayMoves and replay', () => {
    const { state, moves } = toFirstDecision();
    const full = playMove(spaceMountain, state, 0, { type: 'refuel', flip: [] }).state;
    const lean = [...moves, { seat: 0, move: { type: 'refuel' } }];
    const replayed = replayMoves(spaceMountain, setup, lean);
    expect(canonicalJson(replayed.state)).toBe(canonicalJson(full));
    expect(replayed.moves.at(-1)!.move).toEqual({ type: 'refuel', flip: [] });
    const events = lean.map((m) => ({ kind: 'move' as const, ...m }));
    expect(canonicalJson(replay(spaceMountain, { ...setup, events }).state)).toBe(canonicalJson(full));
    expect(canonicalJson(replay(spaceMountain, { ...setup, events }, { validate: true }).state)).toBe(canonicalJson(full));
  });

  it('a stored move that is no move of the game is refused as bad_move, not a crash', () => {
    const { moves } = toFirstDecision();
    const bad = [...moves, { seat: 0, move: { type: 'refuel', flip: 'ABC' } }];
    let refused: unknown = null;
    try {
      replayMoves(spaceMountain, setup, bad);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(IllegalMove);
    expect((refused as IllegalMove).code).toBe('bad_move');
  });
});
