/**
 * `npx tsx scripts/test-durations.ts <vitest-json-report>`: writes test/support/durations.json, the
 * seconds each test file took in that run (the longest where a file runs in two projects), which
 * the sequencer (test/support/sequencer.ts) uses to start the longest files first on a clean clone.
 * Make the report with `CI=true npx vitest run --reporter=json --outputFile=<file>`; refresh it when
 * a file's length changes a lot (order only, so a stale entry costs minutes, never a failure).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [report] = process.argv.slice(2);
if (!report) {
  console.error('usage: tsx scripts/test-durations.ts <vitest-json-report>');
  process.exit(2);
}
const root = process.cwd();
const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as {
  testResults: { name: string; startTime: number; endTime: number }[];
};
const seconds: Record<string, number> = {};
for (const t of testResults) {
  const file = path.relative(root, t.name);
  seconds[file] = Math.max(seconds[file] ?? 0, Math.round((t.endTime - t.startTime) / 1000));
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([fa, a], [fb, b]) => b - a || fa.localeCompare(fb)));
writeFileSync(path.join(root, 'test', 'support', 'durations.json'), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`test/support/durations.json: ${Object.keys(sorted).length} files`);
