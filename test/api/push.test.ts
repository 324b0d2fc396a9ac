import { mkdtempSync, rmSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devVapidKeys, generateVapidKeys, type VapidVars } from '../../scripts/vapid-dev-keys';
import { readConfig, type Config } from '../../worker/env';
import { MAX_PUSH_SUBSCRIPTIONS } from '../../worker/services/push-subscriptions';
import { openPush, startPushService, type Device } from '../support/push-service';
import { makeTestApp, type TestApi } from './support';

const HOUR = 3600_000;
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ALL_KINDS = { yourTurn: true, gameStarted: true, gameOver: true, chatMention: true, reminder: true };

function vapidConfig(keys: VapidVars): Config['vapid'] {
  return readConfig({
    VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY,
    VAPID_PRIVATE_KEY: keys.VAPID_PRIVATE_KEY,
    VAPID_SUBJECT: 'mailto:ops@example.com',
  }).vapid;
}

async function subscribe(api: TestApi, token: string, device: Device, userAgent = ANDROID_CHROME) {
  const r = await api.call('POST', '/api/me/push-subscriptions', {
    token,
    body: device.subscription,
    headers: { 'user-agent': userAgent },
  });
  expect([200, 201], r.text).toContain(r.status);
  return r.json.id as string;
}

async function pushRows(api: TestApi, gameId?: string) {
  const r = await api.client.query<{
    id: number;
    target: string;
    kind: string;
    status: string;
    attempts: number;
    last_error: string | null;
  }>(
    `select id, target, kind, status, attempts, last_error from outbox where channel = 'push' ${gameId ? 'and game_id = $1' : ''} order by id`,
    gameId ? [gameId] : [],
  );
  return r.rows;
}

async function subscriptionCount(api: TestApi) {
  return (await api.client.query<{ n: number }>('select count(*)::int as n from push_subscriptions')).rows[0].n;
}

