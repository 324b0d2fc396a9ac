import { eq, inArray } from 'drizzle-orm';
import type { GameRegistry } from '../../engine/core';
import { putDown } from '../../db/neon';
import { pushSubscriptions, type WebhookConfig } from '../../db/schema';
import type { Db } from '../../db/types';
import type { ServiceCtx } from '../types';
import { attemptTimeoutMs, type Config } from '../env';
import { CLAIM_MS, keepsSignInLinks, redactSignIn, type EmailMessage } from '../notices/outbox';
import { composeGameNotice } from './compose';
import { claimWithContext, heldWithContext, type ClaimedNotice, type DeliveryContext, type OutboxRow } from './delivery-context';
import { sendEmail } from './email';
import { toMime } from './mime';
import type { GameNoticePayload } from '../notices/enqueue';
import { renderEmail, renderWebhookBody, type Message, type RenderedEmail } from '../notices/message';
import { outboundUrlProblem } from './address';
import { post, type DeliveryOutcome } from './outbound';
import { sendPush, type PushSendOutcome, type PushTarget } from './push';
import { finishDeliveries, type DeliveryEnd } from './finish-delivery';
import { endpointTroubles, recordAttempt } from '../notices/breaker';
import { quietReleases } from './quiet-release';
import { channelNow, QUIET_HELD, quietUntil, type ChannelNow } from './send-time';
import { settingsRow, type SettingsRow } from '../notices/settings';
import { signBody } from './signature';

/** Rows are retried for at least this long, then marked failed. */
export const RETRY_WINDOW_MS = 24 * 3600 * 1000;
/** A test message is retried for this long only: one that arrives later says nothing about now (and a test push lives 10 minutes). */
export const TEST_RETRY_WINDOW_MS = 10 * 60 * 1000;

/** Whether `row` has been retried for as long as its kind is (`RETRY_WINDOW_MS`, tests `TEST_RETRY_WINDOW_MS`). */
function pastRetryWindow(row: OutboxRow, now: Date): boolean {
  return now.getTime() - row.createdAt.getTime() >= (row.kind === 'test' ? TEST_RETRY_WINDOW_MS : RETRY_WINDOW_MS);
}

/** Notices a commit queued already claimed (until `until`) for the request that delivers them (`heldWithContext`). */
export interface HeldNotices {
  keys: readonly string[];
  until: Date;
}

/** Exponential backoff with jitter: 30 s, 1 min, 2 min ... capped at 2 h, each times 0.75-1.25. */
export function backoffMs(attempts: number, jitter: number): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 2 * 3600 * 1000);
  return Math.round(base * (0.75 + 0.5 * jitter));
}

/** What a drain needs: the games, the configuration, the instant it runs at, and the clock notes its retries are noted through. */
export type DrainCtx = Pick<ServiceCtx, 'registry' | 'config' | 'now' | 'clocks'>;

/** What one drain did, for logs and tests. */
export interface DrainReport {
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
}

/** Deliveries of one drain in flight at once (a Worker opens at most six outbound connections at a time). */
const SEND_CONCURRENCY = 6;
/** Waits before the 2nd, 3rd and 4th try of a statement that records an outcome (the database may be back by then). */
const RECORD_RETRY_MS = [1_000, 3_000, 7_000];

/** One claimed row, ready: either its end is known without sending, or `send` makes the attempt. */
type Attempt =
  | { row: OutboxRow; end: DeliveryEnd; counts: keyof DrainReport }
  | {
      row: OutboxRow;
      /** The endpoint the circuit breaker counts (a webhook URL or push endpoint); null for email. */
      endpoint: string | null;
      /** Whether the endpoint has failures on record (a success then clears them). */
      troubled: boolean;
      /** The push device, when the row is a push. */
      device: string | null;
      /** What the row keeps once sent. */
      rendered: unknown;
      send: () => Promise<PushSendOutcome>;
      /** Rows released from quiet hours that this row's message carries too (sent or retried with it). */
      covers: OutboxRow[];
    };

