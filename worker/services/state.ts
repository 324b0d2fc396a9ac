import type { AnyGame, GameResult, LogEntry, Seat } from '../../engine/core';
import type { GameRow } from './game-rows';

/** A legal move with the label a button shows. */
export interface LabelledMove {
  label: string;
  move: unknown;
}

/**
 * What `GET /state` answers: the caller's `view` only (never the full state), the caller's
 * legal moves, and who must act. Spectators (`yourSeat: null`) get `view(state, null)`.
 */
export interface StateResponse {
  id: string;
  type: string;
  status: GameRow['status'];
  version: number;
  yourSeat: Seat | null;
  activeSeats: Seat[];
  view: unknown;
  legalMoves: LabelledMove[];
  result: GameResult | null;
}

/** Builds the caller's state answer from a game row (its snapshot) and seat. */
export function stateFor(game: AnyGame, row: Pick<GameRow, 'id' | 'type' | 'status' | 'version' | 'snapshot'>, seat: Seat | null): StateResponse {
  const state = row.snapshot;
  const running = state !== null && state !== undefined;
  const activeSeats = running ? game.activeSeats(state) : [];
  const moves = running && seat !== null && activeSeats.includes(seat) ? game.legalMoves(state, seat) : [];
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    version: row.version,
    yourSeat: seat,
    activeSeats,
    view: running ? game.view(state, seat) : null,
    legalMoves: moves.map((move) => ({ label: game.describeMove?.(move, state, seat!) ?? JSON.stringify(move), move })),
    result: running ? game.result(state) : null,
  };
}

/** Log lines `seat` may read (public ones, and private ones addressed to it). */
export function visibleEntries(entries: LogEntry[], seat: Seat | null): LogEntry[] {
  return entries.filter((e) => !e.only || (seat !== null && e.only.includes(seat)));
}

/**
 * ETag of a state answer: it changes with the game version and differs per viewer, so the
 * 304 check needs only `games.version` (one primary-key row) plus the session already loaded.
 */
export function stateEtag(version: number, viewer: string | null): string {
  return `"v${version}-${viewer ?? 'anon'}"`;
}
