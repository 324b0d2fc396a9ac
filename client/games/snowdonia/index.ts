/** Snowdonia on the platform: its board (which brings the engine's words), picture and the turn bar's own moves. */
import { groupMoves } from '../../../engine/core/group-moves';
import type { LegalMove } from '../../api-types';
import type { GameManifest } from '../manifest';
import type { SnowdoniaMove } from './types';

export const snowdoniaManifest: GameManifest = {
  id: 'snowdonia',
  tag: 'sn-mountain-board',
  load: () => import('./sn-mountain-board'),
  picture: '/boards/snowdonia.webp',
  /** Passing on the Contracts and declining Padarn's extra Build: no space on the board stands for them. */
  barMoves: (moves) => {
    const g = groupMoves<SnowdoniaMove, LegalMove>(moves);
    return [...g.of('pass-contracts'), ...g.of('skip')];
  },
};