/**
 * Delivers up to `limit` due outbox rows; with `held`, only the notices a commit queued already
 * claimed for this request (the cron delivers everything else). Three steps, so no database
 * connection waits on a far end:
 * 1. claim the rows with everything they read (`claimWithContext`; for held rows a read,
 *    `heldWithContext`; one statement for the batch), and where needed the devices of push
 *    rows, the breaker state of their endpoints and a player's first settings row (the
 *    unsubscribe link needs its token); compose every message;
 * 2. put the connection down (`putDown`) and send, `SEND_CONCURRENCY` at a time, each attempt
 *    bounded by its channel's timeout (`attemptTimeoutMs`); an endpoint whose breaker is open
 *    (notices/breaker.ts) is not tried, its rows wait until it closes;
 * 3. record the outcomes on a fresh connection (`mp_finish_deliveries`, one statement for the
 *    batch; the breaker and the devices' `last_used_at` where they change), each statement tried
 *    again a few times when the database is away, so a send is not repeated for want of its record.
 * A row whose outcome still could not be recorded is claimed again after `CLAIM_MS` and sent again
 * (at least once; the far ends that take an idempotency key get the row's, README "Notifications").
 */
export async function drainOutbox(db: Db, ctx: DrainCtx, limit = 50, held?: HeldNotices): Promise<DrainReport> {
  const { registry, config, now, clocks } = ctx;
  const report: DrainReport = { sent: 0, skipped: 0, retried: 0, failed: 0 };
  const batch = held
    ? await heldWithContext(db, now, held.until, held.keys)
    : await claimWithContext(db, now, new Date(now.getTime() + CLAIM_MS), limit);
  if (batch.length === 0) return report;
  const attempts = await prepareAttempts(db, registry, config, batch, now);
  await putDown(db);
  const outcomes = await mapLimited(attempts, SEND_CONCURRENCY, async (a) =>
    'send' in a
      ? await a.send().catch((err: unknown): PushSendOutcome => ({ ok: false, error: `internal: ${(err as Error).message}` }))
      : null,
  );
  const ends = new Map<number, DeliveryEnd>();
  const usedDevices: string[] = [];
  let retryAt: Date | null = null;
  const end = (row: OutboxRow, e: DeliveryEnd) => {
    ends.set(row.id, e);
    if (e.nextAttemptAt && (!retryAt || e.nextAttemptAt < retryAt)) retryAt = e.nextAttemptAt;
  };
  for (const [i, a] of attempts.entries()) {
    const outcome = outcomes[i];
    if (!('send' in a)) {
      end(a.row, a.end);
      report[a.counts]++;
      continue;
    }
    if (!outcome) continue;
    const transient = !outcome.ok && !outcome.final;
    if (a.endpoint && (transient || (outcome.ok && a.troubled)))
      await recording(db, () => recordAttempt(db, a.endpoint!, transient ? (outcome.error ?? 'failed') : null, now));
    if (a.device && outcome.ok) usedDevices.push(a.device);
    if (a.device && outcome.gone) await recording(db, () => db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, a.device!)));
    const { end: rowEnd, counts } = endOf(a.row, outcome, a.rendered, now);
    end(a.row, rowEnd);
    report[counts]++;
    for (const covered of a.covers) {
      // Sent inside the lead's message; if that failed, they wait for its next try, still held together.
      end(
        covered,
        rowEnd.status === 'sent'
          ? { status: 'sent', error: null, sentAt: now, payload: { sentWith: `mp-${a.row.id}` } }
          : rowEnd.status
            ? { status: rowEnd.status, error: rowEnd.error }
            : { error: QUIET_HELD, nextAttemptAt: rowEnd.nextAttemptAt ?? now },
      );
      report[rowEnd.status === 'sent' ? 'sent' : counts]++;
    }
  }
  if (usedDevices.length)
    await recording(db, () => db.update(pushSubscriptions).set({ lastUsedAt: now }).where(inArray(pushSubscriptions.id, usedDevices)));
  // Every row's outcome in one statement, after all the sends.
  await recording(db, () => finishDeliveries(db, ends));
  if (retryAt) await clocks.due(retryAt); // the cron's next pass may be idle until then otherwise
  return report;
}

