import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { testRegistry } from '../fixtures/registry';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

/** Presses "Continue signing in" on the sign-in link's page: a same-origin form POST. */
function useLink(token: string, headers: Record<string, string> = { origin: 'http://localhost' }) {
  return api.call('POST', '/auth/callback', {
    raw: new URLSearchParams({ token }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

async function latestToken(email: string): Promise<string> {
  const mails = (await api.call('GET', '/dev/mailbox.json')).json;
  return mails.find((m: { to: string }) => m.to === email).token;
}

describe('sign-in by email link', () => {
  it('queues an email with a single-use token readable in the dev mailbox', async () => {
    const r = await api.call('POST', '/api/auth/email', { body: { email: 'Ada@Example.com' } });
    expect(r.status).toBe(202);
    const mails = (await api.call('GET', '/dev/mailbox.json')).json;
    expect(mails[0]).toMatchObject({ to: 'ada@example.com', subject: expect.stringContaining('sign-in') });
    expect(mails[0].token).toMatch(/^[0-9a-f]{64}$/);
    expect(mails[0].text).toContain(`/auth/callback?token=${mails[0].token}`);
    expect(typeof mails[0].html).toBe('string');
    expect(Date.parse(mails[0].at)).toBeGreaterThan(0);
    const page = await api.call('GET', '/dev/mailbox');
    expect(page.status).toBe(200);
    expect(page.text).toContain('ada@example.com');
  });

  it('stores tokens and sessions hashed, never raw', async () => {
    const token = await latestToken('ada@example.com');
    const s = await api.call('POST', '/api/auth/token', { body: { token } });
    expect(s.status).toBe(200);
    const dump =
      JSON.stringify((await api.client.query('select * from login_tokens')).rows) +
      JSON.stringify((await api.client.query('select * from sessions')).rows);
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(s.json.sessionToken);
  });

  it('a token works once', async () => {
    await api.call('POST', '/api/auth/email', { body: { email: 'once@example.com' } });
    const token = await latestToken('once@example.com');
    expect((await api.call('POST', '/api/auth/token', { body: { token } })).status).toBe(200);
    const again = await api.call('POST', '/api/auth/token', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.json.error.code).toBe('token_invalid');
  });

  it('a token expires after 15 minutes', async () => {
    await api.call('POST', '/api/auth/email', { body: { email: 'late@example.com' } });
    const token = await latestToken('late@example.com');
    api.clock.advance(15 * 60 * 1000 + 1);
    const r = await api.call('POST', '/api/auth/token', { body: { token } });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('token_invalid');
  });

  it('POST /auth/callback (the Continue button) sets an HttpOnly cookie and redirects to /', async () => {
    await api.call('POST', '/api/auth/email', { body: { email: 'cookie@example.com' } });
    const token = await latestToken('cookie@example.com');
    const r = await useLink(token);
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/');
    const cookie = r.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^mp_session=[0-9a-f]{64};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    const me = await api.call('GET', '/api/me', { headers: { cookie: cookie.split(';')[0] } });
    expect(me.json).toMatchObject({ email: 'cookie@example.com', name: expect.stringMatching(/^Player \d{4}$/) });
    const bad = await useLink(token);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('expired or already used');
  });

  it('rate-limits sign-in emails per address and client (429 beyond 5 in 15 minutes)', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await api.call('POST', '/api/auth/email', { body: { email: 'spam@example.com' } })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const r = await api.call('POST', '/api/auth/email', { body: { email: 'spam@example.com' } });
    expect(r.json.error.code).toBe('rate_limited');
    expect(r.headers.get('retry-after')).toBe('900');
    api.clock.advance(15 * 60 * 1000 + 1);
    expect((await api.call('POST', '/api/auth/email', { body: { email: 'spam@example.com' } })).status).toBe(202);
  });

  it('rate-limits sign-in emails per client IP', async () => {
    const small = await makeTestApp({ signinLimits: { perClient: 5, perEmail: 20, perIp: 3 } });
    const ip = { 'cf-connecting-ip': '203.0.113.9' };
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await small.call('POST', '/api/auth/email', { body: { email: `u${i}@example.com` }, headers: ip })).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect(
      (await small.call('POST', '/api/auth/email', { body: { email: 'x@example.com' }, headers: { 'cf-connecting-ip': '203.0.113.10' } }))
        .status,
    ).toBe(202);
  });

  it('refuses malformed addresses with 400 and writes nothing', async () => {
    const before = await api.rowCounts();
    for (const body of [{ email: 'not-an-email' }, { email: 42 }, {}, { email: 'a@b.c'.repeat(100) }]) {
      const r = await api.call('POST', '/api/auth/email', { body });
      expect(r.status).toBe(400);
      expect(r.json.error.code).toBe('bad_request');
    }
    expect(await api.rowCounts()).toEqual(before);
  });
});

describe('sessions', () => {
  it('GET /api/me is 401 without a session, and with an unknown Bearer token', async () => {
    expect((await api.call('GET', '/api/me')).status).toBe(401);
    const r = await api.call('GET', '/api/me', { token: 'f'.repeat(64) });
    expect(r.status).toBe(401);
    expect(r.json.error.code).toBe('unauthenticated');
  });

  it('PATCH /api/me renames; logout ends the session', async () => {
    const token = await api.signIn('rename@example.com');
    const r = await api.call('PATCH', '/api/me', { token, body: { name: 'Grace' } });
    expect(r.json).toMatchObject({ name: 'Grace', email: 'rename@example.com' });
    expect((await api.call('PATCH', '/api/me', { token, body: { name: '' } })).status).toBe(400);
    expect((await api.call('POST', '/api/auth/logout', { token })).status).toBe(204);
    expect((await api.call('GET', '/api/me', { token })).status).toBe(401);
  });

  it('refuses cookie-authenticated state changes from another origin (CSRF)', async () => {
    await api.call('POST', '/api/auth/email', { body: { email: 'csrf@example.com' } });
    const token = await latestToken('csrf@example.com');
    const cookie = (await useLink(token)).headers.get('set-cookie')!.split(';')[0];
    const body = { name: 'Mallory' };
    const foreign = await api.call('PATCH', '/api/me', { body, headers: { cookie, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error.code).toBe('csrf');
    const none = await api.call('PATCH', '/api/me', { body, headers: { cookie } });
    expect(none.status).toBe(403);
    const same = await api.call('PATCH', '/api/me', { body, headers: { cookie, origin: 'http://localhost' } });
    expect(same.status).toBe(200);
    const fetchMeta = await api.call('PATCH', '/api/me', { body, headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(fetchMeta.status).toBe(200);
  });

  it('in production, sign-in links use PUBLIC_URL whatever Host the request names', async () => {
    const prod = createApp({
      registry: testRegistry,
      db: () => ({ db: api.db }),
      config: { ...api.config, appEnv: 'production', publicUrl: 'https://post.example.com' },
    });
    const r = await prod.request('http://evil.example/api/auth/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'evil.example' },
      body: JSON.stringify({ email: 'hosted@example.com' }),
    });
    expect(r.status).toBe(202);
    const mail = (await api.call('GET', '/dev/mailbox.json')).json.find((m: { to: string }) => m.to === 'hosted@example.com');
    expect(mail.text).toContain('https://post.example.com/auth/callback?token=');
    expect(mail.text).not.toContain('evil.example');
  });

  it('in production the dev mailbox does not exist', async () => {
    const prod = createApp({ registry: testRegistry, db: () => ({ db: api.db }), config: { appEnv: 'production' } });
    for (const p of ['/dev/mailbox', '/dev/mailbox.json']) {
      const r = await prod.request(`http://localhost${p}`);
      expect(r.status).toBe(404);
    }
  });
});
