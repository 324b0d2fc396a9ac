import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { outbox } from '../../db/schema';
import type { Db } from '../../db/types';

/** An email as the outbox holds it (channel `email`). `token` is set for sign-in emails (dev only). */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  token?: string;
}

/**
 * Queues an email in the outbox; call it inside the transaction of whatever caused it
 * (transactional outbox, docs/design.md "Notifications"). `dedupeKey` makes the enqueue idempotent.
 */
export async function enqueueEmail(db: Db, msg: EmailMessage, now: Date, dedupeKey?: string): Promise<void> {
  await db
    .insert(outbox)
    .values({ channel: 'email', kind: 'signin', target: msg.to, payload: msg, dedupeKey, createdAt: now, nextAttemptAt: now })
    .onConflictDoNothing({ target: outbox.dedupeKey });
}

/** The dev mailbox: every rendered email (sign-in links, delivered notices), newest first. Development only. */
export async function devMailbox(db: Db, limit = 100) {
  const rows = await db
    .select({ payload: outbox.payload, at: outbox.createdAt })
    .from(outbox)
    .where(and(eq(outbox.channel, 'email'), isNotNull(sql`${outbox.payload} ->> 'subject'`)))
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map((r) => ({ ...(r.payload as EmailMessage), at: r.at.toISOString() }));
}
