import { idleHour, type IdleHour } from '../lib/idle';
import { tracePhases, type PhaseRow } from '../lib/phases';
import { Lane, moveBlock } from '../lib/driver';
import { quick } from './config';
import type { ServerBench } from './context';
import type { Fixtures } from './setup';

/**
 * The idle hour: 12 cron ticks with nobody playing, statements counted at the database (an
 * idle server must cost nothing). Real PostgreSQL with its log only, and only with 30 s of budget
 * left; null when skipped, `{ error }` when it failed.
 */
export async function measureIdleHour(b: ServerBench, f: Fixtures): Promise<IdleHour | { error: string } | null> {
  const { db, req } = b;
  let idle: IdleHour | { error: string } | null = null;
  if (b.isPg && db.logFile && performance.now() < b.hardDeadline - 30_000) {
    await b.settle();
    try {
      idle = await idleHour(b.worker.url, b.admin, db.logFile, () =>
        moveBlock(req, [new Lane([f.warmGame])], 1, performance.now() + 10_000),
      );
      b.log(
        `idle hour: ${idle.statements} statements in ${idle.ticks} ticks (settled after ${idle.settle_ticks}); a tick after a move: ${idle.busy_tick_statements}`,
      );
    } catch (e) {
      idle = { error: String((e as Error).message ?? e) };
      b.log(`idle hour failed: ${idle.error}`);
    }
  }
  return idle;
}

/**
 * Where a move's PostgreSQL time goes: parse, plan (bind) and execute per statement, ms per
 * move, from the server log over 10 (quick) or 20 moves. Same conditions as the idle hour; null
 * when skipped.
 */
export async function measureMovePhases(b: ServerBench, f: Fixtures): Promise<PhaseRow[] | null> {
  let movePhases: PhaseRow[] | null = null;
  const PHASE_MOVES = quick ? 10 : 20;
  if (b.isPg && b.db.logFile && performance.now() < b.hardDeadline - 30_000) {
    await b.settle();
    const lane = new Lane([f.warmGame]);
    movePhases = await tracePhases(b.admin, b.db.logFile, PHASE_MOVES, async () => {
      await moveBlock(b.req, [lane], PHASE_MOVES, performance.now() + 30_000);
      await b.settle();
    });
    const total = movePhases.reduce((a, r) => a + r.parse_ms + r.bind_ms + r.execute_ms, 0);
    const plan = movePhases.reduce((a, r) => a + r.parse_ms + r.bind_ms, 0);
    b.log(`move phases: ${total.toFixed(2)} ms server time per move, ${plan.toFixed(2)} ms of it parse + plan`);
  }
  return movePhases;
}
