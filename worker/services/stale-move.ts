import { and, eq, gt, lte } from 'drizzle-orm';
import { IllegalMove, movesCommute, parseMove, replayMoves, type AnyGame, type Seat } from '../../engine/core';
import { gameEvents } from '../../db/schema';
import type { Db } from '../../db/types';
import type { GameRow } from './game-rows';
import type { LoggedEvent } from './log-lines';
import { effectiveMoves } from './moves-in-effect';

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
 * in both, and those moves changed nothing the poster could see (the game's `commutes` hook,
 * e.g. other seats' secret Go/Refuel decisions). The caller then applies the move to `row`.
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
