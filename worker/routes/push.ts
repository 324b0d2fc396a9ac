import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { serviceCtx } from '../http/context';
import { ApiError } from '../http/errors';
import { errors, jsonBody, jsonResponse, noAuth } from '../http/schemas';
import { requireUser } from '../middleware/session';
import { drainSoon } from '../services/request-drain';
import type { Config } from '../env';
import { checkPushEndpoint } from '../delivery/push';
import { enqueuePushTest, listPushDevices, MAX_PUSH_SUBSCRIPTIONS, removePushDevice, subscribePush } from '../services/push-subscriptions';
import type { AppEnv } from '../types';

// base64url without padding (what PushSubscription.toJSON() gives); some encoders add `=`.
const P256DH = /^B[A-Za-z0-9_-]{86}=?$/;
const AUTH = /^[A-Za-z0-9_-]{22}(==)?$/;

const Subscription = z
  .object({
    endpoint: z
      .string()
      .max(2000)
      .url()
      .startsWith('https://', 'endpoint: push endpoints must use https')
      .openapi({ description: "The push service's URL for this browser (https)" }),
    expirationTime: z.number().nullable().optional().openapi({ description: 'Ignored (browsers send null)' }),
    keys: z.object({
      p256dh: z.string().regex(P256DH, 'p256dh must be a base64url uncompressed P-256 public key (65 bytes)'),
      auth: z.string().regex(AUTH, 'auth must be a base64url 16-byte secret'),
    }),
  })
  .openapi('PushSubscription', { description: "A browser's PushSubscription.toJSON()" });

/** An endpoint's run of failed deliveries (worker/notices/breaker.ts `EndpointTrouble`). */
export const EndpointTroubleSchema = z
  .object({
    failingSince: z.string(),
    failures: z.number().int(),
    lastError: z.string(),
    pausedUntil: z.string().nullable().openapi({ description: 'Nothing is sent there until then (the address kept failing)' }),
  })
  .openapi('EndpointTrouble');

const Device = z
  .object({
    id: z.string(),
    name: z.string().openapi({ example: 'Chrome on Android' }),
    service: z.string().openapi({ description: 'Host of the push service', example: 'fcm.googleapis.com' }),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    failing: EndpointTroubleSchema.nullable().openapi({ description: 'Recent failed pushes to this device (null: they get through)' }),
  })
  .openapi('PushDevice');

const IdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

const publicKeyRoute = createRoute({
  method: 'get',
  path: '/api/push/public-key',
  operationId: 'getPushPublicKey',
  security: noAuth,
  tags: ['notifications'],
  summary: "The VAPID application server key for PushManager.subscribe's applicationServerKey (base64url)",
  responses: { 200: jsonResponse('The key', z.object({ publicKey: z.string() })), ...errors(404) },
});

const subscribeRoute = createRoute({
  method: 'post',
  path: '/api/me/push-subscriptions',
  operationId: 'subscribePush',
  tags: ['notifications'],
  summary: `Receive push notifications on this browser (at most ${MAX_PUSH_SUBSCRIPTIONS} devices); the same endpoint again updates its row`,
  request: jsonBody(Subscription, { unknownFields: 'ignore' }),
  responses: {
    200: jsonResponse('Already subscribed (keys updated)', Device),
    201: jsonResponse('Subscribed', Device),
    ...errors(400, 401, 403, 404, 409),
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/api/me/push-subscriptions',
  operationId: 'listPushSubscriptions',
  tags: ['notifications'],
  summary: 'Your devices that receive push notifications',
  responses: { 200: jsonResponse('Devices', z.object({ subscriptions: z.array(Device) })), ...errors(401) },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/api/me/push-subscriptions/{id}',
  operationId: 'deletePushSubscription',
  tags: ['notifications'],
  summary: 'Stop push notifications to one of your devices',
  request: { params: IdParam },
  responses: { 204: { description: 'Removed' }, ...errors(401, 403, 404) },
});

const testRoute = createRoute({
  method: 'post',
  path: '/api/me/push-subscriptions/{id}/test',
  operationId: 'sendTestPush',
  tags: ['notifications'],
  summary:
    'Send a test push to one of your devices (one on its way per device; TEST_SEND_LIMIT_PER_DEVICE and _PER_ACCOUNT a minute, 429 beyond)',
  request: { params: IdParam },
  responses: { 202: jsonResponse('Queued', z.object({ queued: z.literal(true) })), ...errors(401, 403, 404, 429) },
});

/**
 * Whether a base64url `p256dh` is a point on the P-256 curve (RFC 8291 §3.1: the browser's
 * ECDH public key). Web Crypto refuses any other 65 bytes; a key that is not a point could never
 * be encrypted to, and its pushes would wait out the retries for nothing.
 */
async function isP256Point(p256dh: string): Promise<boolean> {
  try {
    const bytes = Uint8Array.from(atob(p256dh.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
    await crypto.subtle.importKey('raw', bytes, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    return true;
  } catch {
    return false;
  }
}

/** The VAPID keys, or 404 `push_not_configured` (this server has no push: there is no key to get). */
function requireVapid(config: Config) {
  if (!config.vapid)
    throw new ApiError(404, 'push_not_configured', 'Push notifications are not configured on this server (VAPID keys unset).');
  return config.vapid;
}

/** Web Push: the VAPID public key and the signed-in user's subscribed devices. */
export function pushRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(publicKeyRoute, (c) => c.json({ publicKey: requireVapid(c.var.config).publicKey }, 200));
  app.openapi(subscribeRoute, async (c) => {
    const user = requireUser(c);
    requireVapid(c.var.config);
    const body = c.req.valid('json');
    checkPushEndpoint(body.endpoint, c.var.config.allowLoopbackWebhooks);
    const keys = { p256dh: body.keys.p256dh.replace(/=+$/, ''), auth: body.keys.auth.replace(/=+$/, '') };
    if (!(await isP256Point(keys.p256dh)))
      throw new ApiError(400, 'bad_request', 'keys.p256dh: not a point on the P-256 curve (a browser subscription gives one)');
    const { created, device } = await subscribePush(
      c.var.db,
      user.id,
      { endpoint: body.endpoint, keys },
      c.req.header('user-agent'),
      c.var.now(),
    );
    return created ? c.json(device, 201) : c.json(device, 200);
  });
  app.openapi(listRoute, async (c) => c.json({ subscriptions: await listPushDevices(c.var.db, requireUser(c).id) }, 200));
  app.openapi(deleteRoute, async (c) => {
    await removePushDevice(c.var.db, requireUser(c).id, c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(testRoute, async (c) => {
    const user = requireUser(c);
    requireVapid(c.var.config);
    const ctx = serviceCtx(c);
    await enqueuePushTest(ctx, user, c.req.valid('param').id);
    drainSoon(ctx);
    return c.json({ queued: true as const }, 202);
  });
  return app;
}
