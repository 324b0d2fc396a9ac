import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../http/errors';
import { userForSession } from '../services/auth';
import type { AppEnv, User } from '../types';

/** Name of the HttpOnly session cookie set by `/auth/callback`. */
export const SESSION_COOKIE = 'mp_session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the caller from `Authorization: Bearer <token>` (bots, scripts) or the session
 * cookie (browsers). Cookie-authenticated requests that change state must come from our own
 * origin (CSRF): `Origin` (or, failing that, `Sec-Fetch-Site`) is checked, else 403 `csrf`.
 */
export const session = createMiddleware<AppEnv>(async (c, next) => {
  const auth = c.req.header('authorization');
  let token: string | undefined;
  let via: 'cookie' | 'bearer' | null = null;
  if (auth?.toLowerCase().startsWith('bearer ')) {
    token = auth.slice(7).trim();
    via = 'bearer';
  } else {
    token = getCookie(c, SESSION_COOKIE);
    if (token) via = 'cookie';
  }
  const user = token ? await userForSession(c.var.db, token, c.var.now()) : null;
  if (token && !user && via === 'bearer') throw new ApiError(401, 'unauthenticated', 'That session token is unknown or expired. Sign in again.');
  c.set('user', user);
  c.set('authVia', user ? via : null);

  if (via === 'cookie' && user && !SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header('origin');
    const sameOrigin = origin ? origin === new URL(c.req.url).origin : c.req.header('sec-fetch-site') === 'same-origin';
    if (!sameOrigin) throw new ApiError(403, 'csrf', 'Cross-site request refused: send it from Mountain Post itself, or use a Bearer token.');
  }
  await next();
});

/** The signed-in user, or 401 `unauthenticated`. */
export function requireUser(c: { var: { user: User | null } }): User {
  if (!c.var.user) throw new ApiError(401, 'unauthenticated', 'Sign in first.');
  return c.var.user;
}
