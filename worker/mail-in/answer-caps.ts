import { sql } from 'drizzle-orm';
import { executedRows } from '../../db/json-row';
import type { Db } from '../../db/types';

/** Answers that refuse a reply (nothing played), per seat and game version: then silence until the game moves on. */
export const MAX_REFUSALS_PER_TURN = 3;

/** What an answer to an emailed move records about itself in its outbox row, for the caps. */
export interface AnswerMark {
  seat: number;
  /** The game's version when the answer was written (its reply address is signed for it). */
  version: number;
  /** Nothing was played (a refusal, or replies switched off). */
  refused: boolean;
  /** The game was over. */
  over: boolean;
}

/**
 * Whether an answer `mark` may still go out, so that no answer can feed a mail loop: a seat gets
 * at most `MAX_REFUSALS_PER_TURN` refusals at one game version (an automatic responder that
 * answers every answer falls silent after three; the next turn email starts anew), and a reply
 * about a game that is over is answered once. Moves played are always answered. Counts the
 * game's earlier answers (`outbox_mail_answer_idx`); two replies at the same instant may each
 * get the last one, which stops a loop all the same.
 */
export async function answerAllowed(db: Db, gameId: string, mark: AnswerMark): Promise<boolean> {
  if (!mark.refused && !mark.over) return true;
  const result = await db.execute(sql`select count(*)::int as n from outbox
    where kind = 'mail_answer' and game_id = ${gameId} and payload->'answer'->>'seat' = ${String(mark.seat)}
      and (${mark.over} and payload->'answer'->>'over' = 'true'
        or not ${mark.over} and payload->'answer'->>'refused' = 'true' and payload->'answer'->>'version' = ${String(mark.version)})`);
  const [{ n }] = executedRows<{ n: number }>(result);
  return n < (mark.over ? 1 : MAX_REFUSALS_PER_TURN);
}