/** How a row's attempt ends: sent, ended for good, failed past the retry window, or retried with backoff. */
function endOf(row: OutboxRow, outcome: PushSendOutcome, rendered: unknown, now: Date): { end: DeliveryEnd; counts: keyof DrainReport } {
  if (outcome.ok) return { end: { status: 'sent', error: null, sentAt: now, payload: rendered }, counts: 'sent' };
  // Not worth retrying (a push subscription that is gone, a push service that refused).
  if (outcome.final) return { end: { status: outcome.final, error: outcome.error ?? 'failed' }, counts: outcome.final };
  if (pastRetryWindow(row, now)) return { end: { status: 'failed', error: outcome.error ?? 'failed' }, counts: 'failed' };
  const next = new Date(now.getTime() + backoffMs(row.attempts, Math.random()));
  return { end: { error: outcome.error ?? 'failed', nextAttemptAt: next }, counts: 'retried' };
}

/**
 * Runs one statement that records an outcome; when it fails (the database away, out of
 * connections), puts the connection down and tries again after each of `RECORD_RETRY_MS`, then
 * gives up with a log line (the row's claim lapses and the cron sends it again).
 */
async function recording(db: Db, statement: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await statement();
      return;
    } catch (err) {
      if (attempt >= RECORD_RETRY_MS.length) {
        console.error('outbox: an outcome could not be recorded', err);
        return;
      }
      await putDown(db).catch(() => undefined);
      await new Promise((r) => setTimeout(r, RECORD_RETRY_MS[attempt]));
    }
  }
}

/** `fn` over `items` with at most `limit` calls in flight; results in the order of `items`. */
async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

/**
 * Step 1 of `drainOutbox` for a claimed batch: what each row needs read (push devices and breaker
 * states, one statement each for the batch, only when the batch has such rows), each message
 * composed, and each row's attempt ready to run without the database.
 */
async function prepareAttempts(db: Db, registry: GameRegistry, config: Config, batch: ClaimedNotice[], now: Date): Promise<Attempt[]> {
  const pushIds = batch.filter((c) => c.row.channel === 'push').map((c) => c.row.target);
  const devices = new Map(
    (pushIds.length ? await db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.id, pushIds)) : []).map((d) => [d.id, d]),
  );
  const plans = await plansOf(registry, config, batch, devices, now);
  const endpoints = plans.flatMap((p) => ('endpoint' in p.plan && p.plan.endpoint ? [p.plan.endpoint] : []));
  const troubles = await endpointTroubles(db, endpoints);
  const attempts: Attempt[] = [];
  for (const { claimed, plan, covers } of plans) {
    const row = claimed.row;
    if ('end' in plan) {
      attempts.push({ row, ...plan });
      continue;
    }
    const trouble = plan.endpoint ? troubles.get(plan.endpoint) : undefined;
    if (trouble?.pausedUntil && Date.parse(trouble.pausedUntil) > now.getTime()) {
      // The breaker is open: no attempt, the row waits until it closes (and still fails after the retry window).
      const late = pastRetryWindow(row, now);
      const error = `paused: this address failed ${trouble.failures} times in a row (last: ${trouble.lastError}); next try after ${trouble.pausedUntil}`;
      attempts.push(
        late
          ? { row, end: { status: 'failed', error: trouble.lastError }, counts: 'failed' }
          : { row, end: { error, nextAttemptAt: new Date(trouble.pausedUntil) }, counts: 'retried' },
      );
      continue;
    }
    if (row.channel === 'email') {
      const email = plan.message
        ? await emailFor(db, config, row, plan.message, claimed.context.settings)
        : { ...(row.payload as EmailMessage), headers: {} };
      attempts.push({
        row,
        endpoint: null,
        troubled: false,
        device: null,
        rendered: renderedEmail(config, row, email),
        send: () => sendEmail(config, email, `mp-${row.id}`),
        covers,
      });
      continue;
    }
    attempts.push({
      row,
      endpoint: plan.endpoint,
      troubled: trouble !== undefined,
      device: plan.device,
      rendered: undefined,
      send: plan.send,
      covers,
    });
  }
  return attempts;
}

