/**
 * A Worker in workerd (wrangler's unstable_startWorker: the same bundler and runtime as `wrangler
 * dev`): the one the worker project shares (worker-global-setup.ts), or a test file's own, for
 * files whose settings or traffic must not meet other files': its own Durable Objects, its own
 * variables (`vars`), and the database `db` it is given.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestDb } from './test-db';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A running Worker: its base URL (no trailing slash) and how to stop it. */
export interface PrivateWorker {
  url: string;
  dispose(): Promise<void>;
}

/**
 * Starts test/fixtures/worker.ts on 127.0.0.1 against `db` with APP_ENV=test and `vars` besides.
 * `deployed`: the Worker as deployed instead (worker/index.ts, not the harness's), without
 * wrangler's `/__scheduled` stand-in, as Cloudflare runs it.
 */
export async function startPrivateWorker(
  db: Pick<TestDb, 'DATABASE_URL' | 'DB_WS_PROXY'>,
  vars: Record<string, string> = {},
  opts: { deployed?: boolean } = {},
): Promise<PrivateWorker> {
  // No traffic beyond 127.0.0.1 (metrics, request.cf data, update check).
  process.env.WRANGLER_SEND_METRICS = 'false';
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
  const { unstable_startWorker } = await import('wrangler');
  const plain = (value: string) => ({ type: 'plain_text' as const, value });
  const worker = await unstable_startWorker({
    config: path.join(root, 'wrangler.toml'),
    entrypoint: path.join(root, opts.deployed ? 'worker/index.ts' : 'test/fixtures/worker.ts'),
    sendMetrics: false,
    bindings: Object.fromEntries(
      Object.entries({
        DATABASE_URL: db.DATABASE_URL,
        DB_WS_PROXY: db.DB_WS_PROXY,
        APP_ENV: 'test',
        SIGNIN_LIMIT_PER_IP: '100000',
        ...vars,
      }).map(([k, v]) => [k, plain(v)]),
    ),
    dev: {
      server: { hostname: '127.0.0.1', port: 0 },
      inspector: false,
      watch: false,
      liveReload: false,
      persist: false,
      testScheduled: !opts.deployed,
      logLevel: process.env.MP_WORKER_LOG === '1' ? 'log' : 'warn',
    },
  });
  await worker.ready;
  return { url: (await worker.url).toString().replace(/\/$/, ''), dispose: () => worker.dispose() };
}
