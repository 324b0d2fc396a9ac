import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { webhookFormats } from '../../db/schema';
import { serviceCtx } from '../http/context';
import { ApiError } from '../http/errors';
import { errors, GameIdParam, jsonBody, jsonResponse, noAuth } from '../http/schemas';
import { requireUser } from '../middleware/session';
import { autoVacationOf } from '../notices/settings';
import { drainSoon } from '../services/request-drain';
import { loadGame, seatOf } from '../lib/game-rows';
import { checkWebhookUrl } from '../delivery/outbound';
import {
  recentFailures,
  saveSettings,
  gameEmailReplies,
  setGameEmailReplies,
  setGameWebhook,
  settingsRow,
  settingsView,
  unsubscribe,
} from '../notices/settings';
import { enqueueTestMessages } from '../services/test-message';
import type { AppEnv } from '../types';
import type { Db } from '../../db/types';
import { endpointTroubles } from '../notices/breaker';
import { EndpointTroubleSchema } from './push';

const htmlPage = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

const Webhook = z
  .object({
    url: z.string().max(2000),
    format: z.enum(webhookFormats),
    secret: z.string().min(16).max(200).optional().openapi({ description: 'HMAC key for format json; generated when absent' }),
    mention: z
      .string()
      .regex(/^\d{5,25}$/)
      .optional()
      .openapi({ description: 'Discord user id to mention' }),
  })
  // Nested objects refuse unknown fields too: a misspelt `secret` was dropped and a random key
  // generated, so the receiver's signature check failed with no word why.
  .strict()
  .openapi('Webhook');

const Kinds = z
  .object({
    yourTurn: z.boolean(),
    gameStarted: z.boolean(),
    gameOver: z.boolean(),
    chatMention: z.boolean(),
    reminder: z.boolean(),
  })
  .strict();

const Settings = z
  .object({
    email: z.boolean(),
    digest: z.boolean(),
    push: z.boolean().optional().openapi({ description: 'Web Push to your subscribed devices (default on); left out: unchanged' }),
    emailReplies: z.boolean().optional().openapi({
      description:
        'Play by email reply: turn emails carry a reply address and a reply with a move plays it (default on); left out: unchanged',
    }),
    kinds: Kinds,
    webhook: Webhook.nullable(),
    timeZone: z
      .string()
      .max(64)
      .default('UTC')
      .openapi({ description: 'IANA zone for dates in emails, and for your weekends and quiet hours (the games that start from now on)' }),
    quietHours: z
      .object({
        start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM'),
        end: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM'),
      })
      .strict()
      .nullable()
      .optional()
      .openapi({
        description:
          'Quiet hours in your zone (e.g. 22:00-08:00): notices that fall inside wait and come as one message when they end, and a clock that would run out inside them reminds you before. Null: none; left out: unchanged',
      }),
    autoVacation: z
      .boolean()
      .optional()
      .openapi({ description: 'A clock about to run out spends vacation days by itself (default on); left out: unchanged' }),
    // What GET answers beside the settings may come back with them (a client edits the answer and
    // sends it): read-only, ignored. Any other field is refused.
    webhookFailing: z.unknown().optional().openapi({ description: 'Read-only (as GET answers it): ignored' }),
    failures: z.unknown().optional().openapi({ description: 'Read-only (as GET answers it): ignored' }),
  })
  .strict()
  .openapi('NotificationSettings');

/** A notice that could not be delivered (the settings page lists the recent ones). */
const DeliveryFailure = z
  .object({
    id: z.number(),
    channel: z.string(),
    target: z.string(),
    kind: z.string(),
    lastError: z.string().nullable(),
    attempts: z.number(),
    at: z.string(),
  })
  .openapi('DeliveryFailure');

const SettingsAnswer = Settings.extend({
  push: z.boolean(),
  emailReplies: z.boolean(),
  quietHours: z.object({ start: z.string(), end: z.string() }).nullable(),
  autoVacation: z.boolean(),
  webhookFailing: EndpointTroubleSchema.nullable().openapi({
    description: 'Recent failed deliveries to your webhook (null: they get through)',
  }),
  failures: z.array(DeliveryFailure),
}).openapi('NotificationSettingsAnswer');

