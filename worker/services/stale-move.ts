import { and, desc, eq, gt, lte } from 'drizzle-orm';
import { IllegalMove, movesCommute, parseMove, replayMoves, type AnyGame, type Seat } from '../../engine/core';
import { gameEvents } from '../../db/schema';
import type { Db } from '../../db/types';
import type { GameRow } from '../lib/game-rows';
import { logLines, type LoggedEvent } from './log-lines';
import { effectiveMoves } from './moves-in-effect';

/** Most log lines a stale answer's `changed` carries (the newest). */
export const MAX_CHANGED_LINES = 20;

/**
 * What changed since the poster's `version`, for a refusal that says it in one line: the log
 * lines of the events after `version` up to the game's `current` version, as `seat` may read
 * them (`{{p:N}}` markers name players), oldest first; lines of moves taken back since are left
 * out. At most the newest `MAX_CHANGED_LINES`, from at most as many events. Empty for a version
 * the game never had. `known`: events read already (the answer's `tailJson`); when they hold
 * every event since `version`, no query is made.
 */
export async function changedSince(
  db: Db,
  gameId: string,
  seat: Seat,
  version: number,
  current: number,
  known?: readonly LoggedEvent[] | null,
): Promise<string[]> {
  if (version >= current) return [];
  const given = (known ?? []).filter((e) => e.seq > version && e.seq <= current).sort((a, b) => b.seq - a.seq);
  const newestFirst =
    given.length === current - version
      ? given.slice(0, MAX_CHANGED_LINES)
      : await db
          .select({
            seq: gameEvents.seq,
            kind: gameEvents.kind,
            seat: gameEvents.seat,
            log: gameEvents.log,
            reveals: gameEvents.reveals,
            createdAt: gameEvents.createdAt,
          })
          .from(gameEvents)
          .where(and(eq(gameEvents.gameId, gameId), gt(gameEvents.seq, version), lte(gameEvents.seq, current)))
          .orderBy(desc(gameEvents.seq))
          .limit(MAX_CHANGED_LINES);
  return logLines([...newestFirst].reverse(), seat)
    .filter((l) => !l.undone)
    .map((l) => l.text)
    .slice(-MAX_CHANGED_LINES);
}

/**
 * Most events a move may be behind and still be applied by the commuting rule: a Step 1 of
 * Space Mountain or a Claim Jumper has at most 3 other deciders; the bound keeps the replay
 * of the stale path to requests that can plausibly commute.
 */
export const MAX_COMMUTING_EVENTS = 16;

/**
 * The commuting rule: may `move` by `seat`, posted at the older `version`, be applied to
 * the game as it stands now (`row`)? True when every event since `version` is a move by another
 * seat (an undo, a start, a resignation or the poster's own move never commutes), at most
 * `MAX_COMMUTING_EVENTS` of them, and `movesCommute` holds between the state at `version`
 * (rebuilt by replaying the moves then in effect; only on this path) and now: the move is legal
 * in both, and those moves cannot alter it (the game's `commutes` hook: other seats' secret
 * Go/Refuel decisions; Space Mountain's Step 4 choices made at the same time, when the poster's
 * move gives the poster the same result either way). The caller then applies the move to `row`.
 * Reads the events after `version` (a few rows; none when `known`, events read with `row`,
 * holds them all), and the log up to `version` only if they pass.
 */
export async function commutesSince(
  db: Db,
  game: AnyGame,
  row: GameRow,
  seat: Seat,
  version: number,
  move: unknown,
  known?: readonly LoggedEvent[] | null,
): Promise<boolean> {
  if (version >= row.version || row.version - version > MAX_COMMUTING_EVENTS || row.snapshot === null) return false;
  let parsed: unknown;
  try {
    parsed = parseMove(game, move);
  } catch (err) {
    if (err instanceof IllegalMove) return false;
    throw err;
  }
  const between = (e: { seq: number }) => e.seq > version && e.seq <= row.version;
  const given = known?.filter(between) ?? [];
  const since =
    given.length === row.version - version
      ? given
      : await db
          .select({ seq: gameEvents.seq, kind: gameEvents.kind, seat: gameEvents.seat })
          .from(gameEvents)
          .where(and(eq(gameEvents.gameId, row.id), gt(gameEvents.seq, version), lte(gameEvents.seq, row.version)));
  if (since.length !== row.version - version || since.some((e) => e.kind !== 'move' || e.seat === seat)) return false;
  const upTo = await db
    .select({ kind: gameEvents.kind, seat: gameEvents.seat, payload: gameEvents.payload, reveals: gameEvents.reveals })
    .from(gameEvents)
    .where(and(eq(gameEvents.gameId, row.id), lte(gameEvents.seq, version)))
    .orderBy(gameEvents.seq);
  const before = replayMoves(game, { players: row.players, options: row.options, seed: row.seed }, effectiveMoves(upTo)).state;
  return movesCommute(game, before, row.snapshot, seat, parsed);
}
