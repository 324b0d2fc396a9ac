/**
 * The recorded games of test/records: loading them, picking each game's longest, and rebuilding
 * what the server would store for them (snapshot, and per move the event row's payload, log and
 * stored answer).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { playMove, type AnyGame, type GameRecord, type HistoryEvent } from '../../engine/core';
import { gameRegistry } from '../../engine/games';
import { stateFor } from '../../worker/lib/state';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const recordsDir = path.join(root, 'test', 'records');

export function loadRecords(): { file: string; record: GameRecord }[] {
  return readdirSync(recordsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ file: `test/records/${f}`, record: JSON.parse(readFileSync(path.join(recordsDir, f), 'utf8')) as GameRecord }));
}

/** Each game type's record with the most events. */
export function longestRecords(): Map<string, { file: string; record: GameRecord }> {
  const out = new Map<string, { file: string; record: GameRecord }>();
  for (const r of loadRecords()) {
    const cur = out.get(r.record.type);
    if (!cur || r.record.events.length > cur.record.events.length) out.set(r.record.type, r);
  }
  return out;
}

export function historyEvents(record: GameRecord): HistoryEvent[] {
  return record.events.map((e) =>
    e.kind === 'move'
      ? { kind: 'move', seat: e.seat!, move: e.move }
      : e.kind === 'undo'
        ? { kind: 'undo', seat: e.seat! }
        : { kind: 'start' },
  );
}

export function gameFor(type: string): AnyGame {
  const g = gameRegistry.get(type);
  if (!g) throw new Error(`unknown game type ${type}`);
  return g;
}

export interface StoredGame {
  type: string;
  players: number;
  moves: number;
  /** JSON of the final full state (the `games.snapshot` column). */
  snapshotJson: string;
  /** Per move: what `game_events` stores (payload, log, the answer text). */
  events: { payload: string; log: string; response: string }[];
}

/** Replays a record move by move and builds the rows the server would have written. */
export function storedGame(record: GameRecord): StoredGame {
  const game = gameFor(record.type);
  let state = game.setup({ players: record.players, options: (record.options ?? {}) as never, seed: record.seed! }); // stored options as recorded (engine/core/record.ts): parsing adds today's defaults
  const events: StoredGame['events'] = [];
  let version = 1;
  for (const e of record.events) {
    if (e.kind !== 'move') continue;
    const r = playMove(game, state, e.seat!, e.move);
    state = r.state;
    version++;
    const answer = stateFor(
      game,
      { id: record.id, type: record.type, status: game.result(state) ? 'finished' : 'active', version, snapshot: state },
      e.seat,
    );
    events.push({ payload: JSON.stringify({ move: e.move }), log: JSON.stringify(r.log), response: JSON.stringify(answer) });
  }
  return { type: record.type, players: record.players, moves: events.length, snapshotJson: JSON.stringify(state), events };
}

/**
 * The state of `record` halfway through its moves (what a player typically polls), with the
 * seats that must act then.
 */
export function midGameState(record: GameRecord): { snapshotJson: string; activeSeats: number[]; moves: number } {
  const game = gameFor(record.type);
  let state = game.setup({ players: record.players, options: (record.options ?? {}) as never, seed: record.seed! }); // stored options as recorded (engine/core/record.ts): parsing adds today's defaults
  const moves = record.events.filter((e) => e.kind === 'move');
  const half = Math.floor(moves.length / 2);
  for (const e of moves.slice(0, half)) state = game.applyMove(state, e.seat!, e.move).state;
  return { snapshotJson: JSON.stringify(state), activeSeats: game.activeSeats(state), moves: half };
}
