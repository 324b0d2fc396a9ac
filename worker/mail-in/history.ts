import { replayMoves, type AnyGame, type LogEntry, visibleEntries } from '../../engine/core';
import { renderLogText } from '../../engine/core/log-names';
import type { Db } from '../../db/types';
import { loadEvents } from '../services/events';
import { seatList, type GameRow } from '../lib/game-rows';
import { stateFor, type LabelledMove } from '../lib/state';

/**
 * The legal moves `seat` had at `version` (what an older turn email listed), rebuilt by replaying
 * the moves in effect then; the row's own moves when `version` is current.
 */
export async function legalMovesAt(db: Db, game: AnyGame, row: GameRow, seat: number, version: number): Promise<LabelledMove[]> {
  if (version === row.version) return stateFor(game, row, seat).legalMoves;
  const moves: { seat: number; move: unknown }[] = [];
  for (const e of await loadEvents(db, row.id)) {
    if (e.seq > version) break;
    if (e.kind === 'move') moves.push({ seat: e.seat!, move: (e.payload as { move: unknown }).move });
    else if (e.kind === 'undo') moves.pop();
  }
  const { state } = replayMoves(game, { players: row.players, options: row.options, seed: row.seed }, moves);
  return stateFor(game, { ...row, version, status: 'active', snapshot: state }, seat).legalMoves;
}

/** At most this many log lines of "what happened since" go into an answer. */
const MAX_LINES = 20;

/**
 * The log lines `seat` may read of the events after `version` (the newest `MAX_LINES`), players
 * named by their display names (`{{p:N}}` markers, engine/core/log-names.ts).
 */
export async function linesSince(db: Db, gameId: string, seat: number, version: number): Promise<string[]> {
  const events = await loadEvents(db, gameId, version);
  const names = new Map((await seatList(db, gameId)).map((s) => [s.seat, s.isBot ? 'the bot' : (s.name ?? `Player ${s.seat + 1}`)]));
  return events
    .flatMap((e) => visibleEntries(e.log as LogEntry[], seat).map((l) => renderLogText(l.text, (n) => names.get(n) ?? `Player ${n + 1}`)))
    .slice(-MAX_LINES);
}
