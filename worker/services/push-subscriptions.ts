import Bowser from 'bowser';
import { and, count, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { type outbox, pushSubscriptions } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import { randomHex } from '../lib/crypto';
import type { ServiceCtx, User } from '../types';
import { endpointTroubles, type EndpointTrouble } from '../notices/breaker';
import { deviceTestRefusal, queueTestSend } from './test-limits';
import type { Message } from '../notices/message';

/** Devices one account may subscribe; a 21st is refused (409) until one is removed. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;

/** A browser's `PushSubscription.toJSON()` as we store it (keys base64url). */
export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A subscribed device as the API lists it (the endpoint itself is a capability and stays here). */
export interface PushDevice {
  id: string;
  /** "Chrome on Android", from the User-Agent of the request that subscribed it. */
  name: string;
  /** Host of the push service (`fcm.googleapis.com`, `updates.push.services.mozilla.com`, `web.push.apple.com`). */
  service: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Its push service's recent failures (timeouts, errors), null while pushes get through (notices/breaker.ts). */
  failing: EndpointTrouble | null;
}

type Row = typeof pushSubscriptions.$inferSelect;

function device(r: Row, failing: EndpointTrouble | null = null): PushDevice {
  return {
    id: r.id,
    name: r.name,
    service: new URL(r.endpoint).host,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    failing,
  };
}

/** A device name a person recognises from a User-Agent header: "Chrome on Android", "Safari on iOS". */
export function deviceName(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512);
  const parser = Bowser.getParser(ua || 'unknown');
  const browser = parser.getBrowserName() || 'Browser';
  const os = parser.getOSName();
  return os ? `${browser} on ${os}` : browser;
}

/**
 * Stores a browser's push subscription for `userId`. The same endpoint again updates its row (new
 * keys, and the account that subscribed last: one browser, one owner) and answers `created:
 * false`. Throws 409 `too_many_devices` past `MAX_PUSH_SUBSCRIPTIONS`. Keys are stored as given
 * (base64url, checked by the route).
 */
export async function subscribePush(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
  now: Date,
): Promise<{ created: boolean; device: PushDevice }> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, input.endpoint)));
  if (n >= MAX_PUSH_SUBSCRIPTIONS) {
    throw new ApiError(
      409,
      'too_many_devices',
      `At most ${MAX_PUSH_SUBSCRIPTIONS} devices may receive push notifications; remove one first.`,
    );
  }
  const name = deviceName(userAgent);
  const [row] = await db
    .insert(pushSubscriptions)
    .values({
      id: `ps_${randomHex(10)}`,
      userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      name,
      createdAt: now,
    })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, name } })
    // xmax is 0 on a freshly inserted row version and set on an updated one (one statement, no race).
    .returning({ ...getTableColumns(pushSubscriptions), inserted: sql<boolean>`(xmax = 0)` });
  return { created: row.inserted, device: device(row) };
}

/** The user's subscribed devices, newest first, each with its push service's failures if any. */
export async function listPushDevices(db: Db, userId: string): Promise<PushDevice[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  const troubles = await endpointTroubles(
    db,
    rows.map((r) => r.endpoint),
  );
  return rows.map((r) => device(r, troubles.get(r.endpoint) ?? null));
}

/** The user's subscription `id`; 404 `not_found` when there is none (or it is someone else's). */
async function ownSubscription(db: Db, userId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)));
  if (!row) throw new ApiError(404, 'not_found', 'No such push subscription on your account.');
  return row;
}

/** Removes one of the user's devices; 404 when it is not theirs. Pending pushes to it end `skipped`. */
export async function removePushDevice(db: Db, userId: string, id: string): Promise<void> {
  await ownSubscription(db, userId, id);
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)));
}

/** A test message for push, stored ready-made like the other channels' tests. */
export function pushTestMessage(publicUrl: string): Message {
  return {
    kind: 'test',
    subject: 'Mountain Post test notification',
    lines: ['Push notifications reach this device. You will hear from us when it is your turn.'],
    url: `${publicUrl}/settings`,
  };
}

/** The outbox row of a test push to subscription `id` at `now`, with the request's `dedupeKey` (test-limits.ts). */
export function pushTestRow(userId: string, id: string, message: Message, now: Date, dedupeKey: string): typeof outbox.$inferInsert {
  return {
    channel: 'push',
    target: id,
    kind: 'test',
    userId,
    payload: { message },
    createdAt: now,
    nextAttemptAt: now,
    dedupeKey,
  };
}

/**
 * Queues a test push to one of the user's devices; 404 when it is not theirs, 429 `rate_limited`
 * (with Retry-After and the reason) past the account's or the device's limit or while an earlier
 * test to the device is still pending (test-limits.ts).
 */
export async function enqueuePushTest(ctx: ServiceCtx, user: User, id: string): Promise<void> {
  await ownSubscription(ctx.db, user.id, id);
  await queueTestSend(ctx.db, ctx.config, user.id, ctx.now, (sends, key) => {
    const refused = deviceTestRefusal(sends, id, ctx.config, ctx.now);
    if (refused) throw refused;
    return [pushTestRow(user.id, id, pushTestMessage(ctx.config.publicUrl), ctx.now, key('push', id))];
  });
}
