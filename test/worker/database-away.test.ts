/**
 * The database away, in the production runtime: every route that needs it answers 503
 * `database_unavailable` with Retry-After (never 500 `internal`), routes that do not need it go
 * on, and a move retried with its Idempotency-Key once the database is back gets the first answer
 * byte for byte. The Worker of this file reaches the database through a bridge of the test's own,
 * which the test closes (unreachable) and opens again; on real PostgreSQL (TEST_PG=1) the Worker's
 * role is also run out of connection slots.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge, type Bridge } from '../../scripts/pg-bridge';
import { ApiClient, inviteCode, uniqueEmail } from '../support/http-client';
import { sqlRows } from '../support/neon-node';
import { startPrivateWorker, type PrivateWorker } from '../support/private-worker';
import { startTestDb, type TestDb } from '../support/test-db';
import { until } from '../support/wait';

let db: TestDb;
let bridge: Bridge | null = null;
let bridgePort = 0;
let worker: PrivateWorker;
let api: ApiClient;
/** Where the bridge sends its bytes: the database's own TCP address. */
let target: { host: string; port: number };
/** The role the Worker connects as (on PostgreSQL a role of its own, so its connections can be limited). */
let workerUrl = '';

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sqlRows<T>(db.DATABASE_URL, db.DB_WS_PROXY, text, params);

async function openBridge() {
  bridge = await startBridge({ pgHost: target.host, pgPort: target.port, serialize: db.kind === 'pglite', port: bridgePort });
  bridgePort = bridge.port;
}
async function closeBridge() {
  await bridge?.close();
  bridge = null;
}

beforeAll(async () => {
  db = await startTestDb();
  const u = new URL(db.DATABASE_URL);
  target = { host: u.hostname, port: Number(u.port) };
  workerUrl = db.DATABASE_URL;
  if (db.kind === 'postgres') {
    await sql('create role mp_worker login connection limit -1');
    await sql('grant all on all tables in schema public to mp_worker');
    await sql('grant all on all sequences in schema public to mp_worker');
    await sql('grant execute on all functions in schema public to mp_worker');
    u.username = 'mp_worker';
    u.password = '';
    workerUrl = u.toString();
  }
  await openBridge();
  worker = await startPrivateWorker(
    { DATABASE_URL: workerUrl, DB_WS_PROXY: `127.0.0.1:${bridgePort}/v1` },
    { NOTIFY_GRACE_SECONDS: '0', ALLOW_LOOPBACK_WEBHOOKS: '1' },
  );
  api = new ApiClient(worker.url);
});

afterAll(async () => {
  await worker?.dispose().catch(() => {});
  await closeBridge();
  await db?.stop();
});

/** A started 2-player secret-dice game. */
async function game() {
  const a = await api.signIn(uniqueEmail('away-a'));
  const b = await api.signIn(uniqueEmail('away-b'));
  const created = await api.post('/api/games', { type: 'secret-dice', players: 2, options: { rounds: 5 } }, { token: a.token });
  expect(created.status, created.text).toBe(201);
  const id = created.body.id as string;
  expect((await api.post(`/api/games/${id}/join`, { invite: inviteCode(created.body.inviteUrl) }, { token: b.token })).status).toBe(200);
  expect((await api.post(`/api/games/${id}/start`, {}, { token: a.token })).status).toBe(200);
  return { id, a, b };
}

/** Every request a player makes, each expected to fail the same way while the database is away. */
function requestsOf(id: string, token: string, version: number, key: string) {
  return [
    () => api.get('/api/ready'),
    () => api.get('/api/me', { token }),
    () => api.get('/api/games', { token }),
    () => api.get(`/api/games/${id}/state`, { token }),
    () => api.get(`/api/games/${id}/log`, { token }),
    () => api.get('/api/lobby', { token }),
    () => api.get('/api/me/notifications', { token }),
    () => api.post(`/api/games/${id}/moves`, { version, move: { type: 'bank' } }, { token, headers: { 'idempotency-key': key } }),
    () => api.post(`/api/games/${id}/chat`, { text: 'hello' }, { token }),
    () => api.post('/api/auth/email', { email: uniqueEmail('away-new') }),
  ];
}

