/**
 * through an email provider a sent email's outbox row keeps only whom it went to and its
 * subject (README "Security and limits"), whatever was queued: a turn notice, a sign-in email
 * (test/api/sign-in-privacy.test.ts), or a ready-made message such as the notification test, the
 * daily digest and the answer to an emailed move, which carry their lines.
 */
import { describe, expect, it } from 'vitest';
import { startReceiver } from '../support/receiver';
import { makeTestApp } from './support';

describe('a sent email through a provider keeps only its recipient and subject', () => {
  it('a ready-made message (the notification test) keeps no text in its outbox row once sent', async () => {
    const rx = await startReceiver(() => 200);
    const prod = await makeTestApp({
      emailProvider: 'resend',
      emailApiKey: 'test-key',
      emailApiUrl: rx.url,
      // The sign-in email is sent within the request: the tests' 1 s attempt limit (made for
      // receivers that hang) can pass on a loaded machine and leave it for the retry.
      deliveryTimeoutMs: 10_000,
    });
    try {
      expect((await prod.call('POST', '/api/auth/email', { body: { email: 'ready-made@example.com' } })).status).toBe(202);
      const link = /\/auth\/callback\?token=([0-9a-f]{64})/.exec(JSON.parse(rx.delivered[0].body).text)![1];
      const token = (await prod.call('POST', '/api/auth/token', { body: { token: link } })).json.sessionToken as string;

      const r = await prod.call('POST', '/api/me/notifications/test', { token });
      expect([r.status, r.json.channels]).toEqual([202, ['email']]);
      await prod.cron();
      expect(rx.delivered.map((d) => JSON.parse(d.body).subject)).toContain('Mountain Post test message');

      const rows = await prod.client.query<{ status: string; payload: unknown }>(
        `select status, payload from outbox where kind = 'test' and target = 'ready-made@example.com'`,
      );
      expect(rows.rows.map((x) => x.status)).toEqual(['sent']);
      expect(JSON.stringify(rows.rows[0].payload)).not.toContain('Notifications reach you here');
      expect(rows.rows[0].payload).toEqual({ to: 'ready-made@example.com', subject: 'Mountain Post test message' });
    } finally {
      await rx.close();
    }
  });
});
