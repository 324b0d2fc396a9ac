import { noteDue } from '../clock/notes';
import type { GameRegistry } from '../../engine/core';
import type { WebhookConfig } from '../../db/schema';
import type { Db } from '../../db/types';
import type { Config } from '../env';
import { keepsSignInLinks, redactSignIn, type EmailMessage } from '../services/outbox';
import { composeGameNotice } from './compose';
import { claimWithContext, heldWithContext, readDeliveryContext, type DeliveryContext, type OutboxRow } from './delivery-context';
import { sendEmail } from './email';
import { toMime } from './mime';
import type { GameNoticePayload } from './enqueue';
import { renderEmail, renderWebhookBody, type Message } from './message';
import { outboundUrlProblem } from './address';
import { post, type DeliveryOutcome } from './outbound';
import { deliverPush, type PushOutcome } from './push';
import { finishDelivery } from './finish-delivery';
import { channelNow, QUIET_HELD, quietUntil } from './send-time';
import { settingsRow, type SettingsRow } from './settings';
import { signBody } from './signature';

/** Rows are retried for at least this long, then marked failed. */
export const RETRY_WINDOW_MS = 24 * 3600 * 1000;
/** A drain owns the rows it claimed for this long (a crashed drain's rows come back after it). */
export const CLAIM_MS = 2 * 60 * 1000;

/** Notices a commit queued already claimed (until `until`) for the request that delivers them (`heldWithContext`). */
export interface HeldNotices {
  keys: readonly string[];
  until: Date;
}
/**
 * A row's delivery context read with the claim serves while it is younger than this; a row whose
 * turn comes later in a slow batch (webhooks that time out) reads its context again.
 */
const CONTEXT_FRESH_MS = 1000;

/** Exponential backoff with jitter: 30 s, 1 min, 2 min ... capped at 2 h, each times 0.75-1.25. */
export function backoffMs(attempts: number, jitter: number): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 2 * 3600 * 1000);
  return Math.round(base * (0.75 + 0.5 * jitter));
}

/** What one drain did, for logs and tests. */
export interface DrainReport {
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
}

/**
 * Delivers up to `limit` due outbox rows; with `held`, only the notices a commit queued already
 * claimed for this request (the cron delivers everything else). Each row costs two statements
 * when nothing needs creating: its claim with everything it reads (`claimWithContext`; for held
 * rows a read, `heldWithContext`; one for the whole batch) and its final update; a push
 * reads the device too, and a player's first email creates their settings row (the unsubscribe
 * link needs its token).
 */
export async function drainOutbox(
  db: Db,
  registry: GameRegistry,
  config: Config,
  now: Date,
  limit = 50,
  held?: HeldNotices,
): Promise<DrainReport> {
  const report: DrainReport = { sent: 0, skipped: 0, retried: 0, failed: 0 };
  const batch = held
    ? await heldWithContext(db, now, held.until, held.keys)
    : await claimWithContext(db, now, new Date(now.getTime() + CLAIM_MS), limit);
  for (const claimed of batch) {
    const row = claimed.row;
    const key = `mp-${row.id}`;
    let outcome: PushOutcome;
    let rendered: unknown;
    try {
      // The player's channels and the game as they are now, not as they were when the notice was
      // queued: read with the claim, or again when the batch has taken a while.
      const context: DeliveryContext =
        Date.now() - claimed.readAt > CONTEXT_FRESH_MS ? await readDeliveryContext(db, row.id) : claimed.context;
      const settings = row.kind === 'signin' || !row.userId ? null : context.settings;
      const current = row.kind === 'signin' ? null : channelNow(row, context);
      if (current?.skip) {
        await finishDelivery(db, row.id, { status: 'skipped', error: current.skip });
        report.skipped++;
        continue;
      }
      const hold = quietUntil(row, context, now);
      if (hold) {
        // Quiet hours: it waits, and everything held comes out when they end.
        await finishDelivery(db, row.id, { error: QUIET_HELD, nextAttemptAt: hold });
        await noteDue(hold);
        report.retried++;
        continue;
      }
      const message = row.kind === 'signin' ? null : await composeMessage(registry, config, row, context, current?.viaGameWebhook);
      if (row.kind !== 'signin' && !message) {
        await finishDelivery(db, row.id, { status: 'skipped', error: row.lastError });
        report.skipped++;
        continue;
      }
      if (row.channel === 'email') {
        const email = message ? await emailFor(db, config, row, message, settings) : { ...(row.payload as EmailMessage), headers: {} };
        if (config.emailProvider !== 'dev') {
          // The provider has the message; the row keeps whom it went to and its subject. Storing
          // each sent email's text and HTML was most of the row's bytes and of its update's CPU
          //, a sign-in email's text holds its link, and a ready-made message (test, digest,
          // the answer to an emailed move) holds its lines.
          const { message: _text, ...about } = row.kind === 'signin' ? {} : (row.payload as { message?: unknown });
          rendered = { ...about, to: email.to, subject: email.subject };
        } else {
          rendered = { ...(row.payload as object), to: email.to, subject: email.subject, text: email.text, html: email.html };
          // The dev mailbox keeps the whole message as MIME, so a local reply can quote and answer it.
          if (row.kind !== 'signin')
            rendered = { ...(rendered as object), replyTo: email.headers['Reply-To'] ?? null, raw: toMime(config.emailFrom, email) };
          if (row.kind === 'signin' && !keepsSignInLinks(config)) rendered = redactSignIn(rendered as EmailMessage);
        }
        outcome = await sendEmail(config, email, key);
      } else if (row.channel === 'push') {
        outcome = await deliverPush(db, config, row.target, message!, now);
      } else {
        outcome = await deliverWebhook(config, current?.webhook ?? (row.payload as GameNoticePayload).webhook!, message!, key, now);
      }
    } catch (err) {
      outcome = { ok: false, error: `internal: ${(err as Error).message}` };
    }
    if (outcome.ok) {
      await finishDelivery(db, row.id, { status: 'sent', error: null, sentAt: now, payload: rendered });
      report.sent++;
    } else if (outcome.final) {
      // Not worth retrying (a push subscription that is gone, a push service that refused).
      await finishDelivery(db, row.id, { status: outcome.final, error: outcome.error ?? 'failed' });
      report[outcome.final]++;
    } else if (now.getTime() - row.createdAt.getTime() >= RETRY_WINDOW_MS) {
      await finishDelivery(db, row.id, { status: 'failed', error: outcome.error ?? 'failed' });
      report.failed++;
    } else {
      const next = new Date(now.getTime() + backoffMs(row.attempts, Math.random()));
      await finishDelivery(db, row.id, { error: outcome.error ?? 'failed', nextAttemptAt: next });
      await noteDue(next); // the cron's next pass may be idle until then otherwise
      report.retried++;
    }
  }
  return report;
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
  return post(url, body, headers, config.deliveryTimeoutMs);
}
