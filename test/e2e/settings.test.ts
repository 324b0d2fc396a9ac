/**
 * Notifications in the browser, against `npm start` (development: loopback webhooks allowed,
 * dev mailbox), with a real HTTP receiver on 127.0.0.1 started here:
 * - Settings on a 375 px phone: the device's time zone is proposed and picked from a list, a
 *   signed JSON webhook is saved and its secret shown, and "Send test message" reaches the receiver once (signature checked with node:crypto and the secret read
 *   off the page) and the dev mailbox.
 * - A timed game made with the new-game form: the deadline in the viewer's zone, the time
 *   control, a per-game webhook, and the `X-Page-Visible` header on state polls (0 while the tab
 *   is hidden, 1 and unconditional when it is shown again, then conditional polls with 1).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { deadlineText } from '../../client/time';
import {
  hasChromium,
  newPlayerContext,
  phone,
  postAs,
  seeText,
  signIn,
  useServerAndBrowser,
  warnNoBrowser,
  type DevServer,
} from './support';
import { until } from '../support/wait';

warnNoBrowser('test/e2e/settings.test.ts');

interface Hit {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that answers 200 and records every request. */
async function startHookReceiver(): Promise<{ url: string; hits: Hit[]; close(): Promise<void> }> {
  const hits: Hit[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ method: req.method ?? '', path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A notice in the dev outbox (GET /dev/outbox.json). */
interface OutboxRow {
  channel: string;
  kind: string;
  status: string;
  attempts: number;
  target: string;
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  at: string;
}

/** Fails the test on uncaught page errors and console errors other than expected 4xx answers. */
function watchErrors(page: Page, errors: string[]): void {
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && !/status of 40[0139]/.test(m.text()) && errors.push(m.text()));
}

describe.skipIf(!hasChromium)('notifications in a browser', () => {
  const suite = useServerAndBrowser();
  let server: DevServer;
  let browser: Browser;
  let hook: Awaited<ReturnType<typeof startHookReceiver>>;

  beforeAll(async () => {
    ({ server, browser } = suite);
    hook = await startHookReceiver();
  }, 60_000);

  afterAll(async () => {
    await hook?.close();
  }, 30_000);

  test('settings on a phone: signed JSON webhook, server errors, test message to the webhook and the mailbox', async () => {
    const errors: string[] = [];
    const email = 'nell@example.test';
    const ctx = await newPlayerContext(browser, server.baseUrl, { ...phone, timezoneId: 'Europe/Berlin', locale: 'en-GB' });
    const page = await signIn(ctx, server.baseUrl, email);
    watchErrors(page, errors);

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Notifications', exact: true }).waitFor();

    // Never saved, server default UTC: the phone's own zone is proposed.
    const tz = page.getByLabel('Time zone', { exact: true });
    expect(await tz.inputValue()).toBe('Europe/Berlin');
    await seeText(page, 'Taken from this device; it is kept once you save.');
    // Defaults: email on, digest off, every kind on, no webhook.
    expect(await page.getByLabel(`Email me at ${email}`).isChecked()).toBe(true);
    expect(await page.getByLabel('One daily digest instead of an email for every turn').isChecked()).toBe(false);
    for (const label of [
      'It is my turn',
      'A game I play in has started',
      'A game is over (with the final scores)',
      'Someone mentions me in chat',
      'Reminders before a move deadline',
    ]) {
      expect(await page.getByLabel(label).isChecked(), label).toBe(true);
    }
    // The test needs saved settings first.
    expect(await page.getByRole('button', { name: 'Send test message' }).isDisabled()).toBe(true);

    // Turn on a JSON webhook at the receiver; no secret yet.
    await page.getByLabel('Also post notifications to a webhook').check();
    await page.getByLabel('Webhook URL').fill(`${hook.url}/mp-hook`);
    expect(await page.getByLabel('Format').inputValue()).toBe('json');
    await seeText(page, 'A signing secret is made for this webhook when you save');
    await seeText(page, 'HMAC-SHA256 of the raw request body');

    // The zone is picked from the runtime's list of IANA zones, and the device's is one click away.
    await tz.selectOption('America/New_York');
    expect(await tz.inputValue()).toBe('America/New_York');

    // Back to the device's zone, and save.
    await page.getByRole('button', { name: "Use this device's zone (Europe/Berlin)" }).click();
    expect(await tz.inputValue()).toBe('Europe/Berlin');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/me/notifications') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save notification settings' }).click();
    const put = await saved;
    expect(put.status()).toBe(200);
    expect(put.request().postDataJSON()).toEqual({
      email: true,
      digest: false,
      kinds: { yourTurn: true, gameStarted: true, gameOver: true, chatMention: true, reminder: true },
      webhook: { url: `${hook.url}/mp-hook`, format: 'json' },
      timeZone: 'Europe/Berlin',
      emailReplies: true,
      quietHours: null,
      autoVacation: true,
    });
    await seeText(page, 'Notification settings updated.');

    // The generated secret is shown, and it is the one the server keeps.
    const secret = await page.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^\S{16,}$/);
    const stored = await (await ctx.request.get(`${server.baseUrl}/api/me/notifications`)).json();
    expect(stored).toMatchObject({
      timeZone: 'Europe/Berlin',
      webhook: { url: `${hook.url}/mp-hook`, format: 'json', secret },
      failures: [],
    });
    await seeText(page, 'Dates in messages, your weekends and your quiet hours use this zone.');

    // Send a test message: both channels are used.
    expect(hook.hits).toHaveLength(0);
    const sentAt = Date.now();
    await page.getByRole('button', { name: 'Send test message' }).click();
    await until('the test result', async () => (await page.locator('#test-result').textContent())?.trim() || undefined);
    expect((await page.locator('#test-result').textContent())?.trim()).toBe(
      'Test message sent by email and to your webhook. It may take a few seconds to arrive.',
    );

    // The receiver gets exactly one POST, signed with the secret shown on the page.
    const hit = await until('the webhook POST', () => hook.hits[0]);
    const arrivedAt = Date.now();
    // Its outbox row says it was delivered on the first attempt: a sent row is never sent again.
    const row = await until('the webhook test delivered', async () => {
      const rows = (await (await ctx.request.get(`${server.baseUrl}/dev/outbox.json`)).json()) as OutboxRow[];
      return rows.find((r) => r.channel === 'webhook' && r.kind === 'test' && r.target.startsWith(hook.url) && r.status !== 'pending');
    });
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(hook.hits).toHaveLength(1);
    expect(hit.method).toBe('POST');
    expect(hit.path).toBe('/mp-hook');
    expect(hit.headers['content-type']).toMatch(/^application\/json/);
    const expected = `sha256=${createHmac('sha256', secret).update(hit.body).digest('hex')}`;
    const signature = String(hit.headers['x-signature']);
    expect(signature).toBe(expected);
    expect(timingSafeEqual(Buffer.from(signature), Buffer.from(expected))).toBe(true);
    const wrong = `sha256=${createHmac('sha256', `${secret}x`).update(hit.body).digest('hex')}`;
    expect(signature).not.toBe(wrong);
    const body = JSON.parse(hit.body) as { timestamp: number; kind: string; subject: string; url: string; id: string };
    expect(String(body.timestamp)).toBe(hit.headers['x-timestamp']);
    // Stamped when it was sent: after the click, and before it arrived (whole seconds).
    expect(body.timestamp).toBeGreaterThanOrEqual(Math.floor(sentAt / 1000));
    expect(body.timestamp).toBeLessThanOrEqual(Math.ceil(arrivedAt / 1000));
    expect(body.kind).toBe('test');
    expect(body.subject).toBe('Mountain Post test message');
    expect(body.url).toMatch(/\/settings$/);
    expect(hit.headers['idempotency-key']).toBe(body.id);

    // ... and the dev mailbox has the test email.
    const mail = await until('the test email in the dev mailbox', async () => {
      const mails = (await (await fetch(`${server.baseUrl}/dev/mailbox.json`)).json()) as Mail[];
      return mails.find((m) => m.to === email && m.subject === 'Mountain Post test message');
    });
    expect(mail.text).toContain('Notifications reach you here.');

    // No sideways scrolling on the phone, with the webhook fields and the secret open.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await seeText(page, 'Failed deliveries');
    await seeText(page, 'None: every notification that was due has been delivered or is still being retried.');

    // A reload shows what was saved (no suggestion any more).
    await page.reload();
    await page.getByRole('heading', { name: 'Notifications', exact: true }).waitFor();
    await page.getByLabel('Signing secret').waitFor();
    expect(await page.getByLabel('Signing secret').inputValue()).toBe(secret);
    expect(await page.getByLabel('Webhook URL').inputValue()).toBe(`${hook.url}/mp-hook`);
    expect(await page.getByLabel('Time zone', { exact: true }).inputValue()).toBe('Europe/Berlin');
    expect(await page.getByRole('button', { name: 'Send test message' }).isEnabled()).toBe(true);

    expect(errors).toEqual([]);
    await ctx.close();
  }, 90_000);

  test('a timed game: deadline in the viewer’s zone, per-game webhook, X-Page-Visible on state polls', async () => {
    const errors: string[] = [];
    const ctxA = await newPlayerContext(browser, server.baseUrl, {
      timezoneId: 'America/New_York',
      locale: 'en-GB',
      viewport: { width: 1100, height: 900 },
    });
    const ctxB = await newPlayerContext(browser, server.baseUrl);
    const a = await signIn(ctxA, server.baseUrl, 'otto@example.test');
    await signIn(ctxB, server.baseUrl, 'pia@example.test');
    watchErrors(a, errors);

    // A creates a 2-player game with 24 hours per move that ends when time runs out.
    await a.getByRole('link', { name: 'New game' }).first().click();
    await a.getByLabel('Game', { exact: true }).selectOption('secret-dice');
    await a.getByLabel('Players', { exact: true }).selectOption('2');
    const tc = a.getByLabel('Time control');
    expect(await tc.inputValue()).toBe('none');
    expect(await a.getByText('When time runs out').count()).toBe(0);
    await tc.selectOption('24h');
    expect(await a.getByLabel('The bot plays the turn').isChecked()).toBe(true); // the default
    await a.getByRole('group', { name: 'Time to move' }).getByLabel('The game ends').check();
    const created = a.waitForResponse((r) => r.url().endsWith('/api/games') && r.request().method() === 'POST');
    await a.getByRole('button', { name: 'Create game' }).click();
    const createReq = (await created).request().postDataJSON() as Record<string, unknown>;
    expect(createReq).toMatchObject({ type: 'secret-dice', players: 2, timeControl: '24h', onTimeout: 'end' });
    await seeText(a, 'Game created');
    const invite = new URL(await a.getByLabel(/Invite link/).inputValue());
    const id = decodeURIComponent(invite.pathname.split('/').pop()!);
    await postAs(ctxB, server.baseUrl, `/api/games/${id}/join`, { invite: invite.searchParams.get('invite') });
    const startFrom = Date.now();
    await postAs(ctxA, server.baseUrl, `/api/games/${id}/start`);
    const startBy = Date.now();
    const meta = (await (await ctxA.request.get(`${server.baseUrl}/api/games/${id}`)).json()) as {
      timeControl: unknown;
      onTimeout: string;
      deadlineAt: string | null;
    };
    expect(meta).toMatchObject({ timeControl: { kind: 'per-move', hours: 24 }, onTimeout: 'end' });
    expect(meta.deadlineAt).not.toBeNull();
    // 24 hours from the start (the instant falls within the start request, to the second).
    const deadlineAt = Date.parse(meta.deadlineAt!);
    expect(deadlineAt).toBeGreaterThanOrEqual(startFrom - 1000 + 24 * 3600_000);
    expect(deadlineAt).toBeLessThanOrEqual(startBy + 1000 + 24 * 3600_000);

    // A opens the game in a background tab (hidden from the start), recording state polls.
    const polls: { visible: string | undefined; ifNoneMatch: string | undefined }[] = [];
    a.on('request', (r) => {
      if (new URL(r.url()).pathname !== `/api/games/${id}/state`) return;
      const h = r.headers();
      polls.push({ visible: h['x-page-visible'], ifNoneMatch: h['if-none-match'] });
    });
    await a.addInitScript(() => {
      const w = window as unknown as { __mpVisibility: string };
      w.__mpVisibility = 'hidden';
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => w.__mpVisibility });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => w.__mpVisibility === 'hidden' });
    });
    await a.goto(`/games/${id}`);
    await seeText(a, 'Your turn.');
    expect(polls.length).toBeGreaterThanOrEqual(1);
    expect(polls.map((p) => p.visible)).toEqual(polls.map(() => '0')); // hidden: never "seen"

    // Shown: one unconditional fetch with X-Page-Visible: 1 at once ...
    const before = polls.length;
    await a.evaluate(() => {
      (window as unknown as { __mpVisibility: string }).__mpVisibility = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
    });
    // The first request after the change is that fetch, not a poll of the hidden tab's timer (a
    // poll is conditional, it sends If-None-Match).
    const shown = await until('the poll after showing the tab', () => polls[before]);
    expect(shown.visible).toBe('1');
    expect(shown.ifNoneMatch).toBeUndefined();
    // ... then conditional polls every ~3 s, still saying the page is visible.
    const next = await until('a conditional poll', () => polls.slice(before + 1).find((p) => p.ifNoneMatch), { timeoutMs: 10_000 });
    expect(next.visible).toBe('1');
    expect(next.ifNoneMatch).toMatch(/\S/);

    // The deadline in A's zone (New York) with its name, the time left, and the time control.
    const deadline = a.locator('p.deadline');
    await deadline.waitFor();
    const want = deadlineText(meta.deadlineAt!, 'America/New_York', 'en-GB');
    // en-GB names US zones by offset ("GMT-5"); en-US would say "EST". The IANA name follows.
    expect(want).toMatch(/ (E[DS]T|GMT-[45]) \(America\/New_York\)$/);
    expect((await a.locator('p.deadline time').textContent())?.trim()).toBe(want);
    expect(await a.locator('p.deadline time').getAttribute('datetime')).toBe(meta.deadlineAt);
    expect((await a.locator('p.deadline .until').textContent())?.trim()).toBe('in 23 h');
    expect((await deadline.textContent())?.replace(/\s+/g, ' ').trim()).toBe(
      `Your move is due by ${want} (in 23 h); after that the game ends.`,
    );
    // the time control sits in the folded "About this game".
    await a.getByText('About this game', { exact: true }).click();
    await seeText(a, '24 h per move; when time runs out the game ends');

    // Per-game webhook: a refused address shows the server's reason; a Discord one is saved.
    await a.getByText('Notify this game to a webhook').click();
    await a.getByLabel('Webhook URL').fill('https://192.168.1.20/hook');
    await a.getByRole('button', { name: 'Save webhook' }).click();
    await a.locator('#game-hook-url-error').waitFor();
    expect((await a.locator('#game-hook-url-error').textContent())?.trim()).toBe(
      'Webhook URLs must point to a public address (192.168.1.20 is private).',
    );
    await a.getByLabel('Webhook URL').fill(`${hook.url}/game-hook`);
    await a.getByLabel('Format').selectOption('discord');
    await a.getByLabel('Discord user id to mention (optional)').fill('123456789012345678');
    const put = a.waitForResponse((r) => r.url().endsWith(`/api/games/${id}/webhook`) && r.request().method() === 'PUT');
    await a.getByRole('button', { name: 'Save webhook' }).click();
    const res = await put;
    expect(res.status()).toBe(200);
    expect(res.request().postDataJSON()).toEqual({
      webhook: { url: `${hook.url}/game-hook`, format: 'discord', mention: '123456789012345678' },
    });
    expect(await res.json()).toMatchObject({ webhook: { url: `${hook.url}/game-hook`, format: 'discord', mention: '123456789012345678' } });
    await seeText(a, 'Saved. Your notifications about this game now go to this webhook instead of your account webhook.');

    // Replies by email: says what is in effect, and offers the one button that changes it.
    await a.getByText('Replies by email').click();
    await seeText(a, 'On: replying to a turn email of this game plays your move.');
    expect(await a.getByRole('button', { name: 'Allow replies for this game' }).count()).toBe(0);
    await a.getByRole('button', { name: 'Stop replies for this game' }).click();
    await seeText(a, 'Off for this game: its turn emails take no replies.');
    await a.getByRole('button', { name: 'Allow replies for this game' }).waitFor();
    const saved = (await (await ctxA.request.get(`${server.baseUrl}/api/games/${id}/email-replies`)).json()) as unknown;
    expect(saved).toEqual({ on: false, accountOn: true });

    // When A moves, the page fetches the new deadline: now B's turn.
    await a.getByRole('button', { name: 'Bank 1 point' }).click();
    await a.getByRole('button', { name: 'End turn' }).click();
    await seeText(a, /^Waiting for /);
    await until('the deadline of the next turn', async () => {
      const text = (await deadline.textContent())?.replace(/\s+/g, ' ').trim() ?? '';
      return text.startsWith('This turn is due by') ? text : undefined;
    });

    expect(errors).toEqual([]);
    await ctxA.close();
    await ctxB.close();
  }, 120_000);
});
