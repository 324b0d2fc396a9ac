/**
 * The bridge's stand-in for Neon's HTTP query endpoint (scripts/sql-over-http.ts) as the Worker
 * uses it (db/neon.ts `releasableNeonDb` with `http`): statements as `POST /sql` in the driver's
 * format, Postgres errors with their SQLSTATE, a batch as one transaction, and transactions over
 * a WebSocket that is put down when they end. Against PGlite behind the serialized bridge.
 */
import { neon } from '@neondatabase/serverless';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releasableNeonDb } from '../../db/neon';
import { type LocalDb, startLocalDb } from '../../scripts/local-db';
import { isUniqueViolation } from '../../worker/services/db-errors';
import { executedRows } from '../../db/json-row';
import WebSocket from 'ws';
import http from 'node:http';
import net from 'node:net';
import { KEEP_OPEN_UP_TO } from '../../scripts/sql-over-http';
import { until } from '../support/wait';

let local: LocalDb;
const opts = () => ({ url: local.DATABASE_URL, wsProxy: local.DB_WS_PROXY, webSocket: WebSocket, http: true });

beforeAll(async () => {
  local = await startLocalDb({ keepAlive: true });
  await local.pglite.exec('create table sql_over_http (id int primary key, note text)');
}, 60_000);

afterAll(async () => {
  await local?.stop();
});

describe('statements as HTTP queries through the bridge', () => {
  it('a statement with parameters comes back typed: integers, text, jsonb, null', async () => {
    const before = local.bridge.httpStatements();
    const { db } = releasableNeonDb(opts());
    const rows = executedRows<Record<string, unknown>>(
      await db.execute(sql`select ${7}::int as n, ${'snow'}::text as t, ${JSON.stringify({ a: [1] })}::jsonb as j, null::text as z`),
    );
    expect(rows).toEqual([{ n: 7, t: 'snow', j: { a: [1] }, z: null }]);
    expect(local.bridge.httpStatements() - before).toBe(1);
    expect(local.bridge.stats().active).toBe(0);
  });

  it('a Postgres error arrives with its SQLSTATE: a repeated key is a unique violation, and nothing is written twice', async () => {
    const { db } = releasableNeonDb(opts());
    await db.execute(sql`insert into sql_over_http (id, note) values (1, 'first')`);
    const err = await db.execute(sql`insert into sql_over_http (id, note) values (1, 'second')`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(err)).toBe(true);
    expect((await local.pglite.query('select note from sql_over_http where id = 1')).rows).toEqual([{ note: 'first' }]);
  });

  it('a transaction goes over a WebSocket, rolls back as a whole, and leaves no connection open after it', async () => {
    const { db } = releasableNeonDb(opts());
    const failed = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into sql_over_http (id, note) values (2, 'in a transaction')`);
        throw new Error('changed my mind');
      })
      .then(
        () => null,
        (e: Error) => e.message,
      );
    expect(failed).toBe('changed my mind');
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into sql_over_http (id, note) values (3, 'kept')`);
    });
    // The next statement goes over HTTP and takes the one slot the transaction's connection held.
    const rows = executedRows<{ id: number }>(await db.execute(sql`select id from sql_over_http where id in (2, 3) order by id`));
    expect(rows).toEqual([{ id: 3 }]);
    expect(local.bridge.stats().active).toBe(0);
  });

  it('a batch is one transaction: a failing statement takes the ones before it back', async () => {
    const q = neon(local.DATABASE_URL);
    const err = await q
      .transaction([
        q`insert into sql_over_http (id, note) values (4, 'batch')`,
        q`insert into sql_over_http (id, note) values (1, 'again')`,
      ])
      .then(
        () => null,
        (e: { code?: string }) => e.code,
      );
    expect(err).toBe('23505');
    expect((await local.pglite.query('select count(*)::int as n from sql_over_http where id = 4')).rows).toEqual([{ n: 0 }]);
    const ok = await q.transaction([
      q`insert into sql_over_http (id, note) values (5, 'batch')`,
      q`select note from sql_over_http where id = 5`,
    ]);
    expect(ok[1]).toEqual([{ note: 'batch' }]);
  });

  it('anything but POST /sql or the WebSocket path is refused with 404', async () => {
    const r = await fetch(`http://127.0.0.1:${local.bridge.port}/elsewhere`);
    expect(r.status).toBe(404);
    const bad = await fetch(local.bridge.sqlEndpoint, {
      method: 'POST',
      body: 'not json',
      headers: { 'neon-connection-string': local.DATABASE_URL },
    });
    expect([bad.status, ((await bad.json()) as { message: string }).message]).toEqual([400, expect.stringContaining('not JSON')]);
  });
  it(`keeps a connection alive while at most ${KEEP_OPEN_UP_TO} are open, and closes it after the answer past that`, async () => {
    const connectionAfter = () =>
      new Promise<string | undefined>((resolve, reject) => {
        const req = http.request(
          local.bridge.sqlEndpoint,
          { method: 'POST', agent: false, headers: { 'neon-connection-string': local.DATABASE_URL, 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.headers.connection));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ query: 'select 1', params: [] }));
      });
    expect(await connectionAfter()).toBe('keep-alive');
    // Idle connections held open elsewhere (Durable Objects, each keeping one) push the count past the bound.
    const idle = await Promise.all(
      Array.from(
        { length: KEEP_OPEN_UP_TO + 1 },
        () =>
          new Promise<net.Socket>((resolve, reject) => {
            const s = net.connect(local.bridge.port, '127.0.0.1', () => resolve(s));
            s.on('error', reject);
          }),
      ),
    );
    try {
      await until('the idle connections accepted', () => (local.bridge.stats().httpOpen > KEEP_OPEN_UP_TO ? true : undefined), {
        intervalMs: 20,
      });
      expect(await connectionAfter()).toBe('close');
    } finally {
      for (const s of idle) s.destroy();
    }
    await until('the idle connections gone', () => (local.bridge.stats().httpOpen <= 1 ? true : undefined), { intervalMs: 20 });
    expect(await connectionAfter()).toBe('keep-alive');
  });
});
