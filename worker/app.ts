import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { createWorkerClock } from './clock/worker-clock';
import { deferredWork } from './services/deferred-work';
import { serviceDeps } from './service-deps';
import { ConfigError, readConfig, type Config, type Env } from './env';
import { ApiError, databaseUnavailable, errorBody } from './http/errors';
import { isDatabaseUnavailable, isVanishedAccount } from './services/db-errors';
import { jsonDepth, MAX_JSON_DEPTH } from './http/json-depth';
import type { AppEnv, Deps } from './types';
import { gameRequest } from './middleware/game-request';
import { knownVersion } from './middleware/known-version';
import { SESSION_COOKIE, session } from './middleware/session';
import { signedIn } from './http/schemas';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { clockRoutes } from './routes/clock';
import { devRoutes } from './routes/dev';
import { gameTypeRoutes } from './routes/game-types';
import { gameRoutes } from './routes/games';
import { healthRoutes } from './routes/health';
import { lobbyRoutes } from './routes/lobby';
import { meRoutes } from './routes/me';
import { notificationRoutes } from './routes/notifications';
import { playRoutes } from './routes/play';
import { playerRoutes } from './routes/players';
import { pushRoutes } from './routes/push';
import { safetyRoutes } from './routes/safety';
import { tableRoutes } from './routes/table';

/** Largest request body we read, in bytes; anything bigger is refused with 413 before parsing. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The `error.code` for an HTTP error the framework raises itself (its reason phrase, in snake case). */
const HTTP_ERROR_CODES: Partial<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/**
 * Builds the Hono app shared by the Worker (workerd, Neon driver) and in-process tests (PGlite).
 * Routes are thin; services take the db and clock from the request context.
 */
