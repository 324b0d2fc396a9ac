/**
 * `npm test`: every test layer, then the Worker layer again on a real PostgreSQL.
 *
 *   1. `vitest run`                                  engine, client, api, worker (PGlite), e2e
 *   2. `TEST_PG=1 vitest run --project worker`       when a PostgreSQL server is installed
 *      (/usr/lib/postgresql/<v>/bin); with CI=true a missing server is a failure, not a skip.
 *
 * `npm test -- <vitest args>` passes the arguments to step 1 (e.g. `--project api`) and runs
 * step 2 only when the arguments select the worker project. Exits non-zero if anything failed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgresBinDir, realPostgresAvailable } from '../test/support/postgres';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
const ci = process.env.CI === 'true' || process.env.CI === '1';
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
  /** Failed tests and failed files (a hook or an import that threw), with their first error line. */
  failures: string[];
}
const phases: Phase[] = [];

function banner(text: string) {
  const line = '='.repeat(Math.max(60, text.length + 4));
  console.log(`\n${line}\n  ${text}\n${line}`);
}

async function runVitest(name: string, args: string[], env: Record<string, string> = {}): Promise<Phase> {
  banner(name);
  const json = path.join(tmp, `${phases.length}.json`);
  const t0 = performance.now();
  const code = await new Promise<number>((resolve) => {
    const child = spawn(vitest, ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
  const phase: Phase = { name, ok: code === 0, seconds: (performance.now() - t0) / 1000, passed: 0, failed: 0, skipped: 0, failures: [] };
  try {
    const r = JSON.parse(readFileSync(json, 'utf8'));
    phase.passed = r.numPassedTests ?? 0;
    phase.failed = r.numFailedTests ?? 0;
    phase.skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    if (r.numFailedTestSuites) phase.note = `${r.numFailedTestSuites} failed suite(s)`;
    phase.failures = failuresOf(r);
  } catch {
    phase.note = 'no test report (vitest crashed?)';
  }
  if (code !== 0 && phase.failed === 0) phase.failed = 1; // a crash or a failing hook still counts
  phases.push(phase);
  return phase;
}

/** The first line of an error text, without ANSI colours, at most 300 characters. */
function firstLine(text: string): string {
  const line = text.replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 300);
}

/**
 * What failed, from vitest's JSON report (Jest's shape): each failed test as "file > title: first
 * error line", and each file that failed outside its tests (a hook, an import) with its message.
 * The summary repeats them so the end of a long CI log says what failed, not only how many.
 */
function failuresOf(r: { testResults?: Array<{ name: string; status: string; message?: string; assertionResults?: Array<{ status: string; fullName?: string; title: string; failureMessages?: string[] }> }> }): string[] {
  const out: string[] = [];
  for (const file of r.testResults ?? []) {
    const rel = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) out.push(`${rel} > ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0] ?? '')}`);
    if (file.status === 'failed' && (file.message || !failed.length)) {
      // A hook's error is not in the report (its message is empty): the log above has it.
      out.push(`${rel} (outside its tests): ${firstLine(file.message ?? '') || 'a hook failed, see its error above'}`);
    }
  }
  return out;
}

let interrupted = false;
process.on('SIGINT', () => {
  interrupted = true; // vitest gets the same Ctrl-C and exits; we then summarize
});

await runVitest(extra.length ? `vitest run ${extra.join(' ')}` : 'All test layers (vitest run)', extra);

const wantsWorker = extra.length === 0 || extra.some((a, i) => a === 'worker' && extra[i - 1] === '--project') || extra.includes('--project=worker');
if (!interrupted && wantsWorker) {
  if (realPostgresAvailable()) {
    await runVitest(`Worker layer again on real PostgreSQL (${findPostgresBinDir()}, TEST_PG=1)`, ['--project', 'worker'], { TEST_PG: '1' });
  } else if (ci) {
    banner('Worker layer on real PostgreSQL: FAILED');
    console.log('CI=true but no PostgreSQL server under /usr/lib/postgresql/*/bin: .ci/run must `apt-get install -y postgresql`.');
    phases.push({ name: 'Worker layer on real PostgreSQL', ok: false, seconds: 0, passed: 0, failed: 1, skipped: 0, note: 'PostgreSQL not installed', failures: [] });
  } else {
    banner('Worker layer on real PostgreSQL: SKIPPED');
    console.log('No PostgreSQL server installed (apt-get install -y postgresql). CI runs this layer; locally it is optional.');
    phases.push({ name: 'Worker layer on real PostgreSQL', ok: true, seconds: 0, passed: 0, failed: 0, skipped: 0, note: 'skipped: PostgreSQL not installed', failures: [] });
  }
}
rmSync(tmp, { recursive: true, force: true });

banner('Summary');
for (const p of phases) {
  console.log(
    `${p.ok ? 'PASS' : 'FAIL'}  ${p.name}: ${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped (${p.seconds.toFixed(1)} s)${p.note ? ` - ${p.note}` : ''}`,
  );
  for (const f of p.failures) console.log(`        x ${f}`);
}
const total = phases.reduce((a, p) => ({ passed: a.passed + p.passed, failed: a.failed + p.failed, skipped: a.skipped + p.skipped }), { passed: 0, failed: 0, skipped: 0 });
const ok = !interrupted && phases.every((p) => p.ok);
console.log('');
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(ok ? 0 : 1);
