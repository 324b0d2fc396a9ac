import { canonicalJson } from './json';
import type { AnyGame, Seat } from './types';

/** True when `move` (parsed) is among `seat`'s legal moves in `state` (compared by value). */
export function isLegalNow(game: AnyGame, state: unknown, seat: Seat, move: unknown): boolean {
  if (game.result(state) !== null || !game.activeSeats(state).includes(seat)) return false;
  const key = canonicalJson(move);
  return game.legalMoves(state, seat).some((m) => canonicalJson(m) === key);
}

/** True when `seat` sees the same `view` in both states (canonical JSON, key order ignored). */
export function sameView(game: AnyGame, a: unknown, b: unknown, seat: Seat): boolean {
  return canonicalJson(game.view(a, seat)) === canonicalJson(game.view(b, seat));
}

/**
 * The commuting rule: may `move` by `seat`, chosen while the game stood at `before`, be
 * applied to `now` instead? The caller has checked that every event between the two states is a
 * move by ANOTHER seat (never an undo, never the poster's own move). True when the move is legal
 * in both states, the seat's legal moves are the same in both, and nothing the seat could base
 * its choice on changed: the game's `commutes` hook decides that when it has one (other seats'
 * secret simultaneous decisions), otherwise the seat's `view` must be identical in both.
 * Pure; costs a few `legalMoves` and `view` calls, so only for the stale-version path.
 */
export function movesCommute(game: AnyGame, before: unknown, now: unknown, seat: Seat, move: unknown): boolean {
  if (!isLegalNow(game, before, seat, move) || !isLegalNow(game, now, seat, move)) return false;
  if (canonicalJson(game.legalMoves(before, seat)) !== canonicalJson(game.legalMoves(now, seat))) return false;
  return game.commutes ? game.commutes(before, now, seat, move) : sameView(game, before, now, seat);
}
