import { deleteCookie, getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import { ApiError } from '../http/errors';
import { userForSession } from '../services/auth';
import type { AppEnv, User } from '../types';

/** Name of the HttpOnly session cookie set by `/auth/callback`. */
export const SESSION_COOKIE = 'mp_session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session token a request carries: `Authorization: Bearer` first, else the cookie. */
export function sessionToken(c: Context<AppEnv>): { token: string; via: 'cookie' | 'bearer' } | null {
  const auth = c.req.header('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) return { token: auth.slice(7).trim(), via: 'bearer' };
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/**
 * Whether a browser sent this request from one of our own pages (CSRF defence): `Origin` when it
 * names one, else `Sec-Fetch-Site: same-origin`. `Origin: null` (a sandboxed frame, a data: URL,
 * or a page with `Referrer-Policy: no-referrer`) proves nothing, so then only Sec-Fetch-Site
 * counts; a request with neither header is refused (fail closed).
 */
export function fromOwnOrigin(c: Context<AppEnv>): boolean {
  const origin = c.req.header('origin');
  if (origin && origin !== 'null') return origin === new URL(c.req.url).origin;
  return c.req.header('sec-fetch-site') === 'same-origin';
}

/** Signing in works whatever session a request still carries (an ended one must not lock anyone out). */
const SIGN_IN_PATH = /^\/(api\/)?auth\//;

/**
 * Resolves the caller from `Authorization: Bearer <token>` (bots, scripts) or the session
 * cookie (browsers); a request whose game read already resolved the session (`gameRequest`)
 * is not looked up again. A session that is unknown, expired or ended (signed out, the account
 * suspended or deleted) gets 401 `unauthenticated` on every route but signing in, and a cookie
 * carrying it is cleared, so the browser's next request is simply signed out.
 * Cookie-authenticated requests that change state must come from our
 * own origin (CSRF): `Origin` (or, failing that, `Sec-Fetch-Site`) is checked, else 403 `csrf`.
 */
export const session = createMiddleware<AppEnv>(async (c, next) => {
  const carried = sessionToken(c);
  const pre = c.var.gameRequest;
  const user = !carried ? null : pre ? pre.user : await userForSession(c.var.db, carried.token, c.var.now());
  if (carried && !user && !SIGN_IN_PATH.test(c.req.path)) {
    if (carried.via === 'cookie') deleteCookie(c, SESSION_COOKIE, { path: '/' });
    throw new ApiError(401, 'unauthenticated', 'That session is unknown, expired or ended. Sign in again.');
  }
  c.set('user', user);
  c.set('authVia', user ? carried!.via : null);

  if (carried?.via === 'cookie' && user && !SAFE_METHODS.has(c.req.method)) {
    if (!fromOwnOrigin(c))
      throw new ApiError(403, 'csrf', 'Cross-site request refused: send it from Mountain Post itself, or use a Bearer token.');
  }
  await next();
});

/** The signed-in user, or 401 `unauthenticated`. */
export function requireUser(c: { var: { user: User | null } }): User {
  if (!c.var.user) throw new ApiError(401, 'unauthenticated', 'Sign in first.');
  return c.var.user;
}
