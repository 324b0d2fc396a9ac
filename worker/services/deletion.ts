import { and, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import {
  chatMessages,
  chatMutes,
  deletionTokens,
  games,
  playerNotes,
  sessions,
  deliveryEndpoints,
  gameEvents,
  gameWebhooks,
  invitations,
  loginTokens,
  notificationSettings,
  outbox,
  pushSubscriptions,
  seats,
  users,
} from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import { drainSoon } from './request-drain';
import type { ServiceCtx, User } from '../types';
import { randomHex, sha256Hex } from '../lib/crypto';
import { latestGamesOf, leaveAllTables } from './leave-tables';
import { lockForLimit } from '../lib/limit-lock';
import { enqueueEmail } from '../notices/outbox';
import { endVacation } from './vacations';
import { eraseTraces } from './erase-traces';
import { namesEverUsed } from './names';
import { shownName } from '../lib/shown-name';

/** A deletion link works for an hour, once. */
export const DELETION_TOKEN_TTL_MS = 3600 * 1000;
/** Deletion emails one account may ask for per hour. */
export const DELETION_EMAILS_PER_HOUR = 3;

/**
 * Emails the account's owner a link that deletes the account (`/account/delete?token=...`, one
 * hour, single use); nothing is deleted until it is used. Returns the address it went to.
 * Throws 429 `rate_limited` past `DELETION_EMAILS_PER_HOUR`.
 */
export async function requestDeletion(ctx: ServiceCtx, args: { user: User; origin: string }): Promise<{ sentTo: string }> {
  const token = randomHex(32);
  const link = `${args.origin}/account/delete?token=${token}`;
  await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockForLimit(tx, 'deletion', args.user.id);
    const since = new Date(ctx.now.getTime() - 3600 * 1000);
    const [n] = await tx
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(deletionTokens)
      .where(and(eq(deletionTokens.userId, args.user.id), gt(deletionTokens.createdAt, since)));
    if (n.n >= DELETION_EMAILS_PER_HOUR)
      throw new ApiError(429, 'rate_limited', 'Several deletion links were sent in the last hour: use one of them.', undefined, 3600);
    await tx.insert(deletionTokens).values({
      tokenHash: await sha256Hex(token),
      userId: args.user.id,
      createdAt: ctx.now,
      expiresAt: new Date(ctx.now.getTime() + DELETION_TOKEN_TTL_MS),
    });
    const words =
      'Open the link to delete your Mountain Post account for good: your address, sessions, devices, webhooks and chat lines go; running games go on with the bot in your seat; finished games stay, with your seat named "Deleted player". The link works once, for an hour. If you did not ask for it, ignore this email: nothing happens.';
    await enqueueEmail(
      tx,
      {
        to: args.user.email,
        subject: 'Delete your Mountain Post account?',
        text: `${words}\n\nDelete my account: ${link}`,
        html: `<p>${words}</p><p><a href="${link}">Delete my account</a></p>`,
      },
      ctx.now,
    );
  });
  drainSoon(ctx);
  return { sentTo: args.user.email };
}

/**
 * Deletes the account whose deletion link carries `token`, for good, and every trace of it:
 * - the token is spent first, in the statement that checks it (`DELETE ... RETURNING`): of
 *   confirmations sent at once, one deletes and the others get 400 `token_invalid`; its sessions
 *   end right after, so no request of it starts anything more;
 * - its games not yet over go on without it (`leaveAllTables`: the bot takes its running seats
 *   and the others are told; an open table it created closes);
 * - finished games keep their records and still verify: the seat stays, named "Deleted player"
 *   (`seats.account_deleted`), and no log line, event payload or stored answer holds a name it
 *   ever had, its address or its id (`eraseTraces`); nor do the others' chat lines and notes in
 *   those games, the reports about it or by it (names, excerpt, words; the operators' notes), or
 *   the notices about those games and reports (their words rewritten; the ones to it are deleted).
 *   What is read for this is read in the last transaction, under the account's row lock: a seat
 *   taken while the deletion ran (by a request already past its session check) is left too, or
 *   its insert fails on the vanished account and answers 401;
 * - the address, sessions, sign-in links, push devices, webhooks, notification settings,
 *   vacations, blocks, chat mutes, chat lines, invitations, the names it had and every outbox row
 *   to it go (by the foreign keys' cascades and here), and the display name is free again.
 * Throws 400 `token_invalid` (unknown, used or expired link).
 */
