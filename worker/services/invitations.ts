import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { games, invitations, outbox, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import type { Message } from '../notices/message';
import type { ServiceCtx, User } from '../types';
import { normaliseEmail } from './auth';
import { drainSoon } from './request-drain';
import { gameOf, loadGame, seatList } from '../lib/game-rows';
import { lockForLimit } from '../lib/limit-lock';
import { inviteUrl } from '../notices/names';
import { optionsText } from './option-text';
import { blockersAmong } from './blocks';
import { choiceOptionKeys } from './seat-choices';
import { shownName } from '../lib/shown-name';

/**
 * Invitation emails allowed: per game (all its players together, ever) and per inviting account
 * per `INVITE_WINDOW_MS` (all its games together). README "Security".
 */
export const INVITE_LIMITS = { perGame: 10, perAccountPerDay: 30 };
export const INVITE_WINDOW_MS = 24 * 3600 * 1000;

/**
 * Emails an invitation to `email` for an open game: the inviter's name, the game and its
 * options, and the game's invite link (it seats the invitee once they have signed in). Any
 * seated player may invite while the game waits for players. The count and the insert run
 * under advisory locks on the account, then the game (always in that order), so concurrent
 * requests cannot both take the last place.
 * An address whose account blocked the inviter gets nothing, and the answer is the same as for
 * a sent invitation (a block is private).
 * Throws 403 `not_seated`; 409 `not_open`, `game_full`, `already_seated` (that address has a
 * seat); 429 `rate_limited` past `INVITE_LIMITS` (Retry-After for the daily one).
 */
export async function sendInvitation(
  ctx: ServiceCtx,
  args: { user: User; gameId: string; email: string; origin: string },
): Promise<{ sentTo: string }> {
  const email = normaliseEmail(args.email);
  const row = await loadGame(ctx.db, args.gameId);
  const game = gameOf(ctx.registry, row);
  const taken = await seatList(ctx.db, row.id);
  if (!taken.some((s) => s.userId === args.user.id && !s.isBot))
    throw new ApiError(403, 'not_seated', 'Only the players of a game can invite others to it.');
  if (row.status !== 'open')
    throw new ApiError(409, 'not_open', 'This game has already started: there is no seat left to invite anyone to.');
  if (taken.length >= row.players) throw new ApiError(409, 'game_full', 'Every seat is taken.');
  const seatedIds = taken.flatMap((s) => (s.userId && !s.isBot ? [s.userId] : []));
  if (seatedIds.length) {
    const [hit] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), inArray(users.id, seatedIds)));
    if (hit) throw new ApiError(409, 'already_seated', 'That address already has a seat in this game.');
  }
  const [invitee] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (invitee && (await blockersAmong(ctx.db, args.user.id, [invitee.id])).size > 0) return { sentTo: email };
  const link = inviteUrl(args.origin, row);
  const options = optionsText(row.options, choiceOptionKeys(game), game);
  const message: Message = {
    kind: 'invitation',
    subject: `${args.user.name} invites you to play ${game.title}`,
    lines: [
      `${args.user.name} invites you to a game of ${game.title} for ${row.players} players (${taken.length} seated so far).`,
      ...(options.length ? [`Options: ${options.join('; ')}.`] : []),
      'Open the link and sign in with this address: it takes you to your seat.',
    ],
    url: link,
    game: { id: row.id, title: game.title, seat: null },
  };
  await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockForLimit(tx, 'invite-account', args.user.id);
    await lockForLimit(tx, 'invite-game', row.id);
    const since = new Date(ctx.now.getTime() - INVITE_WINDOW_MS).toISOString();
    const [n] = await tx
      .select({
        game: sql`count(*) filter (where ${invitations.gameId} = ${row.id})`.mapWith(Number),
        mine: sql`count(*) filter (where ${invitations.invitedBy} = ${args.user.id} and ${invitations.createdAt} > ${since}::timestamptz)`.mapWith(
          Number,
        ),
        oldest: sql<
          string | null
        >`min(${invitations.createdAt}) filter (where ${invitations.invitedBy} = ${args.user.id} and ${invitations.createdAt} > ${since}::timestamptz)`,
      })
      .from(invitations)
      .where(sql`${invitations.gameId} = ${row.id} or ${invitations.invitedBy} = ${args.user.id}`);
    if (n.game >= INVITE_LIMITS.perGame) {
      throw new ApiError(429, 'rate_limited', `This game has sent ${n.game} invitations, the most allowed. Share its invite link instead.`);
    }
    if (n.mine >= INVITE_LIMITS.perAccountPerDay) {
      const wait = Math.max(1, Math.ceil((new Date(n.oldest!).getTime() + INVITE_WINDOW_MS - ctx.now.getTime()) / 1000));
      throw new ApiError(
        429,
        'rate_limited',
        `You sent ${n.mine} invitations in the last 24 hours, the most allowed. Try again in ${Math.ceil(wait / 3600)} hour${wait > 3600 ? 's' : ''}, or share the invite link.`,
        undefined,
        wait,
      );
    }
    const [inv] = await tx
      .insert(invitations)
      .values({ gameId: row.id, invitedBy: args.user.id, email, createdAt: ctx.now })
      .returning({ id: invitations.id });
    // A ready-made message (like a test message): the invitee may have no account, so no settings apply.
    await tx.insert(outbox).values({
      channel: 'email',
      kind: 'invitation',
      target: email,
      payload: { message },
      gameId: row.id,
      createdAt: ctx.now,
      nextAttemptAt: ctx.now,
      dedupeKey: `invitation:${inv.id}`,
    });
  });
  drainSoon(ctx);
  return { sentTo: email };
}

/**
 * Who invited the holder of `email` to a game: the player whose invitation email reached that
 * address last, or null (they came by the shared link).
 */
export async function inviterOf(db: Db, gameId: string, email: string): Promise<string | null> {
  const [row] = await db
    .select({ name: shownName })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.gameId, gameId), eq(invitations.email, normaliseEmail(email))))
    .orderBy(desc(invitations.createdAt))
    .limit(1);
  return row?.name ?? null;
}

/** The name of a game's creator: who sent the shared invite link, as far as anyone can tell. */
export async function creatorName(db: Db, gameId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: shownName })
    .from(games)
    .innerJoin(users, eq(users.id, games.createdBy))
    .where(eq(games.id, gameId));
  return row?.name ?? null;
}
