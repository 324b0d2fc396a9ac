import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order files start in: vitest's own (groups in `sequence.groupOrder`, then projects by name,
 * then the longest or largest files first), except that in the group of real processes the
 * Worker layers' files start before the browser layer's. By name they came last (e2e < worker),
 * so their longest files (hundreds of deadlines, a grace of 27 s) ran after every browser file had
 * ended, on a machine otherwise idle: about half a minute of `npm test` was that tail.
 */
export default class WorkerLayersFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => (f.project.name.startsWith('worker') ? 0 : 1);
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => a.f.project.config.sequence.groupOrder - b.f.project.config.sequence.groupOrder || rank(a.f) - rank(b.f) || a.i - b.i)
      .map((x) => x.f);
  }
}
