import { and, asc, count, eq, gt } from 'drizzle-orm';
import { chatMessages, seats, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import { enqueueNotices, type SeatNotice } from '../notify/enqueue';
import type { ServiceCtx, User } from '../types';
import { requireViewer } from './access';
import { drainSoon } from './commit';
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

/** Chat after message `after`, oldest first (at most 200). Players, or anyone for public games. */
export async function readChat(ctx: ServiceCtx, args: { gameId: string; user: User | null; after: number }): Promise<ChatLine[]> {
  const row = await loadGame(ctx.db, args.gameId);
  requireViewer(row, await seatOf(ctx.db, row.id, args.user?.id));
  const rows = await ctx.db
    .select({ id: chatMessages.id, seat: chatMessages.seat, name: users.name, text: chatMessages.text, at: chatMessages.createdAt })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(and(eq(chatMessages.gameId, row.id), gt(chatMessages.id, args.after)))
    .orderBy(asc(chatMessages.id))
    .limit(200);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

/** `@name` mentions in a message (names as users chose them, compared case-insensitively). */
export function mentionedNames(text: string): string[] {
  return [...text.matchAll(/@([\p{L}\p{N}_.-]{1,40})/gu)].map((m) => m[1].toLowerCase());
}

/**
 * Posts a chat line (players, or any signed-in watcher of a public game) and notifies the
 * players it @mentions. Chat is its own table: an undo never removes it.
 */
export async function postChat(ctx: ServiceCtx, args: { gameId: string; user: User; text: string }): Promise<ChatLine> {
  const text = args.text.trim();
  if (text.length === 0 || text.length > 1000) throw new ApiError(400, 'bad_chat', 'A chat message has 1 to 1000 characters.');
  const row = await loadGame(ctx.db, args.gameId);
  const seat = await seatOf(ctx.db, row.id, args.user.id);
  requireViewer(row, seat);
  // Chat is cheap to post but its mentions send email: a burst is refused, and only players'
  // mentions notify (a watcher of a public game cannot make the table's inboxes ring).
  const names = seat === null ? [] : mentionedNames(text);
  const line = await ctx.db.transaction(async (tx) => {
    // Count and insert under one lock per (game, author): concurrent posts cannot all see
    // "19 of 20" and all be accepted (#13.7).
    await lockForLimit(tx as unknown as Db, 'chat', `${row.id}:${args.user.id}`);
    const [recent] = await tx
      .select({ n: count() })
      .from(chatMessages)
      .where(and(eq(chatMessages.gameId, row.id), eq(chatMessages.userId, args.user.id), gt(chatMessages.createdAt, new Date(ctx.now.getTime() - 60_000))));
    if (recent.n >= CHAT_PER_MINUTE) throw new ApiError(429, 'rate_limited', `At most ${CHAT_PER_MINUTE} chat messages a minute.`, undefined, 60);
    const [m] = await tx.insert(chatMessages).values({ gameId: row.id, userId: args.user.id, seat, text, createdAt: ctx.now }).returning({ id: chatMessages.id });
    if (names.length) {
      const players = await tx
        .select({ seat: seats.seat, name: users.name, userId: seats.userId })
        .from(seats)
        .innerJoin(users, eq(users.id, seats.userId))
        .where(and(eq(seats.gameId, row.id), eq(seats.isBot, false)));
      const notices: SeatNotice[] = players
        .filter((p) => names.includes(p.name.toLowerCase()) && p.userId !== args.user.id)
        .map((p) => ({ seat: p.seat, kind: 'chat_mention', tag: `c${m.id}`, detail: `${args.user.name}: ${text}` }));
      await enqueueNotices(tx as never, { gameId: row.id, version: row.version, notices, now: ctx.now, graceSeconds: 0 });
    }
    return m;
  });
  // Mentions are due at once (no grace): deliver them after the answer.
  if (names.length) drainSoon(ctx);
  return { id: line.id, seat, name: args.user.name, text, at: ctx.now.toISOString() };
}
