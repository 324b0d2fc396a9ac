/**
 * vitest globalSetup of the `e2e` project: one `npm start` (the real Worker in workerd, PGlite in
 * memory, the fixture games) and one headless Chromium (a browser server the files connect to),
 * shared by every browser test file instead of one of each per file. Each file signs in players
 * of its own and makes its own games, so files do not meet. The local cron runs every 3 s: a bot's
 * reply waits behind the notification grace in the request's deferred queue, and the cron's bot
 * pass catches such games up as it does in production every 5 minutes.
 */
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { browserLaunchOptions, chromiumAvailable } from '../../scripts/chromium';
import { type DevServer, startDevServer } from './dev-server';
import { downDir, lastLines, noteServerDown } from './server-down';

/** The browser layer's operator: the address in the shared server's ADMIN_EMAILS. */
export const E2E_OPERATOR = 'operator@safety-e2e.test';

declare module 'vitest' {
  export interface ProvidedContext {
    devServerUrl: string;
    browserWsEndpoint: string;
    /** Where the layer's global setup notes that its shared server stopped (test/support/server-down.ts). */
    serverDownDir: string;
    /** The name of the layer whose server that is ('browser', 'worker', 'worker-pg'). */
    serverLayer: string;
  }
}

export default async function setup(project: TestProject) {
  if (!chromiumAvailable()) {
    // Each file says so (warnNoBrowser) and, under CI=true, fails.
    project.provide('devServerUrl', '');
    project.provide('browserWsEndpoint', '');
    return;
  }
  const t0 = performance.now();
  let server: DevServer | undefined;
  let browser: BrowserServer | undefined;
  try {
    [server, browser] = await Promise.all([
      // Every test signs in from 127.0.0.1; the per-address limit has its own API tests. The
      // operator of the safety journeys (test/e2e/safety.test.ts) is the one address in ADMIN_EMAILS.
      startDevServer({
        env: { MP_CRON_MS: '3000', SIGNIN_LIMIT_PER_IP: '100000', ADMIN_EMAILS: E2E_OPERATOR },
        timeoutMs: 150_000,
      }),
      browserLaunchOptions().then((o) => chromium.launchServer(o)),
    ]);
  } catch (e) {
    await Promise.allSettled([server?.stop(), browser?.close()]);
    throw e;
  }
  console.log(`[browser tests] npm start at ${server.baseUrl} and Chromium ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  project.provide('devServerUrl', server.baseUrl);
  project.provide('browserWsEndpoint', browser.wsEndpoint());
  // A server that stops before the teardown is said once, with its last lines; the layer's later
  // tests skip (test/support/layer-server.ts) rather than each fail with ECONNREFUSED.
  let tearingDown = false;
  const dir = downDir();
  const liveServer = server;
  void server.exited?.then((how) => {
    if (tearingDown) return;
    noteServerDown(dir, { layer: 'browser', reason: `the browser layer's shared npm start ${how}`, lines: lastLines(liveServer.output()) });
    console.error(`[browser tests] the shared npm start ${how}: the layer's later tests are skipped (see the summary)`);
  });
  project.provide('serverDownDir', dir);
  project.provide('serverLayer', 'browser');
  return async () => {
    tearingDown = true;
    // The shared server's own account of anything that went wrong (a connection reset at one
    // moment in two files has no cause in the tests' output): its error and reload lines, last 30.
    const said = server
      .output()
      .split('\n')
      .filter((l) => /✘|\berror\b|reload|crash|ECONN|exited|uncaught/i.test(l))
      .slice(-30);
    if (said.length) console.log(`[browser tests] the shared server said:\n${said.map((l) => `  ${l.slice(0, 240)}`).join('\n')}`);
    await Promise.allSettled([browser?.close(), server?.stop()]);
  };
}
