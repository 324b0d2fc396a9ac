/**
 * `npm start` however it is stopped: the dev script killed outright (SIGKILL, no cleanup) takes
 * wrangler and workerd with it, so its port is free again and a new `npm start` on the same data
 * directory starts at once (the dead holder's data lock is taken over). No browser.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { until } from '../support/wait';
import { freePort, root } from './support';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'mp-devstop-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Starts scripts/dev.ts itself (no npm or sh around it) and resolves once it says ready. */
function devScript(port: number, dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), MP_DATA_DIR: dataDir, MP_CRON_MS: '0', MP_SKIP_BUILD: '1', APP_ENV: 'development' },
  });
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    const seen = (b: Buffer) => {
      out += b.toString();
      if (out.includes('[dev] ready')) resolve();
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.on('exit', (code) => reject(new Error(`dev script exited (${code}) before ready:\n${out.slice(-2000)}`)));
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, ready, exited, output: () => out };
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

describe('stopping the dev script', () => {
  test('SIGKILL to the dev script leaves no workerd on its port, and the next start takes over its data lock', async () => {
    const port = await freePort();
    const dataDir = path.join(tmp, 'pglite');
    const first = devScript(port, dataDir);
    await first.ready;
    expect(await listening(port)).toBe(true);
    first.child.kill('SIGKILL');
    await first.exited;
    // The guard sees its pipe close and stops the group: wait for the port to be free (bounded).
    await until('the port to be free after the dev script was killed', async () => ((await listening(port)) ? undefined : true), {
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    const second = devScript(port, dataDir);
    try {
      await second.ready;
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      expect(res.status).toBe(200);
      // A cron tick asks the DueClock object: its storage goes beside this data directory, not
      // into the checkout's .wrangler/state that every other server there would share.
      expect((await fetch(`http://127.0.0.1:${port}/__scheduled?cron=*/5+*+*+*+*`)).status).toBe(200);
      expect(existsSync(`${dataDir}-objects`)).toBe(true);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});
