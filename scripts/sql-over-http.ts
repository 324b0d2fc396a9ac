/**
 * A local stand-in for Neon's HTTP query endpoint (`POST /sql`), served by the bridge
 * (scripts/pg-bridge.ts) beside its WebSocket path, for the Neon driver's `neon()` queries and
 * Drizzle's `neon-http` session in development, tests and the bench.
 *
 * The wire format is the one the driver (@neondatabase/serverless `neon()`) sends and reads:
 * - request: `{query, params}` (one statement) or `{queries: [{query, params}...]}` (a batch run
 *   as one transaction); params are text or null; headers `Neon-Connection-String` (user,
 *   password and database are taken from it, never the host: the stand-in connects only to its
 *   own Postgres address), `Neon-Batch-Isolation-Level`, `Neon-Batch-Read-Only`,
 *   `Neon-Batch-Deferrable`;
 * - answer 200: `{command, rowCount, fields: [{name, dataTypeID}], rows: [[text or null...]]}`,
 *   or `{results: [...]}` for a batch (the driver asks for raw text in array mode, always);
 * - answer 400: a Postgres error as `{message, code, detail, constraint, ...}` (the driver copies
 *   these fields onto its `NeonDbError`);
 * - answer 503: Postgres could not be reached (the text says so, for `isDatabaseUnavailable`).
 *
 * With `openConnections` (the bench's bridge), HTTP connections are kept alive, as Neon's
 * endpoint keeps them, while at most `KEEP_OPEN_UP_TO` are open; past that an answer closes its
 * connection, so a burst of Durable Objects each holding one idle connection cannot pile them up.
 * Without it, each answer closes its connection. Postgres connections are kept in a pool per
 * connection string, as Neon's proxy keeps them, so a query
 * does not pay a Postgres backend's start-up. Behind a serialized bridge (PGlite's one slot) one
 * connection is kept, and speaks only while it holds the slot.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import pg from 'pg';

/** Text in, text out: the driver parses values itself from `dataTypeID`. */
const RAW_TEXT = { getTypeParser: () => (value: string) => value };
/**
 * How long the bridge's HTTP server keeps an idle connection (ms): longer than workerd's HTTP
 * client does (kj's `HttpClientSettings.idleTimeout`, 5 s), so the client always closes an idle
 * one first. With Node's default, also 5 s, both closed on their own clocks, and a request sent
 * on a connection the server was closing failed ("Network connection lost").
 */
export const KEEP_ALIVE_MS = 30_000;
/**
 * Open HTTP connections up to which an answer keeps its connection alive; past it, the answer
 * says `Connection: close`. Kept alive without a bound, the connections Durable Objects opened
 * (one each) piled up in workerd until it ran out of file descriptors, and a test of 500 games'
 * alarms stalled; one request at a time, a statement on a kept connection costs the Worker about
 * 0.25 ms of CPU less than on a new one.
 */
export const KEEP_OPEN_UP_TO = 32;
/** Largest request body accepted (bytes); a statement with its parameters is far smaller. */
const MAX_BODY = 16 * 1024 * 1024;
/** Fields of a Postgres error that the driver copies onto its error. */
const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

interface Statement {
  query: string;
  params?: unknown[];
}

/** How the stand-in reaches Postgres. */
export interface SqlOverHttpOptions {
  pgHost: string;
  pgPort: number;
  /**
   * Serialized bridges only: runs `work` when the one connection slot is free and gives the slot
   * on after it. Absent, connections are pooled.
   */
  withSlot?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Called with each statement's text (the bridge's `debug`). */
  log?: (text: string) => void;
  /** HTTP connections open on the server now (`KEEP_OPEN_UP_TO`); absent, every answer closes its connection. */
  openConnections?: () => number;
}

/** The `/sql` request handler and what it holds open. */
export interface SqlOverHttp {
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Statements answered so far (200 or 400). */
  statements(): number;
  close(): Promise<void>;
}

