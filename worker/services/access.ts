import { ApiError } from '../http/errors';
import type { GameRow } from '../lib/game-rows';

/**
 * Who may watch: players always; anyone with the link when the game is public. Private games
 * answer 403 `private_game` to everyone else (metadata and joining by invite stay open).
 */
export function requireViewer(row: Pick<GameRow, 'isPublic'>, seat: number | null): void {
  if (seat === null && !row.isPublic) throw new ApiError(403, 'private_game', 'This game is private: only its players can watch it.');
}
