import { eq } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema';
import type { ServiceCtx, User } from '../types';
import type { OutboxRow } from '../notices/enqueue';
import type { Message } from '../notices/message';
import { pushTestMessage, pushTestRow } from './push-subscriptions';
import { settingsRow } from '../notices/settings';
import { deviceTestRefusal, queueTestSend } from './test-limits';

/**
 * Queues a test message on every channel the user enabled; returns the channels used. Limited
 * like every test send (test-limits.ts: 429 past the account's limit); a push device that has a
 * test on its way, or had its limit of tests this minute, is left out.
 */
export async function enqueueTestMessages(ctx: ServiceCtx, user: User): Promise<string[]> {
  const s = await settingsRow(ctx.db, user.id);
  const message: Message = {
    kind: 'test',
    subject: 'Mountain Post test message',
    lines: ['Notifications reach you here. You will hear from us when it is your turn.'],
    url: `${ctx.config.publicUrl}/settings`,
  };
  const devices =
    s.push && ctx.config.vapid
      ? await ctx.db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))
      : [];
  const rows = await queueTestSend(ctx.db, ctx.config, user.id, ctx.now, (sends, key) => {
    const out: OutboxRow[] = [];
    const row = (channel: 'email' | 'webhook', target: string, payload: unknown): OutboxRow => ({
      channel,
      target,
      kind: 'test',
      userId: user.id,
      payload,
      createdAt: ctx.now,
      nextAttemptAt: ctx.now,
      dedupeKey: key(channel, target),
    });
    if (s.email) out.push(row('email', user.email, { message }));
    for (const d of devices)
      if (!deviceTestRefusal(sends, d.id, ctx.config, ctx.now))
        out.push(pushTestRow(user.id, d.id, pushTestMessage(ctx.config.publicUrl), ctx.now, key('push', d.id)));
    if (s.webhook) out.push(row('webhook', s.webhook.url, { message, webhook: s.webhook }));
    return out;
  });
  return [...new Set(rows.map((r) => r.channel))];
}
