/**
 * The shapes the Space Mountain board reads: the engine's view and move types under the board's
 * short names (type-only, erased from the bundle: the client ships none of the rules), so a
 * change of the view is a type error here rather than a blank board.
 */
import type { PlayerView, SpaceMountainView } from '../../../engine/games/space-mountain/view';

export type {
  PlayerView as SmPlayer,
  SpaceMountainView as SmView,
  TokenView as SmToken,
  WaitingForView as SmWaitingFor,
} from '../../../engine/games/space-mountain/view';
export type { Decision as SmDecision, SpaceMountainMove as SmMove } from '../../../engine/games/space-mountain/moves';
export type { Facing } from '../../../engine/games/space-mountain/words';
export type {
  EncounterKind,
  MissionLetter,
  MissionPicture,
  Movement,
  SpaceItem,
  StarportId,
} from '../../../engine/games/space-mountain/components';
export type { Phase } from '../../../engine/games/space-mountain/state';

/** A Mission card of a player, with its spaces. */
export type SmMission = PlayerView['missions'][number];
/** A Wormhole of the printed board. */
export type SmWormhole = SpaceMountainView['board']['wormholes'][number];
