import { canonicalJson } from './json';
import { replay, type HistoryEvent } from './play';
import type { GameRegistry } from './registry';
import type { GameResult, Seat } from './types';

/** Format tag of exported game records. */
export const RECORD_FORMAT = 'mountain-post-record/1';

/** One event of a record. `move` is null where the reader may not see it (a running game). */
export interface RecordEvent {
  seq: number;
  kind: string;
  seat: Seat | null;
  move?: unknown | null;
  /** Played by the built-in bot (a bot seat, or a seat that ran out of time). */
  bot?: boolean;
  timeout?: boolean;
  at: string;
}

/**
 * The full, replayable record of a game (`GET /api/games/:id/record`): with `seed` (published
 * when the game is over) anyone can check `sha256(seed) == seedHash` and replay the events to
 * the same result ("provably fair").
 */
export interface GameRecord {
  format: typeof RECORD_FORMAT;
  id: string;
  type: string;
  title: string;
  rulesVersion: string;
  players: number;
  options: unknown;
  seats: { seat: Seat; name: string; bot: boolean }[];
  status: string;
  seedHash: string;
  seed: string | null;
  events: RecordEvent[];
  result: GameResult | null;
  /** SHA-256 of the canonical JSON of the final state, when the record is complete. */
  finalStateHash: string | null;
}

/** Outcome of checking a record: `ok` only when every check passed. */
export interface Verification {
  ok: boolean;
  checks: { name: string; ok: boolean; detail: string }[];
  result: GameResult | null;
}

/**
 * Checks a record: the seed matches its published hash, this engine is the record's rules
 * version, the events replay (every move legal), and the replay ends with the recorded result
 * and state hash. `sha256Hex` is injected so the engine stays free of I/O (Node, browser alike).
 */
export async function verifyRecord(
  record: GameRecord,
  registry: GameRegistry,
  sha256Hex: (s: string) => Promise<string>,
): Promise<Verification> {
  const checks: Verification['checks'] = [];
  const check = (name: string, ok: boolean, detail: string) => {
    checks.push({ name, ok, detail });
    return ok;
  };
  if (!check('format', record?.format === RECORD_FORMAT, `format is ${JSON.stringify(record?.format)}`))
    return { ok: false, checks, result: null };
  if (
    !check(
      'seed published',
      typeof record.seed === 'string',
      record.seed ? 'the seed is in the record' : 'the game is not over: no seed yet',
    )
  )
    return { ok: false, checks, result: null };
  const hash = await sha256Hex(record.seed!);
  check('seed hash', hash === record.seedHash, `sha256(seed) = ${hash}; published ${record.seedHash}`);
  const game = registry.get(record.type);
  if (!check('game type', !!game, game ? game.title : `unknown game type ${record.type}`)) return { ok: false, checks, result: null };
  const replays = game!.rulesVersion === record.rulesVersion || (game!.replaysRulesVersions ?? []).includes(record.rulesVersion);
  check(
    'rules version',
    replays,
    `engine ${game!.rulesVersion}${game!.replaysRulesVersions?.length ? ` (replays ${game!.replaysRulesVersions.join(', ')})` : ''}, record ${record.rulesVersion}`,
  );
  const hidden = record.events.filter((e) => e.kind === 'move' && (e.move === null || e.move === undefined));
  if (!check('complete', hidden.length === 0, hidden.length ? `${hidden.length} moves are hidden` : 'every move is present'))
    return { ok: false, checks, result: null };
  let state: unknown;
  try {
    const events: HistoryEvent[] = record.events.map((e) =>
      e.kind === 'move'
        ? { kind: 'move', seat: e.seat!, move: e.move }
        : e.kind === 'undo'
          ? { kind: 'undo', seat: e.seat! }
          : { kind: 'start' },
    );
    state = replay(game!, { players: record.players, options: record.options, seed: record.seed!, events }, { validate: true }).state;
    check('replay', true, `${record.events.length} events replayed`);
  } catch (err) {
    check('replay', false, `replay failed: ${(err as Error).message}`);
    return { ok: false, checks, result: null };
  }
  const result = game!.result(state);
  check(
    'result',
    canonicalJson(result) === canonicalJson(record.result),
    `replayed scores ${JSON.stringify(result?.scores ?? null)}, recorded ${JSON.stringify(record.result?.scores ?? null)}`,
  );
  if (record.finalStateHash) {
    const h = await sha256Hex(canonicalJson(state));
    check('final state', h === record.finalStateHash, h === record.finalStateHash ? 'identical' : `replayed ${h}`);
  }
  return { ok: checks.every((c) => c.ok), checks, result };
}

/** Bytes as lowercase hex, two digits each: the form of a record's `seedHash` and of the ids and tokens built from random bytes. */
export function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