const getRoute = createRoute({
  method: 'get',
  path: '/api/me/notifications',
  operationId: 'getNotificationSettings',
  tags: ['notifications'],
  summary: 'Your notification settings and recent failed deliveries',
  responses: { 200: jsonResponse('Settings', SettingsAnswer), ...errors(401) },
});

const putRoute = createRoute({
  method: 'put',
  path: '/api/me/notifications',
  operationId: 'putNotificationSettings',
  tags: ['notifications'],
  summary: 'Replace your notification settings',
  request: jsonBody(Settings),
  responses: { 200: jsonResponse('Saved', SettingsAnswer), ...errors(400, 401, 403) },
});

const testRoute = createRoute({
  method: 'post',
  path: '/api/me/notifications/test',
  operationId: 'sendTestNotification',
  tags: ['notifications'],
  summary:
    'Send a test message on every enabled channel (TEST_SEND_LIMIT_PER_ACCOUNT a minute, 429 beyond; a device with a test on its way is left out)',
  responses: { 202: jsonResponse('Queued', z.object({ channels: z.array(z.string()) })), ...errors(401, 403, 429) },
});

const gameHookRoute = createRoute({
  method: 'put',
  path: '/api/games/{id}/webhook',
  operationId: 'putGameWebhook',
  tags: ['notifications'],
  summary: 'Your webhook for this game (replaces your account webhook for it); null removes it',
  request: { params: GameIdParam, ...jsonBody(z.object({ webhook: Webhook.nullable() })) },
  responses: { 200: jsonResponse('Saved', z.object({ webhook: Webhook.nullable() })), ...errors(400, 401, 403, 404) },
});

const EmailReplies = z
  .object({ on: z.boolean().openapi({ description: "Whether replies to this game's turn emails play moves" }) })
  .strict()
  .openapi('GameEmailReplies');

const gameEmailRepliesRoute = createRoute({
  method: 'put',
  path: '/api/games/{id}/email-replies',
  operationId: 'putGameEmailReplies',
  tags: ['notifications'],
  summary: 'Play this game by email reply, or not (your seat; the account switch applies too)',
  request: { params: GameIdParam, ...jsonBody(EmailReplies) },
  responses: { 200: jsonResponse('Saved', EmailReplies), ...errors(400, 401, 403, 404) },
});

const GameEmailRepliesState = z
  .object({
    on: z.boolean().openapi({ description: "Your seat's switch: replies to this game's turn emails play moves" }),
    accountOn: z.boolean().openapi({ description: 'The account switch in Settings (replies play moves only when both are on)' }),
  })
  .openapi('GameEmailRepliesState');

const gameEmailRepliesGet = createRoute({
  method: 'get',
  path: '/api/games/{id}/email-replies',
  operationId: 'getGameEmailReplies',
  tags: ['notifications'],
  summary: 'Whether replies to this game’s turn emails play your moves (your seat’s switch and the account’s)',
  request: { params: GameIdParam },
  responses: { 200: jsonResponse('The switches', GameEmailRepliesState), ...errors(400, 401, 403, 404) },
});

const unsubscribeGet = createRoute({
  method: 'get',
  path: '/unsubscribe',
  operationId: 'getUnsubscribePage',
  security: noAuth,
  tags: ['notifications'],
  summary: 'One-click unsubscribe page (no sign-in); its button POSTs to the same URL',
  request: { query: z.object({ token: z.string().min(1).max(100) }) },
  responses: { 200: htmlPage('The "Unsubscribe" page'), ...errors(400) },
});

const unsubscribePost = createRoute({
  method: 'post',
  path: '/unsubscribe',
  operationId: 'unsubscribe',
  security: noAuth,
  tags: ['notifications'],
  summary: 'Turn off notification emails (RFC 8058 one-click; no sign-in)',
  request: { query: z.object({ token: z.string().min(1).max(100) }) },
  responses: { 200: htmlPage('Unsubscribed'), 404: htmlPage('Unknown link'), ...errors(400) },
});

const page = (body: string) =>
  `<!doctype html><meta name="viewport" content="width=device-width"><title>Mountain Post</title><body style="font:16px system-ui;margin:2rem;max-width:30rem">${body}</body>`;

