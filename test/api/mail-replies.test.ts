/**
 * play by email reply, in process: what turn emails carry (a signed Reply-To per seat and
 * version, the numbered choices, as mimetext MIME in the dev mailbox), the dev mailbox's reply
 * path, and the off switches per account and per game.
 */
import PostalMime from 'postal-mime';
import { beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../worker/env';
import { sendEmail } from '../../worker/delivery/email';
import { REPLY_HELP, renderEmail } from '../../worker/notices/message';
import { startReceiver } from '../support/receiver';
import { verifyReplyToken } from '../../worker/mail-in/token';
import { makeTestApp, type TestApi } from './support';

const SECRET = 'api-test-mail-reply-secret-0123';
const DOMAIN = 'mp.test';

interface BoxMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string | null;
  raw?: string;
}

async function mailbox(api: TestApi): Promise<BoxMail[]> {
  return (await api.call('GET', '/dev/mailbox.json')).json as BoxMail[];
}

async function emailOf(api: TestApi, token: string): Promise<string> {
  return (await api.call('GET', '/api/me', { token })).json.email as string;
}

/** A plain reply from `from` to `to` carrying `text`, as raw RFC 5322. */
function reply(from: string, to: string, text: string): string {
  return [
    `From: ${from}`,
    `To: ${to}`,
    'Subject: Re: Your turn',
    `Message-ID: <${Math.random().toString(36).slice(2)}@example.com>`,
    'Content-Type: text/plain',
    '',
    text,
    '',
  ].join('\r\n');
}

