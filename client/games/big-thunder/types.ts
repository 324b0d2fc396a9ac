/**
 * The shapes the Big Thunder board reads: the engine's view and move types (type-only imports,
 * erased from the bundle, so the client ships none of the rules).
 */
export type { BigThunderView, CardView, FateView, PendingView, PlayerView } from '../../../engine/games/big-thunder/view';
export type { BigThunderMove } from '../../../engine/games/big-thunder/moves';
export type { CardAction, MarbleKind, UpgradeType } from '../../../engine/games/big-thunder/components';

/** A marble that can sit in a mine shaft or a Mine Cart. */
export type Gold = 'gold' | 'ore';