describe('VAPID configuration and development keys', () => {
  it('readConfig: no VAPID_* means push is off; one missing names itself; a bad key is refused', async () => {
    const keys = await generateVapidKeys();
    expect(readConfig({}).vapid).toBeNull();
    expect(vapidConfig(keys)).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: 'mailto:ops@example.com',
    });
    expect(() => readConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: keys.VAPID_PRIVATE_KEY })).toThrow(
      /VAPID_SUBJECT/,
    );
    expect(() => readConfig({ ...keys, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => readConfig({ ...keys, VAPID_SUBJECT: 'ops@example.com' })).toThrow(/mailto/);
  });

  it('devVapidKeys creates a key pair once (mode 0600) and returns the same pair on the next start', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mp-vapid-'));
    const first = await devVapidKeys(dir, {});
    expect(first.VAPID_PUBLIC_KEY).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.VAPID_PRIVATE_KEY).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(path.join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
    expect(await devVapidKeys(dir, {})).toEqual(first);
    expect(JSON.parse(readFileSync(path.join(dir, 'vapid.json'), 'utf8'))).toEqual(first);
    expect(readConfig(first).vapid?.publicKey).toBe(first.VAPID_PUBLIC_KEY);
    // Keys in the environment win over the file.
    const other = await generateVapidKeys('mailto:me@example.com');
    expect(await devVapidKeys(dir, { ...other })).toEqual(other);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('push subscription API', () => {
  let api: TestApi;
  let off: TestApi;
  let svc: Awaited<ReturnType<typeof startPushService>>;
  let keys: VapidVars;
  beforeAll(async () => {
    keys = await generateVapidKeys();
    api = await makeTestApp({ vapid: vapidConfig(keys) });
    off = await makeTestApp();
    svc = await startPushService();
  });
  afterAll(() => svc.close());

  it('GET /api/push/public-key: the application server key without sign-in; 404 push_not_configured without keys', async () => {
    const r = await api.call('GET', '/api/push/public-key');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ publicKey: keys.VAPID_PUBLIC_KEY });
    const n = await off.call('GET', '/api/push/public-key');
    expect(n.status).toBe(404);
    expect(n.json.error.code).toBe('push_not_configured');
    const token = await off.signIn('nopush@example.com');
    const s = await off.call('POST', '/api/me/push-subscriptions', { token, body: svc.newDevice().subscription });
    expect(s.status).toBe(404);
    expect(s.json.error.code).toBe('push_not_configured');
  });

  it('POST subscribes (201, a device name from the User-Agent); the same endpoint again is the same row (200); GET lists; DELETE removes', async () => {
    const token = await api.signIn('phone@example.com');
    const d = svc.newDevice();
    const created = await api.call('POST', '/api/me/push-subscriptions', {
      token,
      body: d.subscription,
      headers: { 'user-agent': ANDROID_CHROME },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      id: expect.stringMatching(/^ps_[0-9a-f]{20}$/),
      name: 'Chrome on Android',
      service: new URL(svc.origin).host,
      lastUsedAt: null,
    });
    const again = await api.call('POST', '/api/me/push-subscriptions', {
      token,
      body: d.subscription,
      headers: { 'user-agent': ANDROID_CHROME },
    });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(created.json.id);
    await subscribe(api, token, svc.newDevice(), IPHONE_SAFARI);
    const list = await api.call('GET', '/api/me/push-subscriptions', { token });
    expect(list.status).toBe(200);
    expect(list.json.subscriptions.map((s: { name: string }) => s.name).sort()).toEqual(['Chrome on Android', 'Safari on iOS']);
    expect(JSON.stringify(list.json)).not.toContain('/push/'); // endpoints are capabilities: never listed
    const del = await api.call('DELETE', `/api/me/push-subscriptions/${created.json.id}`, { token });
    expect(del.status).toBe(204);
    expect(
      (await api.call('GET', '/api/me/push-subscriptions', { token })).json.subscriptions.map((s: { name: string }) => s.name),
    ).toEqual(['Safari on iOS']);
    const gone = await api.call('DELETE', `/api/me/push-subscriptions/${created.json.id}`, { token });
    expect(gone.status).toBe(404);
    expect(gone.json.error.code).toBe('not_found');
  });

  it('bad input answers 400 {error:{code,message}} and stores nothing', async () => {
    const token = await api.signIn('bad-input@example.com');
    const d = svc.newDevice().subscription;
    const before = await subscriptionCount(api);
    const bad: [string, unknown][] = [
      ['http endpoint', { ...d, endpoint: d.endpoint.replace('https:', 'http:') }],
      ['not a URL', { ...d, endpoint: 'push-service' }],
      ['private address', { ...d, endpoint: 'https://10.1.2.3/push/1' }],
      ['link-local address', { ...d, endpoint: 'https://169.254.169.254/latest' }],
      ['short p256dh', { ...d, keys: { ...d.keys, p256dh: d.keys.p256dh.slice(0, 60) } }],
      ['compressed p256dh', { ...d, keys: { ...d.keys, p256dh: `A${d.keys.p256dh.slice(1)}` } }],
      ['auth not base64url', { ...d, keys: { ...d.keys, auth: '!'.repeat(22) } }],
      ['auth too long', { ...d, keys: { ...d.keys, auth: `${d.keys.auth}AAAA` } }],
      ['no keys', { endpoint: d.endpoint }],
      ['not an object', [d]],
    ];
    for (const [what, body] of bad) {
      const r = await api.call('POST', '/api/me/push-subscriptions', { token, body });
      expect(r.status, what).toBe(400);
      expect(r.json.error, what).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    const priv = await api.call('POST', '/api/me/push-subscriptions', { token, body: { ...d, endpoint: 'https://10.1.2.3/push/1' } });
    expect(priv.json.error.code).toBe('bad_push_endpoint');
    expect(await subscriptionCount(api)).toBe(before);
  });

  it('a p256dh of the right length that is not a point on the P-256 curve is refused with 400 at subscribe time', async () => {
    const token = await api.signIn('bad-point@example.com');
    const d = svc.newDevice().subscription;
    const before = await subscriptionCount(api);
    // 0x04, then x and y of 32 bytes each that satisfy no curve equation (all 0xff is past the field prime).
    const notAPoint = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xff)]).toString('base64url');
    const r = await api.call('POST', '/api/me/push-subscriptions', { token, body: { ...d, keys: { ...d.keys, p256dh: notAPoint } } });
    expect([r.status, r.json.error]).toEqual([
      400,
      { code: 'bad_request', message: 'keys.p256dh: not a point on the P-256 curve (a browser subscription gives one)' },
    ]);
    expect(await subscriptionCount(api)).toBe(before);
    expect((await api.call('POST', '/api/me/push-subscriptions', { token, body: d })).status).toBe(201);
  });

  it('signed out: 401 on every /api/me/push-subscriptions route', async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/me/push-subscriptions', svc.newDevice().subscription],
      ['GET', '/api/me/push-subscriptions'],
      ['DELETE', '/api/me/push-subscriptions/ps_00000000000000000000'],
      ['POST', '/api/me/push-subscriptions/ps_00000000000000000000/test'],
    ];
    for (const [method, url, body] of calls) {
      const r = await api.call(method, url, { body });
      expect(r.status, `${method} ${url}`).toBe(401);
      expect(r.json.error.code).toBe('unauthenticated');
    }
  });

  it("another user's subscription id: 404 for DELETE and test, and it is not listed", async () => {
    const owner = await api.signIn('owner@example.com');
    const other = await api.signIn('other@example.com');
    const id = await subscribe(api, owner, svc.newDevice());
    for (const [method, url] of [
      ['DELETE', `/api/me/push-subscriptions/${id}`],
      ['POST', `/api/me/push-subscriptions/${id}/test`],
    ]) {
      const r = await api.call(method, url, { token: other });
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.json.error.code).toBe('not_found');
    }
    expect((await api.call('GET', '/api/me/push-subscriptions', { token: other })).json.subscriptions).toEqual([]);
    expect(
      (await api.call('GET', '/api/me/push-subscriptions', { token: owner })).json.subscriptions.map((s: { id: string }) => s.id),
    ).toEqual([id]);
  });

  it('cookie sign-in: POST and DELETE from another origin are refused (403 csrf), from our own page accepted', async () => {
    const token = await api.signIn('cookie@example.com');
    const d = svc.newDevice();
    const cross = await api.call('POST', '/api/me/push-subscriptions', {
      body: d.subscription,
      headers: { cookie: `mp_session=${token}`, origin: 'https://evil.example' },
    });
    expect(cross.status).toBe(403);
    expect(cross.json.error.code).toBe('csrf');
    const own = await api.call('POST', '/api/me/push-subscriptions', {
      body: d.subscription,
      headers: { cookie: `mp_session=${token}`, origin: 'http://localhost' },
    });
    expect(own.status).toBe(201);
    const del = await api.call('DELETE', `/api/me/push-subscriptions/${own.json.id}`, {
      headers: { cookie: `mp_session=${token}`, 'sec-fetch-site': 'cross-site' },
    });
    expect(del.status).toBe(403);
    expect((await api.call('GET', '/api/me/push-subscriptions', { token })).json.subscriptions).toHaveLength(1);
  });

  it(`at most ${MAX_PUSH_SUBSCRIPTIONS} devices per account (409 too_many_devices); re-subscribing a known one still works`, async () => {
    const token = await api.signIn('many@example.com');
    const devices = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS }, () => svc.newDevice());
    for (const d of devices) await subscribe(api, token, d);
    const r = await api.call('POST', '/api/me/push-subscriptions', { token, body: svc.newDevice().subscription });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe('too_many_devices');
    expect((await api.call('POST', '/api/me/push-subscriptions', { token, body: devices[0].subscription })).status).toBe(200);
  });

  it('notification settings carry a push switch: on by default, PUT may turn it off, a PUT without it keeps it', async () => {
    const token = await api.signIn('switch@example.com');
    expect((await api.call('GET', '/api/me/notifications', { token })).json.push).toBe(true);
    const put = (body: object) =>
      api.call('PUT', '/api/me/notifications', { token, body: { email: true, digest: false, kinds: ALL_KINDS, webhook: null, ...body } });
    expect((await put({ push: false })).json.push).toBe(false);
    expect((await put({})).json.push).toBe(false);
    const bad = await put({ push: 'yes' });
    expect(bad.status).toBe(400);
    expect((await put({ push: true })).json.push).toBe(true);
  });
});

