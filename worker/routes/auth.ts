import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { consumeSignIn, endSession, requestSignIn, SESSION_TTL_MS, signInTokenEmail } from '../services/auth';
import { ApiError } from '../http/errors';
import { errors, jsonBody, jsonResponse, noAuth } from '../http/schemas';
import { fromOwnOrigin, SESSION_COOKIE } from '../middleware/session';
import { serviceCtx } from '../http/context';
import { drainSoon } from '../services/request-drain';
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

const TokenField = z.string().min(1).max(200).openapi({ description: 'The token of the emailed sign-in link' });
const htmlPage = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

const callbackRoute = createRoute({
  method: 'get',
  path: '/auth/callback',
  operationId: 'openSignInLink',
  security: noAuth,
  tags: ['auth'],
  summary: 'Open a sign-in link: a "Continue signing in" page that uses nothing (also HEAD)',
  description:
    'Mail security scanners fetch links before the person does, so GET and HEAD only show a page whose button POSTs the token to this same path; the token stays unused until then.',
  request: { query: z.object({ token: TokenField }) },
  responses: { 200: htmlPage('The "Continue signing in" page'), 400: htmlPage('Unknown, used or expired link') },
});

const callbackPostRoute = createRoute({
  method: 'post',
  path: '/auth/callback',
  operationId: 'useSignInLink',
  security: noAuth,
  tags: ['auth'],
  summary: 'Use a sign-in link (the Continue button): sets the HttpOnly session cookie and redirects to /',
  description:
    'Only from our own pages (`Origin`, else `Sec-Fetch-Site: same-origin`): a foreign site cannot sign a browser in to its own account (login CSRF). Bots use POST /api/auth/token.',
  request: { body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: z.object({ token: TokenField }) } } } },
  responses: {
    303: { description: 'Signed in; redirect to /' },
    400: htmlPage('Unknown, used or expired link'),
    403: htmlPage('Sent from another site (CSRF), or the account is suspended'),
  },
});

/** A small page for the browser side of sign-in: no script, no style (the CSP allows neither inline). */
function page(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
    <html lang="en">
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width" />
      <meta name="robots" content="noindex" />
      <title>${title}</title>
      <link rel="stylesheet" href="/styles.css" />
      <main class="plain-page">
        <h1>${title}</h1>
        ${body}
      </main>
    </html>`;
}

const badLinkPage = () =>
  page('Sign-in link', html`<p>This sign-in link is unknown, expired or already used.</p><p><a href="/">Ask for a new one</a></p>`);

const tokenRoute = createRoute({
  method: 'post',
  path: '/api/auth/token',
  operationId: 'exchangeSignInToken',
  security: noAuth,
  tags: ['auth'],
  summary: 'Exchange a sign-in token for a session token (bots, scripts): use as Authorization: Bearer',
  description: '403 `account_suspended` when an operator suspended the account.',
  request: jsonBody(z.object({ token: z.string().min(1).max(200) })),
  responses: { 200: jsonResponse('Session opened', z.object({ sessionToken: z.string() })), ...errors(400, 403) },
});

const logoutRoute = createRoute({
  method: 'post',
  path: '/api/auth/logout',
  operationId: 'signOut',
  tags: ['auth'],
  summary: 'End the current session',
  responses: { 204: { description: 'Signed out' }, ...errors(403) },
});

/** Sign-in by email link (a page, then its button), session tokens, sign-out. */
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
    c.header('Cache-Control', 'no-store');
    const { token } = c.req.valid('query');
    const email = await signInTokenEmail(c.var.db, token, c.var.now());
    if (!email) return c.html(badLinkPage(), 400);
    return c.html(
      page(
        'Sign in to Mountain Post',
        html`<p>You are signing in as <strong>${email}</strong>.</p>
          <form method="post" action="/auth/callback">
            <input type="hidden" name="token" value="${token}" />
            <button type="submit">Continue signing in</button>
          </form>
          <p>If you did not ask to sign in, close this page: nothing happens until you press the button.</p>`,
      ),
      200,
    );
  });
  app.openapi(callbackPostRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    if (!fromOwnOrigin(c)) {
      return c.html(
        page(
          'Sign-in refused',
          html`<p>This sign-in came from another site, so it was refused.</p><p><a href="/">Go to Mountain Post</a></p>`,
        ),
        403,
      );
    }
    try {
      const { sessionToken } = await consumeSignIn(c.var.db, c.req.valid('form').token, c.var.now());
      setCookie(c, SESSION_COOKIE, sessionToken, {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        secure: new URL(c.req.url).protocol === 'https:',
        maxAge: SESSION_TTL_MS / 1000,
      });
      return c.redirect('/', 303);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'account_suspended')
        return c.html(page('Account suspended', html`<p>${err.message}</p><p><a href="/">Go to Mountain Post</a></p>`), 403);
      if (!(err instanceof ApiError) || err.code !== 'token_invalid') throw err;
      return c.html(badLinkPage(), 400);
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
