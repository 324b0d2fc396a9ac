import type { AnyGame } from '../../engine/core';
import type { Config } from '../env';
import { stateFor } from '../lib/state';
import type { GameRow } from '../lib/game-rows';
import { replyAddress } from './address';
import { choiceLines, numberChoices, type ChoiceGroup } from './choices';
import { signReplyToken } from './token';

/** What an email needs so its reply can carry a move: the signed Reply-To and the numbered choices. */
export interface ReplyChoices {
  /** `play+<token>@<domain>` for this seat at this version. */
  address: string;
  /** The email's lines listing the choices ("1. All Systems Go!", "A. Play", "  3 (A3). Play Rail Cart"). */
  choices: string[];
}

/** The numbered choices of `seat` at the row's version (grouped when long); empty when it is not the seat's turn. */
export function choicesAt(game: AnyGame, row: GameRow, seat: number): ChoiceGroup[] {
  const state = stateFor(game, row, seat);
  if (row.status !== 'active' || state.legalMoves.length === 0) return [];
  return numberChoices(state.legalMoves);
}

/**
 * The reply address and choice lines for `seat` at the row's version, or null when replies are
 * off (no secret configured) or the seat has nothing to choose now.
 */
export async function replyChoices(mail: Config['mailReplies'], game: AnyGame, row: GameRow, seat: number): Promise<ReplyChoices | null> {
  if (!mail) return null;
  const groups = choicesAt(game, row, seat);
  if (groups.length === 0) return null;
  const token = await signReplyToken(mail.secret, { gameId: row.id, seat, version: row.version });
  return { address: replyAddress(token, mail.domain), choices: choiceLines(groups) };
}
