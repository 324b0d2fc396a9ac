/** Big Thunder Mountain Railroad on the platform: its board (which brings the engine's words), picture and the turn bar's own moves. */
import { groupMoves } from '../../../engine/core/group-moves';
import type { LegalMove } from '../../api-types';
import type { GameManifest } from '../manifest';
import type { BigThunderMove } from './types';

export const bigThunderManifest: GameManifest = {
  id: 'big-thunder',
  tag: 'bt-mountain-board',
  load: () => import('./bt-mountain-board'),
  picture: '/boards/big-thunder.webp',
  /** End turn: the board draws everything else on its cards, track and Town. */
  barMoves: (moves) => groupMoves<BigThunderMove, LegalMove>(moves).of('endTurn'),
};
