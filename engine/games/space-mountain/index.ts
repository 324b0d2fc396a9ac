import type { Game } from '../../core';
import { botMove } from './bot';
import { commutes } from './commute';
import { describeMove } from './describe';
import { ROCKET_CHOICE, rocketName } from './rockets';
import { spaceMountainHowToPlay } from './how-to-play';
import { spaceMountainMove, spaceMountainOptions, type SpaceMountainMove, type SpaceMountainOptions } from './moves';
import { result } from './result';
import { activeSeats, applyMove, legalMoves } from './rules';
import { setupGame } from './setup';
import type { SpaceMountainState } from './state';
import { view, type SpaceMountainView } from './view';

export type { SpaceMountainMove, SpaceMountainOptions } from './moves';
export type { SpaceMountainState } from './state';
export type { SpaceMountainView, PlayerView, TokenView, BoardView, WaitingForView } from './view';

import { spaceMountainWords } from './words';
/**
 * Space Mountain: All Systems Go (Ravensburger, 2022), 2-4 players: a push-your-luck race to
 * collect Space Items for five Mission cards and visit the five Starports, with simultaneous
 * Go / Refuel decisions each roll (rulebook: `docs/rules/space-mountain-all-systems-go.rulebook.txt`).
 */
export const spaceMountain: Game<SpaceMountainState, SpaceMountainMove, SpaceMountainOptions, SpaceMountainView> = {
  id: spaceMountainWords.id,
  title: spaceMountainWords.title,
  minPlayers: 2,
  maxPlayers: 4,
  // 2: `firstPlayer`; 3: `starportBySeat` (see moves.ts); games from earlier versions replay as they began.
  rulesVersion: '3',
  replaysRulesVersions: ['1', '2'],
  optionsSchema: spaceMountainOptions,
  moveSchema: spaceMountainMove,
  setup: setupGame,
  activeSeats,
  legalMoves,
  applyMove,
  view,
  result,
  // `result`'s scores: completed Missions plus visited Starports (result.ts).
  scoreLabel: 'Missions and Starports',
  describeMove,
  seatRole: rocketName,
  seatChoices: [ROCKET_CHOICE],
  botMove,
  commutes,
  howToPlay: spaceMountainHowToPlay,
  prompt: spaceMountainWords.prompt,
  quantityWords: spaceMountainWords.quantities,
};
