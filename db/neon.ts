import { neonConfig, Pool } from '@neondatabase/serverless';
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
}

/**
 * A Drizzle database over a Neon WebSocket `Pool`. In a Worker, create it per request and end the
 * pool with `waitUntil(pool.end())`: I/O objects cannot cross requests (docs/runtime-notes.md).
 */
export function createNeonDb(opts: NeonOptions): { db: Db; pool: Pool } {
  if (opts.webSocket) neonConfig.webSocketConstructor = opts.webSocket as typeof WebSocket;
  if (opts.wsProxy) {
    const proxy = opts.wsProxy;
    neonConfig.wsProxy = () => proxy;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineConnect = false;
    neonConfig.pipelineTLS = false;
  }
  const pool = new Pool({ connectionString: opts.url, max: 1 });
  // workerd emits 'error' after a server-side close; unhandled, it fails the process.
  pool.on('error', () => {});
  pool.on('connect', (client: { on(e: string, f: () => void): void }) => client.on('error', () => {}));
  // No `{ schema }`: nothing uses the relational query API, and building its config costs CPU on
  // every request (a Worker creates this per request).
  return { db: drizzle(pool) as unknown as Db, pool };
}