describe('a turn notice arrives as a VAPID-signed, aes128gcm-encrypted push', () => {
  it('the push service gets a valid ES256 JWT (aud, exp, sub), Content-Encoding aes128gcm, TTL and Urgency, and the device decrypts title, URL and tag', async () => {
    const keys = await generateVapidKeys();
    const svc = await startPushService();
    const api = await makeTestApp({ vapid: vapidConfig(keys) });
    try {
      const { id, tokens } = await api.startedGame(2, { start: false });
      const phone = svc.newDevice();
      const subId = await subscribe(api, tokens[0], phone);
      const started = Date.now();
      expect((await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] })).status).toBe(200);
      const [push] = svc.deliveredTo(phone);
      expect(push).toBeDefined();
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers['content-type']).toBe('application/octet-stream');
      expect(push.headers.ttl).toBe('86400');
      expect(push.headers.urgency).toBe('high');
      expect(push.headers.topic).toBe(`game-${id}`);
      const opened = await openPush(push, phone, svc.origin);
      expect(opened.vapidKey).toBe(keys.VAPID_PUBLIC_KEY);
      expect(opened.claims.aud).toBe(svc.origin);
      expect(opened.claims.sub).toBe('mailto:ops@example.com');
      // RFC 8292 §2: exp no more than 24 hours ahead.
      expect(opened.claims.exp! * 1000).toBeGreaterThan(started);
      expect(opened.claims.exp! * 1000).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
      expect(opened.notice).toMatchObject({
        kind: 'your_turn',
        title: 'Your turn in Secret Dice (test fixture) (seat 1)',
        url: `${api.config.publicUrl}/games/${id}?seat=1`,
        tag: `game-${id}`,
        gameId: id,
        seat: 0,
      });
      // A push signed with another key does not verify (the check can fail).
      await expect(
        openPush(
          {
            ...push,
            headers: {
              ...push.headers,
              authorization: String(push.headers.authorization).replace(/k=.*/, `k=${(await generateVapidKeys()).VAPID_PUBLIC_KEY}`),
            },
          },
          phone,
          svc.origin,
        ),
      ).rejects.toThrow();
      const [listed] = (await api.call('GET', '/api/me/push-subscriptions', { token: tokens[0] })).json.subscriptions;
      expect(listed).toMatchObject({ id: subId, lastUsedAt: api.clock.now().toISOString() });
    } finally {
      await svc.close();
    }
  });

  it('a test push: POST /api/me/push-subscriptions/:id/test (Urgency low, TTL 600) and the settings page test includes push', async () => {
    const keys = await generateVapidKeys();
    const svc = await startPushService();
    const api = await makeTestApp({ vapid: vapidConfig(keys) });
    try {
      const token = await api.signIn('tester@example.com');
      const phone = svc.newDevice();
      const id = await subscribe(api, token, phone);
      const r = await api.call('POST', `/api/me/push-subscriptions/${id}/test`, { token });
      expect(r.status).toBe(202);
      expect(svc.deliveredTo(phone)).toHaveLength(1);
      const [push] = svc.deliveredTo(phone);
      expect([push.headers.urgency, push.headers.ttl]).toEqual(['low', '600']);
      expect((await openPush(push, phone, svc.origin)).notice).toMatchObject({
        kind: 'test',
        title: 'Mountain Post test notification',
        url: `${api.config.publicUrl}/settings`,
      });
      api.clock.advance(1000); // a test at the same instant is the same test (dedupe key)
      const all = await api.call('POST', '/api/me/notifications/test', { token });
      expect(all.json.channels.sort()).toEqual(['email', 'push']);
      expect(svc.deliveredTo(phone)).toHaveLength(2);
    } finally {
      await svc.close();
    }
  });
});