/** Builds the handler; the bridge routes `POST /sql` to it. */
export function sqlOverHttp(opts: SqlOverHttpOptions): SqlOverHttp {
  const pools = new Map<string, pg.Pool>();
  const kept = new Map<string, pg.Client>();
  let answered = 0;

  const clientConfig = (connectionString: string): pg.ClientConfig => {
    const url = new URL(connectionString);
    return {
      host: opts.pgHost,
      port: opts.pgPort,
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: decodeURIComponent(url.pathname.replace(/^\//, '')) || undefined,
      application_name: 'sql-over-http',
    };
  };

  /** Runs `work` on a connection for `connectionString`, pooled or in the serialized slot. */
  async function onConnection<T>(connectionString: string, work: (c: pg.ClientBase) => Promise<T>): Promise<T> {
    if (opts.withSlot) {
      return opts.withSlot(async () => {
        // One connection kept per connection string: it speaks only while it holds the slot, and
        // a new one per statement cost 3.5 ms of start-up against PGlite.
        let client = kept.get(connectionString);
        if (!client) {
          const fresh = new pg.Client(clientConfig(connectionString));
          fresh.on('error', () => {});
          await fresh.connect();
          kept.set(connectionString, fresh);
          client = fresh;
        }
        try {
          return await work(client);
        } catch (err) {
          if (!(err instanceof pg.DatabaseError)) {
            kept.delete(connectionString);
            await client.end().catch(() => {});
          }
          throw err;
        }
      });
    }
    let pool = pools.get(connectionString);
    if (!pool) {
      pool = new pg.Pool({ ...clientConfig(connectionString), max: 10, idleTimeoutMillis: 10_000 });
      pool.on('error', () => {});
      pools.set(connectionString, pool);
    }
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await work(client);
    } catch (err) {
      // A lost connection must not go back to the pool; a statement's own error leaves it usable.
      if (!(err instanceof pg.DatabaseError)) broken = err as Error;
      throw err;
    } finally {
      client.release(broken);
    }
  }

  const run = async (c: pg.ClientBase, s: Statement) => {
    opts.log?.(`sql ${s.query.replace(/\s+/g, ' ').slice(0, 160)}`);
    const r = await c.query({ text: s.query, values: s.params ?? [], rowMode: 'array', types: RAW_TEXT });
    return {
      command: r.command,
      rowCount: r.rowCount,
      fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      rows: r.rows,
    };
  };

  async function answer(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const connectionString = req.headers['neon-connection-string'];
    if (typeof connectionString !== 'string') return { status: 400, body: { message: 'Neon-Connection-String header missing' } };
    let body: { query?: unknown; params?: unknown; queries?: unknown };
    try {
      body = JSON.parse(await readBody(req));
    } catch (err) {
      return { status: 400, body: { message: `request body is not JSON: ${(err as Error).message}` } };
    }
    const isStatement = (s: unknown): s is Statement =>
      typeof (s as Statement)?.query === 'string' && ((s as Statement).params === undefined || Array.isArray((s as Statement).params));
    try {
      if (Array.isArray(body.queries)) {
        const batch = body.queries;
        if (!batch.every(isStatement)) return { status: 400, body: { message: 'each of queries needs a query text and a params array' } };
        const results = await onConnection(connectionString, async (c) => {
          await c.query(beginFor(req));
          try {
            const out = [];
            for (const s of batch) out.push(await run(c, s));
            await c.query('commit');
            return out;
          } catch (err) {
            await c.query('rollback').catch(() => {});
            throw err;
          }
        });
        answered += batch.length;
        return { status: 200, body: { results } };
      }
      if (!isStatement(body)) return { status: 400, body: { message: 'the body needs a query text and a params array' } };
      const result = await onConnection(connectionString, (c) => run(c, body as Statement));
      answered++;
      return { status: 200, body: result };
    } catch (err) {
      if (err instanceof pg.DatabaseError) {
        answered++;
        const out: Record<string, unknown> = { message: err.message };
        for (const k of ERROR_FIELDS) if (err[k] !== undefined) out[k] = err[k];
        return { status: 400, body: out };
      }
      return { status: 503, body: `could not connect to the database: ${(err as Error).message}` };
    }
  }

  return {
    handle(req, res) {
      answer(req).then(
        ({ status, body }) => {
          const text = typeof body === 'string' ? body : JSON.stringify(body);
          const keep = opts.openConnections ? opts.openConnections() <= KEEP_OPEN_UP_TO : false;
          res.writeHead(status, {
            'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
            connection: keep ? 'keep-alive' : 'close',
          });
          res.end(text);
        },
        (err: Error) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`sql-over-http: ${err.message}`);
        },
      );
    },
    statements: () => answered,
    close: async () => {
      const all = [...pools.values()];
      const clients = [...kept.values()];
      pools.clear();
      kept.clear();
      await Promise.all([...all.map((p) => p.end().catch(() => {})), ...clients.map((c) => c.end().catch(() => {}))]);
    },
  };
}

/** The `begin` of a batch, with the isolation the driver's headers ask for. */
function beginFor(req: IncomingMessage): string {
  const level = req.headers['neon-batch-isolation-level'];
  const parts = ['begin'];
  const levels: Record<string, string> = {
    ReadUncommitted: 'read uncommitted',
    ReadCommitted: 'read committed',
    RepeatableRead: 'repeatable read',
    Serializable: 'serializable',
  };
  if (typeof level === 'string' && levels[level]) parts.push(`isolation level ${levels[level]}`);
  if (req.headers['neon-batch-read-only'] === 'true') parts.push('read only');
  if (req.headers['neon-batch-deferrable'] === 'true') parts.push('deferrable');
  return parts.join(' ');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error(`larger than ${MAX_BODY} bytes`));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
