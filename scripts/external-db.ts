/**
 * An external Postgres named by `DATABASE_URL`, as `npm start` and `npm run db:migrate` reach it.
 *
 * The Neon driver always speaks WebSockets. Neon's own hosts (`*.neon.tech`) accept them; a plain
 * Postgres (a local server, a container, RDS...) does not, so for any other host this starts the
 * WebSocket-to-TCP bridge (scripts/pg-bridge.ts) on 127.0.0.1 towards that host and port, and
 * hands the Worker its address as `DB_WS_PROXY`. An explicit `DB_WS_PROXY` in the environment
 * wins (a bridge you run yourself).
 */
import { startBridge, type Bridge } from './pg-bridge';

/** What the Worker (or the migrator) needs to reach the database, and how to let go of it. */
export interface ExternalDb {
  DATABASE_URL: string;
  /** `127.0.0.1:PORT/v1` of the bridge; undefined for Neon (its own TLS WebSocket proxy). */
  DB_WS_PROXY?: string;
  /** How it is reached, for the start-up log line (no password). */
  describe: string;
  stop(): Promise<void>;
}

/** True for hosts that are Neon's own endpoints, which speak WebSockets themselves. */
export function isNeonHost(host: string): boolean {
  return /(^|\.)neon\.tech$/i.test(host) || /(^|\.)neon\.build$/i.test(host);
}

/**
 * Opens the way to `url`: nothing to start for Neon or an explicit `wsProxy`, a bridge otherwise.
 * Throws when `url` is not a `postgres://` or `postgresql://` URL.
 */
export async function openExternalDb(url: string, wsProxy = process.env.DB_WS_PROXY): Promise<ExternalDb> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('DATABASE_URL is not a URL (expected postgres://user:password@host:5432/database)');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new Error(`DATABASE_URL must start with postgres:// or postgresql://, not ${parsed.protocol}//`);
  }
  const where = `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  if (wsProxy) return { DATABASE_URL: url, DB_WS_PROXY: wsProxy, describe: `${where} via your bridge ${wsProxy}`, stop: async () => {} };
  if (isNeonHost(parsed.hostname)) return { DATABASE_URL: url, describe: `${where} (Neon)`, stop: async () => {} };
  // A bare "localhost" may resolve to ::1 first while Postgres listens on 127.0.0.1 only; the
  // bridge connects where the URL says, so keep it as written.
  const bridge: Bridge = await startBridge({ pgHost: parsed.hostname, pgPort: Number(parsed.port || 5432), serialize: false });
  return {
    DATABASE_URL: url,
    DB_WS_PROXY: bridge.wsProxy,
    describe: `${where} via the WebSocket bridge ws://${bridge.wsProxy}`,
    stop: () => bridge.close(),
  };
}
