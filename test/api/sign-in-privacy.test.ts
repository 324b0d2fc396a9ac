/**
 * Sign-in and privacy: each item reproduced against `npm start`, kept here as a
 * regression test on the in-process app (PGlite).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../support/receiver';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** Asks for a sign-in link from `ip` and returns the response. */
function ask(t: TestApi, email: string, ip: string) {
  return t.call('POST', '/api/auth/email', { body: { email }, headers: { 'cf-connecting-ip': ip } });
}

/** The newest sign-in token mailed to `email` (dev mailbox). */
async function tokenFor(t: TestApi, email: string): Promise<string> {
  const mails = (await t.call('GET', '/dev/mailbox.json')).json as { to: string; token?: string }[];
  return mails.find((m) => m.to === email)!.token!;
}

/** Presses "Continue signing in": the form POST with the given headers. */
function pressContinue(t: TestApi, token: string, headers: Record<string, string>) {
  return t.call('POST', '/auth/callback', { raw: new URLSearchParams({ token }).toString(), headers: { ...form, ...headers } });
}

async function tokenUsed(t: TestApi, email: string): Promise<boolean[]> {
  const r = await t.client.query<{ used: boolean }>(
    'select used_at is not null as used from login_tokens where email = $1 order by created_at',
    [email],
  );
  return r.rows.map((x) => x.used);
}