/** What a row needs before its attempt: its end when it is not to be sent, else what sending takes. */
type Plan =
  | { end: DeliveryEnd; counts: keyof DrainReport }
  | { message: Message | null; endpoint: string | null; device: string | null; send: () => Promise<PushSendOutcome> };

/** A claimed row's message as composed (null: a sign-in), or its end when it is not to be sent. */
type Composed = { end: DeliveryEnd; counts: keyof DrainReport } | { message: Message | null; current: ChannelNow | null };

/** A claimed row's message: skipped when its channel or kind was switched off since, held in quiet hours, else composed. */
async function composeOf(registry: GameRegistry, config: Config, claimed: ClaimedNotice, now: Date): Promise<Composed> {
  const { row, context } = claimed;
  // The player's channels and the game as they are now (read with the claim), not as they were when the notice was queued.
  const current = row.kind === 'signin' ? null : channelNow(row, context);
  if (current?.skip) return { end: { status: 'skipped', error: current.skip }, counts: 'skipped' };
  // Quiet hours: it waits, and everything held comes out when they end (quiet-release.ts: as one message).
  const hold = quietUntil(row, context, now);
  if (hold) return { end: { error: QUIET_HELD, nextAttemptAt: hold }, counts: 'retried' };
  let message: Message | null;
  try {
    message = row.kind === 'signin' ? null : await composeMessage(registry, config, row, context, current?.viaGameWebhook);
  } catch (err) {
    return {
      end: { error: `internal: ${(err as Error).message}`, nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts, 0.5)) },
      counts: 'retried',
    };
  }
  if (row.kind !== 'signin' && !message) return { end: { status: 'skipped', error: row.lastError }, counts: 'skipped' };
  return { message, current };
}

/** How a composed message is sent on its row's channel. */
function sendPlanOf(
  config: Config,
  row: OutboxRow,
  composed: Extract<Composed, { message: unknown }>,
  devices: Map<string, PushTarget>,
  now: Date,
): Plan {
  const { message, current } = composed;
  const key = `mp-${row.id}`;
  if (row.channel === 'email') return { message, endpoint: null, device: null, send: async () => ({ ok: false }) };
  if (row.channel === 'push') {
    const device = devices.get(row.target);
    if (!device) return { end: { status: 'skipped', error: 'the device unsubscribed' }, counts: 'skipped' };
    return {
      message,
      endpoint: device.endpoint,
      device: device.id,
      send: () => sendPush(config, device, message!, key, attemptTimeoutMs(config, 'push')),
    };
  }
  const hook = current?.webhook ?? (row.payload as GameNoticePayload).webhook!;
  return { message, endpoint: hook.url, device: null, send: () => deliverWebhook(config, hook, message!, key, now) };
}

/**
 * Every claimed row's plan. Rows released from one player's quiet hours on one channel and target
 * go as one message (quiet-release.ts): the first row sends it, the others are `covered` by it.
 */
async function plansOf(
  registry: GameRegistry,
  config: Config,
  batch: ClaimedNotice[],
  devices: Map<string, PushTarget>,
  now: Date,
): Promise<{ claimed: ClaimedNotice; plan: Plan; covers: OutboxRow[] }[]> {
  const composed = await Promise.all(
    batch.map(async (claimed) => ({ claimed, composed: await composeOf(registry, config, claimed, now) })),
  );
  const ready = composed.flatMap((c) =>
    'message' in c.composed && c.composed.message ? [{ row: c.claimed.row, message: c.composed.message }] : [],
  );
  const releases = quietReleases(ready, `${config.publicUrl}/`);
  const leadOf = new Map(releases.map((r) => [r.lead.id, r]));
  const coveredIds = new Set(releases.flatMap((r) => r.covered.map((row) => row.id)));
  return composed
    .filter((c) => !coveredIds.has(c.claimed.row.id))
    .map(({ claimed, composed: c }) => {
      if ('end' in c) return { claimed, plan: c, covers: [] };
      const release = leadOf.get(claimed.row.id);
      const plan = sendPlanOf(config, claimed.row, release ? { ...c, message: release.message } : c, devices, now);
      return { claimed, plan, covers: release && !('end' in plan) ? release.covered : [] };
    });
}

