import { expect } from 'vitest';
import { canonicalJson, Rng, type AnyGame, type LogEntry, type Seat } from '../../../engine/core';

/**
 * Freezes a plain JSON value and everything inside it. Engine modules are strict mode, so a write
 * to any frozen part then throws a TypeError instead of changing it.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The random legal game of `checkInPlaceChain`: a mix of uniformly random and bot moves. */
export interface RandomGame {
  players: number;
  options: unknown;
  seed: string;
  moveSeed: number;
  /** Percentage of moves chosen by the bot (the others uniformly at random among legal moves). */
  botShare: number;
}

/**
 * Plays a random legal game twice in step: once as a chain of `applyMove` (a fresh copy every
 * move) and once as `replayMoves` does it (the first move through `applyMove`, every later one
 * through `applyMoveInPlace` on that one private state). After every move both states must be
 * identical (canonicalJson), and so must every move's log, `reveals` and `revealed`; the logs are compared
 * again at the end, so a log line that shares an object with the mutated state shows up too.
 * Every move is deep-frozen before it is applied. Returns the number of moves played.
 */
export function checkInPlaceChain(game: AnyGame, g: RandomGame, maxMoves = 5000): number {
  const applyInPlace = game.applyMoveInPlace!.bind(game);
  const r = new Rng([g.moveSeed, 0x9e3779b9 | 0, g.players, 4242]);
  let copied: unknown = game.setup({ players: g.players, options: g.options, seed: g.seed });
  let owned: unknown = null;
  type Told = { reveals: boolean; revealed?: string; log: LogEntry[] };
  /** What a move told besides its state. */
  const told = (m: Told): Told => ({ reveals: m.reveals, ...(m.revealed ? { revealed: m.revealed } : {}), log: m.log });
  const copiedLogs: Told[] = [];
  const ownedLogs: Told[] = [];
  while (game.activeSeats(copied).length > 0 && copiedLogs.length < maxMoves) {
    const active = game.activeSeats(copied);
    const seat: Seat = active[r.int(0, active.length - 1)];
    const legal = game.legalMoves(copied, seat);
    const byBot = r.int(0, 99) < g.botShare && game.botMove;
    const move = deepFreeze(byBot ? game.botMove!(copied, seat, legal, r.int(0, 999) / 1000) : legal[r.int(0, legal.length - 1)]);
    const a = game.applyMove(copied, seat, move);
    copiedLogs.push(told(a));
    if (owned === null) {
      const first = game.applyMove(copied, seat, move);
      owned = first.state;
      ownedLogs.push(told(first));
    } else {
      ownedLogs.push(told(applyInPlace(owned, seat, move)));
    }
    copied = a.state;
    const at = `move ${copiedLogs.length} (${JSON.stringify(move)} by seat ${seat})`;
    expect(canonicalJson(owned), `state after ${at}`).toBe(canonicalJson(copied));
    expect(canonicalJson(ownedLogs.at(-1)), `log after ${at}`).toBe(canonicalJson(copiedLogs.at(-1)));
  }
  expect(game.activeSeats(copied), `the game did not end within ${maxMoves} moves`).toEqual([]);
  expect(canonicalJson(ownedLogs)).toBe(canonicalJson(copiedLogs));
  return copiedLogs.length;
}
