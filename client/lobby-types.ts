/** Shapes of the lobby API (`GET /api/lobby`) and the lobby fields of games, as the client reads them. */
import type { components } from '../docs/api/openapi';
import type { GameMeta, GameResult, GameSummary, SeatInfo } from './types';

/** One game in the lobby: the API reference's `LobbyGame` (docs/api), not a hand copy of the server's. */
export type LobbyGame = components['schemas']['LobbyGame'];

export interface Lobby {
  open: LobbyGame[];
  live: LobbyGame[];
}

/** A row of "My games" with the result of a finished game. */
export type MyGame = GameSummary & { result?: GameResult | null };

/** A choice the game gives each player before it begins (Space Mountain: the Rocket). */
export interface SeatChoice {
  id: string;
  label: string;
  values: { id: string; label: string }[];
}

/** A seat with its setup choices (games with `seatChoices`). */
export type SeatWithChoices = SeatInfo & { choices?: Record<string, string> };

/** The game metadata fields the waiting room reads besides `GameMeta`'s. */
export type WaitingMeta = GameMeta & {
  /** Choices each player makes before the game begins; empty for most games. */
  seatChoices?: SeatChoice[];
  /** Who invited the viewer (while the game waits for players), or null. */
  invitedBy?: string | null;
  optionsText?: string[];
  /** The join that takes the last seat starts the game. */
  startWhenFull?: boolean;
};

/** The path that creates a 2-player game against the bot and opens it (after sign-in if need be). */
export function botGamePath(type: string): string {
  return `/play/${encodeURIComponent(type)}`;
}
