import { GameRegistry } from '../core/registry';
import type { AnyGame } from '../core/types';

/**
 * The one list of shipped games: adding a game is adding its folder and one line here.
 */
export const shippedGames: AnyGame[] = [];

/** The registry the production Worker serves. */
export const gameRegistry = new GameRegistry(shippedGames);
