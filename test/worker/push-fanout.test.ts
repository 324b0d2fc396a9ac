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
let silentPort = 0;

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sqlRows<T>(db.DATABASE_URL, db.DB_WS_PROXY, text, params);

beforeAll(async () => {
  silent = net.createServer((socket) => {
    held.push(socket);
    socket.on('error', () => {});
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

/** Milliseconds one request takes, and its status. */
async function timed(path: string, token?: string): Promise<{ ms: number; status: number }> {
  const t0 = performance.now();
  const r = await api.get(path, { token });
  return { ms: performance.now() - t0, status: r.status };
}

describe('push services that never answer', () => {
  it('20 devices whose push endpoints never answer: /api/ready and a bystander’s GET /api/me stay under 1 s', {
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
    const ready: number[] = [];
    const me: number[] = [];
    while (held.length - before < 20 && Date.now() < end) {
      const r = await timed('/api/ready');
      expect(r.status).toBe(200);
      ready.push(r.ms);
      const m = await timed('/api/me', bystander.token);
      expect(m.status).toBe(200);
      me.push(m.ms);
    }
    expect(held.length - before).toBe(20);
    const worst = (xs: number[]) => Math.max(...xs);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(
      `[push fan-out, ${db.kind}] while 20 pushes hung: /api/ready ${ready.length} requests, median ${median(ready).toFixed(0)} ms, worst ${worst(ready).toFixed(0)} ms; ` +
        `bystander GET /api/me median ${median(me).toFixed(0)} ms, worst ${worst(me).toFixed(0)} ms`,
    );
    expect(ready.length).toBeGreaterThan(5);
    expect(worst(ready)).toBeLessThan(1000);
    expect(worst(me)).toBeLessThan(1000);
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
