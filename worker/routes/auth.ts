import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { consumeSignIn, endSession, requestSignIn, SESSION_TTL_MS } from '../services/auth';
import { errors, jsonBody, jsonResponse, noAuth } from '../http/schemas';
import { SESSION_COOKIE } from '../middleware/session';
import { serviceCtx } from '../http/context';
import { drainSoon } from '../services/commit';
import { linkOrigin } from '../http/context';
import type { AppEnv } from '../types';

const emailRoute = createRoute({
  method: 'post',
  path: '/api/auth/email',
  operationId: 'requestSignInEmail',
  security: noAuth,
  tags: ['auth'],
  summary: 'Send a sign-in link by email (single use, 15 minutes)',
  request: jsonBody(z.object({ email: z.string().trim().max(254).email() })),
  responses: { 202: jsonResponse('Queued', z.object({ ok: z.literal(true) })), ...errors(400, 429) },
});

const callbackRoute = createRoute({
  method: 'get',
  path: '/auth/callback',
  operationId: 'openSignInLink',
  security: noAuth,
  tags: ['auth'],
  summary: 'Open a sign-in link: sets the HttpOnly session cookie and redirects to /',
  request: { query: z.object({ token: z.string().min(1).max(200) }) },
  responses: { 302: { description: 'Signed in; redirect to /' }, 400: { description: 'Unknown, used or expired link (HTML page)' } },
});

const tokenRoute = createRoute({
  method: 'post',
  path: '/api/auth/token',
  operationId: 'exchangeSignInToken',
  security: noAuth,
  tags: ['auth'],
  summary: 'Exchange a sign-in token for a session token (bots, scripts): use as Authorization: Bearer',
  request: jsonBody(z.object({ token: z.string().min(1).max(200) })),
  responses: { 200: jsonResponse('Session opened', z.object({ sessionToken: z.string() })), ...errors(400) },
});

const logoutRoute = createRoute({
  method: 'post',
  path: '/api/auth/logout',
  operationId: 'signOut',
  tags: ['auth'],
  summary: 'End the current session',
  responses: { 204: { description: 'Signed out' }, ...errors(403) },
});

/** Sign-in by email link, session tokens, sign-out. */
export function authRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(emailRoute, async (c) => {
    const { email } = c.req.valid('json');
    await requestSignIn(c.var.db, {
      email,
      ip: c.req.header('cf-connecting-ip') ?? 'unknown',
      now: c.var.now(),
      origin: linkOrigin(c),
      limits: c.var.config.signinLimits,
    });
    drainSoon(serviceCtx(c));
    return c.json({ ok: true as const }, 202);
  });
  app.openapi(callbackRoute, async (c) => {
    const { token } = c.req.valid('query');
    try {
      const { sessionToken } = await consumeSignIn(c.var.db, token, c.var.now());
      setCookie(c, SESSION_COOKIE, sessionToken, {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        secure: new URL(c.req.url).protocol === 'https:',
        maxAge: SESSION_TTL_MS / 1000,
      });
      return c.redirect('/', 302);
    } catch {
      return c.html(
        '<!doctype html><meta name="viewport" content="width=device-width"><title>Sign-in link</title><p>This sign-in link is unknown, expired or already used.</p><p><a href="/">Ask for a new one</a></p>',
        400,
      );
    }
  });
  app.openapi(tokenRoute, async (c) => {
    const { sessionToken } = await consumeSignIn(c.var.db, c.req.valid('json').token, c.var.now());
    return c.json({ sessionToken }, 200);
  });
  app.openapi(logoutRoute, async (c) => {
    const auth = c.req.header('authorization');
    const token = auth?.toLowerCase().startsWith('bearer ') ? auth.slice(7).trim() : getCookie(c, SESSION_COOKIE);
    if (token) await endSession(c.var.db, token);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.body(null, 204);
  });
  return app;
}
