import { and, asc, count, eq, gt } from 'drizzle-orm';
import { chatMessages, seats, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import { findMentions, normaliseChatText } from '../../engine/core/mentions';
import { enqueueNotices, type SeatNotice } from '../notify/enqueue';
import { skipSeenMentions } from '../notify/seen';
import type { ServiceCtx, User } from '../types';
import { requireViewer } from './access';
import { scheduleDrain } from '../notify/request-drain';
import { loadGame, seatOf } from './game-rows';
import { lockForLimit } from './limit-lock';

/** Chat messages one user may post to one game per minute. */
export const CHAT_PER_MINUTE = 20;

/** A chat line as clients see it (text is plain; every client escapes it when showing it). */
export interface ChatLine {
  id: number;
  seat: number | null;
  name: string;
  text: string;
  at: string;
}

/**
 * Chat after message `after`, oldest first (at most 200). Players, or anyone for public games.
 * `visible` (the page is in front of a player: `X-Page-Visible: 1`) marks the mentions of that
 * player in the lines they now hold as seen, so they are not notified of them.
 */
export async function readChat(
  ctx: ServiceCtx,
  args: { gameId: string; user: User | null; after: number; visible?: boolean },
): Promise<ChatLine[]> {
  const row = await loadGame(ctx.db, args.gameId);
  const seat = await seatOf(ctx.db, row.id, args.user?.id);
  requireViewer(row, seat);
  const rows = await ctx.db
    .select({ id: chatMessages.id, seat: chatMessages.seat, name: users.name, text: chatMessages.text, at: chatMessages.createdAt })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(and(eq(chatMessages.gameId, row.id), gt(chatMessages.id, args.after)))
    .orderBy(asc(chatMessages.id))
    .limit(200);
  if (args.visible && seat !== null && args.user) {
    await skipSeenMentions(ctx.db, { gameId: row.id, userId: args.user.id, upTo: Math.max(args.after, ...rows.map((r) => r.id)) });
  }
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

/**
 * The players a chat line mentions (`findMentions`: `@` and the longest seated display name,
 * case-insensitive, NFC), leaving out the author.
 */
export function mentionedPlayers<P extends { name: string; userId: string | null }>(
  text: string,
  players: readonly P[],
  authorId: string,
): P[] {
  const named = new Set(
    findMentions(
      text,
      players.map((p) => p.name),
    ).map((m) => m.name),
  );
  return players.filter((p) => named.has(p.name) && p.userId !== authorId);
}

/**
 * Posts a chat line (players, or any signed-in watcher of a public game) and notifies the
 * players it @mentions. Chat is its own table: an undo never removes it.
 */
export async function postChat(ctx: ServiceCtx, args: { gameId: string; user: User; text: string }): Promise<ChatLine> {
  const text = normaliseChatText(args.text);
  if (text.length === 0 || text.length > 1000) throw new ApiError(400, 'bad_chat', 'A chat message has 1 to 1000 characters.');
  const row = await loadGame(ctx.db, args.gameId);
  const seat = await seatOf(ctx.db, row.id, args.user.id);
  requireViewer(row, seat);
  // Chat is cheap to post but its mentions send email: a burst is refused, and only players'
  // mentions notify (a watcher of a public game cannot make the table's inboxes ring).
  const mayMention = seat !== null && text.includes('@');
  const line = await ctx.db.transaction(async (tx) => {
    // Count and insert under one lock per (game, author): concurrent posts cannot all see
    // "19 of 20" and all be accepted.
    await lockForLimit(tx as unknown as Db, 'chat', `${row.id}:${args.user.id}`);
    const [recent] = await tx
      .select({ n: count() })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.gameId, row.id),
          eq(chatMessages.userId, args.user.id),
          gt(chatMessages.createdAt, new Date(ctx.now.getTime() - 60_000)),
        ),
      );
    if (recent.n >= CHAT_PER_MINUTE)
      throw new ApiError(429, 'rate_limited', `At most ${CHAT_PER_MINUTE} chat messages a minute.`, undefined, 60);
    const [m] = await tx
      .insert(chatMessages)
      .values({ gameId: row.id, userId: args.user.id, seat, text, createdAt: ctx.now })
      .returning({ id: chatMessages.id });
    if (mayMention) {
      const players = await tx
        .select({ seat: seats.seat, name: users.name, userId: seats.userId })
        .from(seats)
        .innerJoin(users, eq(users.id, seats.userId))
        .where(and(eq(seats.gameId, row.id), eq(seats.isBot, false)));
      const notices: SeatNotice[] = mentionedPlayers(text, players, args.user.id).map((p) => ({
        seat: p.seat,
        kind: 'chat_mention',
        tag: `c${m.id}`,
        chatId: m.id,
        detail: `${args.user.name}: ${text}`,
      }));
      // A mention waits out the grace like a turn notice: a player reading the chat meanwhile
      // is not told (`skipSeenMentions`).
      await enqueueNotices(tx as never, {
        gameId: row.id,
        version: row.version,
        notices,
        now: ctx.now,
        graceSeconds: ctx.config.notifyGraceSeconds,
      });
    }
    return m;
  });
  // Mentions wait out the grace like turn notices, then go (or are skipped as seen).
  if (mayMention) scheduleDrain(ctx);
  return { id: line.id, seat, name: args.user.name, text, at: ctx.now.toISOString() };
}
