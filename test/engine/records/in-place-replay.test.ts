import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  IllegalMove,
  replay,
  type AnyGame,
  type GameRecord,
  type History,
  type HistoryEvent,
  type Seat,
} from '../../../engine/core';
import { gameRegistry } from '../../../engine/games';
import * as bigThunderComponents from '../../../engine/games/big-thunder/components';
import * as snowdoniaComponents from '../../../engine/games/snowdonia/components';
import * as spaceMountainComponents from '../../../engine/games/space-mountain/components';
import { deepFreeze } from '../core/in-place';

/**
 * A trusted replay (no `validate`) of a game with `applyMoveInPlace` copies the state once and then
 * changes that private copy move by move. It must give exactly what the validated replay and the
 * plain `applyMove` chain give, and change nothing it does not own: the history's moves, the setup
 * state, the component constants (all deep-frozen here: a write to them throws).
 */

// Frozen for the whole file: every replay below also proves that no rule writes to them.
for (const constants of [bigThunderComponents, snowdoniaComponents, spaceMountainComponents])
  for (const v of Object.values(constants)) deepFreeze(v);

const dir = new URL('../../records/', import.meta.url);
const records = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({ file, record: JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as GameRecord }));

function historyOf(record: GameRecord): History {
  const events: HistoryEvent[] = record.events.map((e) =>
    e.kind === 'move'
      ? { kind: 'move', seat: e.seat!, move: e.move }
      : e.kind === 'undo'
        ? { kind: 'undo', seat: e.seat! }
        : { kind: 'start' },
  );
  return { players: record.players, options: record.options, seed: record.seed!, events };
}

function gameOf(record: GameRecord): AnyGame {
  return gameRegistry.get(record.type)!;
}

/** The game with its `applyMoveInPlace` counted (to prove the fast path really ran). */
function counting(game: AnyGame): { game: AnyGame; calls: () => number } {
  let calls = 0;
  const inPlace = game.applyMoveInPlace?.bind(game);
  const counted: AnyGame = {
    ...game,
    applyMoveInPlace:
      inPlace &&
      ((s, seat, m) => {
        calls++;
        return inPlace(s, seat, m);
      }),
  };
  return { game: counted, calls: () => calls };
}

/** The moves in effect (undone ones dropped), folded through plain `applyMove` from setup. */
function applyMoveChain(game: AnyGame, h: History) {
  const moves: { seat: Seat; move: unknown }[] = [];
  for (const e of h.events) {
    if (e.kind === 'move') moves.push(e);
    else if (e.kind === 'undo') moves.pop();
  }
  let state: unknown = game.setup({ players: h.players, options: h.options, seed: h.seed });
  const log = moves.map((m) => {
    const r = game.applyMove(state, m.seat, m.move);
    state = r.state;
    return { seat: m.seat, entries: r.log, reveals: r.reveals };
  });
  return { state, log };
}

describe('trusted replay with applyMoveInPlace: the recorded corpus', () => {
  it('Snowdonia and Big Thunder offer the in-place fast path', () => {
    expect(gameRegistry.get('snowdonia')!.applyMoveInPlace).toBeTypeOf('function');
    expect(gameRegistry.get('big-thunder')!.applyMoveInPlace).toBeTypeOf('function');
  });

  for (const { file, record } of records) {
    it(`${file}: the in-place replay equals the validated replay and the applyMove chain, byte for byte`, () => {
      const h = historyOf(record);
      const { game, calls } = counting(gameOf(record));
      const fast = replay(game, h);
      const checked = replay(game, h, { validate: true });
      const chain = applyMoveChain(game, h);
      expect(canonicalJson(fast.state)).toBe(canonicalJson(checked.state));
      expect(canonicalJson(fast.state)).toBe(canonicalJson(chain.state));
      expect(canonicalJson(fast.log)).toBe(canonicalJson(checked.log));
      expect(canonicalJson(fast.moves)).toBe(canonicalJson(checked.moves));
      expect(canonicalJson(fast.log)).toBe(canonicalJson(chain.log.map(({ seat, entries }) => ({ seat, entries }))));
      expect(fast.moves.map((m) => m.reveals)).toEqual(chain.log.map((m) => m.reveals));
      // Every move after the first went through the fast path (games without it: none).
      expect(calls()).toBe(game.applyMoveInPlace ? fast.moves.length - 1 : 0);
    });

    it(`${file}: replays with the history's moves and the setup state deep-frozen, to the same state`, () => {
      const h = historyOf(record);
      const game = gameOf(record);
      const expected = canonicalJson(replay(game, h, { validate: true }).state);
      const frozenSetup: AnyGame = { ...game, setup: (ctx) => deepFreeze(game.setup(ctx)) };
      const frozenHistory = { ...h, events: deepFreeze(structuredClone(h.events)) };
      const fast = replay(frozenSetup, frozenHistory);
      expect(canonicalJson(fast.state)).toBe(expected);
      expect(Object.isFrozen(fast.state)).toBe(false);
    });
  }

  it('the freezing has teeth: an in-place move on a frozen state throws', () => {
    const { record } = records.find((r) => r.record.type === 'snowdonia')!;
    const game = gameOf(record);
    const move = record.events.find((e) => e.kind === 'move')!;
    const s = deepFreeze(game.setup({ players: record.players, options: record.options, seed: record.seed! }));
    expect(() => game.applyMoveInPlace!(s, move.seat!, move.move)).toThrow(TypeError);
  });

  // A move that can never be legal again right after itself: the same Labourer space, the same card.
  const repeatable: Record<string, string> = { snowdonia: 'place', 'big-thunder': 'play' };
  for (const { file, record } of records.filter((r) => r.record.type in repeatable)) {
    it(`${file}: a bad stored history still fails loudly (IllegalMove) in the middle of an in-place replay`, () => {
      const h = historyOf(record);
      const i = h.events.findIndex(
        (e, j) => j > h.events.length / 2 && e.kind === 'move' && (e.move as { type: string }).type === repeatable[record.type],
      );
      expect(i).toBeGreaterThan(0);
      const events = [...h.events.slice(0, i + 1), h.events[i], ...h.events.slice(i + 1)];
      const { game, calls } = counting(gameOf(record));
      expect(() => replay(game, { ...h, events })).toThrow(IllegalMove);
      expect(calls()).toBeGreaterThan(0);
    });
  }
});
