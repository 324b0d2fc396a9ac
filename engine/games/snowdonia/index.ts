import type { Game } from '../../core';
import { botMove } from './bot';
import { describeMove } from './describe';
import { snowdoniaHowToPlay } from './how-to-play';
import { moveNote } from './move-note';
import { snowdoniaMove, type SnowdoniaMove } from './moves';
import { snowdoniaOptions, type SnowdoniaOptions } from './options';
import { activeSeats, applyMove, applyMoveInPlace, legalMoves } from './rules';
import { result } from './scoring';
import { setup } from './setup';
import { seatLabel, type SnowdoniaState } from './state';
import { view, type SnowdoniaView } from './view';
import { snowdoniaWords } from './words';

/**
 * Snowdonia (Deluxe Master Set), Mount Snowdon scenario, 2-5 players: the Game contract
 * (docs/design.md). Rules: `snowdonia.rulebook.txt`, completed by `docs/rules/README.md` section 2;
 * reconstructions live in `components.ts` and two named options (`buildPrerequisite`,
 * `thinnerFog`).
 */
export const snowdonia: Game<SnowdoniaState, SnowdoniaMove, SnowdoniaOptions, SnowdoniaView> = {
  id: snowdoniaWords.id,
  title: snowdoniaWords.title,
  minPlayers: 2,
  maxPlayers: 5,
  // 2: `overlayBuildAfterE` (see options.ts); games from version 1 replay with their old reading.
  rulesVersion: '2',
  replaysRulesVersions: ['1'],
  optionsSchema: snowdoniaOptions,
  moveSchema: snowdoniaMove,
  setup,
  activeSeats,
  legalMoves,
  applyMove,
  applyMoveInPlace,
  view,
  result,
  scoreLabel: 'VP',
  describeMove,
  seatRole: seatLabel,
  moveNote,
  botMove,
  howToPlay: snowdoniaHowToPlay,
  prompt: snowdoniaWords.prompt,
  quantityWords: snowdoniaWords.quantities,
};

export type { SnowdoniaState } from './state';
export type { SnowdoniaMove } from './moves';
export type { SnowdoniaOptions } from './options';
export type { SnowdoniaView } from './view';
