import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each file took in a recorded run (scripts/test-durations.ts writes it). A clean clone has
 * no vitest cache, and vitest then starts the largest files first: by size, the longest browser
 * file (a 3-minute walk through every game) started last of its layer and ran alone for the last
 * minute and a half of `npm test`.
 */
const recorded: Record<string, number> = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8'));

/**
 * The order files start in: by group (`sequence.groupOrder`), then the longest first, across the
 * projects of a group, so that the group's last minutes are many short files side by side, not
 * one long one alone. A file with no record (a new one) comes after those with one, largest
 * first; the order only decides how soon a run ends, never whether a test passes.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = files[0]?.project.config.root ?? process.cwd();
    const weight = (f: TestSpecification) => {
      const seconds = recorded[path.relative(root, f.moduleId)];
      return seconds === undefined ? { known: 0, n: statSync(f.moduleId).size } : { known: 1, n: seconds };
    };
    const keyed = files.map((f) => ({ f, group: f.project.config.sequence.groupOrder, w: weight(f) }));
    keyed.sort((a, b) => a.group - b.group || b.w.known - a.w.known || b.w.n - a.w.n);
    return keyed.map((x) => x.f);
  }
}
