import { sentence } from '../../engine/core';
import { insertOutbox } from '../notices/enqueue';
import type { Message } from '../notices/message';
import { gameOf, loadGame, seatList } from '../lib/game-rows';
import type { ServiceCtx, User } from '../types';
import { answerAllowed, type AnswerMark } from './answer-caps';
import { linesSince } from './history';
import { replyChoices } from './turn-choices';

/** What an answer to an emailed move says, and where it threads. */
export interface AnswerArgs {
  gameId: string;
  seat: number;
  user: User;
  /** The version the answered email showed: "what happened since" starts after it. */
  since: number;
  /** Message-ID (and References) of the reply, so the answer lands in the same thread. */
  inReplyTo: string;
  references?: string;
  subject?: string;
  /** The reply's idempotency key: one answer per message, however often it is delivered. */
  key: string;
  /** Labels of the moves made, in order. */
  applied: string[];
  /** Why the (rest of the) reply was not played, or null. */
  refusal: string | null;
  /** A sentence instead of the usual ones (replies switched off); the choices are then left out. */
  note: string | null;
}

/** "It is your turn again", "Now waiting for Bo" or "The game is over". */
async function whatNext(ctx: ServiceCtx, row: Awaited<ReturnType<typeof loadGame>>, seat: number): Promise<string> {
  if (row.status === 'finished' || row.status === 'abandoned') {
    const summary = (row.result as { summary?: string } | null)?.summary;
    return `The game is over${summary ? `: ${summary}` : ''}.`;
  }
  if (row.activeSeats.includes(seat)) return 'It is your turn again: choose below.';
  const names = (await seatList(ctx.db, row.id))
    .filter((s) => row.activeSeats.includes(s.seat))
    .map((s) => (s.isBot ? 'the bot' : (s.name ?? `seat ${s.seat + 1}`)));
  return names.length ? `Now waiting for ${names.join(' and ')}.` : 'Nothing is waiting for you now.';
}

/**
 * Queues the answer to an emailed move in the outbox, unless the caps say silence
 * (`answerAllowed`: at most three refusals per seat and game version, one answer about a game
 * that is over); returns whether it was queued. The answer goes (so it goes out like every other email,
 * retried, and shows in the dev mailbox) and drains it after the work is done: "Done: <move>."
 * or the refusal, what happens next, what happened since the answered email, and - when it is
 * the player's turn - the current choices with a fresh reply address. It is marked
 * `Auto-Submitted: auto-replied` (RFC 3834) so that the player's own auto-responders leave it be.
 */
export async function sendAnswer(ctx: ServiceCtx, a: AnswerArgs): Promise<boolean> {
  const row = await loadGame(ctx.db, a.gameId);
  const mark: AnswerMark = {
    seat: a.seat,
    version: row.version,
    refused: a.applied.length === 0,
    over: row.status === 'finished' || row.status === 'abandoned',
  };
  if (!(await answerAllowed(ctx.db, row.id, mark))) return false;
  const game = gameOf(ctx.registry, row);
  const intro = a.note
    ? [a.note]
    : [
        ...(a.applied.length ? [sentence(`Done: ${a.applied.join(', then ')}`)] : []),
        ...(a.refusal ? [`Not done: ${a.refusal}`] : []),
        await whatNext(ctx, row, a.seat),
      ];
  const reply = a.note ? null : await replyChoices(ctx.config.mailReplies, game, row, a.seat);
  // Threading headers hold the sender's ids: kept only while they look like ids and stay short.
  const ids = (text: string | undefined) => (text ?? '').match(/<[^<>\s]{1,250}>/g) ?? [];
  const inReplyTo = ids(a.inReplyTo)[0];
  const references = [...ids(a.references).slice(-9), ...(inReplyTo ? [inReplyTo] : [])].join(' ');
  const message: Message = {
    kind: 'your_turn',
    subject: a.subject ? (/^re:/i.test(a.subject) ? a.subject : `Re: ${a.subject}`).slice(0, 200) : `${game.title}: your move by email`,
    intro,
    lines: await linesSince(ctx.db, row.id, a.seat, a.since),
    url: `${ctx.config.publicUrl}/games/${row.id}`,
    game: { id: row.id, title: game.title, seat: a.seat },
    deadline: row.deadlineAt?.toISOString() ?? null,
    ...(reply ? { reply } : {}),
    headers: { ...(inReplyTo ? { 'In-Reply-To': inReplyTo, References: references } : {}), 'Auto-Submitted': 'auto-replied' },
  };
  await insertOutbox(ctx.db, [
    {
      channel: 'email',
      kind: 'mail_answer',
      target: a.user.email,
      userId: a.user.id,
      gameId: row.id,
      payload: { message, answer: mark },
      // Per game and seat: a Message-ID reused in another game is another reply.
      dedupeKey: `mail-answer:${row.id}:${a.seat}:${a.key}`,
      createdAt: ctx.now,
      nextAttemptAt: ctx.now,
    },
  ]);
  ctx.defer((db) => ctx.drain(db, ctx.now));
  return true;
}