export async function confirmDeletion(ctx: ServiceCtx, token: string): Promise<{ deleted: true }> {
  const tokenHash = await sha256Hex(token);
  const [spent] = await ctx.db
    .delete(deletionTokens)
    .where(and(eq(deletionTokens.tokenHash, tokenHash), gt(deletionTokens.expiresAt, ctx.now)))
    .returning({ userId: deletionTokens.userId });
  if (!spent) throw new ApiError(400, 'token_invalid', 'This deletion link is unknown, expired or already used.');
  // Its sessions end at once: from here no request of it can join a table, write or rename.
  await ctx.db.delete(sessions).where(eq(sessions.userId, spent.userId));
  const [pending] = await ctx.db
    .select({ id: users.id, email: users.email, name: shownName })
    .from(users)
    .where(eq(users.id, spent.userId));
  if (!pending) throw new ApiError(400, 'token_invalid', 'This deletion link is unknown, expired or already used.');
  const user: User = pending;
  const polled = await latestGamesOf(ctx.db, user.id);
  // Nothing of the account must run on while it goes: no vacation stopping clocks, no seat waiting.
  for (let i = 0; i < 3 && (await endVacation(ctx, user, { quiet: true })); i++);
  for (let attempt = 0; ; attempt++) {
    await leaveAllTables(ctx, user.id, 'deleted');
    const done = await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // The account's row, locked: a request that authenticated before its sessions ended and is
      // taking a seat now (its insert checks this row) waits for us, then fails (401, app.ts).
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      // A seat it took meanwhile (that request committed first): leave it too, then come back.
      const [live] = await tx
        .select({ gameId: seats.gameId })
        .from(seats)
        .innerJoin(games, eq(games.id, seats.gameId))
        .where(and(eq(seats.userId, user.id), eq(seats.isBot, false), inArray(games.status, ['open', 'active'])))
        .limit(1);
      if (live && attempt < 3) return false;
      // Read under the lock: every game it sat in, joined, watched and wrote in (a seat it took
      // during the deletion included), and every name it had.
      const touched = await gamesTouched(tx, user.id);
      const traces = { userId: user.id, email: user.email, names: await namesEverUsed(tx, [user.id]) };
      await tx.update(seats).set({ accountDeleted: true }).where(eq(seats.userId, user.id));
      await tx.delete(outbox).where(or(eq(outbox.userId, user.id), sql`lower(${outbox.target}) = ${user.email.toLowerCase()}`));
      await eraseTraces(tx, traces, touched);
      await tx.delete(loginTokens).where(eq(loginTokens.email, user.email));
      await tx.delete(invitations).where(eq(invitations.email, user.email));
      const endpoints = await endpointsOf(tx, user.id);
      if (endpoints.length) await tx.delete(deliveryEndpoints).where(inArray(deliveryEndpoints.endpoint, endpoints));
      // Cascades take the rest; seats and games keep their rows, their links to the account set null.
      await tx.delete(users).where(eq(users.id, user.id));
      return true;
    });
    if (done) break;
  }
  // Its sessions are gone: no game's object may answer them 304 any more.
  await ctx.clocks.forget(polled);
  drainSoon(ctx);
  return { deleted: true };
}

/**
 * The games whose rows may name `userId`: those it sits in, those whose join events name it (an
 * open table it left), those it wrote in (a game it only watched and chatted in, whose players
 * may have named it), and those it muted or kept a note on.
 */
async function gamesTouched(db: Db, userId: string): Promise<string[]> {
  const sat = await db.select({ id: seats.gameId }).from(seats).where(eq(seats.userId, userId));
  const joined = await db
    .selectDistinct({ id: gameEvents.gameId })
    .from(gameEvents)
    .where(and(eq(gameEvents.kind, 'join'), sql`${gameEvents.payload}->>'userId' = ${userId}`));
  const wrote = await db.selectDistinct({ id: chatMessages.gameId }).from(chatMessages).where(eq(chatMessages.userId, userId));
  const muted = await db.select({ id: chatMutes.gameId }).from(chatMutes).where(eq(chatMutes.userId, userId));
  const noted = await db
    .select({ id: playerNotes.gameId })
    .from(playerNotes)
    .where(and(eq(playerNotes.authorId, userId), isNotNull(playerNotes.gameId)));
  return [...new Set([...sat, ...joined, ...wrote, ...muted, ...noted].flatMap((g) => (g.id ? [g.id] : [])))];
}

/** Where the account's notices went (its webhooks' URLs, its devices' push endpoints): the delivery breaker keeps their troubles by these. */
async function endpointsOf(tx: Db, userId: string): Promise<string[]> {
  const push = await tx.select({ url: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const [settings] = await tx
    .select({ hook: notificationSettings.webhook })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const games = await tx.select({ hook: gameWebhooks.config }).from(gameWebhooks).where(eq(gameWebhooks.userId, userId));
  const hooks = [settings?.hook, ...games.map((g) => g.hook)].flatMap((h) => (h ? [h.url] : []));
  return [...new Set([...push.map((p) => p.url), ...hooks])];
}
