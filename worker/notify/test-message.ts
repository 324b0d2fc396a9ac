import { eq } from 'drizzle-orm';
import { outbox, pushSubscriptions } from '../../db/schema';
import type { ServiceCtx, User } from '../types';
import type { Message } from './message';
import { pushTestMessage, pushTestRow } from './push-subscriptions';
import { settingsRow } from './settings';

/** Queues a test message on every channel the user enabled; returns the channels used. */
export async function enqueueTestMessages(ctx: ServiceCtx, user: User): Promise<string[]> {
  const s = await settingsRow(ctx.db, user.id);
  const message: Message = {
    kind: 'test',
    subject: 'Mountain Post test message',
    lines: ['Notifications reach you here. You will hear from us when it is your turn.'],
    url: `${ctx.config.publicUrl}/settings`,
  };
  const stamp = ctx.now.getTime();
  const rows: (typeof outbox.$inferInsert)[] = [];
  if (s.email)
    rows.push({
      channel: 'email',
      target: user.email,
      kind: 'test',
      userId: user.id,
      payload: { message },
      createdAt: ctx.now,
      nextAttemptAt: ctx.now,
      dedupeKey: `test:${user.id}:email:${stamp}`,
    });
  if (s.push && ctx.config.vapid) {
    for (const d of await ctx.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id))) {
      rows.push(pushTestRow(user.id, d.id, pushTestMessage(ctx.config.publicUrl), ctx.now));
    }
  }
  if (s.webhook)
    rows.push({
      channel: 'webhook',
      target: s.webhook.url,
      kind: 'test',
      userId: user.id,
      payload: { message, webhook: s.webhook },
      createdAt: ctx.now,
      nextAttemptAt: ctx.now,
      dedupeKey: `test:${user.id}:webhook:${stamp}`,
    });
  if (rows.length) await ctx.db.insert(outbox).values(rows).onConflictDoNothing({ target: outbox.dedupeKey });
  return [...new Set(rows.map((r) => r.channel))];
}
