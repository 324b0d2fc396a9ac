/**
 * `npm start` as the browser tests and the client bench run it: scripts/dev.ts (client build,
 * PGlite in memory, wrangler dev) on a free 127.0.0.1 port with the fixture games.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './postgres';
import { watchServer } from './refusals';
import { pause } from './wait';

export { freePort };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface DevServer {
  baseUrl: string;
  port: number;
  /** Everything the server printed so far (for failure messages). */
  output(): string;
  /** Settles when the server's process has exited, saying how ("exited with code 1", "killed by SIGKILL"). */
  exited?: Promise<string>;
  stop(): Promise<void>;
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts `npm start` (scripts/dev.ts: client build, PGlite in memory, wrangler dev) on a free
 * port with the fixture games (MP_FIXTURES=1), and waits until it prints `[dev] ready:`. `stop()` ends the
 * whole process group.
 */
export async function startDevServer(opts: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<DevServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let out = '';
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: root,
    detached: true, // its own process group, so stop() reaches npm, sh, tsx and the dev script
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      MP_FIXTURES: '1',
      PORT: String(port),
      MP_DATA_DIR: 'memory',
      MP_CRON_MS: '0',
      APP_ENV: 'development',
      ...opts.env,
    },
  });
  const keep = (b: Buffer) => {
    out += b.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : `exited with code ${code}`)),
  );

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
    // The dev script stops wrangler (its own group) and the database on SIGTERM; give it time.
    const until = Date.now() + 15_000;
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    while (Date.now() < until && (await healthy(`${baseUrl}/api/health`))) await pause(200);
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };

  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`npm start exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${out.slice(-4000)}`);
    }
    // The dev script says ready once /api/ready answered with its own instance id: the database
    // answers too, and the server on the port is the one this call started.
    if (/\[dev\] ready:/.test(out)) {
      // With the fixture Worker, what it refuses to send beyond 127.0.0.1 fails the test that caused it.
      const unwatch = watchServer(baseUrl);
      const stopWatched = () => {
        unwatch();
        return stop();
      };
      return { baseUrl, port, output: () => out, exited, stop: stopWatched };
    }
    await pause(250);
  }
  await stop();
  throw new Error(`npm start did not say ready on ${baseUrl} in time:\n${out.slice(-4000)}`);
}
