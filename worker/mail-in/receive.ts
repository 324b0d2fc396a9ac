import { and, eq, gt } from 'drizzle-orm';
import PostalMime, { type Email } from 'postal-mime';
import { gameEvents, games, notificationSettings, seats, users } from '../../db/schema';
import { ApiError } from '../http/errors';
import { sha256Hex } from '../lib/crypto';
import { gameOf } from '../lib/game-rows';
import { submitMove } from '../services/play';
import type { LabelledMove, StateResponse } from '../lib/state';
import type { ServiceCtx, User } from '../types';
import { sameMailbox, tokenOfAddress } from './address';
import { sendAnswer } from './answer';
import { autoReplyReason, nullSender } from './auto-reply';
import { mimeProblem } from './limits';
import { numberChoices, resolveChoice } from './choices';
import { replyCommands } from './extract';
import { legalMovesAt } from './history';
import { verifyReplyToken } from './token';
import { shownName } from '../lib/shown-name';

/**
 * An inbound message as Email Routing hands it over: envelope sender and recipient, raw RFC 5322
 * bytes, or a way to read them (the Worker's stream: read only once the envelope passed).
 */
export interface InboundMail {
  from: string;
  to: string;
  raw: string | ArrayBuffer | Uint8Array | (() => Promise<ArrayBuffer>);
}

/**
 * What became of a message.
 * - `ignored`: an automatic message (bounce, out-of-office, list mail), or one more reply to a seat
 *   that had its share of answers (answer-caps.ts); no answer.
 * - `rejected`: refused at the door (unknown or forged address, wrong sender); the caller refuses
 *   it in SMTP (`setReject`), so the sending server, not we, tells the real sender. No answer
 *   goes to a From address we could not trust.
 * - `answered`: from the seat's own player; `applied` are the moves made (labels, in order),
 *   `refusal` says why the rest was not, and an answer email was queued.
 */
export type ReceiveOutcome =
  | { kind: 'ignored'; reason: string }
  | { kind: 'rejected'; reason: string }
  | { kind: 'answered'; applied: string[]; refusal: string | null };

const reject = (reason: string): ReceiveOutcome => ({ kind: 'rejected', reason });

/** Whether the receiving server's own `Authentication-Results` (the topmost) reports a DMARC or SPF failure. */
function authFailed(mail: Email): string | null {
  const top = mail.headers.find((h) => h.key === 'authentication-results')?.value.toLowerCase() ?? '';
  if (/\bdmarc=fail\b/.test(top)) return 'DMARC failed';
  if (/\bspf=fail\b/.test(top) && !/\bdkim=pass\b/.test(top)) return 'SPF failed without a passing DKIM signature';
  return null;
}

/**
 * Plays the moves of a reply to a turn email. The recipient's token names game, seat and
 * version; the sender (envelope and header From alike) must be that seat's player. Each command
 * line of the reply (`replyCommands`) becomes one move through `submitMove` - the same checks,
 * commit and outbox as `POST /moves` - the first at the token's version (a stale one is applied
 * when it commutes with what happened since, else refused), each next one at the version the
 * previous one produced; the first refusal stops the rest. `Message-ID` + line number is each
 * move's Idempotency-Key, so a message delivered twice plays once (and is answered once).
 */
