import { sql } from 'drizzle-orm';
import { outbox, type NotificationKinds, type WebhookConfig } from '../../db/schema';
import { recipientsExpr } from '../../db/sql-functions';
import type { Db } from '../../db/types';
import type { NotificationKind } from './message';
import { DEFAULT_KINDS } from './settings';

/** "Tell seat N about X", decided by the game transition that caused it. */
export interface SeatNotice {
  seat: number;
  kind: Extract<
    NotificationKind,
    'your_turn' | 'game_started' | 'game_over' | 'reminder' | 'timeout' | 'clock' | 'chat_mention' | 'player_joined'
  >;
  /** Deadline the reminder is about (stale reminders are skipped at delivery). */
  deadline?: string | null;
  /** Tells apart notices of one kind at one version (the half-time and the last reminder). */
  tag?: string;
  /** Text the message quotes (a chat line that mentions the player). */
  detail?: string;
  /** The chat message a mention is in (the "seen" rule for chat, notices/seen.ts). */
  chatId?: number;
}

/** What an outbox row of a game notification carries; rendered at delivery with fresh data. */
export interface GameNoticePayload {
  kind: SeatNotice['kind'];
  gameId: string;
  seat: number;
  version: number;
  userId: string;
  deadline?: string | null;
  detail?: string;
  chatId?: number;
  webhook?: WebhookConfig;
  /** Sent to a per-game webhook rather than the player's own channels. */
  viaGameWebhook?: boolean;
}

/**
 * A human seat of a game with everything that decides where its notices go: the player's
 * address, their notification settings (null: the defaults) and their webhook for this game.
 */
export interface Recipient {
  seat: number;
  userId: string;
  email: string;
  settings: {
    email: boolean;
    digest: boolean;
    push: boolean;
    kinds: Partial<NotificationKinds>;
    webhook: WebhookConfig | null;
    /** The player's IANA zone, and quiet hours in it (minutes after midnight; null: none). */
    timeZone?: string;
    quietStart?: number | null;
    quietEnd?: number | null;
  } | null;
  gameHook: WebhookConfig | null;
  /** Ids of the player's devices subscribed to Web Push (worker/delivery/push.ts). */
  pushDevices: string[];
}

/** An outbox row as inserted. */
export type OutboxRow = typeof outbox.$inferInsert;

/** The settings switch (`NotificationKinds`) that turns each kind of game notice off. */
export const KIND_SWITCH: Record<SeatNotice['kind'], keyof NotificationKinds> = {
  your_turn: 'yourTurn',
  game_started: 'gameStarted',
  // "Someone joined your game" is part of getting a game started.
  player_joined: 'gameStarted',
  game_over: 'gameOver',
  reminder: 'reminder',
  timeout: 'reminder',
  // News of the clocks: a vacation, a pause, an extension.
  clock: 'reminder',
  chat_mention: 'chatMention',
};

/** Kinds that wait out the grace period (a player watching the game sees it and is not notified). */
const WAITS_FOR_GRACE = new Set<SeatNotice['kind']>(['your_turn', 'game_started', 'game_over', 'chat_mention', 'clock']);

/**
 * SQL for the recipients of game `gameId` as one JSON array (`Recipient[]`, bots and empty seats
 * left out), so a caller can fetch them inside another statement: the SQL function
 * `mp_recipients` (db/functions/mp_recipients.sql), whose plan the server connection keeps.
 */
export function recipientsJson(gameId: unknown) {
  return recipientsExpr<Recipient[]>(gameId);
}

/** The recipients of a game's notices (one statement). */
export async function loadRecipients(db: Db, gameId: string): Promise<Recipient[]> {
  const [row] = await db.select({ list: recipientsJson(gameId) }).from(sql`(select 1) as one`);
  return row?.list ?? [];
}

/**
 * The outbox rows for `notices` about the game at `version`: one row per channel the seat's
 * player enabled for that kind - email (unless the daily digest replaces per-turn emails) and
 * their webhook (the per-game one if set, else the account-wide one), and a push to each device
 * they subscribed (unless push is switched off). Bots and empty seats get nothing. `dedupeKey`
 * makes a repeat harmless. Pure: the caller writes the rows.
 */
export function noticeRows(
  recipients: readonly Recipient[],
  args: { gameId: string; version: number; notices: readonly SeatNotice[]; now: Date; graceSeconds: number },
): OutboxRow[] {
  const bySeat = new Map(recipients.map((r) => [r.seat, r]));
  const rows: OutboxRow[] = [];
  for (const n of args.notices) {
    const who = bySeat.get(n.seat);
    if (!who) continue;
    const s = who.settings;
    const kinds = { ...DEFAULT_KINDS, ...s?.kinds };
    if (!kinds[KIND_SWITCH[n.kind]]) continue;
    const due = WAITS_FOR_GRACE.has(n.kind) ? new Date(args.now.getTime() + args.graceSeconds * 1000) : args.now;
    const base: GameNoticePayload = {
      kind: n.kind,
      gameId: args.gameId,
      seat: n.seat,
      version: args.version,
      userId: who.userId,
      deadline: n.deadline,
      detail: n.detail,
      chatId: n.chatId,
    };
    const row = (channel: 'email' | 'webhook' | 'push', target: string, payload: GameNoticePayload): OutboxRow => ({
      channel,
      target,
      payload,
      kind: n.kind,
      userId: who.userId,
      gameId: args.gameId,
      nextAttemptAt: due,
      createdAt: args.now,
      dedupeKey: `${n.kind}${n.tag ?? ''}:${args.gameId}:${n.seat}:${args.version}:${channel}:${target}${payload.viaGameWebhook ? ':game' : ''}`,
    });
    const emailOn = s ? s.email : true;
    const digestReplaces = s?.digest && n.kind === 'your_turn';
    if (emailOn && !digestReplaces) rows.push(row('email', who.email, base));
    // A player's webhook for this game takes the place of their account-wide one.
    if (who.gameHook) rows.push(row('webhook', who.gameHook.url, { ...base, webhook: who.gameHook, viaGameWebhook: true }));
    else if (s?.webhook) rows.push(row('webhook', s.webhook.url, { ...base, webhook: s.webhook }));
    // One row per subscribed device, so one device's failures never hold back another's.
    if (s ? s.push : true) for (const device of who.pushDevices) rows.push(row('push', device, base));
  }
  return rows;
}

/** Inserts outbox rows; a row whose `dedupeKey` exists already is left out. */
export async function insertOutbox(tx: Db, rows: OutboxRow[]): Promise<void> {
  if (rows.length) await tx.insert(outbox).values(rows).onConflictDoNothing({ target: outbox.dedupeKey });
}

/** The outbox rows of `notices` for the game's recipients as they are now (`noticeRows`); no query without notices. */
export async function rowsOfNotices(
  db: Db,
  args: { gameId: string; version: number; notices: readonly SeatNotice[]; now: Date; graceSeconds: number },
): Promise<OutboxRow[]> {
  return args.notices.length ? noticeRows(await loadRecipients(db, args.gameId), args) : [];
}

/**
 * Writes the outbox rows for `notices` (call inside the transaction that appends the event at
 * `version`); see `noticeRows`.
 */
export async function enqueueNotices(
  tx: Db,
  args: { gameId: string; version: number; notices: SeatNotice[]; now: Date; graceSeconds: number },
) {
  await insertOutbox(tx, await rowsOfNotices(tx, args));
}
