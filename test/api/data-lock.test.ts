/**
 * The PGlite data directory's lock (scripts/data-lock.ts) with real processes: a second holder
 * is refused while the first runs, and a lock whose holder was killed (no cleanup) is taken
 * over at once.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirBusy, lockDataDir } from '../../scripts/data-lock';

const root = path.resolve(__dirname, '../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'mp-lock-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A child process that locks `dir` and says "locked" once it holds it, then waits to be killed. */
function holder(dir: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('${path.join(root, 'scripts/data-lock.ts')}').then(async (m) => { await m.lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000); })`,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
    child.on('exit', (code) => reject(new Error(`holder exited (${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, locked, exited };
}

describe('the data directory lock', () => {
  it('a second process is refused, naming the first, while the first runs', async () => {
    const dir = path.join(tmp, 'busy');
    const h = holder(dir);
    await h.locked;
    try {
      const err = await lockDataDir(dir).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataDirBusy);
      expect((err as Error).message).toContain(`pid ${h.child.pid}:`);
    } finally {
      h.child.kill('SIGKILL');
      await h.exited;
    }
  });

  it('a lock whose holder was killed with SIGKILL is taken over at once, not after it goes stale', async () => {
    const dir = path.join(tmp, 'stale');
    const h = holder(dir);
    await h.locked;
    h.child.kill('SIGKILL');
    await h.exited;
    // The lock folder is fresh (its holder refreshed it up to its death): only the dead pid says it is free.
    const release = await lockDataDir(dir);
    await release();
  });
});
