import { and, eq } from 'drizzle-orm';
import { gameWebhooks, outbox, type WebhookConfig } from '../../db/schema';
import type { Db } from '../../db/types';
import { KIND_SWITCH, type GameNoticePayload, type SeatNotice } from './enqueue';
import { DEFAULT_KINDS, type SettingsRow } from './settings';

type OutboxRow = typeof outbox.$inferSelect;

/**
 * Where a queued notice goes now: `skip` (a sentence) when the player turned that channel or
 * kind off, or removed the webhook, after it was queued; otherwise the webhook to use (the
 * current one: the per-game webhook if set, else the account one) and whether it is the game's.
 */
export interface ChannelNow {
  skip: string | null;
  webhook: WebhookConfig | null;
  viaGameWebhook: boolean;
}

/**
 * Reads the player's settings at delivery time (#13.4): a notice queued during the grace period
 * honours an unsubscribe, a switched-off kind or channel, the daily digest and a removed or
 * replaced webhook that happened since. `s` is the player's settings row as just read (null:
 * none yet, so defaults). Rows without a user (none today) go as queued.
 */
export async function channelNow(db: Db, row: OutboxRow, s: SettingsRow | null): Promise<ChannelNow> {
  const p = row.payload as Partial<GameNoticePayload> & { webhook?: WebhookConfig };
  const queued: ChannelNow = { skip: null, webhook: p.webhook ?? null, viaGameWebhook: !!p.viaGameWebhook };
  if (!row.userId) return queued;
  const kind = row.kind as SeatNotice['kind'];
  const isGameNotice = kind in KIND_SWITCH;
  if (isGameNotice && !{ ...DEFAULT_KINDS, ...s?.kinds }[KIND_SWITCH[kind]]) return { ...queued, skip: `skipped: ${KIND_SWITCH[kind]} notifications turned off` };
  if (row.channel === 'email') {
    if (s && !s.email) return { ...queued, skip: 'skipped: email turned off' };
    if (kind === 'your_turn' && s?.digest) return { ...queued, skip: 'skipped: the daily digest replaces it' };
    if (row.kind === 'digest' && s && !s.digest) return { ...queued, skip: 'skipped: the daily digest turned off' };
    return queued;
  }
  if (row.channel === 'push') return s && !s.push ? { ...queued, skip: 'skipped: push turned off' } : queued;
  if (row.channel !== 'webhook') return queued;
  const [game] = isGameNotice && row.gameId
    ? await db.select({ config: gameWebhooks.config }).from(gameWebhooks).where(and(eq(gameWebhooks.gameId, row.gameId), eq(gameWebhooks.userId, row.userId)))
    : [];
  if (game) return { skip: null, webhook: game.config, viaGameWebhook: true };
  if (s?.webhook) return { skip: null, webhook: s.webhook, viaGameWebhook: false };
  return { ...queued, skip: 'skipped: webhook removed' };
}
