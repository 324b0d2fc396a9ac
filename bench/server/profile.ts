import { summarizeProfile } from '../lib/cpuprofile';
import { Lane, moveBlock, pollBlock } from '../lib/driver';
import { bundleLocator, profileWorker } from '../lib/inspector';
import { round } from '../lib/stats';
import { quick } from './config';
import type { ServerBench } from './context';
import type { PollSetup } from './polls';
import type { Fixtures } from './setup';

/**
 * Section 5: a CPU profile of the Worker (through its inspector) over moves at 4 games at once and
 * over 304 polls: the hottest functions and busy ms per operation. Null when the Worker has no
 * inspector or less than 20 s of budget is left; `{ error }` when profiling failed.
 */
export async function profileRequests(b: ServerBench, f: Fixtures, p: PollSetup): Promise<Record<string, unknown> | null> {
  const { req, worker, log, hardDeadline, settle } = b;
  const { pollGames } = p;
  const { gamesByLevel } = f;
  let profiles: Record<string, unknown> | null = null;
  if (worker.inspectorUrl && performance.now() < hardDeadline - 20_000) {
    try {
      const lanes = gamesByLevel[4].map((g) => new Lane([g]));
      let moves = 0;
      const mp = await profileWorker(worker.inspectorUrl, async () => {
        const r = await moveBlock(req, lanes, quick ? 3 : 8, performance.now() + 25_000);
        moves = r.samples.length;
        await settle();
      });
      let polls = 0;
      const pp = await profileWorker(worker.inspectorUrl, async () => {
        const r = await pollBlock(req, pollGames, quick ? 2 : 8, true, performance.now() + 20_000);
        polls = r.samples.length;
        await settle();
      });
      const locate = bundleLocator(new Map([...mp.sources, ...pp.sources]));
      const ms = summarizeProfile(mp.profile, 20, [], locate);
      const ps = summarizeProfile(pp.profile, 12, [], locate);
      profiles = {
        moves: { count: moves, busy_ms_per_move: round((ms.total_ms * (1 - ms.idle_pct / 100)) / Math.max(moves, 1)), ...ms },
        polls_304: { count: polls, busy_ms_per_poll: round((ps.total_ms * (1 - ps.idle_pct / 100)) / Math.max(polls, 1)), ...ps },
        note: 'busy = profiled time not idle (it includes time the isolate waited for a CPU on a loaded machine, and the deferred work after each answer); the load-independent CPU time per operation is moves.*.cpu_ms_per_op (from /proc)',
      };
      log(`profile: ${moves} moves, ${polls} polls`);
    } catch (e) {
      profiles = { error: String((e as Error).message ?? e) };
      log(`profile failed: ${(e as Error).message}`);
    }
  }
  return profiles;
}