describe('one push per turn change to each subscribed device that has not seen it', () => {
  it('a 3-player game played to the end: every device of every seat hears each of its notices exactly once; push off means none', async () => {
    const svc = await startPushService();
    const api = await makeTestApp({ notifyGraceSeconds: 60, vapid: vapidConfig(await generateVapidKeys()) });
    try {
      const { id, tokens } = await api.startedGame(3, { start: false, options: { rounds: 1 } });
      // Seat 0: a phone and a laptop; seat 1: a phone; seat 2: a phone but push switched off.
      const devices = { p0phone: svc.newDevice(), p0laptop: svc.newDevice(), p1phone: svc.newDevice(), p2phone: svc.newDevice() };
      await subscribe(api, tokens[0], devices.p0phone);
      await subscribe(api, tokens[0], devices.p0laptop);
      await subscribe(api, tokens[1], devices.p1phone);
      await subscribe(api, tokens[2], devices.p2phone);
      await api.call('PUT', '/api/me/notifications', {
        token: tokens[2],
        body: { email: true, digest: false, push: false, kinds: ALL_KINDS, webhook: null },
      });
      const tick = async () => {
        api.clock.advance(61_000);
        return api.cron();
      };
      let s = (await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] })).json;
      const play = async (seat: number, type: string) => {
        s = (await api.call('POST', `/api/games/${id}/moves`, { token: tokens[seat], body: { version: s.version, move: { type } } })).json;
      };
      await tick();
      await play(0, 'bank');
      await play(0, 'end');
      // Seat 1 has the game open: its turn is seen, so its phone stays quiet.
      await api.call('GET', `/api/games/${id}/state`, { token: tokens[1], headers: { 'x-page-visible': '1' } });
      await tick();
      await play(1, 'bank');
      await play(1, 'end');
      await tick();
      await play(2, 'bank');
      await play(2, 'end');
      expect(s.status).toBe('finished');
      for (let i = 0; i < 4; i++) await tick();

      const kinds = async (d: Device) => Promise.all(svc.deliveredTo(d).map(async (p) => (await openPush(p, d, svc.origin)).notice.kind));
      expect(await kinds(devices.p0phone)).toEqual(['your_turn', 'game_over']);
      expect(await kinds(devices.p0laptop)).toEqual(['your_turn', 'game_over']);
      expect(await kinds(devices.p1phone)).toEqual(['game_started', 'game_over']);
      expect(await kinds(devices.p2phone)).toEqual([]);
      expect(svc.all).toHaveLength(6);
      const rows = await pushRows(api, id);
      expect(rows.filter((r) => r.status === 'sent')).toHaveLength(6);
      expect(rows.filter((r) => r.status === 'skipped').map((r) => r.kind)).toEqual(['your_turn']);
    } finally {
      await svc.close();
    }
  });
});

