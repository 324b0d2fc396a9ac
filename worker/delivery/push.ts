import { buildPushPayload } from '@block65/webcrypto-web-push';
import type { pushSubscriptions } from '../../db/schema';
import type { Config } from '../env';
import { ApiError } from '../http/errors';
import type { Message, NotificationKind } from '../notices/message';
import { checkOutboundUrl, type DeliveryOutcome, unreached } from './outbound';

/**
 * What one push carries, as JSON (the service worker shows it with `showNotification`):
 * `title` and `body` for the notification, `url` to open on a click, `tag` so a newer notice
 * about the same game replaces an older one (`game-<id>`), plus the data behind the words.
 */
export interface PushNotice {
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  tag: string;
  gameId: string | null;
  seat: number | null;
  /** UTC instant of the current deadline, if any (the device formats it in its own zone). */
  deadline: string | null;
}

/** Log lines a push body quotes (the newest ones), and its length cap in characters. */
const BODY_LINES = 3;
const BODY_CHARS = 300;

/** A message as a push notice: the subject as title, the newest unseen lines as body. */
export function renderPush(m: Message): PushNotice {
  let body = m.lines.slice(-BODY_LINES).join('\n');
  if (body.length > BODY_CHARS) body = `${body.slice(0, BODY_CHARS - 1)}…`;
  return {
    kind: m.kind,
    title: m.subject,
    body,
    url: m.url,
    tag: m.game ? `game-${m.game.id}` : `mountain-post-${m.kind}`,
    gameId: m.game?.id ?? null,
    seat: m.game?.seat ?? null,
    deadline: m.deadline ?? null,
  };
}

/**
 * Push service hints per kind: `TTL` (RFC 8030 §5.2, seconds the service keeps an undelivered
 * push) and `Urgency` (§5.3; a phone on battery saver wakes for `high` only). Your turn is
 * high for a day; a test that arrives an hour late would only confuse, so it lives 10 minutes.
 */
export const PUSH_HINTS: Record<NotificationKind, { ttlS: number; urgency: 'low' | 'normal' | 'high' }> = {
  your_turn: { ttlS: 86_400, urgency: 'high' },
  chat_mention: { ttlS: 86_400, urgency: 'normal' },
  reminder: { ttlS: 86_400, urgency: 'normal' },
  timeout: { ttlS: 86_400, urgency: 'normal' },
  clock: { ttlS: 86_400, urgency: 'low' },
  game_started: { ttlS: 86_400, urgency: 'normal' },
  player_joined: { ttlS: 86_400, urgency: 'low' },
  invitation: { ttlS: 86_400, urgency: 'normal' },
  game_over: { ttlS: 86_400, urgency: 'normal' },
  digest: { ttlS: 86_400, urgency: 'low' },
  held: { ttlS: 86_400, urgency: 'normal' },
  test: { ttlS: 600, urgency: 'low' },
};

/** A delivery outcome; `final` says the outbox row must not be retried (and how it ends). */
export interface PushOutcome extends DeliveryOutcome {
  final?: 'skipped' | 'failed';
}

/**
 * Checks a push endpoint with the same outbound-address rules as webhooks (outbound.ts: public
 * https hosts only; loopback only in development and tests). Push endpoints must be https even
 * then (RFC 8030 §2 push resources; the library refuses anything else). Throws 400 `bad_push_endpoint`.
 */
export function checkPushEndpoint(raw: string, allowLoopback: boolean): URL {
  const url = checkOutboundUrl(raw, { allowLoopback, code: 'bad_push_endpoint', what: 'Push endpoints' });
  if (url.protocol !== 'https:') throw new ApiError(400, 'bad_push_endpoint', 'Push endpoints must use https.');
  return url;
}

/** A subscribed device as a push needs it (a `push_subscriptions` row). */
export type PushTarget = Pick<typeof pushSubscriptions.$inferSelect, 'id' | 'endpoint' | 'p256dh' | 'auth'>;

/** A push attempt's outcome; `gone` says the device's subscription no longer exists (delete it). */
export interface PushSendOutcome extends PushOutcome {
  gone?: boolean;
}

/**
 * The `Topic` of a push (RFC 8030 §5.4: at most 32 URL-safe base64 characters): the push service
 * keeps one undelivered push per topic, so a retry of a notice whose first attempt did arrive at
 * the service (its outcome lost) replaces it rather than adding a second, and a newer notice about
 * the same game replaces an older one. Game notices use the game's tag, others the outbox row's
 * key (`mp-<id>`).
 */
export function pushTopic(notice: Pick<PushNotice, 'gameId' | 'tag'>, key: string): string | undefined {
  const topic = notice.gameId ? notice.tag : key;
  return /^[A-Za-z0-9_-]{1,32}$/.test(topic) ? topic : undefined;
}

/**
 * One push to one subscribed device, with no database in reach (the caller reads the device
 * before and records the outcome after, so no connection waits on the push service): the
 * endpoint re-checked at send time, the notice encrypted for the device (RFC 8291 `aes128gcm`)
 * and signed with our VAPID key (RFC 8292), `TTL`, `Urgency` and `Topic` (`pushTopic`; `key` is
 * the outbox row's `mp-<id>`) set per kind, at most `timeoutMs`. Never throws. Outcomes:
 * - 2xx: sent.
 * - 404/410 (RFC 8030 §7.3: the subscription expired or was unsubscribed): `gone`, the row ends `skipped`.
 * - 429 or 5xx, timeouts, network errors: retried with backoff.
 * - 3xx and any other 4xx (bad key, payload refused): `failed` at once; retrying cannot help.
 */
export async function sendPush(
  config: Config,
  sub: PushTarget,
  message: Message,
  key: string,
  timeoutMs: number,
): Promise<PushSendOutcome> {
  if (!config.vapid) return { ok: false, error: 'push is not configured (VAPID_* unset)', final: 'failed' };
  try {
    checkPushEndpoint(sub.endpoint, config.allowLoopbackWebhooks);
  } catch (err) {
    return { ok: false, error: (err as Error).message, final: 'failed' };
  }
  const notice = renderPush(message);
  const hints = PUSH_HINTS[message.kind];
  const topic = pushTopic(notice, key);
  let status: number;
  try {
    const request = await buildPushPayload(
      { data: { ...notice }, options: { ttl: hints.ttlS, urgency: hints.urgency, ...(topic ? { topic } : {}) } },
      { endpoint: sub.endpoint, expirationTime: null, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      config.vapid,
    );
    const res = await fetch(sub.endpoint, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    status = res.status;
  } catch (err) {
    return unreached(err, timeoutMs);
  }
  if (status >= 200 && status < 300) return { ok: true, status };
  if (status === 404 || status === 410)
    return { ok: false, status, error: `HTTP ${status}: the device's subscription is gone (removed)`, final: 'skipped', gone: true };
  // 3xx (we follow no redirects) and 4xx other than 429 Too Many Requests are not transient.
  if (status < 500 && status !== 429) return { ok: false, status, error: `HTTP ${status}`, final: 'failed' };
  return { ok: false, status, error: `HTTP ${status}` };
}
