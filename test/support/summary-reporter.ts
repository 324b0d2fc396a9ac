/**
 * A vitest reporter for `npm test`'s closing summary (scripts/test.ts): counts, what failed and
 * what passed only on a retry, written as JSON to the file named by `MP_TEST_SUMMARY`.
 *
 * Why not vitest's JSON reporter: it leaves a hook's error out (the file is "failed" with an
 * empty message) and cannot tell a test that passed on its retry from one that passed at once,
 * and those are the two things the end of a long CI log must name.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';
import { downDir, takeServerDowns } from './server-down';

/** What scripts/test.ts reads back. `failures` and `flaky` are "file > test: first error line". */
export interface TestSummary {
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
  flaky: string[];
}

/** The first non-empty line of an error text, without ANSI colours, at most 300 characters. */
export function firstLine(text: string | undefined): string {
  const line =
    (text ?? '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour escapes
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 300);
}

const describeError = (e: SerializedError | undefined) => firstLine(e ? `${e.name ?? 'Error'}: ${e.message}` : '');

/**
 * An earlier try's error in full (its lines joined by " | ", ANSI colours out, at most 1,000
 * characters) with the test file's line it came from: a retry that passed leaves nothing else to
 * hunt its cause with.
 */
export function describeFully(e: SerializedError): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour escapes
  const plain = (t: string) => t.replace(/\u001b\[[0-9;]*m/g, '');
  const lines = plain(`${e.name ?? 'Error'}: ${e.message}`)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const at = plain(e.stack ?? '')
    .split('\n')
    .find((l) => /test\/.+\.ts:\d+/.test(l))
    ?.trim();
  return [...lines, ...(at ? [at] : [])].join(' | ').slice(0, 1000);
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>): void {
    // A layer's shared server that stopped is one failure, with what it said last; the layer's
    // tests after it were skipped (test/support/server-down.ts).
    const downs = takeServerDowns(downDir());
    for (const down of downs)
      console.error(`\n!! ${down.reason} at ${down.at}. Its last lines:\n${down.lines.map((l) => `!!   ${l}`).join('\n')}\n`);
    const out = process.env.MP_TEST_SUMMARY;
    if (!out) return;
    const summary: TestSummary = { passed: 0, failed: 0, skipped: 0, failures: [], flaky: [] };
    for (const m of modules) {
      const file = m.relativeModuleId;
      // A module's or a suite's own errors: a failed import, or a beforeAll/afterAll that threw.
      for (const e of m.errors()) summary.failures.push(`${file} (outside its tests): ${describeError(e)}`);
      for (const s of m.children.allSuites())
        for (const e of s.errors()) summary.failures.push(`${file} > ${s.fullName} (a hook): ${describeError(e)}`);
      for (const t of m.children.allTests()) {
        const result = t.result();
        if (result.state === 'failed') {
          summary.failed++;
          summary.failures.push(`${file} > ${t.fullName}: ${describeError(result.errors?.[0])}`);
        } else if (result.state === 'passed') {
          summary.passed++;
          const d = t.diagnostic();
          // The earlier try's error, when vitest kept it, says what to hunt.
          const before = result.errors?.length ? `, first: ${describeFully(result.errors[0])}` : '';
          if (d?.flaky) summary.flaky.push(`${file} > ${t.fullName} (passed on try ${d.retryCount + 1}${before})`);
        } else summary.skipped++;
      }
    }
    for (const e of unhandled) summary.failures.push(`unhandled error: ${describeError(e)}`);
    for (const down of downs) {
      summary.failed++;
      summary.failures.push(
        `${down.reason} at ${down.at}; the layer's later tests were skipped. Its last lines:\n${down.lines.map((l) => `            | ${l}`).join('\n')}`,
      );
    }
    writeFileSync(out, JSON.stringify(summary));
  }
}
