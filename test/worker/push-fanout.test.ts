/**
 * Push fan-out in the production runtime: devices whose push services never answer cost only
 * their own deliveries. The drain holds no database connection while it waits on them, so on
 * PGlite (one connection at a time behind the serialized bridge) and on PostgreSQL alike the
 * readiness probe and other players' requests answer at once. Test sends are limited and never
 * dropped. This file starts its own database and Worker (push keys, loopback endpoints, short
 * timeouts) so its traffic meets no other file's.
 */
import { createECDH, randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateVapidKeys } from '../../scripts/vapid-dev-keys';
import { type ApiClient, uniqueEmail } from '../support/http-client';
import { sqlRows } from '../support/neon-node';
import { type OwnWorker, startOwnWorker } from '../support/own-worker';
import { takeRefused } from '../support/refusals';
import type { TestDb } from '../support/test-db';
import { until } from '../support/wait';

/** The push timeout of this Worker (ms): long enough that a held connection would show, short enough for the test. */
const PUSH_TIMEOUT_MS = 4000;

let own: OwnWorker;
let db: TestDb;
let api: ApiClient;
/** A push service that accepts TCP connections and never answers (not even the TLS handshake). */
let silent: net.Server;
const held: net.Socket[] = [];
/** How many of those connections the sender has not given up on yet. */
let hanging = 0;
let silentPort = 0;

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sqlRows<T>(db.DATABASE_URL, db.DB_WS_PROXY, text, params);

beforeAll(async () => {
  silent = net.createServer((socket) => {
    held.push(socket);
    hanging++;
    socket.on('error', () => {});
    socket.on('close', () => hanging--);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as net.AddressInfo).port;
  own = await startOwnWorker({ ...(await generateVapidKeys()), ALLOW_LOOPBACK_WEBHOOKS: '1', PUSH_TIMEOUT_MS: String(PUSH_TIMEOUT_MS) });
  ({ db, api } = own);
});

afterAll(async () => {
  for (const s of held) s.destroy();
  await new Promise((r) => silent?.close(r));
  await own?.stop();
});

/** A browser subscription whose endpoint is the silent push service (a real P-256 key and auth secret). */
function silentDevice(n: number) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://127.0.0.1:${silentPort}/push/${n}-${randomBytes(4).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

async function subscribeDevices(token: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await api.post('/api/me/push-subscriptions', silentDevice(i), { token });
    expect(r.status, r.text).toBe(201);
    ids.push(r.body.id);
  }
  return ids;
}

/** One request's status, and whether a push was still hanging when its answer came (the order of events, not a time). */
async function duringHang(path: string, token?: string): Promise<{ status: number; whileHanging: boolean }> {
  const r = await api.get(path, { token });
  return { status: r.status, whileHanging: hanging > 0 };
}

