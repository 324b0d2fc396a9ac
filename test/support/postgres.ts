/**
 * A throwaway real PostgreSQL server from Debian's packages (`apt-get install -y postgresql`),
 * for tests where concurrency must be real (TEST_PG=1). About 2-10 s to start.
 *
 * initdb (trust auth) into a fresh temp directory, pg_ctl start on a spare 127.0.0.1 port (no
 * Unix socket outside the temp dir), migrations applied through the same Neon driver + bridge
 * path the Worker uses; stop() shuts it down and deletes the directory. Running as root (CI, our
 * machines), the server runs as the `postgres` user, since Postgres refuses to run as root.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import WebSocket from 'ws';
import { migrateNeon } from '../../db/migrate';
import { startBridge, type Bridge } from '../../scripts/pg-bridge';

export interface RealPostgres {
  /** `postgresql://postgres@127.0.0.1:PORT/postgres` (trust auth). */
  url: string;
  port: number;
  /** Where the server binaries were found, e.g. /usr/lib/postgresql/15/bin. */
  binDir: string;
  /** Milliseconds: initdb, start, migrate. */
  timings: { initdb: number; start: number; migrate: number };
  stop(): Promise<void>;
}

/** The newest `/usr/lib/postgresql/<version>/bin` that has initdb and pg_ctl, or null. */
export function findPostgresBinDir(): string | null {
  if (process.env.PG_BIN_DIR) return existsSync(path.join(process.env.PG_BIN_DIR, 'initdb')) ? process.env.PG_BIN_DIR : null;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')) && existsSync(path.join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

/** A port nobody listens on right now (127.0.0.1), from get-port (which never hands out the same port twice in a short while). */
export const freePort = (): Promise<number> => getPort({ host: '127.0.0.1' });

function userIds(name: string): { uid: number; gid: number } | null {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${name}:`));
    if (!line) return null;
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    return null;
  }
}

/** Starts a private PostgreSQL server and migrates it. Throws with the server log on failure. */
export async function startRealPostgres(opts: { migrate?: boolean } = {}): Promise<RealPostgres> {
  const binDir = findPostgresBinDir();
  if (!binDir) throw new Error('No PostgreSQL server found under /usr/lib/postgresql/*/bin (apt-get install -y postgresql)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mp-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');

  // Postgres will not run as root: hand the directory to the postgres user and run as it.
  const asRoot = process.getuid?.() === 0;
  let runAs: string[] = [];
  if (asRoot) {
    const ids = userIds('postgres');
    if (!ids) throw new Error('Running as root but there is no `postgres` user to run the server as');
    chownSync(dir, ids.uid, ids.gid);
    chmodSync(dir, 0o700);
    runAs = ['runuser', '-u', 'postgres', '--'];
  }
  const exec = (bin: string, args: string[]) => {
    const cmd = [...runAs, path.join(binDir, bin), ...args];
    const r = spawnSync(cmd[0], cmd.slice(1), { encoding: 'utf8', cwd: dir });
    if (r.status !== 0) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '';
      throw new Error(`${bin} failed (exit ${r.status}): ${r.stderr || r.stdout}\n${log}`);
    }
    return r.stdout;
  };

  const t0 = performance.now();
  try {
    exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
    const t1 = performance.now();
    const port = await freePort();
    const serverOpts = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${dir}`,
      '-c max_connections=100',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ');
    exec('pg_ctl', ['-D', data, '-l', logFile, '-o', serverOpts, '-w', '-t', '60', 'start']);
    const t2 = performance.now();

    let stopped: Promise<void> | null = null;
    const stopNow = () => {
      try {
        exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already gone
      }
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
    return { url, port, binDir, timings: { initdb: t1 - t0, start: t2 - t1, migrate: t3 - t2 }, stop };
  } catch (e) {
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
  return findPostgresBinDir() !== null && (process.getuid?.() !== 0 || userIds('postgres') !== null);
}
