import { and, eq } from 'drizzle-orm';
import { outbox, seats, users, type NotificationKinds, type WebhookConfig } from '../../db/schema';
import type { Db } from '../../db/types';
import type { NotificationKind } from './message';
import { DEFAULT_KINDS, gameWebhookList, settingsRows } from './settings';

/** "Tell seat N about X", decided by the game transition that caused it. */
export interface SeatNotice {
  seat: number;
  kind: Extract<NotificationKind, 'your_turn' | 'game_started' | 'game_over' | 'reminder' | 'timeout' | 'chat_mention'>;
  /** Deadline the reminder is about (stale reminders are skipped at delivery). */
  deadline?: string | null;
  /** Tells apart notices of one kind at one version (the half-time and the last reminder). */
  tag?: string;
  /** Text the message quotes (a chat line that mentions the player). */
  detail?: string;
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
  webhook?: WebhookConfig;
  /** Sent to a per-game webhook rather than the player's own channels. */
  viaGameWebhook?: boolean;
}

const KIND_SWITCH: Record<SeatNotice['kind'], keyof NotificationKinds> = {
  your_turn: 'yourTurn',
  game_started: 'gameStarted',
  game_over: 'gameOver',
  reminder: 'reminder',
  timeout: 'reminder',
  chat_mention: 'chatMention',
};

/** Kinds that wait out the grace period (a player watching the game sees it and is not notified). */
const WAITS_FOR_GRACE = new Set<SeatNotice['kind']>(['your_turn', 'game_started', 'game_over']);

/**
 * Writes the outbox rows for `notices` (call inside the transaction that appends the event at
 * `version`): one row per channel the seat's player enabled for that kind - email (unless the
 * daily digest replaces per-turn emails) and their webhook (the per-game one if set, else the
 * account-wide one). Bots and empty seats get nothing. `dedupeKey` makes a repeat harmless.
 */
export async function enqueueNotices(tx: Db, args: { gameId: string; version: number; notices: SeatNotice[]; now: Date; graceSeconds: number }) {
  if (args.notices.length === 0) return;
  const seatRows = await tx
    .select({ seat: seats.seat, userId: seats.userId, email: users.email })
    .from(seats)
    .innerJoin(users, eq(users.id, seats.userId))
    .where(and(eq(seats.gameId, args.gameId), eq(seats.isBot, false)));
  const bySeat = new Map(seatRows.map((s) => [s.seat, s]));
  const userIds = [...new Set(args.notices.map((n) => bySeat.get(n.seat)?.userId).filter((u): u is string => !!u))];
  if (userIds.length === 0) return;
  const settings = await settingsRows(tx, userIds);
  const hooks = await gameWebhookList(tx, args.gameId);
  const rows: (typeof outbox.$inferInsert)[] = [];
  for (const n of args.notices) {
    const who = bySeat.get(n.seat);
    if (!who?.userId) continue;
    const s = settings.get(who.userId);
    const kinds = { ...DEFAULT_KINDS, ...s?.kinds };
    const due = WAITS_FOR_GRACE.has(n.kind) ? new Date(args.now.getTime() + args.graceSeconds * 1000) : args.now;
    const base: GameNoticePayload = { kind: n.kind, gameId: args.gameId, seat: n.seat, version: args.version, userId: who.userId, deadline: n.deadline, detail: n.detail };
    const row = (channel: 'email' | 'webhook', target: string, payload: GameNoticePayload) => ({
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
    if (!kinds[KIND_SWITCH[n.kind]]) continue;
    const emailOn = s ? s.email : true;
    const digestReplaces = s?.digest && n.kind === 'your_turn';
    if (emailOn && !digestReplaces) rows.push(row('email', who.email, base));
    // A player's webhook for this game takes the place of their account-wide one.
    const gameHook = hooks.find((h) => h.userId === who.userId);
    if (gameHook) rows.push(row('webhook', gameHook.config.url, { ...base, webhook: gameHook.config, viaGameWebhook: true }));
    else if (s?.webhook) rows.push(row('webhook', s.webhook.url, { ...base, webhook: s.webhook }));
  }
  if (rows.length) await tx.insert(outbox).values(rows).onConflictDoNothing({ target: outbox.dedupeKey });
}
