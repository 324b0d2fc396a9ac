/**
 * Notification settings as the settings page edits them (pure: no DOM; tested in test/client).
 * The API is `GET/PUT /api/me/notifications`, `POST /api/me/notifications/test` and
 * `PUT /api/games/:id/webhook` (their shapes: client/api-types.ts); the server validates
 * everything again.
 */

import type { DeliveryFailure, NotificationKinds, NotificationSettings, Webhook, WebhookFormat } from './api-types';

export const KIND_LABELS: readonly { key: keyof NotificationKinds; label: string }[] = [
  { key: 'yourTurn', label: 'It is my turn' },
  { key: 'gameStarted', label: 'A game I play in has started' },
  { key: 'gameOver', label: 'A game is over (with the final scores)' },
  { key: 'chatMention', label: 'Someone mentions me in chat' },
  { key: 'reminder', label: 'Reminders before a move deadline' },
];

export const WEBHOOK_FORMATS: readonly { value: WebhookFormat; label: string }[] = [
  { value: 'json', label: 'JSON (signed)' },
  { value: 'discord', label: 'Discord' },
  { value: 'slack', label: 'Slack' },
];

/** What the server starts every player with. */
export const DEFAULT_SETTINGS: NotificationSettings = {
  email: true,
  digest: false,
  kinds: { yourTurn: true, gameStarted: true, gameOver: true, chatMention: true, reminder: true },
  webhook: null,
  timeZone: 'UTC',
};

/** The webhook part of a form: kept while switched off, so toggling does not lose typing. */
export interface WebhookDraft {
  enabled: boolean;
  url: string;
  format: WebhookFormat;
  mention: string;
}

export function webhookDraft(w: Webhook | null | undefined): WebhookDraft {
  return { enabled: !!w, url: w?.url ?? '', format: w?.format ?? 'json', mention: w?.mention ?? '' };
}

export type WebhookField = 'url' | 'mention';

export type DraftResult = { ok: true; webhook: Webhook | null } | { ok: false; field: WebhookField; message: string };

const MENTION = /^\d{5,25}$/;

/**
 * The webhook to send for a draft, or the first problem with it. The secret is never sent:
 * the server keeps the saved one (or makes one for a new json webhook). The mention only
 * applies to Discord.
 */
export function webhookFromDraft(d: WebhookDraft): DraftResult {
  if (!d.enabled) return { ok: true, webhook: null };
  const url = d.url.trim();
  if (!url) return { ok: false, field: 'url', message: 'Enter the address the webhook should post to.' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, field: 'url', message: 'The webhook URL is not a valid URL (it starts with https://).' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return { ok: false, field: 'url', message: 'Webhook URLs must use https.' };
  }
  const webhook: Webhook = { url, format: d.format };
  const mention = d.mention.trim();
  if (d.format === 'discord' && mention) {
    if (!MENTION.test(mention)) {
      return { ok: false, field: 'mention', message: 'A Discord user id is a number of 5 to 25 digits.' };
    }
    webhook.mention = mention;
  }
  return { ok: true, webhook };
}

/** Whether a settings object is exactly the server's defaults (a player who never saved). */
export function isDefaultSettings(s: NotificationSettings): boolean {
  return (
    s.email === DEFAULT_SETTINGS.email &&
    s.digest === DEFAULT_SETTINGS.digest &&
    s.webhook === null &&
    s.timeZone === DEFAULT_SETTINGS.timeZone &&
    KIND_LABELS.every(({ key }) => s.kinds[key] === DEFAULT_SETTINGS.kinds[key])
  );
}

/**
 * The time zone to put in the form. A saved zone other than UTC is the player's choice. UTC is
 * the server's default, so when this player has never saved (nothing remembered on this device
 * and every setting still the default) the device's zone is proposed instead (`suggested`).
 */
export function initialTimeZone(
  saved: NotificationSettings,
  deviceZone: string,
  savedBefore: boolean,
): { zone: string; suggested: boolean } {
  const neverSaved = !savedBefore && isDefaultSettings(saved);
  if (saved.timeZone === 'UTC' && neverSaved && deviceZone && deviceZone !== 'UTC') {
    return { zone: deviceZone, suggested: true };
  }
  return { zone: saved.timeZone || 'UTC', suggested: false };
}

/** "Sent by email and to your webhook." from the channels a test message used. */
export function testResultText(channels: string[]): string {
  const parts = channels.map((c) =>
    c === 'email' ? 'by email' : c === 'webhook' ? 'to your webhook' : c === 'push' ? 'as a push notification' : `via ${c}`,
  );
  if (parts.length === 0) return 'Nothing was sent: email and the webhook are both off.';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `Test message sent ${list}. It may take a few seconds to arrive.`;
}

const KIND_TEXT: Record<string, string> = {
  your_turn: 'Your turn',
  game_started: 'Game started',
  game_over: 'Game over',
  chat_mention: 'Chat mention',
  reminder: 'Reminder',
  timeout: 'Time ran out',
  digest: 'Daily digest',
  test: 'Test message',
};

/** "Your turn" for `your_turn` (and a readable fallback for kinds added later). */
export function kindText(kind: string): string {
  return KIND_TEXT[kind] ?? kind.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** "Email to ada@example.test" / "Webhook to hooks.example.com". */
export function failureTarget(f: Pick<DeliveryFailure, 'channel' | 'target'>): string {
  const channel = f.channel === 'email' ? 'Email' : f.channel === 'webhook' ? 'Webhook' : f.channel;
  return `${channel} to ${f.target}`;
}

const SAVED_KEY = 'mp.notifications.saved';

/** Remembers on this device that `userId` has saved notification settings once. */
export function rememberSaved(userId: string): void {
  try {
    localStorage.setItem(`${SAVED_KEY}.${userId}`, '1');
  } catch {
    /* storage may be disabled: then the device zone is only proposed again */
  }
}

export function savedBefore(userId: string): boolean {
  try {
    return localStorage.getItem(`${SAVED_KEY}.${userId}`) === '1';
  } catch {
    return false;
  }
}