describe('push service answers: 404/410 removes the device, other 4xx fail at once, 5xx are retried', () => {
  it('a 410 Gone removes the subscription; the row ends skipped and is never retried', async () => {
    const svc = await startPushService((_, req) => (req.path === '/push/1' ? 410 : 201));
    const api = await makeTestApp({ vapid: vapidConfig(await generateVapidKeys()) });
    try {
      const { id, tokens } = await api.startedGame(2, { start: false });
      const gone = svc.newDevice();
      const kept = svc.newDevice();
      await subscribe(api, tokens[0], gone);
      const keptId = await subscribe(api, tokens[0], kept);
      await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] });
      for (let i = 0; i < 3; i++) {
        api.clock.advance(3 * HOUR);
        await api.cron();
      }
      expect(svc.all.map((r) => r.path).sort()).toEqual(['/push/1', '/push/2']);
      expect(
        (await api.call('GET', '/api/me/push-subscriptions', { token: tokens[0] })).json.subscriptions.map((s: { id: string }) => s.id),
      ).toEqual([keptId]);
      const rows = await pushRows(api, id);
      const [goneRow] = rows.filter((r) => r.target !== keptId);
      expect(rows.filter((r) => r.target === keptId).map((r) => [r.status, r.attempts])).toEqual([['sent', 1]]);
      expect([goneRow.status, goneRow.attempts]).toEqual(['skipped', 1]);
      expect(goneRow.last_error).toMatch(/410/);
    } finally {
      await svc.close();
    }
  });

  it('a 403 (push service refuses our key) fails the row at once, without retries, and keeps the device', async () => {
    const svc = await startPushService(() => 403);
    const api = await makeTestApp({ vapid: vapidConfig(await generateVapidKeys()) });
    try {
      const { id, tokens } = await api.startedGame(2, { start: false });
      await subscribe(api, tokens[0], svc.newDevice());
      await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] });
      for (let i = 0; i < 3; i++) {
        api.clock.advance(3 * HOUR);
        await api.cron();
      }
      expect(svc.all).toHaveLength(1);
      expect((await pushRows(api, id)).map((r) => [r.status, r.last_error])).toEqual([['failed', 'HTTP 403']]);
      expect(await subscriptionCount(api)).toBe(1);
    } finally {
      await svc.close();
    }
  });

  it('a push service down for a while (503s, then a timeout) gets each notice exactly once after it recovers', async () => {
    const svc = await startPushService((n) => (n <= 4 ? 503 : n === 5 ? 'hang' : 201));
    const api = await makeTestApp({ deliveryTimeoutMs: 300, vapid: vapidConfig(await generateVapidKeys()) });
    try {
      const { id, tokens } = await api.startedGame(2, { start: false });
      const phone = svc.newDevice();
      await subscribe(api, tokens[1], phone);
      await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] }); // seat 1: game_started, attempt 1 at once
      for (let i = 0; i < 10; i++) {
        api.clock.advance(3 * HOUR);
        await api.cron();
      }
      expect(svc.all).toHaveLength(6);
      expect(svc.deliveredTo(phone)).toHaveLength(1);
      expect((await openPush(svc.deliveredTo(phone)[0], phone, svc.origin)).notice.kind).toBe('game_started');
      expect((await pushRows(api, id)).map((r) => [r.status, r.attempts])).toEqual([['sent', 6]]);
    } finally {
      await svc.close();
    }
  });
});