describe('turn emails carry a reply address and the numbered choices', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeTestApp({ mailReplies: { secret: SECRET, domain: DOMAIN } });
  });

  it("the active seat's email has a Reply-To signed for its seat and version, and the choices", async () => {
    const { id, tokens } = await api.startedGame(2);
    const email0 = await emailOf(api, tokens[0]);
    const email1 = await emailOf(api, tokens[1]);
    const version = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json.version as number;
    const box = await mailbox(api);
    const mine = box.find((m) => m.to === email0 && m.replyTo)!;
    expect(mine.replyTo).toMatch(new RegExp(`^play\\+${id}-0-${version}-[0-9a-f]{20}@mp\\.test$`));
    expect(await verifyReplyToken(SECRET, mine.replyTo!.slice('play+'.length, -`@${DOMAIN}`.length))).toEqual({
      gameId: id,
      seat: 0,
      version,
    });
    expect(mine.text).toContain(`${REPLY_HELP}\n1. Roll a die\n2. Bank 1 point\n`);
    const parsed = await PostalMime.parse(mine.raw!);
    expect(parsed.replyTo?.[0].address).toBe(mine.replyTo);
    expect(parsed.text).toContain('1. Roll a die');
    // Seat 1 is not to move: its game-started email takes no replies.
    const theirs = box.filter((m) => m.to === email1);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((m) => !m.replyTo && !m.text.includes(REPLY_HELP))).toBe(true);
  });

  it('a reply through the dev route plays the move and is answered with the next choices', async () => {
    const { tokens } = await api.startedGame(2);
    const email0 = await emailOf(api, tokens[0]);
    const address = (await mailbox(api)).find((m) => m.to === email0 && m.replyTo)!.replyTo!;
    const r = await api.call('POST', '/dev/mail-in', { body: { from: email0, to: address, raw: reply(email0, address, 'bank') } });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ kind: 'answered', applied: ['Bank 1 point'], refusal: null });
    const answer = (await mailbox(api)).find((m) => m.to === email0 && m.subject === 'Re: Your turn')!;
    expect(answer.text).toContain('Done: Bank 1 point.');
    expect(answer.text).toContain('It is your turn again: choose below.');
    expect(answer.replyTo).not.toBe(address);
    const raw = await PostalMime.parse(answer.raw!);
    expect(raw.headers.find((h) => h.key === 'auto-submitted')?.value).toBe('auto-replied');
    // The Reply box of the dev mailbox page posts the same way and comes back to the mailbox.
    const form = new URLSearchParams({ from: email0, to: answer.replyTo!, subject: answer.subject, text: 'end', quote: answer.text });
    const boxed = await api.call('POST', '/dev/mailbox/reply', {
      raw: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(boxed.status).toBe(303);
    expect(decodeURIComponent(boxed.headers.get('location')!)).toBe('/dev/mailbox?reply=played End turn; the answer is in the mailbox.');
    const page = await api.call('GET', '/dev/mailbox');
    expect(page.text).toContain('action="/dev/mailbox/reply"');
  });

  it('a second answer to the same email, after the move was made, says the move is already made (not "the game moved on")', async () => {
    const { id, tokens } = await api.startedGame(2);
    const email0 = await emailOf(api, tokens[0]);
    const address = (await mailbox(api)).find((m) => m.to === email0 && m.replyTo)!.replyTo!;
    expect(
      (await api.call('POST', '/dev/mail-in', { body: { from: email0, to: address, raw: reply(email0, address, 'bank') } })).json.applied,
    ).toEqual(['Bank 1 point']);
    const version = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json.version as number;
    const again = await api.call('POST', '/dev/mail-in', { body: { from: email0, to: address, raw: reply(email0, address, 'bank') } });
    expect(again.json.applied).toEqual([]);
    expect(again.json.refusal).toBe(
      '"bank" was not played: you have already made your move since that email (on the game page or in another reply).',
    );
    expect((await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json.version).toBe(version);
  });

  it('the account switch: off means no reply address in turn emails, and replies play nothing', async () => {
    const { id, tokens } = await api.startedGame(2);
    const email0 = await emailOf(api, tokens[0]);
    const address = (await mailbox(api)).find((m) => m.to === email0 && m.replyTo)!.replyTo!;
    const kinds = { yourTurn: true, gameStarted: true, gameOver: true, chatMention: true, reminder: true };
    const saved = await api.call('PUT', '/api/me/notifications', {
      token: tokens[0],
      body: { email: true, digest: false, emailReplies: false, kinds, webhook: null, timeZone: 'UTC' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.emailReplies).toBe(false);
    const before = (await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json.version;
    const r = await api.call('POST', '/dev/mail-in', { body: { from: email0, to: address, raw: reply(email0, address, 'bank') } });
    expect(r.json).toEqual({ kind: 'answered', applied: [], refusal: 'turned off' });
    expect((await api.call('GET', `/api/games/${id}/state`, { token: tokens[0] })).json.version).toBe(before);
    const answer = (await mailbox(api)).find((m) => m.to === email0 && m.subject === 'Re: Your turn')!;
    expect(answer.text).toContain('Playing by email reply is turned off for your account');
    expect(answer.replyTo).toBeNull();
    // Seat 1, whose switch is on, still gets a reply address in its turn email.
    await api.call('POST', `/api/games/${id}/moves`, { token: tokens[0], body: { version: before, move: { type: 'bank' } } });
    const ended = await api.call('POST', `/api/games/${id}/moves`, {
      token: tokens[0],
      body: { version: before + 1, move: { type: 'end' } },
    });
    expect(ended.status, ended.text).toBe(200);
    const email1 = await emailOf(api, tokens[1]);
    expect((await mailbox(api)).find((m) => m.to === email1 && m.subject.startsWith('Your turn'))?.replyTo).toMatch(/^play\+/);
  });

  it('the per-game switch: GET and PUT /api/games/:id/email-replies, seated players only', async () => {
    const { id, tokens } = await api.startedGame(2);
    const email0 = await emailOf(api, tokens[0]);
    const address = (await mailbox(api)).find((m) => m.to === email0 && m.replyTo)!.replyTo!;
    const off = await api.call('PUT', `/api/games/${id}/email-replies`, { token: tokens[0], body: { on: false } });
    expect(off.status, off.text).toBe(200);
    expect(off.json).toEqual({ on: false });
    expect((await api.call('GET', `/api/games/${id}/email-replies`, { token: tokens[0] })).json).toEqual({ on: false, accountOn: true });
    const r = await api.call('POST', '/dev/mail-in', { body: { from: email0, to: address, raw: reply(email0, address, 'bank') } });
    expect(r.json).toEqual({ kind: 'answered', applied: [], refusal: 'turned off' });
    const outsider = await api.signIn(`outsider-${Math.floor(Math.random() * 1e9)}@example.com`);
    const refused = await api.call('PUT', `/api/games/${id}/email-replies`, { token: outsider, body: { on: false } });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('not_seated');
    expect((await api.call('GET', `/api/games/${id}/email-replies`, { token: outsider })).status).toBe(403);
    const on = await api.call('PUT', `/api/games/${id}/email-replies`, { token: tokens[0], body: { on: true } });
    expect(on.json).toEqual({ on: true });
    const again = await api.call('POST', '/dev/mail-in', { body: { from: email0, to: address, raw: reply(email0, address, 'bank') } });
    expect(again.json).toEqual({ kind: 'answered', applied: ['Bank 1 point'], refusal: null });
  });

  it('without a secret, turn emails carry no reply address and inbound mail is refused', async () => {
    const plain = await makeTestApp({ mailReplies: null });
    const { tokens } = await plain.startedGame(2);
    const email0 = await emailOf(plain, tokens[0]);
    const box = await mailbox(plain);
    expect(box.filter((m) => m.to === email0).every((m) => !m.replyTo)).toBe(true);
    const r = await plain.call('POST', '/dev/mail-in', {
      body: { from: email0, to: 'play+x@mp.test', raw: reply(email0, 'play+x@mp.test', '1') },
    });
    expect(r.json).toEqual({ kind: 'rejected', reason: 'This server does not take moves by email.' });
  });
});

describe('the reply address through the email providers', () => {
  it('Resend gets it as reply_to and Postmark as ReplyTo, not as a raw header', async () => {
    const rx = await startReceiver();
    try {
      const email = renderEmail(
        'ada@example.com',
        {
          kind: 'your_turn',
          subject: 'Your turn',
          lines: [],
          url: 'http://x/games/g_1',
          reply: { address: 'play+g_1-0-3-00@mp.test', choices: ['1. Go'] },
        },
        'http://x/unsubscribe',
        'UTC',
      );
      expect(email.headers['Reply-To']).toBe('play+g_1-0-3-00@mp.test');
      for (const provider of ['resend', 'postmark'] as const) {
        const config = { ...readConfig({ APP_ENV: 'test' }), emailProvider: provider, emailApiKey: 'k', emailApiUrl: rx.url };
        expect(await sendEmail(config, email, 'mp-1')).toMatchObject({ ok: true });
      }
      const [resend, postmark] = rx.delivered.map((d) => JSON.parse(d.body));
      expect(resend.reply_to).toBe('play+g_1-0-3-00@mp.test');
      expect(resend.headers['Reply-To']).toBeUndefined();
      expect(resend.text).toContain('1. Go');
      expect(postmark.ReplyTo).toBe('play+g_1-0-3-00@mp.test');
      expect(postmark.Headers.map((h: { Name: string }) => h.Name)).not.toContain('Reply-To');
    } finally {
      await rx.close();
    }
  });
});
