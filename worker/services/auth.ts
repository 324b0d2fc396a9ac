import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { loginTokens, sessions, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import type { User } from '../types';
import { randomHex, sha256Hex } from '../lib/crypto';
import { lockForLimit } from '../lib/limit-lock';
import { enqueueEmail } from '../notices/outbox';
import { shownName } from '../lib/shown-name';
import { givenName, rememberName } from './names';

/** Sign-in links live 15 minutes; sessions 30 days. */
export const LOGIN_TOKEN_TTL_MS = 15 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** Window over which sign-in emails are counted for rate limits (limits: `Config.signinLimits`). */
export const SIGNIN_WINDOW_MS = 15 * 60 * 1000;

/** Lower-cased, trimmed address: one account per mailbox whatever the capitalisation. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A client that signed in to an address from this IP within this many days is "known" to it. */
export const KNOWN_CLIENT_DAYS = 30;

/** Sign-in emails allowed per `SIGNIN_WINDOW_MS` (`Config.signinLimits`, README "Security"). */
export interface SigninLimits {
  /** Per (address, client IP) pair: how often one client may mail one address. */
  perClient: number;
  /** Per address, all clients together, except clients known to it (see `requestSignIn`). */
  perEmail: number;
  /** Per client IP, all addresses together. */
  perIp: number;
}

/**
 * Queues a sign-in email with a single-use token (15 min), stored hashed. Returns the raw token
 * (tests). Throws 429 `rate_limited` (Retry-After: the window) when a limit is reached.
 *
 * The limits count what is sent, never lock the person out:
 * - per (address, client IP) pair, `perClient`: a client asking for the same address again and
 *   again. A stranger's requests fill only the stranger's own pair, never the owner's.
 * - per client IP, `perIp`: one client mailing many addresses.
 * - per address, `perEmail` (larger than `perClient`): bounds how many emails a crowd of clients
 *   can send to one inbox. A client "known" to the address - it asked for a link to it that was
 *   then used, within `KNOWN_CLIENT_DAYS` - is exempt, so even a flood from many IPs cannot keep
 *   the owner out from the network they usually sign in from; a new network then waits for the
 *   window. (A stranger whose link the owner happened to use becomes known too, but stays under
 *   its own `perClient` limit.)
 * Only sent emails count (a refused request writes nothing), and a new link never invalidates
 * earlier ones: each works until it expires or one of them is used (`consumeSignIn`).
 * The count and the insert run under advisory locks on the address, then the IP (always in that
 * order), so concurrent requests on a pooled Postgres cannot both take the last place.
 */
export async function requestSignIn(
  db: Db,
  args: { email: string; ip: string; now: Date; origin: string; limits: SigninLimits },
): Promise<string> {
  const email = normaliseEmail(args.email);
  const { limits, ip } = args;
  const since = new Date(args.now.getTime() - SIGNIN_WINDOW_MS).toISOString();
  const knownSince = new Date(args.now.getTime() - KNOWN_CLIENT_DAYS * 24 * 3600 * 1000).toISOString();
  const retry = SIGNIN_WINDOW_MS / 1000;
  const token = randomHex(32);
  const link = `${args.origin}/auth/callback?token=${token}`;
  await db.transaction(async (tx) => {
    await lockForLimit(tx as unknown as Db, 'signin-email', email);
    await lockForLimit(tx as unknown as Db, 'signin-ip', ip);
    const mine = sql`${loginTokens.email} = ${email} and ${loginTokens.ip} = ${ip}`;
    const recent = sql`${loginTokens.createdAt} > ${since}::timestamptz`;
    const [n] = await tx
      .select({
        pair: sql`count(*) filter (where ${mine} and ${recent})`.mapWith(Number),
        address: sql`count(*) filter (where ${loginTokens.email} = ${email} and ${recent})`.mapWith(Number),
        client: sql`count(*) filter (where ${loginTokens.ip} = ${ip} and ${recent})`.mapWith(Number),
        known: sql<boolean>`coalesce(bool_or(${mine} and ${loginTokens.usedAt} is not null), false)`,
      })
      .from(loginTokens)
      .where(
        or(
          and(eq(loginTokens.email, email), sql`${loginTokens.createdAt} > ${knownSince}::timestamptz`),
          and(eq(loginTokens.ip, ip), sql`${recent}`),
        ),
      );
    if (n.pair >= limits.perClient) {
      throw new ApiError(
        429,
        'rate_limited',
        'Several sign-in links were already sent to this address: use one of them (each works for 15 minutes), or try again in 15 minutes.',
        undefined,
        retry,
      );
    }
    if (n.client >= limits.perIp)
      throw new ApiError(429, 'rate_limited', 'Too many sign-in emails from your network. Try again in 15 minutes.', undefined, retry);
    if (n.address >= limits.perEmail && !n.known) {
      throw new ApiError(
        429,
        'rate_limited',
        'Too many sign-in links were asked for this address in the last 15 minutes: use one already sent, or try again in 15 minutes.',
        undefined,
        retry,
      );
    }
    await tx.insert(loginTokens).values({
      tokenHash: await sha256Hex(token),
      email,
      ip,
      createdAt: args.now,
      expiresAt: new Date(args.now.getTime() + LOGIN_TOKEN_TTL_MS),
    });
    await enqueueEmail(
      tx as unknown as Db,
      {
        to: email,
        subject: 'Your Mountain Post sign-in link',
        text: `Sign in to Mountain Post: ${link}\n\nThe link works once, for 15 minutes. If you did not ask for it, ignore this email.`,
        html: `<p><a href="${link}">Sign in to Mountain Post</a></p><p>The link works once, for 15 minutes. If you did not ask for it, ignore this email.</p>`,
        token,
      },
      args.now,
    );
  });
  return token;
}

/**
 * The address a sign-in token was sent to, if it is still usable (unknown, used and expired
 * tokens give null). Reads only: the "Continue signing in" page uses it, so a link scanner that
 * fetches the link uses nothing.
 */
export async function signInTokenEmail(db: Db, token: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ email: loginTokens.email })
    .from(loginTokens)
    .where(and(eq(loginTokens.tokenHash, await sha256Hex(token)), isNull(loginTokens.usedAt), gt(loginTokens.expiresAt, now)));
  return row?.email ?? null;
}

