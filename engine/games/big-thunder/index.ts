import type { Game } from '../../core';
import { botMove } from './bot';
import { commutes } from './commute';
import { trainName } from './context';
import { describeMove } from './describe';
import { bigThunderHowToPlay } from './how-to-play';
import { legalMoves } from './legal';
import { moveNote } from './move-note';
import { bigThunderMove, bigThunderOptions, type BigThunderMove, type BigThunderOptions } from './moves';
import { applyMove, applyMoveInPlace } from './rules';
import { gameResult } from './scoring';
import { setup } from './setup';
import type { BigThunderState } from './state';
import { activeSeats } from './turn';
import { view, type BigThunderView } from './view';
import { bigThunderWords } from './words';

export type { BigThunderMove, BigThunderOptions } from './moves';
export type { BigThunderState } from './state';
export type { BigThunderView, CardView, FateView, PendingView, PlayerView } from './view';

/**
 * Big Thunder Mountain Railroad (Funko Games, 2022), 2-4 players: run marbles into the mine, move
 * your Mine Cart, pick and pan for gold, sell it in Town for Town Tokens or points, buy Upgrades
 * and Town Shares; the first to 20 points (25 in the longer game) starts the last round.
 * Rules: `docs/rules/big-thunder-mountain-railroad.rulebook.txt`; component data and
 * reconstructions: `./components.ts`.
 */
export const bigThunder: Game<BigThunderState, BigThunderMove, BigThunderOptions, BigThunderView> = {
  id: bigThunderWords.id,
  title: bigThunderWords.title,
  minPlayers: 2,
  maxPlayers: 4,
  // 2: `fateOnEmptyBasin` and `firstPlayer` (see moves.ts); games from version 1 replay as they were.
  rulesVersion: '2',
  replaysRulesVersions: ['1'],
  optionsSchema: bigThunderOptions,
  moveSchema: bigThunderMove,
  setup,
  activeSeats,
  legalMoves,
  applyMove,
  applyMoveInPlace,
  view,
  result: gameResult,
  scoreLabel: 'points',
  describeMove,
  seatRole: trainName,
  moveNote,
  botMove,
  commutes,
  howToPlay: bigThunderHowToPlay,
  prompt: bigThunderWords.prompt,
  quantityWords: bigThunderWords.quantities,
};