/** Notification settings, per-game webhooks, test messages, unsubscribe. */
export function notificationRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(getRoute, async (c) => {
    const user = requireUser(c);
    const view = settingsView(await settingsRow(c.var.db, user.id), await autoVacationOf(c.var.db, user.id));
    return c.json({ ...view, ...(await deliveryHealth(c.var.db, user.id, view.webhook?.url)) }, 200);
  });
  app.openapi(putRoute, async (c) => {
    const user = requireUser(c);
    const { webhookFailing: _readOnly, failures: _alsoReadOnly, ...body } = c.req.valid('json');
    if (body.webhook) checkWebhookUrl(body.webhook.url, c.var.config.allowLoopbackWebhooks);
    if (!isTimeZone(body.timeZone)) throw new ApiError(400, 'bad_time_zone', `Unknown time zone "${body.timeZone}".`);
    const saved = await saveSettings(c.var.db, user.id, {
      ...body,
      webhook: body.webhook ? { ...body.webhook, secret: body.webhook.secret ?? '' } : null,
    });
    return c.json({ ...saved, ...(await deliveryHealth(c.var.db, user.id, saved.webhook?.url)) }, 200);
  });
  app.openapi(testRoute, async (c) => {
    const ctx = serviceCtx(c);
    const channels = await enqueueTestMessages(ctx, requireUser(c));
    drainSoon(ctx);
    return c.json({ channels }, 202);
  });
  app.openapi(gameEmailRepliesGet, async (c) => {
    const user = requireUser(c);
    const { id } = c.req.valid('param');
    await loadGame(c.var.db, id);
    const state = await gameEmailReplies(c.var.db, id, user.id);
    if (!state) throw new ApiError(403, 'not_seated', 'You do not have a seat in this game.');
    return c.json(state, 200);
  });
  app.openapi(gameEmailRepliesRoute, async (c) => {
    const user = requireUser(c);
    const { id } = c.req.valid('param');
    const { on } = c.req.valid('json');
    await loadGame(c.var.db, id);
    if (!(await setGameEmailReplies(c.var.db, id, user.id, on)))
      throw new ApiError(403, 'not_seated', 'You do not have a seat in this game.');
    return c.json({ on }, 200);
  });
  app.openapi(gameHookRoute, async (c) => {
    const user = requireUser(c);
    const { id } = c.req.valid('param');
    const { webhook } = c.req.valid('json');
    await loadGame(c.var.db, id);
    if ((await seatOf(c.var.db, id, user.id)) === null)
      throw new ApiError(403, 'not_seated', 'Only players of this game can set its webhook.');
    if (webhook) checkWebhookUrl(webhook.url, c.var.config.allowLoopbackWebhooks);
    const saved = await setGameWebhook(c.var.db, id, user.id, webhook ? { ...webhook, secret: webhook.secret ?? '' } : null);
    return c.json({ webhook: saved }, 200);
  });
  app.openapi(unsubscribeGet, (c) => {
    const token = encodeURIComponent(c.req.valid('query').token);
    return c.html(
      page(
        `<p>Stop receiving Mountain Post notification emails?</p><form method="post" action="/unsubscribe?token=${token}"><button>Unsubscribe</button></form>`,
      ),
      200,
    );
  });
  app.openapi(unsubscribePost, async (c) => {
    const ok = await unsubscribe(c.var.db, c.req.valid('query').token);
    if (!ok) return c.html(page('<p>This unsubscribe link is not valid.</p>'), 404);
    return c.html(
      page(
        '<p>Done: you will get no more notification emails. You can turn them back on in Settings.</p><p><a href="/settings">Settings</a></p>',
      ),
      200,
    );
  });
  return app;
}

/** The settings page's view of deliveries: recent failed ones, and whether the account webhook keeps failing. */
async function deliveryHealth(db: Db, userId: string, webhookUrl: string | undefined) {
  const troubles = webhookUrl ? await endpointTroubles(db, [webhookUrl]) : new Map();
  return { failures: await recentFailures(db, userId), webhookFailing: (webhookUrl && troubles.get(webhookUrl)) || null };
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
