import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { blocks, chatMessages, chatMutes, seats, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import { findMentions, normaliseChatText } from '../../engine/core/mentions';
import { enqueueNotices, type SeatNotice } from '../notices/enqueue';
import { skipSeenMentions } from '../notices/seen';
import type { ServiceCtx, User } from '../types';
import { requireViewer } from './access';
import { scheduleDrain } from './request-drain';
import { loadGame, seatOf } from '../lib/game-rows';
import { lockForLimit } from '../lib/limit-lock';
import { blockersAmong } from './blocks';
import { shownName } from '../lib/shown-name';

/** Chat messages one user may post to one game per minute. */
export const CHAT_PER_MINUTE = 20;

/** A chat line as clients see it (text is plain; every client escapes it when showing it). */
export interface ChatLine {
  id: number;
  seat: number | null;
  /** The author's player id (their profile is `/players/:id`; block or report them by it). */
  playerId: string;
  name: string;
  text: string;
  at: string;
}

/** What `GET .../chat` answers: the lines, and whether the reader muted this game's chat (then there are none). */
export interface ChatAnswer {
  messages: ChatLine[];
  muted: boolean;
}

/**
 * Chat after message `after`, oldest first (at most 200). Players, or anyone for public games.
 * A signed-in reader never gets the lines of players they blocked, and gets no lines at all
 * from a game whose chat they muted: both filtered here, so no client ever holds them.
 * `visible` (the page is in front of a player: `X-Page-Visible: 1`) marks the mentions of that
 * player in the lines they now hold as seen, so they are not notified of them.
 */
export async function readChat(
  ctx: ServiceCtx,
  args: { gameId: string; user: User | null; after: number; visible?: boolean },
): Promise<ChatAnswer> {
  const row = await loadGame(ctx.db, args.gameId);
  const seat = await seatOf(ctx.db, row.id, args.user?.id);
  requireViewer(row, seat);
  const reader = args.user?.id ?? null;
  if (reader && (await chatMuted(ctx.db, reader, row.id))) return { messages: [], muted: true };
  const notBlocked = reader
    ? sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${reader} and ${blocks.blockedId} = ${chatMessages.userId})`
    : undefined;
  const rows = await ctx.db
    .select({
      id: chatMessages.id,
      seat: chatMessages.seat,
      playerId: chatMessages.userId,
      name: shownName,
      text: chatMessages.text,
      at: chatMessages.createdAt,
    })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(and(eq(chatMessages.gameId, row.id), gt(chatMessages.id, args.after), notBlocked))
    .orderBy(asc(chatMessages.id))
    .limit(200);
  if (args.visible && seat !== null && args.user) {
    await skipSeenMentions(ctx.db, { gameId: row.id, userId: args.user.id, upTo: Math.max(args.after, ...rows.map((r) => r.id)) });
  }
  return { messages: rows.map((r) => ({ ...r, at: r.at.toISOString() })), muted: false };
}

/** Whether `userId` muted the chat of game `gameId`. */
export async function chatMuted(db: Db, userId: string, gameId: string): Promise<boolean> {
  const [m] = await db
    .select({ one: sql`1` })
    .from(chatMutes)
    .where(and(eq(chatMutes.userId, userId), eq(chatMutes.gameId, gameId)));
  return !!m;
}

/**
 * Mutes (or unmutes) a game's chat for the caller alone: while muted, `GET .../chat` gives them
 * no lines and its mentions of them are not sent. Anyone who may read the chat may mute it.
 */
export async function setChatMute(ctx: ServiceCtx, args: { gameId: string; user: User; muted: boolean }): Promise<{ muted: boolean }> {
  const row = await loadGame(ctx.db, args.gameId);
  requireViewer(row, await seatOf(ctx.db, row.id, args.user.id));
  if (args.muted) {
    await ctx.db.insert(chatMutes).values({ userId: args.user.id, gameId: row.id, createdAt: ctx.now }).onConflictDoNothing();
  } else {
    await ctx.db.delete(chatMutes).where(and(eq(chatMutes.userId, args.user.id), eq(chatMutes.gameId, row.id)));
  }
  return { muted: args.muted };
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
  const [author] = await ctx.db.select({ mutedUntil: users.chatMutedUntil }).from(users).where(eq(users.id, args.user.id));
  if (author?.mutedUntil && author.mutedUntil > ctx.now) {
    throw new ApiError(
      403,
      'chat_muted',
      `An operator muted your chat until ${author.mutedUntil.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    );
  }
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
        .select({ seat: seats.seat, name: shownName, userId: seats.userId })
        .from(seats)
        .innerJoin(users, eq(users.id, seats.userId))
        .where(and(eq(seats.gameId, row.id), eq(seats.isBot, false)));
      // Nobody who blocked the author, or muted this table's chat, hears of their mentions.
      const named = mentionedPlayers(text, players, args.user.id);
      const deaf = await blockersAmong(
        tx as unknown as Db,
        args.user.id,
        named.map((p) => p.userId!),
      );
      for (const p of named) if (await chatMuted(tx as unknown as Db, p.userId!, row.id)) deaf.add(p.userId!);
      const notices: SeatNotice[] = named
        .filter((p) => !deaf.has(p.userId!))
        .map((p) => ({
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
  return { id: line.id, seat, playerId: args.user.id, name: args.user.name, text, at: ctx.now.toISOString() };
}