export function createApp(deps: Deps) {
  const clock = deps.clock ?? createWorkerClock(deps.now);
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        const where = issue?.path?.length ? `${issue.path.join('.')}: ` : '';
        return c.json(errorBody('bad_request', `${where}${issue?.message ?? 'invalid request'}`), 400);
      }
    },
  });

  // The environment's configuration with the app's overrides, made once per configuration.
  const withOverrides = new WeakMap<Config, Config>();
  const configOf = (env: Partial<Env>): Config => {
    const config = readConfig(env);
    if (!deps.config) return config;
    let merged = withOverrides.get(config);
    if (!merged) withOverrides.set(config, (merged = { ...config, ...deps.config }));
    return merged;
  };

  app.use('*', async (c, next) => {
    const first = deps.db(c.env ?? ({} as never));
    const work = deferredWork(first, () => deps.db(c.env ?? ({} as never)));
    c.set('db', first.db);
    c.set('config', configOf(c.env ?? {}));
    c.set('now', clock.now);
    c.set('clock', clock);
    c.set('registry', deps.registry);
    c.set('defer', work.defer);
    const { clocks, drain } = serviceDeps(c.env ?? {}, deps.registry, c.var.config, clock.now);
    c.set('clocks', clocks);
    c.set('drain', drain);
    try {
      await next();
    } catch (thrown) {
      // Hono's error handler takes only Error instances; the database driver can throw other
      // values (workerd's "Network connection lost" from a socket): wrapped, they reach it too.
      if (thrown instanceof Error) throw thrown;
      const message =
        typeof (thrown as { message?: unknown })?.message === 'string' ? (thrown as { message: string }).message : String(thrown);
      throw new Error(message, { cause: thrown });
    } finally {
      // Deferred work (bots, outbox drains) runs after the answer (services/deferred-work.ts).
      const after = work.run();
      let ctx: { waitUntil(p: Promise<unknown>): void } | undefined;
      try {
        ctx = c.executionCtx;
      } catch {
        ctx = undefined; // in-process tests have no execution context: finish inline
      }
      if (ctx) ctx.waitUntil(after);
      else await after;
    }
  });
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(errorBody('payload_too_large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`), 413),
    }),
  );

  app.use('*', secureHeaders({ xFrameOptions: 'DENY', referrerPolicy: 'same-origin' }));
  app.use('*', checkBody);
  app.route('/', healthRoutes());
  // Before `session`: these read the session together with the game.
  // First: a poll answered from the game's Durable Object, without the database.
  app.on('GET', '/api/games/:id/state', knownVersion);
  app.on('GET', '/api/games/:id/state', gameRequest);
  app.on('POST', '/api/games/:id/moves', gameRequest);
  app.use('/api/*', session);
  app.use('/auth/*', session);
  app.route('/', authRoutes());
  app.route('/', meRoutes());
  app.route('/', gameTypeRoutes());
  app.route('/', gameRoutes());
  app.route('/', lobbyRoutes());
  app.route('/', playRoutes());
  app.route('/', notificationRoutes());
  app.route('/', pushRoutes());
  app.route('/', tableRoutes());
  app.route('/', clockRoutes());
  app.route('/', safetyRoutes());
  app.route('/', playerRoutes());
  app.route('/', adminRoutes());
  app.route('/', devRoutes());

  app.notFound((c) => c.json(errorBody('not_found', `No route for ${c.req.method} ${c.req.path}.`), 404));
  app.onError((caught, c) => {
    let err = caught;
    // First: a setting's message may read like a database that is away (it names `websocket`).
    if (err instanceof ConfigError) {
      // The operator's mistake, not the request's: say which setting, every time, until fixed.
      console.error(err.message);
      return c.json(errorBody('misconfigured', `${err.message}. Fix the setting and restart the Worker.`), 503);
    }
    if (isDatabaseUnavailable(err)) {
      // The database is away or out of connections: nothing was wrong with the request, and
      // nothing was changed unless it committed (a retry with the same Idempotency-Key then gets that answer).
      console.error(`database unavailable: ${err instanceof Error ? err.message : String(err)}`);
      err = databaseUnavailable();
    }
    // A row written for an account deleted meanwhile: that session has ended.
    if (isVanishedAccount(err)) err = new ApiError(401, 'unauthenticated', 'That session is unknown, expired or ended. Sign in again.');
    if (err instanceof ApiError) {
      if (err.retryAfterS) c.header('Retry-After', String(err.retryAfterS));
      return c.json(errorBody(err.code, err.message, err.extra, err.details), err.status);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      // The framework's own phrase for 415 names the status, not the remedy.
      const message =
        status === 415 ? 'This route takes a JSON body: send it with Content-Type: application/json.' : err.message || 'Bad request.';
      return c.json(errorBody(HTTP_ERROR_CODES[status] ?? 'http_error', message), status);
    }
    console.error('unhandled error', err);
    return c.json(errorBody('internal', 'Something went wrong on our side. Nothing was changed.'), 500);
  });

  // Two ways to be signed in: the session token of POST /api/auth/token as a Bearer token (bots,
  // scripts, generated clients), or the HttpOnly cookie the sign-in link sets (the web client).
  // Operations say otherwise with `security: []` (no sign-in) or `optionalAuth` (watchers too).
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'The `sessionToken` from POST /api/auth/token.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'Set by the sign-in link (GET/POST /auth/callback); POSTs with it must come from our own origin (CSRF).',
  });
  app.doc31('/api/openapi.json', (c) => ({
    openapi: '3.1.0',
    info: {
      title: 'Mountain Post API',
      version: '1.0.0',
      description: 'Asynchronous play-by-mail board games. Errors are always `{ error: { code, message } }`.',
      license: { name: 'Proprietary' },
    },
    servers: [{ url: c.var.config.publicUrl, description: 'This server' }],
    security: signedIn,
  }));
  return app;
}

/** Media types whose bodies the routes parse as JSON (the same test as Hono's JSON validator). */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * One look at every request body before any route parses it, each refusal a 400:
 *   - Postgres text cannot hold U+0000: a NUL in the URL or the body (raw or `\u0000`);
 *   - a JSON body nested deeper than `MAX_JSON_DEPTH` (`too_deep`): deep nesting only serves to
 *     overflow the stack of code that walks the value (zod, canonical JSON, jsonb).
 */
const checkBody = createMiddleware<AppEnv>(async (c, next) => {
  const nul = () => c.json(errorBody('bad_request', 'Text must not contain NUL (U+0000) characters.'), 400);
  if (/%00/.test(c.req.url)) return nul();
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.header('content-length') !== '0') {
    const text = await c.req.text();
    if (text.includes('\\u0000') || text.includes('\0')) return nul();
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0].trim();
    if (JSON_MEDIA_TYPE.test(mediaType) && jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      return c.json(errorBody('too_deep', `JSON bodies may nest arrays and objects at most ${MAX_JSON_DEPTH} levels deep.`), 400);
    }
  }
  await next();
});

/** The app's type, for route modules. */
export type App = ReturnType<typeof createApp>;
