import type { LogEntry } from '../../engine/core';
import { notificationSettings, outbox, type WebhookConfig } from '../../db/schema';
import { executedRows, rowFromJson } from '../../db/json-row';
import { claimDeliveriesCall, heldDeliveriesCall } from '../../db/sql-functions';
import type { Db } from '../../db/types';
import { gameRowFromJson, type GameRow } from '../lib/game-rows';
import type { SettingsRow } from '../notices/settings';

/** A claimed `outbox` row. */
export type OutboxRow = typeof outbox.$inferSelect;

/** A seat of a notice's game as the message needs it: the name and seen mark of its player. */
export interface NoticeSeat {
  seat: number;
  isBot: boolean;
  lastSeenSeq: number;
  /** The player's display name; null for a seat nobody holds. */
  name: string | null;
  /** The seat's switch for playing by email reply. */
  emailReplies: boolean;
}

/** The game of a game notice as it is now. */
export interface NoticeGame {
  row: GameRow;
  /** Every seat of the game, by seat index. */
  seats: NoticeSeat[];
  /** The log of each event after the notice seat's seen mark, oldest first (empty for a chat mention). */
  logs: LogEntry[][];
}

/**
 * Everything delivering one outbox row reads from the database besides push subscriptions, read
 * together at send time (SQL function `mp_delivery_context`, db/migrations/0014_*.sql).
 */
export interface DeliveryContext {
  /** The player's settings row; null when they have none yet (defaults) or the row has no user. */
  settings: SettingsRow | null;
  /** The player's webhook for the row's game (webhook rows only), else null. */
  gameHook: WebhookConfig | null;
  /** Null for rows that are not about one seat's game (sign-in, digest, test) or a game gone. */
  game: NoticeGame | null;
}

/** A claimed row with its context, read together. */
export interface ClaimedNotice {
  row: OutboxRow;
  context: DeliveryContext;
}

/** The context of a sign-in row: it needs nothing. */
const NONE: DeliveryContext = { settings: null, gameHook: null, game: null };

const outboxRow = rowFromJson(outbox);
const settingsRow = rowFromJson(notificationSettings);

interface ContextJson {
  settings: Record<string, unknown> | null;
  gameHook: WebhookConfig | null;
  game: { row: Record<string, unknown>; seats: NoticeSeat[]; log: LogEntry[][] } | null;
}

function contextFromJson(json: ContextJson | null): DeliveryContext {
  if (!json) return NONE;
  return {
    settings: json.settings ? settingsRow(json.settings) : null,
    gameHook: json.gameHook ?? null,
    game: json.game ? { row: gameRowFromJson(json.game.row), seats: json.game.seats, logs: json.game.log } : null,
  };
}

/**
 * Claims up to `limit` due rows until `until` (attempts + 1; `FOR UPDATE SKIP LOCKED`, so
 * concurrent drains never share a row) with each row's delivery context, in ONE statement (the
 * SQL function `mp_claim_deliveries`, whose plans the server connection keeps). Oldest due
 * first.
 */
export async function claimWithContext(db: Db, now: Date, until: Date, limit: number): Promise<ClaimedNotice[]> {
  return claimedNotices(await db.execute(claimDeliveriesCall(now, until, limit)));
}

/**
 * The due rows with dedupe keys `keys` that a commit queued already claimed until `held` for this
 * request to deliver, with each row's delivery context, in ONE read (`mp_held_deliveries`; no
 * claim to write). Rows no longer so claimed (the claim lapsed and the cron took them) are
 * left out.
 */
export async function heldWithContext(db: Db, now: Date, held: Date, keys: readonly string[]): Promise<ClaimedNotice[]> {
  return claimedNotices(await db.execute(heldDeliveriesCall(now, held, keys)));
}

function claimedNotices(result: unknown): ClaimedNotice[] {
  const [{ claimed }] = executedRows<{ claimed: { notice: Record<string, unknown>; context: ContextJson | null }[] }>(result);
  return claimed.map((r) => ({
    row: outboxRow(r.notice),
    context: contextFromJson(r.context),
  }));
}