/**
 * Consumes a sign-in token (atomically: a second use fails) and opens a session for its
 * address, creating the user on first sign-in with a given name (`givenName`). The address's
 * other unused links expire with it: once the person is in, a link left in the inbox (or one a
 * stranger asked for) opens nothing. Returns the raw session token.
 * Throws 400 `token_invalid` for unknown, used or expired tokens; 403 `account_suspended` when an
 * operator suspended the account (the link is used up all the same).
 */
export async function consumeSignIn(db: Db, token: string, now: Date): Promise<{ sessionToken: string; user: User }> {
  const tokenHash = await sha256Hex(token);
  // The link is spent even for a suspended account (the answer says why it opened nothing).
  const opened = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(loginTokens)
      .set({ usedAt: now })
      .where(and(eq(loginTokens.tokenHash, tokenHash), isNull(loginTokens.usedAt), gt(loginTokens.expiresAt, now)))
      .returning({ email: loginTokens.email });
    if (!used) throw new ApiError(400, 'token_invalid', 'This sign-in link is unknown, expired or already used. Ask for a new one.');
    // Expired, not "used": `used_at` marks the clients that really signed in (known clients).
    await tx
      .update(loginTokens)
      .set({ expiresAt: now })
      .where(and(eq(loginTokens.email, used.email), isNull(loginTokens.usedAt), gt(loginTokens.expiresAt, now)));
    const id = `u_${randomHex(10)}`;
    const given = await givenName(tx as unknown as Db, id);
    const made = await tx
      .insert(users)
      .values({ id, email: used.email, ...given, createdAt: now, vacationBalanceAt: now })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (made.length) await rememberName(tx as unknown as Db, id, given.name, now);
    const [user] = await tx
      .select({ id: users.id, email: users.email, name: shownName, suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.email, used.email));
    if (user.suspendedAt) return { suspended: true as const };
    const sessionToken = randomHex(32);
    await tx.insert(sessions).values({
      tokenHash: await sha256Hex(sessionToken),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    });
    return { sessionToken, user: { id: user.id, email: user.email, name: user.name } };
  });
  if ('suspended' in opened) throw new ApiError(403, 'account_suspended', 'This account is suspended: it cannot sign in.');
  return opened;
}

/** The user of a live session token, or null (also for a suspended account, whose sessions end when it is suspended). */
export async function userForSession(db: Db, sessionToken: string, now: Date): Promise<User | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: shownName })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, await sha256Hex(sessionToken)), gt(sessions.expiresAt, now), isNull(users.suspendedAt)));
  return row ?? null;
}

/** Ends a session (idempotent). */
export async function endSession(db: Db, sessionToken: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, await sha256Hex(sessionToken)));
}
