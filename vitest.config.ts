/**
 * Test layers (docs/design.md "Running locally, and the test layers"), one vitest project each:
 *   engine  pure rules, no I/O                       test/engine/**
 *   client  client logic that needs no browser       test/client/**
 *   api     the Hono app in-process on PGlite        test/api/**
 *   worker  the built Worker in workerd + Neon driver test/worker/** (TEST_PG=1: real PostgreSQL)
 *   e2e     headless Chromium against `npm start`    test/e2e/**
 * `npm test` (scripts/test.ts) runs them all, then the worker project again on real PostgreSQL.
 * One project: `npx vitest run --project worker`.
 *
 * Sized for 2 cores: forks (PGlite's WASM and workerd child processes are happier out of worker
 * threads), at most 2 files at once. PGlite takes 3-5 s to create, so api files share one per file
 * and the worker project shares one database and one Worker across files (globalSetup).
 *
 * Projects run in groups, one group after another (sequence.groupOrder), so CPU-heavy property
 * tests never starve the timing-sensitive layers: on 2 shared cores a serialized PGlite behind
 * workerd slowed to 10 s per request (and once a 503) when they overlapped. Running group 1 as a
 * second vitest at nice 19 beside groups 2-3 was tried and saved nothing: on 2 cores the
 * in-process layers then took 950 s in the background, and the tests with 1 s delivery timeouts
 * failed. Group 1 is in-process work, one fork per core; the worker layer adds workerd + wrangler
 * + PGlite, e2e adds a dev server and Chromium, so each of those gets the machine to itself.
 *   1 engine + client + api    2 worker (workerd)    3 e2e (browser)
 */
import { defineConfig } from 'vitest/config';

/**
 * Timeouts only catch hangs; they never measure speed (the bench does). They are sized for a
 * loaded 2-core machine: a 100-game property test or a 3-player notification test that takes 3-6 s
 * on an idle machine took over 30 s while another heavy job ran, so the limits are 4x to 10x the
 * idle time of the slowest test in each layer, the same locally and in CI.
 */
const seconds = (s: number) => s * 1000;

/**
 * The two layers that run real processes (workerd, a dev server, Chromium) try a failed test once
 * more: on a shared 2-core machine a process can stall past what a test waits for. A retry never
 * hides a flake: `npm test` names every test that passed only on its retry in its summary, so it
 * is hunted like a failure. The in-process layers never retry: a property test that fails once
 * has found a game that breaks a rule.
 */
const RETRY_REAL_PROCESSES = 1;

/**
 * Worker-layer files that test what the Worker does with mail and clocks, not how it reaches its
 * database: they run once, in the real-PostgreSQL pass (TEST_PG=1, `npm test`'s second Worker
 * pass), which is also the production driver path. Files about the embedded database (the bridge,
 * a held connection, push fan-out beside PGlite) stay in both passes.
 */
const REAL_POSTGRES_ONLY = ['test/worker/mail-replies.test.ts', 'test/worker/mail-hardening.test.ts', 'test/worker/many-deadlines.test.ts'];
const onRealPostgres = process.env.TEST_PG === '1' || process.env.TEST_PG === 'true';

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    passWithNoTests: true,
    teardownTimeout: 30_000,
    projects: [
      {
        test: {
          name: 'engine',
          sequence: { groupOrder: 1 },
          include: ['test/engine/**/*.test.ts'],
          environment: 'node',
          testTimeout: seconds(180),
        },
      },
      {
        test: {
          name: 'client',
          sequence: { groupOrder: 1 },
          include: ['test/client/**/*.test.ts'],
          environment: 'node',
          testTimeout: seconds(60),
        },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['test/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: seconds(120),
          hookTimeout: seconds(120), // a PGlite per file: 1-5 s
          // Files share a fork's module cache: each makes its own app on its own PGlite, so none
          // sees another's state, and the Worker's modules are loaded once per fork instead of
          // once per file (the layer took about 40% less CPU).
          isolate: false,
        },
      },
      {
        test: {
          name: 'worker',
          sequence: { groupOrder: 2 },
          include: ['test/worker/**/*.test.ts'],
          exclude: onRealPostgres ? [] : REAL_POSTGRES_ONLY,
          environment: 'node',
          globalSetup: ['test/support/worker-global-setup.ts'],
          testTimeout: seconds(120),
          hookTimeout: seconds(180),
          retry: RETRY_REAL_PROCESSES,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 3 },
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/e2e-global-setup.ts'],
          testTimeout: seconds(300),
          hookTimeout: seconds(300), // starts the dev server and a browser
          // Two files at a time against the one shared server and browser: most of a browser test is
          // waiting (polls, the bots' replies), so two overlap well on two cores.
          fileParallelism: true,
          retry: RETRY_REAL_PROCESSES,
        },
      },
    ],
  },
});
