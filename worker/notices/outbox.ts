import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { outbox } from '../../db/schema';
import type { Db } from '../../db/types';
import type { Config } from '../env';

/** A drain owns the rows it claimed for this long (a crashed drain's rows come back after it). */
export const CLAIM_MS = 2 * 60 * 1000;

/** An email as the outbox holds it (channel `email`). `token` is set for sign-in emails (dev only). */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  token?: string;
  /** A delivered game email's Reply-To (play by email reply) and its whole MIME text (dev provider only). */
  replyTo?: string | null;
  raw?: string;
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

/**
 * Whether sent sign-in emails keep their link in the outbox: only where the dev mailbox is the
 * delivery (provider `dev` outside production), since there the outbox row IS the email.
 */
export function keepsSignInLinks(config: Pick<Config, 'emailProvider' | 'appEnv'>): boolean {
  return config.emailProvider === 'dev' && config.appEnv !== 'production';
}

/**
 * A delivered sign-in email as the outbox keeps it: token and link removed, so the
 * table (its backups, anyone who can read it) holds no usable sign-in secret once sent.
 */
export function redactSignIn(msg: EmailMessage): EmailMessage {
  const gone = (s: string) => s.replace(/(\/auth\/callback\?token=)[^\s"'&<]+/g, '$1[removed after delivery]');
  const { token: _token, ...rest } = msg;
  return { ...rest, text: gone(msg.text), html: gone(msg.html) };
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

/**
 * The dev outbox: every queued notice on every channel, newest first, with its delivery state
 * (`pending`, `sent`, `failed`, `skipped`) and attempts, so a test or a developer can tell a
 * notice that is still to come from one that is done. Development only; no payloads.
 */
export async function devOutbox(db: Db, limit = 200) {
  const rows = await db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      kind: outbox.kind,
      status: outbox.status,
      attempts: outbox.attempts,
      target: outbox.target,
      userId: outbox.userId,
      gameId: outbox.gameId,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      lastError: outbox.lastError,
    })
    .from(outbox)
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), sentAt: r.sentAt?.toISOString() ?? null }));
}