describe('push services that never answer', () => {
  it('20 devices whose push endpoints never answer: /api/ready and a bystander’s GET /api/me are answered while the pushes hang', {
    timeout: 180_000,
  }, async () => {
    const owner = await api.signIn(uniqueEmail('fanout'));
    const bystander = await api.signIn(uniqueEmail('bystander'));
    const devices = await subscribeDevices(owner.token, 20);
    const before = held.length;
    // The notification test fans out to all 20 devices; device tests add their own.
    expect((await api.post('/api/me/notifications/test', {}, { token: owner.token })).status).toBe(202);
    expect((await api.post(`/api/me/push-subscriptions/${devices[0]}/test`, {}, { token: owner.token })).status).toBe(429);
    // Measure from the first hanging push until every device was tried (4 rounds of 6, each up to the timeout).
    await until('the drain to reach the silent push service', () => (held.length > before ? true : undefined), {
      timeoutMs: 90_000,
      intervalMs: 20,
    });
    const end = Date.now() + 90_000;
    const ready: boolean[] = [];
    const me: boolean[] = [];
    while (held.length - before < 20 && Date.now() < end) {
      const r = await duringHang('/api/ready');
      expect(r.status).toBe(200);
      ready.push(r.whileHanging);
      const m = await duringHang('/api/me', bystander.token);
      expect(m.status).toBe(200);
      me.push(m.whileHanging);
    }
    expect(held.length - before).toBe(20);
    const count = (xs: boolean[]) => xs.filter(Boolean).length;
    console.log(
      `[push fan-out, ${db.kind}] while 20 pushes hung: /api/ready answered ${count(ready)} of ${ready.length} times with a push hanging; ` +
        `a bystander's GET /api/me ${count(me)} of ${me.length} times`,
    );
    // A drain that held the (on PGlite, only) database connection while its pushes hang would
    // leave every such request waiting for the pushes to time out: none would be answered while
    // one hangs. How fast they are answered is the bench's concern.
    expect(count(ready)).toBeGreaterThan(5);
    expect(count(me)).toBeGreaterThan(5);
    // Every push is recorded as a timeout to retry, none lost.
    const rows = await until(
      'the 20 pushes recorded',
      async () => {
        const found = await sql<{ status: string; last_error: string | null }>(
          "select o.status, o.last_error from outbox o join push_subscriptions p on p.id = o.target where o.channel = 'push' and p.user_id = (select id from users where email = $1)",
          [owner.email],
        );
        return found.length === 20 && found.every((r) => r.last_error !== null) ? found : undefined;
      },
      { timeoutMs: 30_000 },
    );
    expect(rows.map((r) => [r.status, r.last_error])).toEqual(rows.map(() => ['pending', `timed out after ${PUSH_TIMEOUT_MS} ms`]));
  });

  it('concurrent test sends: each is queued or refused with 429, Retry-After and why; an accepted one is never dropped', async () => {
    const owner = await api.signIn(uniqueEmail('tests'));
    const devices = await subscribeDevices(owner.token, 5);
    // Five at once, one per device: the account allows 3 a minute.
    const answers = await Promise.all(devices.map((id) => api.post(`/api/me/push-subscriptions/${id}/test`, {}, { token: owner.token })));
    const accepted = answers.filter((a) => a.status === 202);
    const refused = answers.filter((a) => a.status === 429);
    expect([accepted.length, refused.length]).toEqual([3, 2]);
    for (const r of refused) {
      expect(r.body.error).toEqual({ code: 'rate_limited', message: 'At most 3 test messages a minute; wait for the ones on their way.' });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const [{ n }] = await sql<{ n: number }>(
      "select count(*)::int as n from outbox where kind = 'test' and user_id = (select id from users where email = $1)",
      [owner.email],
    );
    expect(n).toBe(3);
  });
});

describe('the test Worker reaches this machine only', () => {
  it('a push to a device beyond 127.0.0.1 is refused before it leaves, its host named, and fails the test that caused it', async () => {
    const owner = await api.signIn(uniqueEmail('far-device'));
    const far = { ...silentDevice(0), endpoint: 'https://push.example.net/planted/1' };
    const r = await api.post('/api/me/push-subscriptions', far, { token: owner.token });
    expect(r.status, r.text).toBe(201);
    expect((await api.post(`/api/me/push-subscriptions/${r.body.id}/test`, {}, { token: owner.token })).status).toBe(202);
    const [row] = await until('the refused push recorded', async () => {
      const rows = await sql<{ last_error: string | null }>(
        "select o.last_error from outbox o where o.channel = 'push' and o.target = $1 and o.last_error is not null",
        [r.body.id],
      );
      return rows.length ? rows : undefined;
    });
    expect(row.last_error).toBe(
      'the test Worker tried to reach push.example.net: tests talk to 127.0.0.1 only (a local receiver, test/support/receiver.ts or push-service.ts)',
    );
    // What the check after each test reads; taken here, so this test's own check finds nothing.
    expect(await takeRefused()).toEqual([{ host: 'push.example.net', from: 'the test Worker' }]);
  });
});