export async function receiveMail(ctx: ServiceCtx, mail: InboundMail): Promise<ReceiveOutcome> {
  const cfg = ctx.config.mailReplies;
  if (!cfg) return reject('This server does not take moves by email.');
  // Checked in order of cost: the envelope (a null sender, the reply token's HMAC), then the seat's
  // player (one read), then the body's size and shape (one pass over its lines), and only then
  // is the body parsed.
  if (nullSender(mail.from)) return { kind: 'ignored', reason: 'null sender (a bounce or delivery report)' };
  const token = tokenOfAddress(mail.to.trim(), cfg.domain);
  const claims = token ? await verifyReplyToken(cfg.secret, token) : null;
  if (!claims) return reject('No such address: reply to a turn email to play.');

  const [seat] = await ctx.db
    .select({ userId: seats.userId, isBot: seats.isBot, emailReplies: seats.emailReplies, email: users.email, name: shownName })
    .from(seats)
    .innerJoin(users, eq(users.id, seats.userId))
    .where(and(eq(seats.gameId, claims.gameId), eq(seats.seat, claims.seat)));
  if (!seat || seat.isBot || !seat.userId) return reject('This reply address is no longer in use.');
  const onlyThePlayer = 'Only the player this turn email was sent to may answer it with a move.';
  if (!sameMailbox(mail.from, seat.email)) return reject(onlyThePlayer);

  const raw = typeof mail.raw === 'function' ? await mail.raw() : mail.raw;
  const text = typeof raw === 'string' ? raw : new TextDecoder().decode(raw);
  const tooBig = mimeProblem(text, typeof raw === 'string' ? new TextEncoder().encode(raw).length : raw.byteLength);
  if (tooBig) return reject(tooBig);
  let parsed: Email;
  try {
    parsed = await PostalMime.parse(raw);
  } catch {
    return reject('The message could not be read.');
  }
  const auto = autoReplyReason(mail.from, parsed.headers, parsed.subject);
  if (auto) return { kind: 'ignored', reason: auto };
  if (!sameMailbox(mail.from, parsed.from?.address ?? '')) return reject(onlyThePlayer);
  const auth = authFailed(parsed);
  if (auth) return reject(`The message failed the sender checks (${auth}).`);

  const user: User = { id: seat.userId, email: seat.email, name: seat.name };
  const messageId = parsed.messageId ?? `<${await sha256Hex(text)}>`;
  const key = `mail:${(await sha256Hex(messageId)).slice(0, 32)}`;
  // The outcome of a reply, answered unless the loop caps say silence (answer-caps.ts).
  const answer = async (applied: string[], refusal: string | null, intro: string | null): Promise<ReceiveOutcome> => {
    const sent = await sendAnswer(ctx, {
      gameId: claims.gameId,
      seat: claims.seat,
      user,
      since: claims.version,
      inReplyTo: messageId,
      references: parsed.references,
      subject: parsed.subject,
      key,
      applied,
      refusal,
      note: intro,
    });
    if (sent) return { kind: 'answered', applied, refusal: refusal ?? (intro ? 'turned off' : null) };
    return { kind: 'ignored', reason: 'not answered: this seat was answered enough for now (a mail loop cannot start)' };
  };

  const [account] = await ctx.db
    .select({ on: notificationSettings.emailReplies })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, user.id));
  if (account?.on === false || !seat.emailReplies) {
    const where = account?.on === false ? 'for your account' : 'for this game';
    return answer(
      [],
      null,
      `Playing by email reply is turned off ${where}, so nothing was played. Turn it on in Settings, or play on the game page.`,
    );
  }
  const commands = replyCommands(parsed);
  if (commands.length === 0) {
    const refusal = 'No move found at the top of your reply. Write the number, code or words of a choice on the first line.';
    return answer([], refusal, null);
  }

  const [row] = await ctx.db.select().from(games).where(eq(games.id, claims.gameId));
  const game = gameOf(ctx.registry, row);
  const applied: string[] = [];
  let refusal: string | null = null;
  let version = claims.version;
  let moves: LabelledMove[] = row.status === 'active' ? await legalMovesAt(ctx.db, game, row, claims.seat, claims.version) : [];
  for (const [i, line] of commands.entries()) {
    const where = commands.length > 1 ? `Line ${i + 1} ("${line}")` : `"${line}"`;
    if (row.status !== 'active' && i === 0) {
      refusal = row.status === 'open' ? 'The game has not started yet.' : 'The game is over.';
      break;
    }
    const picked = resolveChoice(line, numberChoices(moves));
    if ('error' in picked) {
      refusal = moves.length === 0 ? `${where}: it is not your turn now.` : `${where}: ${picked.error}`;
      break;
    }
    let state: StateResponse;
    try {
      state = await submitMove(ctx, { gameId: claims.gameId, user, version, move: picked.choice.move, idempotencyKey: `${key}:${i + 1}` });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const answered = err.code === 'stale_version' && i === 0 && (await movedSince(ctx, claims.gameId, claims.seat, version));
      refusal = answered
        ? `${where} was not played: you have already made your move since that email (on the game page or in another reply).`
        : err.code === 'stale_version'
          ? `${where} was not played: the game moved on since that email, and what happened changes your choice (${picked.choice.label}).`
          : `${where} (${picked.choice.label}) was refused: ${err.message}`;
      break;
    }
    applied.push(picked.choice.label);
    version = state.version;
    moves = state.legalMoves;
  }
  return answer(applied, refusal, null);
}

/** Whether `seat` itself has moved in the game after `version` (a second answer to one email). */
async function movedSince(ctx: ServiceCtx, gameId: string, seat: number, version: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ seq: gameEvents.seq })
    .from(gameEvents)
    .where(and(eq(gameEvents.gameId, gameId), gt(gameEvents.seq, version), eq(gameEvents.seat, seat), eq(gameEvents.kind, 'move')))
    .limit(1);
  return row !== undefined;
}
