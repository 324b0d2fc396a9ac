import { and, eq, gt, or } from 'drizzle-orm';
import { outbox } from '../../db/schema';
import type { Db } from '../../db/types';
import type { Config } from '../env';
import { ApiError } from '../http/errors';
import { randomHex } from '../lib/crypto';
import { lockForLimit } from '../lib/limit-lock';
import { insertOutbox, type OutboxRow } from '../notices/enqueue';

/** The window the test-send limits count in. */
const WINDOW_MS = 60_000;

/** A player's test sends as the limits see them. */
export interface TestSends {
  /** Requests (one per `POST .../test`) of the last minute, oldest first, as epoch ms. */
  requests: number[];
  /** Per push device: its test rows of the last minute (epoch ms) and whether one is still pending. */
  devices: Map<string, { recent: number[]; pending: boolean }>;
}

/** The dedupe key of a test row: one per request, channel and target, never shared by two requests. */
function testKey(request: string, channel: string, target: string): string {
  return `test:${request}:${channel}:${target}`;
}

async function readTestSends(tx: Db, userId: string, now: Date): Promise<TestSends> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const rows = await tx
    .select({ key: outbox.dedupeKey, channel: outbox.channel, target: outbox.target, status: outbox.status, at: outbox.createdAt })
    .from(outbox)
    .where(and(eq(outbox.kind, 'test'), eq(outbox.userId, userId), or(gt(outbox.createdAt, since), eq(outbox.status, 'pending'))));
  const requests = new Map<string, number>();
  const devices: TestSends['devices'] = new Map();
  for (const r of rows) {
    const at = r.at.getTime();
    const recent = at > since.getTime();
    const request = r.key?.split(':')[1] ?? String(at);
    if (recent) requests.set(request, Math.min(at, requests.get(request) ?? at));
    if (r.channel !== 'push') continue;
    const d = devices.get(r.target) ?? { recent: [], pending: false };
    if (recent) d.recent.push(at);
    d.pending ||= r.status === 'pending';
    devices.set(r.target, d);
  }
  return { requests: [...requests.values()].sort((a, b) => a - b), devices };
}

/** Seconds until the oldest of `times` (epoch ms) leaves the window. */
const retryAfterS = (times: number[], now: Date) => Math.max(1, Math.ceil((Math.min(...times) + WINDOW_MS - now.getTime()) / 1000));

/**
 * Queues one test send for `userId`: `rows(sends, request)` builds its outbox rows, given what the
 * player sent lately, with `testKey`s for `request`. Counts and inserts under the player's advisory
 * lock (lib/limit-lock.ts), so concurrent requests cannot both pass the limit, and no accepted row is
 * ever dropped as a duplicate (each request's keys are its own). Throws 429 `rate_limited` with
 * Retry-After past `config.testSendLimits.perAccount` requests a minute.
 */
export async function queueTestSend(
  db: Db,
  config: Config,
  userId: string,
  now: Date,
  rows: (sends: TestSends, key: (channel: string, target: string) => string) => OutboxRow[] | Promise<OutboxRow[]>,
): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockForLimit(t, 'test-send', userId);
    const sends = await readTestSends(t, userId, now);
    const limit = config.testSendLimits.perAccount;
    if (sends.requests.length >= limit)
      throw new ApiError(
        429,
        'rate_limited',
        `At most ${limit} test messages a minute; wait for the ones on their way.`,
        undefined,
        retryAfterS(sends.requests.slice(-limit), now),
      );
    const request = randomHex(8);
    const queued = await rows(sends, (channel, target) => testKey(request, channel, target));
    await insertOutbox(t, queued);
    return queued;
  });
}

/**
 * Why a test push to device `id` must wait, as a 429 to throw, or null: one test per device may be
 * pending, and at most `config.testSendLimits.perDevice` a minute.
 */
export function deviceTestRefusal(sends: TestSends, id: string, config: Config, now: Date): ApiError | null {
  const d = sends.devices.get(id);
  if (!d) return null;
  if (d.pending)
    return new ApiError(429, 'rate_limited', 'A test push to this device is still on its way; wait for it first.', undefined, 60);
  const limit = config.testSendLimits.perDevice;
  if (d.recent.length >= limit)
    return new ApiError(429, 'rate_limited', `At most ${limit} test pushes a minute to one device.`, undefined, retryAfterS(d.recent, now));
  return null;
}
