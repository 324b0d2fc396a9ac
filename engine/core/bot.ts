import { Rng, type RngState } from './rng';
import type { AnyGame, Seat } from './types';

/**
 * The built-in bot: asks the game for its preferred move (`botMove`), else picks uniformly
 * among legal moves. `rng` makes the choice reproducible; returns null when the seat has no move.
 */
export function chooseBotMove(game: AnyGame, state: unknown, seat: Seat, rng: RngState): unknown | null {
  const legal = game.legalMoves(state, seat);
  if (legal.length === 0) return null;
  const r = new Rng(rng);
  const roll = r.int(0, 0x7fffffff) / 0x80000000;
  if (game.botMove) return game.botMove(state, seat, legal, roll);
  return legal[Math.floor(roll * legal.length)];
}
