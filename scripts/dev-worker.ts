/**
 * The Worker of `npm start` (scripts/dev.ts runs this in wrangler's place): wrangler's own dev
 * server - the same bundler, the same workerd, the same wrangler.toml (assets, Durable Objects,
 * the local cron trigger) - started through its programmatic API (`unstable_DevEnv`), so that a
 * request that fails inside wrangler's proxy is logged and the server goes on.
 *
 * Why not `wrangler dev` itself: wrangler 4.86 (the last release that runs on Node 20) ends the
 * whole dev server on any error its ProxyWorker reports, and a request the client abandons
 * mid-flight on a busy machine is one ("Error inside ProxyWorker: Network connection lost.", an
 * empty `✘ [ERROR]`, exit 1; cloudflare/workers-sdk#15203 and #15317, fixed upstream in releases
 * that need Node 22). A browser that navigates away from a page with requests still open is
 * enough, so the browser tests' shared server died under load and every later test failed.
 *
 * Argument: one JSON object `{ entry, ip, port, testScheduled, inspectorPort, persistTo?, vars }`
 * (vars: the Worker's variables; testScheduled: serve wrangler's `/__scheduled`, development only). Prints `[dev-worker] ready on <url>` once serving; stops on SIGTERM or SIGINT.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unstable_DevEnv } from 'wrangler';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What scripts/dev.ts passes. */
interface DevWorkerArgs {
  entry: string;
  ip: string;
  port: number;
  testScheduled: boolean;
  inspectorPort: number;
  persistTo?: string;
  vars: Record<string, string>;
}

const args = JSON.parse(process.argv[2] ?? '{}') as DevWorkerArgs;
const devEnv = new unstable_DevEnv();
// A request that failed on its way through wrangler's proxy (a client that went away, a
// connection reset): that request fails; the server stays up.
devEnv.on('error', (event: { source?: string; reason?: string; cause?: unknown }) => {
  const cause = event.cause as { message?: string; cause?: { message?: string } } | undefined;
  const why = cause?.message || cause?.cause?.message || '';
  console.error(
    `[dev-worker] ${event.source ?? 'wrangler'}: ${event.reason ?? 'error'}${why ? `: ${why}` : ''} (that request failed; the server goes on)`,
  );
});

const worker = await devEnv.startWorker({
  config: path.join(root, 'wrangler.toml'),
  entrypoint: path.join(root, args.entry),
  bindings: Object.fromEntries(Object.entries(args.vars).map(([k, value]) => [k, { type: 'plain_text' as const, value }])),
  dev: {
    server: { hostname: args.ip, port: args.port },
    inspector: { port: args.inspectorPort },
    // Unset: wrangler's default, .wrangler/state beside wrangler.toml.
    persist: args.persistTo,
    watch: true,
    liveReload: false,
    testScheduled: args.testScheduled,
    logLevel: 'log',
  },
});
await worker.ready;
console.log(`[dev-worker] ready on ${await worker.url}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await worker.dispose().catch(() => {});
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
