import { GameRegistry } from '../core/registry';
import type { AnyGame } from '../core/types';
import { bigThunder } from './big-thunder';
import { snowdonia } from './snowdonia';
import { spaceMountain } from './space-mountain';

/**
 * The one list of shipped games: adding a game is adding its folder and one line here.
 */
export const shippedGames: AnyGame[] = [bigThunder, snowdonia, spaceMountain];

/** The registry the production Worker serves. */
export const gameRegistry = new GameRegistry(shippedGames);
