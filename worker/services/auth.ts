import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { loginTokens, sessions, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import type { User } from '../types';
import { randomHex, sha256Hex } from './crypto';
import { enqueueEmail } from './outbox';

/** Sign-in links live 15 minutes; sessions 30 days. */
export const LOGIN_TOKEN_TTL_MS = 15 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** Window over which sign-in emails are counted for rate limits (limits: `Config.signinLimits`). */
export const SIGNIN_WINDOW_MS = 15 * 60 * 1000;

/** Lower-cased, trimmed address: one account per mailbox whatever the capitalisation. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Queues a sign-in email with a single-use token (15 min), stored hashed. Throws 429
 * `rate_limited` beyond `limits` in the last 15 minutes. Returns the raw token (tests).
 */
export async function requestSignIn(
  db: Db,
  args: { email: string; ip: string; now: Date; origin: string; limits: { perEmail: number; perIp: number } },
): Promise<string> {
  const email = normaliseEmail(args.email);
  const { limits } = args;
  const since = new Date(args.now.getTime() - SIGNIN_WINDOW_MS);
  const [[byEmail], [byIp]] = await Promise.all([
    db.select({ n: count() }).from(loginTokens).where(and(eq(loginTokens.email, email), gt(loginTokens.createdAt, since))),
    db.select({ n: count() }).from(loginTokens).where(and(eq(loginTokens.ip, args.ip), gt(loginTokens.createdAt, since))),
  ]);
  const retry = SIGNIN_WINDOW_MS / 1000;
  if (byEmail.n >= limits.perEmail) throw new ApiError(429, 'rate_limited', 'Too many sign-in emails for this address. Try again in 15 minutes.', undefined, retry);
  if (byIp.n >= limits.perIp) throw new ApiError(429, 'rate_limited', 'Too many sign-in emails from your network. Try again in 15 minutes.', undefined, retry);

  const token = randomHex(32);
  const link = `${args.origin}/auth/callback?token=${token}`;
  await db.transaction(async (tx) => {
    await tx.insert(loginTokens).values({
      tokenHash: await sha256Hex(token),
      email,
      ip: args.ip,
      createdAt: args.now,
      expiresAt: new Date(args.now.getTime() + LOGIN_TOKEN_TTL_MS),
    });
    await enqueueEmail(tx as unknown as Db, {
      to: email,
      subject: 'Your Mountain Post sign-in link',
      text: `Sign in to Mountain Post: ${link}\n\nThe link works once, for 15 minutes. If you did not ask for it, ignore this email.`,
      html: `<p><a href="${link}">Sign in to Mountain Post</a></p><p>The link works once, for 15 minutes. If you did not ask for it, ignore this email.</p>`,
      token,
    }, args.now);
  });
  return token;
}

/**
 * Consumes a sign-in token (atomically: a second use fails) and opens a session for its
 * address, creating the user on first sign-in. Returns the raw session token.
 * Throws 400 `token_invalid` for unknown, used or expired tokens.
 */
export async function consumeSignIn(db: Db, token: string, now: Date): Promise<{ sessionToken: string; user: User }> {
  const tokenHash = await sha256Hex(token);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(loginTokens)
      .set({ usedAt: now })
      .where(and(eq(loginTokens.tokenHash, tokenHash), isNull(loginTokens.usedAt), gt(loginTokens.expiresAt, now)))
      .returning({ email: loginTokens.email });
    if (!used) throw new ApiError(400, 'token_invalid', 'This sign-in link is unknown, expired or already used. Ask for a new one.');
    await tx
      .insert(users)
      .values({ id: `u_${randomHex(10)}`, email: used.email, name: used.email.split('@')[0].slice(0, 40) })
      .onConflictDoNothing({ target: users.email });
    const [user] = await tx.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.email, used.email));
    const sessionToken = randomHex(32);
    await tx.insert(sessions).values({
      tokenHash: await sha256Hex(sessionToken),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    });
    return { sessionToken, user };
  });
}

/** The user of a live session token, or null. */
export async function userForSession(db: Db, sessionToken: string, now: Date): Promise<User | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, await sha256Hex(sessionToken)), gt(sessions.expiresAt, now)));
  return row ?? null;
}

/** Ends a session (idempotent). */
export async function endSession(db: Db, sessionToken: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, await sha256Hex(sessionToken)));
}

/** Renames a user; returns the updated user. */
export async function renameUser(db: Db, userId: string, name: string): Promise<User> {
  const [u] = await db.update(users).set({ name }).where(eq(users.id, userId)).returning({ id: users.id, email: users.email, name: users.name });
  return u;
}