/**
 * What a sent email's row keeps. Through a provider: whom it went to and its subject (storing each
 * sent email's text and HTML was most of the row's bytes and of its update's CPU, a sign-in
 * email's text holds its link, and a ready-made message - test, digest, the answer to an emailed
 * move - holds its lines). The dev mailbox keeps the whole message as MIME, so a local reply can
 * quote and answer it.
 */
function renderedEmail(config: Config, row: OutboxRow, email: RenderedEmail): unknown {
  if (config.emailProvider !== 'dev') {
    const { message: _text, ...about } = row.kind === 'signin' ? {} : (row.payload as { message?: unknown });
    return { ...about, to: email.to, subject: email.subject };
  }
  const rendered = { ...(row.payload as object), to: email.to, subject: email.subject, text: email.text, html: email.html };
  if (row.kind !== 'signin') return { ...rendered, replyTo: email.headers['Reply-To'] ?? null, raw: toMime(config.emailFrom, email) };
  return keepsSignInLinks(config) ? rendered : redactSignIn(rendered as EmailMessage);
}

async function composeMessage(
  registry: GameRegistry,
  config: Config,
  row: OutboxRow,
  context: DeliveryContext,
  viaGameWebhook?: boolean,
): Promise<Message | null> {
  const p = row.payload as GameNoticePayload & { message?: Message };
  // Messages that are not about one seat's game state (test, digest) are stored ready-made.
  if (p.message) return p.message;
  // Only an email can be answered with a move, and only while the player's switch is on.
  const mail = row.channel === 'email' ? { replies: config.mailReplies, accountOn: context.settings?.emailReplies ?? true } : undefined;
  return composeGameNotice(registry, config.publicUrl, row.channel === 'webhook' ? { ...p, viaGameWebhook } : p, context.game, mail);
}

async function emailFor(db: Db, config: Config, row: OutboxRow, message: Message, settings: SettingsRow | null) {
  // A player without a settings row yet gets one here: the unsubscribe link needs its token.
  const s = row.userId ? (settings ?? (await settingsRow(db, row.userId))) : null;
  const unsubscribeUrl = s ? `${config.publicUrl}/unsubscribe?token=${s.unsubscribeToken}` : `${config.publicUrl}/settings`;
  return renderEmail(row.target, message, unsubscribeUrl, s?.timeZone ?? 'UTC');
}

/**
 * One webhook attempt: URL re-checked at send time (a refused one fails at once, `final`), JSON
 * signed, Idempotency-Key set.
 */
export async function deliverWebhook(
  config: Config,
  hook: WebhookConfig,
  message: Message,
  key: string,
  now: Date,
): Promise<DeliveryOutcome & { final?: 'failed' }> {
  const checked = outboundUrlProblem(hook.url, { allowLoopback: config.allowLoopbackWebhooks });
  if (checked.problem !== null) return { ok: false, error: `refused: the webhook URL ${checked.problem}`, final: 'failed' };
  const url = checked.url.toString();
  const ts = Math.floor(now.getTime() / 1000);
  const body = renderWebhookBody(hook, message, key, ts);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'idempotency-key': key,
    'user-agent': 'MountainPost-Webhook/1',
  };
  if (hook.format === 'json') {
    headers['x-signature'] = await signBody(hook.secret, body);
    headers['x-timestamp'] = String(ts);
  }
  return post(url, body, headers, attemptTimeoutMs(config, 'webhook'));
}