describe('an endpoint that keeps failing is paused, and test sends are limited', () => {
  it('a push endpoint is paused after 3 failures in a row and listed as failing; once it answers again the failure is cleared', async () => {
    let down = true;
    const svc = await startPushService(() => (down ? 503 : 201));
    const api = await makeTestApp({ vapid: vapidConfig(await generateVapidKeys()) });
    try {
      const { id, tokens } = await api.startedGame(2, { start: false });
      const phone = svc.newDevice();
      await subscribe(api, tokens[1], phone);
      await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] }); // attempt 1 at once
      for (let i = 0; i < 2; i++) {
        api.clock.advance(10 * 60_000); // past each backoff, within the breaker's 15 minutes
        await api.cron();
      }
      expect(svc.all).toHaveLength(3);
      const [listed] = (await api.call('GET', '/api/me/push-subscriptions', { token: tokens[1] })).json.subscriptions;
      expect(listed.failing).toMatchObject({ failures: 3, lastError: 'HTTP 503' });
      const pausedUntil = Date.parse(listed.failing.pausedUntil);
      expect(pausedUntil).toBe(api.clock.now().getTime() + 15 * 60_000);
      // While paused nothing is sent, however often the cron runs.
      api.clock.advance(5 * 60_000);
      await api.cron();
      expect(svc.all).toHaveLength(3);
      expect((await pushRows(api, id)).map((r) => [r.status, r.last_error?.startsWith('paused: ')])).toEqual([['pending', true]]);
      // After the pause one attempt goes; it gets through and the device is no longer failing.
      down = false;
      api.clock.t = pausedUntil + 1000;
      await api.cron();
      expect(svc.deliveredTo(phone)).toHaveLength(1);
      const [after] = (await api.call('GET', '/api/me/push-subscriptions', { token: tokens[1] })).json.subscriptions;
      expect(after.failing).toBeNull();
    } finally {
      await svc.close();
    }
  });

  it('test sends: one on its way per device, at most 3 a minute per account, refused with 429, Retry-After and why; none accepted is lost', async () => {
    const svc = await startPushService(() => 503); // every test stays pending (retried)
    const api = await makeTestApp({ vapid: vapidConfig(await generateVapidKeys()) });
    try {
      const token = await api.signIn('limits@example.com');
      const phones = [svc.newDevice(), svc.newDevice()];
      const ids = [await subscribe(api, token, phones[0]), await subscribe(api, token, phones[1])];
      expect((await api.call('POST', `/api/me/push-subscriptions/${ids[0]}/test`, { token })).status).toBe(202);
      const again = await api.call('POST', `/api/me/push-subscriptions/${ids[0]}/test`, { token });
      expect(again.status).toBe(429);
      expect(again.json.error).toEqual({
        code: 'rate_limited',
        message: 'A test push to this device is still on its way; wait for it first.',
      });
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
      // The account's test leaves out the device whose test is on its way, and reaches the other one.
      const all = await api.call('POST', '/api/me/notifications/test', { token });
      expect(all.status).toBe(202);
      expect(all.json.channels.sort()).toEqual(['email', 'push']);
      // Same instant, same device set: each accepted request has rows of its own (no dedupe-key collision).
      expect((await api.call('POST', '/api/me/notifications/test', { token })).status).toBe(202);
      const fourth = await api.call('POST', '/api/me/notifications/test', { token });
      expect(fourth.status).toBe(429);
      expect(fourth.json.error.message).toBe('At most 3 test messages a minute; wait for the ones on their way.');
      expect(fourth.headers.get('retry-after')).toBe('60');
      const rows = (
        await api.client.query<{ channel: string; target: string }>("select channel, target from outbox where kind = 'test' order by id")
      ).rows;
      expect(rows.map((r) => [r.channel, r.target])).toEqual([
        ['push', ids[0]],
        ['email', 'limits@example.com'],
        ['push', ids[1]],
        ['email', 'limits@example.com'],
      ]);
      // A minute on, the account may test again.
      api.clock.advance(61_000);
      expect((await api.call('POST', '/api/me/notifications/test', { token })).status).toBe(202);
    } finally {
      await svc.close();
    }
  });

  it('a notice about no game goes with its outbox key as push Topic, the same on every retry', async () => {
    const svc = await startPushService((n) => (n === 1 ? 503 : 201));
    const api = await makeTestApp({ vapid: vapidConfig(await generateVapidKeys()) });
    try {
      const token = await api.signIn('topic@example.com');
      const id = await subscribe(api, token, svc.newDevice());
      expect((await api.call('POST', `/api/me/push-subscriptions/${id}/test`, { token })).status).toBe(202);
      api.clock.advance(60_000);
      await api.cron();
      const [row] = await pushRows(api);
      expect(row.status).toBe('sent');
      expect(svc.all.map((r) => r.headers.topic)).toEqual([`mp-${row.id}`, `mp-${row.id}`]);
    } finally {
      await svc.close();
    }
  });
});
