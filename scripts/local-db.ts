/**
 * The local database for `npm start` and the Worker tests: an embedded PGlite (Postgres in WASM),
 * migrated, served on the Postgres wire protocol by @electric-sql/pglite-socket on a free
 * 127.0.0.1 port, behind the WebSocket-to-TCP bridge that the Neon driver talks to.
 *
 *   Neon driver (workerd) --ws://127.0.0.1:B/v1--> pg-bridge --tcp 127.0.0.1:P--> PGLiteSocketServer --> PGlite
 *
 * PGlite runs one query at a time and its socket server mixes up concurrent connections, so the
 * bridge is serialized (one TCP connection at a time, the rest queued).
 *
 * Run standalone: `tsx scripts/local-db.ts [--data DIR]` prints DATABASE_URL and DB_WS_PROXY.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { migratePglite } from '../db/migrate';
import { startBridge, type Bridge } from './pg-bridge';
import { createMigratedPglite } from './pglite-template';

export interface LocalDbOptions {
  /** Directory for PGlite's files (kept across runs); omitted, the database lives in memory. */
  dataDir?: string;
  /** Port for the bridge; 0 or omitted picks a free one. */
  bridgePort?: number;
  /** Logs the bridge's connections. */
  debug?: boolean;
  /**
   * One connection at a time through the bridge (default true). Only for experiments: without it,
   * concurrent connections reach pglite-socket together (see docs/runtime-notes.md).
   */
  serialize?: boolean;
  /** The bridge's HTTP query stand-in keeps connections alive (`BridgeOptions.keepAlive`; off by default). */
  keepAlive?: boolean;
}

export interface LocalDb {
  /** Connection string for the Neon driver (host and port are those of the socket server). */
  DATABASE_URL: string;
  /** `127.0.0.1:PORT/v1` of the bridge. */
  DB_WS_PROXY: string;
  /** The PGlite instance itself (for direct checks in tests; do not query it while the Worker is busy). */
  pglite: PGlite;
  bridge: Bridge;
  /** Milliseconds spent in each start-up step. */
  timings: { pglite: number; migrate: number; socket: number; bridge: number };
  stop(): Promise<void>;
}

export async function startLocalDb(opts: LocalDbOptions = {}): Promise<LocalDb> {
  const t0 = performance.now();
  let dataDir: string | undefined;
  if (opts.dataDir) {
    dataDir = path.resolve(opts.dataDir);
    mkdirSync(path.dirname(dataDir), { recursive: true });
  }
  let pglite: PGlite;
  let t1: number;
  if (dataDir) {
    pglite = new PGlite(dataDir);
    await pglite.waitReady;
    t1 = performance.now();
    await migratePglite(pglite);
  } else {
    pglite = await createMigratedPglite(); // from a cached migrated template: ~1 s instead of 4-7 s
    t1 = performance.now();
  }
  const t2 = performance.now();

  // The bridge serializes connections; a few slots more than one here only absorb the moment
  // between a closed connection and the socket server noticing it (it frees slots on a later tick).
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: opts.serialize === false ? 100 : 8 });
  await server.start();
  const [host, portText] = server.getServerConn().split(':');
  const pgPort = Number(portText);
  const t3 = performance.now();

  const bridge = await startBridge({
    pgHost: host,
    pgPort,
    serialize: opts.serialize ?? true,
    port: opts.bridgePort ?? 0,
    debug: opts.debug,
    keepAlive: opts.keepAlive,
  });
  const t4 = performance.now();

  let stopped: Promise<void> | null = null;
  return {
    DATABASE_URL: `postgresql://postgres:postgres@127.0.0.1:${pgPort}/postgres`,
    DB_WS_PROXY: bridge.wsProxy,
    pglite,
    bridge,
    timings: { pglite: t1 - t0, migrate: t2 - t1, socket: t3 - t2, bridge: t4 - t3 },
    stop() {
      stopped ??= (async () => {
        await bridge.close();
        await server.stop();
        await pglite.close();
      })();
      return stopped;
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf('--data');
  const db = await startLocalDb({ dataDir: i >= 0 ? process.argv[i + 1] : undefined, debug: process.argv.includes('--debug') });
  console.log(`DATABASE_URL=${db.DATABASE_URL}`);
  console.log(`DB_WS_PROXY=${db.DB_WS_PROXY}`);
  console.log(
    `(started in ${Object.entries(db.timings)
      .map(([k, v]) => `${k} ${v.toFixed(0)} ms`)
      .join(', ')}; Ctrl-C stops)`,
  );
  const stop = () => db.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
