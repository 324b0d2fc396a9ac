import { and, eq } from 'drizzle-orm';
import { games } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import { sha256Hex } from '../lib/crypto';
import { loadGame } from '../lib/game-rows';

/**
 * Development only (`POST /dev/games/:id/seed`): replaces the secret seed of a game not yet
 * started, and its published hash with it, so a browser test plays the same deal on every run
 * (`setup` reads the seed when the game starts). A started game keeps its seed: its first state
 * was dealt from it.
 * Throws 404 `game_not_found`, 409 `not_open` once the game has started (or is over).
 */
export async function fixSeed(db: Db, args: { gameId: string; seed: string }): Promise<{ id: string; seedHash: string }> {
  const seedHash = await sha256Hex(args.seed);
  const changed = await db
    .update(games)
    .set({ seed: args.seed, seedHash })
    .where(and(eq(games.id, args.gameId), eq(games.status, 'open')))
    .returning({ id: games.id });
  if (changed.length === 0) {
    await loadGame(db, args.gameId);
    throw new ApiError(409, 'not_open', 'The game has started: its deal is made, so its seed stays.');
  }
  return { id: args.gameId, seedHash };
}
