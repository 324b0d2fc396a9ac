import { and, eq } from 'drizzle-orm';
import { seats } from '../../db/schema';
import type { Db } from '../../db/types';
import type { ServiceCtx } from '../types';
import { scheduleBots } from './bots';
import { commitChange, type GameChange } from './commit';
import { gameOf, type GameRow } from '../lib/game-rows';

/**
 * Commits one change that hands `seat` to the built-in bot from now on (the table's vote on a
 * late seat, a player who can no longer play): the seat joins the bot seats, its row is marked a
 * bot's, and the bot plays at once if it must. `change` is the event (its kind, log line and
 * notices); the state stays as it is. Throws `VersionConflict` when the game moved meanwhile.
 */
export async function commitSeatToBot(
  ctx: ServiceCtx,
  row: GameRow,
  seat: number,
  change: Pick<GameChange, 'kind' | 'seat' | 'payload' | 'log' | 'notices' | 'clocks'>,
): Promise<void> {
  const botSeats = [...row.botSeats, seat].sort();
  const answer = await commitChange(ctx, gameOf(ctx.registry, row), row, {
    ...change,
    reveals: true,
    state: row.snapshot,
    botSeats,
    also: markedBot(row.id, seat),
  });
  scheduleBots(ctx, { id: row.id, botSeats }, answer.activeSeats);
}

/** The write (a commit's `also`) that marks the seat's row as the bot's. */
export function markedBot(gameId: string, seat: number): (tx: Db) => Promise<void> {
  return (tx) =>
    tx
      .update(seats)
      .set({ isBot: true })
      .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)))
      .then(() => undefined);
}
