import { neon, neonConfig, Pool } from '@neondatabase/serverless';
import { drizzle as drizzleHttp } from 'drizzle-orm/neon-http';
import { drizzle } from 'drizzle-orm/neon-serverless';
import type { Db } from './types';

/** How to reach Postgres through the Neon serverless driver. */
export interface NeonOptions {
  /** `postgres://user:pass@host/db`. */
  url: string;
  /**
   * `host:port/v1` of a local WebSocket-to-TCP bridge (dev and tests, plain ws://). Unset in
   * production, where Neon's own proxy speaks TLS WebSockets.
   */
  wsProxy?: string;
  /** In Node, the `ws` package's WebSocket class; workerd has a global one. */
  webSocket?: unknown;
  /**
   * `releasableNeonDb` only: statements outside a transaction go as HTTP queries (Neon's `/sql`
   * endpoint; with `wsProxy`, the local bridge's stand-in on the same port) instead of over a
   * WebSocket connection opened for them. Transactions always use the WebSocket.
   */
  http?: boolean;
}

/** Points the driver at the local bridge (plain ws:// and http://) when `wsProxy` is given. */
function configure(opts: NeonOptions): void {
  if (opts.webSocket) neonConfig.webSocketConstructor = opts.webSocket as typeof WebSocket;
  if (opts.wsProxy) {
    const proxy = opts.wsProxy;
    neonConfig.wsProxy = () => proxy;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineConnect = false;
    neonConfig.pipelineTLS = false;
    // The bridge answers `POST /sql` on the port of its WebSockets (scripts/sql-over-http.ts).
    const sqlEndpoint = `http://${proxy.replace(/\/v1$/, '')}/sql`;
    neonConfig.fetchEndpoint = () => sqlEndpoint;
  }
}

/**
 * A Drizzle database over a Neon WebSocket `Pool`. In a Worker, create it per request and end the
 * pool with `waitUntil(pool.end())`: I/O objects cannot cross requests (docs/runtime-notes.md).
 */
export function createNeonDb(opts: NeonOptions): { db: Db; pool: Pool } {
  configure(opts);
  const pool = new Pool({ connectionString: opts.url, max: 1 });
  // workerd emits 'error' after a server-side close; unhandled, it fails the process.
  pool.on('error', () => {});
  pool.on('connect', (client: { on(e: string, f: () => void): void }) => client.on('error', () => {}));
  // No `{ schema }`: nothing uses the relational query API, and building its config costs CPU on
  // every request (a Worker creates this per request).
  return { db: drizzle(pool) as unknown as Db, pool };
}

/** A database whose connection can be put down between pieces of work (`releasableNeonDb`). */
export interface ReleasableDb {
  /** Every statement goes to the current pool; a statement after `release` opens a new one. */
  db: Db;
  /** Ends the current pool (its connection closes); the next statement opens a new pool. */
  release: () => Promise<void>;
}

const releasers = new WeakMap<Db, () => Promise<void>>();

/** Drizzle over `neon()`, by connection string: it holds no I/O object, so one serves every request of an isolate. */
const httpDbs = new Map<string, Db>();

function httpDbFor(opts: NeonOptions): Db {
  let db = httpDbs.get(opts.url);
  if (!db) {
    configure(opts);
    db = drizzleHttp(neon(opts.url)) as unknown as Db;
    httpDbs.set(opts.url, db);
  }
  return db;
}

/**
 * A Drizzle database over a Neon `Pool` that is opened on first use and can be put down: work
 * that waits on something else (outbound HTTP) ends the connection first (`putDown`) and the
 * next statement opens a fresh one, so no idle connection is held meanwhile (a pooled server
 * connection, or PGlite's only slot behind the serialized local bridge).
 */
export function releasableNeonDb(opts: NeonOptions): ReleasableDb {
  let current: { db: Db; pool: Pool } | null = null;
  const open = () => (current ??= createNeonDb(opts));
  // One HTTP query per statement: no connection to open (WebSocket upgrade, start-up, parameter
  // messages) for the statements most requests are made of; `transaction` needs the WebSocket.
  const viaHttp = () => (opts.http ? httpDbFor(opts) : null);
  const release = async () => {
    const was = current;
    current = null;
    if (was) await was.pool.end();
  };
  // With statements over HTTP, the WebSocket serves transactions only: it is put down as soon as
  // none is open, so it is never held while the request goes on (nor PGlite's one slot behind the
  // serialized bridge, which the next HTTP statement needs).
  let transactions = 0;
  const transaction = async (...args: Parameters<Db['transaction']>) => {
    transactions++;
    try {
      return await open().db.transaction(...args);
    } finally {
      if (--transactions === 0) await release();
    }
  };
  // Builders are made and run at once: each property read reaches the pool open now.
  const db = new Proxy({} as Db, {
    get: (_target, prop) => {
      if (prop === 'then') return undefined; // not a promise: resolving with it must not open a pool
      if (prop === 'transaction' && opts.http) return transaction;
      const inner = (viaHttp() ?? open().db) as unknown as Record<PropertyKey, unknown>;
      const value = inner[prop];
      return typeof value === 'function' ? value.bind(inner) : value;
    },
  });
  releasers.set(db, release);
  return { db, release };
}

/**
 * Puts down the connection of `db` when it is a `releasableNeonDb` (the next statement opens a
 * new one); a no-op for any other database (PGlite in-process, which has no connection to hold).
 */
export async function putDown(db: Db): Promise<void> {
  await releasers.get(db)?.();
}
