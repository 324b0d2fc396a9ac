/** Space Mountain on the platform: its board (which brings the engine's words), picture and the turn bar's own moves. */
import { groupMoves } from '../../../engine/core/group-moves';
import type { LegalMove } from '../../api-types';
import type { GameManifest } from '../manifest';
import type { SmMove } from './types';

export const spaceMountainManifest: GameManifest = {
  id: 'space-mountain',
  tag: 'sm-galaxy-board',
  load: () => import('./sm-galaxy-board'),
  picture: '/boards/space-mountain.webp',
  /**
   * All Systems Go! and a Refuel that flips nothing: Step 1's choices (flipping Missions happens on
   * the mats); left or right on a Turn die: a Step 4 choice that has no place on the map (Starports
   * and Mission spaces are tapped on the board). The facing after a Wormhole stays on the board's
   * compass in "Your move", first on a phone: its four buttons took two more rows of a phone's bar.
   */
  barMoves: (moves) => {
    const g = groupMoves<SmMove, LegalMove>(moves);
    return [...g.of('go'), ...g.of('refuel').filter((lm) => lm.move.flip.length === 0), ...g.of('turn')];
  },
};