describe('link scanners: opening a sign-in link uses nothing until "Continue signing in" is pressed', () => {
  it('GET and HEAD show a form page, set no cookie and leave the token unused', async () => {
    await ask(api, 'scanned@example.com', '198.51.100.1');
    const token = await tokenFor(api, 'scanned@example.com');
    const head = await api.call('HEAD', `/auth/callback?token=${token}`);
    expect(head.status).toBe(200);
    expect(head.headers.get('set-cookie')).toBeNull();
    const page = await api.call('GET', `/auth/callback?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(page.text).toContain('<form method="post" action="/auth/callback">');
    expect(page.text).toContain(`<input type="hidden" name="token" value="${token}" />`);
    expect(page.text).toContain('<button type="submit">Continue signing in</button>');
    expect(page.text).not.toMatch(/<script|<style|style=/i);
    expect(await tokenUsed(api, 'scanned@example.com')).toEqual([false]);

    // The person, after the scanner: the button signs in.
    const post = await pressContinue(api, token, { origin: 'http://localhost' });
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe('/');
    const cookie = post.headers.get('set-cookie')!.split(';')[0];
    expect((await api.call('GET', '/api/me', { headers: { cookie } })).json.email).toBe('scanned@example.com');
    expect(await tokenUsed(api, 'scanned@example.com')).toEqual([true]);
    // A used link shows the "ask for a new one" page on GET, and signs nobody in on POST.
    expect((await api.call('GET', `/auth/callback?token=${token}`)).status).toBe(400);
    expect((await pressContinue(api, token, { origin: 'http://localhost' })).status).toBe(400);
  });

  it('the POST is refused from another site (login CSRF) and the token stays usable', async () => {
    await ask(api, 'csrf-login@example.com', '198.51.100.2');
    const token = await tokenFor(api, 'csrf-login@example.com');
    for (const headers of [
      { origin: 'https://evil.example' },
      {},
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const r = await pressContinue(api, token, headers as Record<string, string>);
      expect([JSON.stringify(headers), r.status]).toEqual([JSON.stringify(headers), 403]);
      expect(r.headers.get('set-cookie')).toBeNull();
    }
    expect(await tokenUsed(api, 'csrf-login@example.com')).toEqual([false]);
    // `Origin: null` (a no-referrer page) from our own page still works through Sec-Fetch-Site.
    expect((await pressContinue(api, token, { origin: 'null', 'sec-fetch-site': 'same-origin' })).status).toBe(303);
  });

  it('bots keep POST /api/auth/token; a malformed form is a 400', async () => {
    await ask(api, 'bot-13-6@example.com', '198.51.100.3');
    const token = await tokenFor(api, 'bot-13-6@example.com');
    const r = await api.call('POST', '/api/auth/token', { body: { token } });
    expect(r.status).toBe(200);
    expect(r.json.sessionToken).toMatch(/^[0-9a-f]{64}$/);
    const bad = await api.call('POST', '/auth/callback', { raw: 'nothing=here', headers: { ...form, origin: 'http://localhost' } });
    expect(bad.status).toBe(400);
  });
});

describe('the sign-in limits limit what is sent, not the person', () => {
  it("a stranger's requests for my address do not block my own requests from my network", async () => {
    const email = 'victim@example.com';
    const stranger = [];
    for (let i = 0; i < 7; i++) stranger.push((await ask(api, email, '203.0.113.66')).status);
    expect(stranger).toEqual([202, 202, 202, 202, 202, 429, 429]);
    const own = await ask(api, email, '192.0.2.10');
    expect(own.status).toBe(202);
    // And the owner's link works: the stranger's requests invalidated nothing.
    const r = await api.call('POST', '/api/auth/token', { body: { token: await tokenFor(api, email) } });
    expect(r.status).toBe(200);
  });

  it('asking again keeps earlier links working; using one expires the others', async () => {
    const email = 'twice@example.com';
    await ask(api, email, '192.0.2.20');
    const first = await tokenFor(api, email);
    await ask(api, email, '192.0.2.20');
    const second = await tokenFor(api, email);
    expect(second).not.toBe(first);
    expect((await api.call('GET', `/auth/callback?token=${first}`)).status).toBe(200);
    expect((await api.call('POST', '/api/auth/token', { body: { token: first } })).status).toBe(200);
    const late = await api.call('POST', '/api/auth/token', { body: { token: second } });
    expect([late.status, late.json.error.code]).toEqual([400, 'token_invalid']);
  });

  it('the per-address cap bounds what a crowd of clients can send, but a client that signed in before still gets links', async () => {
    const small = await makeTestApp({ signinLimits: { perClient: 2, perEmail: 4, perIp: 1000 } });
    const email = 'crowded@example.com';
    expect((await ask(small, email, '192.0.2.30')).status).toBe(202); // the owner, at home
    expect((await small.call('POST', '/api/auth/token', { body: { token: await tokenFor(small, email) } })).status).toBe(200);
    const crowd = [];
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4']) crowd.push((await ask(small, email, ip)).status);
    expect(crowd).toEqual([202, 202, 202, 429]);
    const fresh = await ask(small, email, '198.51.100.99'); // a new network waits for the window
    expect([fresh.status, fresh.json.error.code, fresh.headers.get('retry-after')]).toEqual([429, 'rate_limited', '900']);
    expect((await ask(small, email, '192.0.2.30')).status).toBe(202); // home is known: exempt from the cap
    expect((await ask(small, email, '192.0.2.30')).status).toBe(429); // but not from its own pair limit
    const sent = await small.client.query<{ n: number }>(`select count(*)::int as n from outbox where target = $1`, [email]);
    expect(sent.rows[0].n).toBe(5);
    small.clock.advance(15 * 60 * 1000 + 1);
    expect((await ask(small, email, '198.51.100.99')).status).toBe(202);
  });
});

describe('outsiders of a private game learn no player name and no status', () => {
  it('after a player resigns to the bot, no route shows an outsider a name or the status', async () => {
    const ada = await api.signIn('ada-13-8@example.com');
    const bob = await api.signIn('bob-13-8@example.com');
    await api.call('PATCH', '/api/me', { token: ada, body: { name: 'Adalind' } });
    await api.call('PATCH', '/api/me', { token: bob, body: { name: 'Bobbinet' } });
    const c = await api.call('POST', '/api/games', { token: ada, body: { type: 'secret-dice', players: 2, public: false } });
    const id = c.json.id as string;
    const invite = new URL(c.json.inviteUrl).searchParams.get('invite')!;
    await api.call('POST', `/api/games/${id}/join`, { token: bob, body: { invite } });
    await api.call('POST', `/api/games/${id}/start`, { token: ada });
    expect((await api.call('POST', `/api/games/${id}/resign`, { token: bob })).status).toBe(200);
    const own = (await api.call('GET', `/api/games/${id}`, { token: ada })).json;
    expect(own.seats.map((s: { name: string }) => s.name)).toEqual(['Adalind', 'Bobbinet (bot)']);

    const nosy = await api.signIn('nosy-13-8@example.com');
    for (const token of [undefined, nosy]) {
      for (const path of ['', '/state', '/log', '/chat', '/record', '/replay/1', '/replay/3']) {
        const r = await api.call('GET', `/api/games/${id}${path}`, { token });
        expect([path, r.status, r.json.error.code]).toEqual([path, 403, 'private_game']);
        expect(r.text).not.toMatch(/Adalind|Bobbinet|active|ada-13-8|bob-13-8/);
      }
      // Holding the invite code shows only what joining needs: no names, no progress.
      const meta = await api.call('GET', `/api/games/${id}?invite=${invite}`, { token });
      expect(meta.status).toBe(200);
      expect(meta.json.seats).toEqual([
        { seat: 0, name: 'Seat 1', userId: null, isBot: false },
        { seat: 1, name: 'Seat 2', userId: null, isBot: false },
      ]);
      expect(meta.text).not.toMatch(/Adalind|Bobbinet|ada-13-8|bob-13-8/);
      const wrong = await api.call('GET', `/api/games/${id}?invite=${'0'.repeat(24)}`, { token });
      expect(wrong.status).toBe(403);
    }
    // Their own list shows no game they are not in.
    expect((await api.call('GET', '/api/games', { token: nosy })).json.games).toEqual([]);
  });
});

describe('email addresses are never shown as names', () => {
  it('a new user gets a neutral name, not the local part of the address', async () => {
    const token = await api.signIn('grace.hopper@example.com', null);
    const me = (await api.call('GET', '/api/me', { token })).json;
    expect(me.name).toMatch(/^Player \d{4}$/);
  });

  it('spectators of a public game see no address or local part in seats, log, chat, state or record', async () => {
    const tokens = [await api.signIn('mailname-0@example.com', null), await api.signIn('mailname-1@example.com', null)];
    const c = await api.call('POST', '/api/games', { token: tokens[0], body: { type: 'secret-dice', players: 2 } });
    const id = c.json.id as string;
    await api.call('POST', `/api/games/${id}/join`, {
      token: tokens[1],
      body: { invite: new URL(c.json.inviteUrl).searchParams.get('invite') },
    });
    await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] });
    await api.call('POST', `/api/games/${id}/chat`, { token: tokens[0], body: { text: 'good luck' } });
    const seen = [];
    for (const path of ['', '/state', '/log', '/chat', '/record', '/replay/1'])
      seen.push((await api.call('GET', `/api/games/${id}${path}`)).text);
    const names = (await api.call('GET', `/api/games/${id}`)).json.seats.map((s: { name: string }) => s.name);
    for (const n of names) expect(n).toMatch(/^Player \d{4}$/);
    for (const body of seen) expect(body).not.toMatch(/mailname|example\.com/);
  });

  it('a display name with "@" is refused', async () => {
    const token = await api.signIn('at-name@example.com', null);
    const r = await api.call('PATCH', '/api/me', { token, body: { name: 'at-name@example.com' } });
    expect([r.status, r.json.error.code]).toEqual([400, 'bad_request']);
    expect((await api.call('GET', '/api/me', { token })).json.name).toMatch(/^Player \d{4}$/);
  });

  it('a fullwidth ＠ or a small ﹫ counts as "@" (names are NFKC-folded for the rule), and so do fullwidth braces for "{{"', async () => {
    const token = await api.signIn('wide-at@example.com', null);
    for (const name of ['ada＠example.com', 'ada﹫example.com', 'ada ｛｛p:0｝｝']) {
      const r = await api.call('PATCH', '/api/me', { token, body: { name } });
      expect([r.status, r.json.error.code], name).toEqual([400, 'bad_request']);
    }
    expect((await api.call('GET', '/api/me', { token })).json.name).toMatch(/^Player \d{4}$/);
    // Fullwidth letters alone are a name like any other.
    expect((await api.call('PATCH', '/api/me', { token, body: { name: 'Ａｄａ' } })).status).toBe(200);
  });

  it('a delivered sign-in email keeps no usable token or link in the outbox', async () => {
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
      expect((await prod.call('POST', '/api/auth/email', { body: { email: 'kept@example.com' } })).status).toBe(202);
      expect(rx.delivered).toHaveLength(1);
      const token = /\/auth\/callback\?token=([0-9a-f]{64})/.exec(JSON.parse(rx.delivered[0].body).text)![1];
      const rows = await prod.client.query<{ status: string; payload: unknown }>(
        `select status, payload from outbox where target = 'kept@example.com'`,
      );
      expect(rows.rows.map((r) => r.status)).toEqual(['sent']);
      const stored = JSON.stringify(rows.rows[0].payload);
      expect(stored).not.toContain(token);
      // Through a provider the row keeps whom it went to and the subject, no text at all.
      expect(stored).not.toContain('/auth/callback');
      expect(rows.rows[0].payload).toEqual({ to: 'kept@example.com', subject: expect.stringMatching(/sign/i) });
      // The emailed link itself still works.
      expect((await prod.call('POST', '/api/auth/token', { body: { token } })).status).toBe(200);
    } finally {
      await rx.close();
    }
  });
});
