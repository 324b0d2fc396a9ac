/**
 * PgBouncer in transaction mode in front of the benchmark's PostgreSQL: what Neon's pooled
 * endpoint (the `-pooler` host, PgBouncer in transaction mode) gives a Worker in production, so a
 * request's new connection reuses a warm server backend instead of starting one. Optional: the
 * Debian package `pgbouncer`; without it the benchmark connects straight to PostgreSQL.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../test/support/postgres';

const BINARY = '/usr/sbin/pgbouncer';

/** True when PgBouncer is installed (`apt-get install -y pgbouncer`). */
export function poolerAvailable(): boolean {
  return existsSync(BINARY);
}

export interface Pooler {
  port: number;
  pid: number;
  version: string;
  stop(): Promise<void>;
}

async function waitForPort(port: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`pgbouncer did not listen on ${port} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts PgBouncer on a spare 127.0.0.1 port, pooling `user@postgres` on 127.0.0.1:`pgPort`
 * (transaction mode, up to `poolSize` server connections). Run as the `postgres` user when we
 * are root (PgBouncer refuses to run as root).
 */
export async function startPooler(pgPort: number, poolSize = 20): Promise<Pooler> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mp-pgbouncer-'));
  const port = await freePort();
  const ini = path.join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `postgres = host=127.0.0.1 port=${pgPort} dbname=postgres user=postgres`,
      // Any other database of the cluster by its own name (the scale section has one per size).
      `* = host=127.0.0.1 port=${pgPort} user=postgres`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      'max_client_conn = 500',
      `default_pool_size = ${poolSize}`,
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('postgres:'));
    if (!line) throw new Error('Running as root but there is no `postgres` user to run pgbouncer as');
    const [, , uid, gid] = line.split(':');
    chownSync(dir, Number(uid), Number(gid));
    chownSync(ini, Number(uid), Number(gid));
  }
  const cmd = asRoot ? ['runuser', '-u', 'postgres', '--', BINARY, ini] : [BINARY, ini];
  const child: ChildProcess = spawn(cmd[0], cmd.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  process.once('exit', kill);
  try {
    await waitForPort(port, 10_000);
  } catch (e) {
    kill();
    throw new Error(`${(e as Error).message}: ${err}`);
  }
  const version = spawnSync(BINARY, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0].trim();
  // runuser stays the parent: the pooler's own process id is in its pid file.
  const pidFile = path.join(dir, 'pgbouncer.pid');
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : child.pid!;
  return {
    port,
    pid,
    version,
    async stop() {
      process.off('exit', kill);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
