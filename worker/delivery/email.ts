import { attemptTimeoutMs, type Config } from '../env';
import type { RenderedEmail } from '../notices/message';
import { post, type DeliveryOutcome } from './outbound';

/**
 * Sends one email through the configured HTTP email API (Workers cannot speak SMTP).
 * - `dev`: nothing leaves the machine; the rendered email stays readable at /dev/mailbox.
 * - `resend`: POST {base}/emails, `Authorization: Bearer <key>` (Resend's REST API).
 * - `postmark`: POST {base}/email, `X-Postmark-Server-Token: <key>` (Postmark's REST API).
 * `idempotencyKey` (the outbox row) is sent as `Idempotency-Key`, which Resend honours, so a
 * retried attempt never produces a second email; Postmark gets it as a message header.
 */
export async function sendEmail(config: Config, email: RenderedEmail, idempotencyKey: string): Promise<DeliveryOutcome> {
  if (config.emailProvider === 'dev') return { ok: true };
  if (!config.emailApiKey) return { ok: false, error: 'EMAIL_API_KEY is not set' };
  // Providers take Reply-To as a field of its own (a turn email's signed reply address).
  const { 'Reply-To': replyTo, ...headers } = email.headers;
  if (config.emailProvider === 'resend') {
    const base = config.emailApiUrl ?? 'https://api.resend.com';
    return post(
      `${base}/emails`,
      JSON.stringify({
        from: config.emailFrom,
        to: [email.to],
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers,
        ...(replyTo ? { reply_to: replyTo } : {}),
      }),
      { 'content-type': 'application/json', authorization: `Bearer ${config.emailApiKey}`, 'idempotency-key': idempotencyKey },
      attemptTimeoutMs(config, 'email'),
    );
  }
  const base = config.emailApiUrl ?? 'https://api.postmarkapp.com';
  return post(
    `${base}/email`,
    JSON.stringify({
      From: config.emailFrom,
      To: email.to,
      Subject: email.subject,
      TextBody: email.text,
      HtmlBody: email.html,
      MessageStream: 'outbound',
      ...(replyTo ? { ReplyTo: replyTo } : {}),
      Headers: [...Object.entries(headers), ['X-Idempotency-Key', idempotencyKey]].map(([Name, Value]) => ({ Name, Value })),
    }),
    {
      'content-type': 'application/json',
      accept: 'application/json',
      'x-postmark-server-token': config.emailApiKey,
      'idempotency-key': idempotencyKey,
    },
    attemptTimeoutMs(config, 'email'),
  );
}
