import { and, desc, eq, inArray } from 'drizzle-orm';
import { gameWebhooks, notificationSettings, outbox, seats, users, type NotificationKinds, type WebhookConfig } from '../../db/schema';
import type { Db } from '../../db/types';
import { randomHex } from '../lib/crypto';

/** Everything on: what a user who never opened the settings page gets. */
export const DEFAULT_KINDS: NotificationKinds = { yourTurn: true, gameStarted: true, gameOver: true, chatMention: true, reminder: true };

/** A user's notification settings as the API shows them. */
export interface NotificationSettings {
  email: boolean;
  digest: boolean;
  /** Web Push to the devices in `GET /api/me/push-subscriptions` (on by default). */
  push: boolean;
  /** Turn emails carry a reply address, and a reply with a move plays it (on by default). */
  emailReplies: boolean;
  kinds: NotificationKinds;
  webhook: WebhookConfig | null;
  timeZone: string;
  /** Quiet hours in `timeZone` ("22:00" to "08:00"); null: none. */
  quietHours: { start: string; end: string } | null;
  /** A clock about to run out spends vacation days by itself (stored with the account). */
  autoVacation: boolean;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

/** The account's auto-vacation switch. */
export async function autoVacationOf(db: Db, userId: string): Promise<boolean> {
  const [u] = await db.select({ on: users.autoVacation }).from(users).where(eq(users.id, userId));
  return u?.on ?? true;
}

/** A `notification_settings` row. */
export type SettingsRow = typeof notificationSettings.$inferSelect;

/** The settings row of a user, created with defaults on first use (so an unsubscribe token exists). */
export async function settingsRow(db: Db, userId: string): Promise<SettingsRow> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  if (row) return row;
  await db
    .insert(notificationSettings)
    .values({ userId, kinds: DEFAULT_KINDS, unsubscribeToken: randomHex(24) })
    .onConflictDoNothing({ target: notificationSettings.userId });
  const [created] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return created;
}

/** Settings rows of several users (missing rows mean defaults; `settingsRow` creates them lazily). */
export async function settingsRows(db: Db, userIds: string[]): Promise<Map<string, SettingsRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select().from(notificationSettings).where(inArray(notificationSettings.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r]));
}

/** Public shape of a settings row (with the account's auto-vacation switch). */
export function settingsView(row: SettingsRow, autoVacation: boolean): NotificationSettings {
  return {
    quietHours: row.quietStart === null || row.quietEnd === null ? null : { start: hhmm(row.quietStart), end: hhmm(row.quietEnd) },
    autoVacation,
    email: row.email,
    digest: row.digest,
    push: row.push,
    emailReplies: row.emailReplies,
    kinds: { ...DEFAULT_KINDS, ...row.kinds },
    webhook: row.webhook ?? null,
    timeZone: row.timeZone,
  };
}

/** Replaces a user's settings; a JSON webhook without a secret gets a fresh one. */
export async function saveSettings(
  db: Db,
  userId: string,
  s: Omit<NotificationSettings, 'push' | 'emailReplies' | 'quietHours' | 'autoVacation'> & {
    push?: boolean;
    emailReplies?: boolean;
    quietHours?: { start: string; end: string } | null;
    autoVacation?: boolean;
  },
): Promise<NotificationSettings> {
  const row = await settingsRow(db, userId);
  const webhook = s.webhook ? { ...s.webhook, secret: s.webhook.secret || row.webhook?.secret || randomHex(24) } : null;
  const [saved] = await db
    .update(notificationSettings)
    // `push` left out keeps the stored switch (clients older than the switch send none).
    .set({
      email: s.email,
      digest: s.digest,
      ...(s.push === undefined ? {} : { push: s.push }),
      ...(s.emailReplies === undefined ? {} : { emailReplies: s.emailReplies }),
      kinds: s.kinds,
      webhook,
      timeZone: s.timeZone,
      ...(s.quietHours === undefined
        ? {}
        : s.quietHours === null
          ? { quietStart: null, quietEnd: null }
          : { quietStart: minutesOf(s.quietHours.start), quietEnd: minutesOf(s.quietHours.end) }),
    })
    .where(eq(notificationSettings.userId, userId))
    .returning();
  if (s.autoVacation !== undefined) await db.update(users).set({ autoVacation: s.autoVacation }).where(eq(users.id, userId));
  return settingsView(saved, s.autoVacation ?? (await autoVacationOf(db, userId)));
}

/** Turns off email for the holder of an unsubscribe token; false when the token is unknown. */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  const rows = await db
    .update(notificationSettings)
    .set({ email: false })
    .where(eq(notificationSettings.unsubscribeToken, token))
    .returning({ u: notificationSettings.userId });
  return rows.length === 1;
}

/**
 * Turns playing by email reply on or off for the caller's seat in one game; the account's
 * switch (`emailReplies` of the settings) applies as well. False when the caller has no seat there
 * (a seat handed to the bot is no longer theirs to set).
 */
export async function setGameEmailReplies(db: Db, gameId: string, userId: string, on: boolean): Promise<boolean> {
  const rows = await db
    .update(seats)
    .set({ emailReplies: on })
    .where(and(eq(seats.gameId, gameId), eq(seats.userId, userId), eq(seats.isBot, false)))
    .returning({ seat: seats.seat });
  return rows.length > 0;
}

/**
 * Whether replies to this game's turn emails play moves for `userId`: `on` the seat's switch,
 * `accountOn` the account's (both must be on). Null when the user has no seat in the game.
 */
export async function gameEmailReplies(db: Db, gameId: string, userId: string): Promise<{ on: boolean; accountOn: boolean } | null> {
  const [seat] = await db
    .select({ on: seats.emailReplies })
    .from(seats)
    .where(and(eq(seats.gameId, gameId), eq(seats.userId, userId), eq(seats.isBot, false)))
    .limit(1);
  if (!seat) return null;
  const [account] = await db
    .select({ on: notificationSettings.emailReplies })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return { on: seat.on, accountOn: account?.on ?? true };
}

/** Sets (or with null, removes) the caller's webhook for one game. */
export async function setGameWebhook(db: Db, gameId: string, userId: string, cfg: WebhookConfig | null): Promise<WebhookConfig | null> {
  if (!cfg) {
    await db.delete(gameWebhooks).where(and(eq(gameWebhooks.gameId, gameId), eq(gameWebhooks.userId, userId)));
    return null;
  }
  const [existing] = await db
    .select()
    .from(gameWebhooks)
    .where(and(eq(gameWebhooks.gameId, gameId), eq(gameWebhooks.userId, userId)));
  const config = { ...cfg, secret: cfg.secret || existing?.config.secret || randomHex(24) };
  await db
    .insert(gameWebhooks)
    .values({ gameId, userId, config })
    .onConflictDoUpdate({ target: [gameWebhooks.gameId, gameWebhooks.userId], set: { config } });
  return config;
}

/** The per-game webhooks of a game. */
export async function gameWebhookList(db: Db, gameId: string) {
  return db.select().from(gameWebhooks).where(eq(gameWebhooks.gameId, gameId));
}

/** Recent deliveries that failed for good, for the settings page. */
export async function recentFailures(db: Db, userId: string) {
  const rows = await db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      target: outbox.target,
      kind: outbox.kind,
      lastError: outbox.lastError,
      attempts: outbox.attempts,
      at: outbox.createdAt,
    })
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.status, 'failed')))
    .orderBy(desc(outbox.id))
    .limit(20);
  return rows.map((r) => ({ ...r, target: r.channel === 'webhook' ? new URL(r.target).host : r.target, at: r.at.toISOString() }));
}
