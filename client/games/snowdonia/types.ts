/**
 * The shapes the Snowdonia board reads: the engine's view and move types. Type-only exports,
 * erased from the bundle (the client ships none of the rules), and checked by `tsc` against the
 * engine, so a change of the view shows up here as a type error rather than a blank board.
 */
export type {
  ActionAreaView,
  ContractView,
  RouteCardView,
  SeatView,
  SnowdoniaView,
  StepView,
  TrainView,
} from '../../../engine/games/snowdonia/view';
export type { SnowdoniaMove } from '../../../engine/games/snowdonia/moves';
export type { AreaId, BuildCost, EventKind, Resource, StationId, Weather } from '../../../engine/games/snowdonia/components';
export type { Owner } from '../../../engine/games/snowdonia/state';

import type { RouteCardView, SeatView } from '../../../engine/games/snowdonia/view';

export type StationCardView = Extract<RouteCardView, { kind: 'station' }>;
export type TrackCardView = Extract<RouteCardView, { kind: 'track' }>;
/** A contract in a player's hand (with its activation state and the VP it is worth now). */
export type HeldContractView = SeatView['contracts'][number];
