/**
 * Review of issue 46 ("deletion takes every trace"): erasing a deleted account's names must not
 * rewrite what other people keep that never concerned it. eraseTraces rewrites every outbox row in
 * the whole system (and every report whose excerpt or text holds the word) where any name the
 * account ever had stands as a word, so an account that names itself "Mountain Post" (or "link",
 * "localhost", "the") and then deletes itself rewrites everyone's emails.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from './support';
import { lastMailTo } from './safety-support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

describe('review46: a deletion leaves what others keep alone', () => {
  it("an unrelated player's sign-in email is not rewritten by a deletion of an account once named as its words", async () => {
    await api.signIn('bystander@vandal.test', 'Bystander');
    // A fresh sign-in link for the bystander, queued in the outbox.
    expect((await api.call('POST', '/api/auth/email', { body: { email: 'bystander@vandal.test' } })).status).toBe(202);
    const before = await lastMailTo(api, 'bystander@vandal.test');
    const vandal = await api.signIn('vandal@vandal.test', 'Vandal');
    for (const name of ['Mountain Post', 'link']) expect((await api.call('PATCH', '/api/me', { token: vandal, body: { name } })).status).toBe(200);
    expect((await api.call('POST', '/api/me/deletion', { token: vandal })).status).toBe(202);
    const token = /\/account\/delete\?token=([0-9a-f]+)/.exec((await lastMailTo(api, 'vandal@vandal.test')).text)![1];
    expect((await api.call('POST', '/api/me/deletion/confirm', { body: { token } })).status).toBe(200);
    const mails = (await api.call('GET', '/dev/mailbox.json')).json as { to: string; text: string }[];
    const after = mails.find((m) => m.text.includes(before.text.slice(-40))) ?? mails.find((m) => m.to.includes('bystander'));
    expect(after).toBeDefined();
    expect(after!.to).toBe('bystander@vandal.test');
    expect(after!.text).toBe(before.text);
    expect(after!.text).not.toContain('Deleted player');
  });
});
