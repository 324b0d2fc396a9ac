import type { WebhookConfig } from '../../db/schema';
import type { DeliveryContext, OutboxRow } from './delivery-context';
import { KIND_SWITCH, type GameNoticePayload, type SeatNotice } from '../notices/enqueue';
import { DEFAULT_KINDS } from '../notices/settings';
import { quietPeriodAt } from '../time-control/calendar';

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
 * Applies the player's settings at delivery time: a notice queued during the grace period
 * honours an unsubscribe, a switched-off kind or channel, the daily digest and a removed or
 * replaced webhook that happened since. `context` is the row's delivery context as just read
 * (settings null: none yet, so defaults). Rows without a user (none today) go as queued. No I/O.
 */
export function channelNow(row: OutboxRow, context: Pick<DeliveryContext, 'settings' | 'gameHook'>): ChannelNow {
  const s = context.settings;
  const p = row.payload as Partial<GameNoticePayload> & { webhook?: WebhookConfig };
  const queued: ChannelNow = { skip: null, webhook: p.webhook ?? null, viaGameWebhook: !!p.viaGameWebhook };
  if (!row.userId) return queued;
  const kind = row.kind as SeatNotice['kind'];
  const isGameNotice = kind in KIND_SWITCH;
  if (isGameNotice && !{ ...DEFAULT_KINDS, ...s?.kinds }[KIND_SWITCH[kind]])
    return { ...queued, skip: `skipped: ${KIND_SWITCH[kind]} notifications turned off` };
  if (row.channel === 'email') {
    if (s && !s.email) return { ...queued, skip: 'skipped: email turned off' };
    if (kind === 'your_turn' && s?.digest) return { ...queued, skip: 'skipped: the daily digest replaces it' };
    if (row.kind === 'digest' && s && !s.digest) return { ...queued, skip: 'skipped: the daily digest turned off' };
    return queued;
  }
  if (row.channel === 'push') return s && !s.push ? { ...queued, skip: 'skipped: push turned off' } : queued;
  if (row.channel !== 'webhook') return queued;
  const gameHook = isGameNotice && row.gameId ? context.gameHook : null;
  if (gameHook) return { skip: null, webhook: gameHook, viaGameWebhook: true };
  if (s?.webhook) return { skip: null, webhook: s.webhook, viaGameWebhook: false };
  return { ...queued, skip: 'skipped: webhook removed' };
}

/** `last_error` of a notice held back by its player's quiet hours (released together when they end). */
export const QUIET_HELD = 'held: quiet hours';

/** Kinds that quiet hours never hold: what the player just asked for themselves. */
const NEVER_HELD = new Set(['signin', 'test', 'mail_answer']);

/**
 * When a notice falls inside its player's quiet hours (their zone, `quietStart`-`quietEnd`):
 * the instant they end, when it should wait till then; null to send it now. No I/O.
 */
export function quietUntil(row: OutboxRow, context: Pick<DeliveryContext, 'settings'>, now: Date): Date | null {
  const s = context.settings;
  if (!row.userId || NEVER_HELD.has(row.kind) || !s || s.quietStart === null || s.quietEnd === null) return null;
  const period = quietPeriodAt(s.timeZone, { startMinute: s.quietStart, endMinute: s.quietEnd }, now.getTime());
  return period ? new Date(period.to) : null;
}