async function expectAllUnavailable(id: string, token: string, version: number, key: string) {
  for (const send of requestsOf(id, token, version, key)) {
    const r = await send();
    expect([r.status, r.body?.error?.code], r.text).toEqual([503, 'database_unavailable']);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  // What needs no database goes on.
  expect((await api.get('/api/health')).status).toBe(200);
  expect((await api.get('/api/game-types')).status).toBe(200);
}

describe('the database away', () => {
  it('unreachable: every route answers 503 database_unavailable with Retry-After; Idempotency-Key retries get the first answer after', async () => {
    const { id, a } = await game();
    const st = (await api.get(`/api/games/${id}/state`, { token: a.token })).body;
    const first = await api.post(
      `/api/games/${id}/moves`,
      { version: st.version, move: { type: 'bank' } },
      {
        token: a.token,
        headers: { 'idempotency-key': 'before-the-outage' },
      },
    );
    expect(first.status, first.text).toBe(200);
    await closeBridge();
    try {
      await expectAllUnavailable(id, a.token, st.version + 1, 'during-the-outage');
      const retried = await api.post(
        `/api/games/${id}/moves`,
        { version: st.version, move: { type: 'bank' } },
        {
          token: a.token,
          headers: { 'idempotency-key': 'before-the-outage' },
        },
      );
      expect(retried.status).toBe(503);
    } finally {
      await openBridge();
    }
    // Back: the retry of the move made before gets its first answer, byte for byte; the one refused during the outage is made once.
    const again = await api.post(
      `/api/games/${id}/moves`,
      { version: st.version, move: { type: 'bank' } },
      {
        token: a.token,
        headers: { 'idempotency-key': 'before-the-outage' },
      },
    );
    expect([again.status, again.text]).toEqual([200, first.text]);
    const during = () =>
      api.post(
        `/api/games/${id}/moves`,
        { version: st.version + 1, move: { type: 'bank' } },
        {
          token: a.token,
          headers: { 'idempotency-key': 'during-the-outage' },
        },
      );
    const made = await during();
    expect(made.status, made.text).toBe(200);
    expect((await during()).text).toBe(made.text);
    const [{ n }] = await sql<{ n: number }>("select count(*)::int as n from game_events where game_id = $1 and kind = 'move'", [id]);
    expect(n).toBe(2);
  });

  it('a webhook sent while the database goes away is recorded once it is back, and not sent again', { timeout: 60_000 }, async () => {
    // The receiver takes the database away as the delivery arrives, answers 200, and brings it back 2.5 s later.
    let received = 0;
    const receiver = createServer((req, res) => {
      req.resume();
      req.on('end', async () => {
        received++;
        await closeBridge();
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        setTimeout(() => void openBridge(), 2500);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const p = await api.signIn(uniqueEmail('away-hook'));
      const current = (await api.get('/api/me/notifications', { token: p.token })).body;
      const saved = await api.request('PUT', '/api/me/notifications', {
        token: p.token,
        body: { ...current, failures: undefined, webhookFailing: undefined, email: false, webhook: { url: hook, format: 'json' } },
      });
      expect(saved.status, saved.text).toBe(200);
      expect((await api.post('/api/me/notifications/test', {}, { token: p.token })).status).toBe(202);
      const row = await until(
        'the webhook row recorded as sent',
        async () => {
          if (!bridge) return undefined;
          const [r] = await sql<{ status: string; attempts: number }>(
            "select status, attempts from outbox where channel = 'webhook' and user_id = (select id from users where email = $1)",
            [p.email],
          ).catch(() => []);
          return r?.status === 'sent' ? r : undefined;
        },
        { timeoutMs: 30_000 },
      );
      expect([row.attempts, received]).toEqual([1, 1]);
    } finally {
      receiver.close();
      if (!bridge) await openBridge();
    }
  });

  it('out of connection slots (PostgreSQL): 503 database_unavailable, not 500', async (t) => {
    if (db.kind !== 'postgres') t.skip(); // PGlite has no connection slots: the bridge queues instead
    const { id, a } = await game();
    const st = (await api.get(`/api/games/${id}/state`, { token: a.token })).body;
    await sql('alter role mp_worker connection limit 0');
    // The connections the HTTP query endpoint keeps for the role are lost as well (a pooler's
    // server connections after a restart): every statement then needs a new one.
    await sql("select pg_terminate_backend(pid) from pg_stat_activity where usename = 'mp_worker'");
    try {
      await expectAllUnavailable(id, a.token, st.version, 'out-of-slots');
    } finally {
      await sql('alter role mp_worker connection limit -1');
    }
    expect((await api.get(`/api/games/${id}/state`, { token: a.token })).status).toBe(200);
  });
});
