/**
 * The Worker's clock: the time every request, cron pass and inbound email reads. Real time, plus
 * an offset that only `POST /dev/clock` moves (development and test; the route does not exist in
 * production), so deadlines, reminders and other timed work can be tried by hand and by black-box
 * tests without waiting. The offset lives in the Worker's isolate: it starts at 0 whenever
 * workerd (re)starts the Worker.
 */
export interface WorkerClock {
  /** The current instant, offset included. */
  now(): Date;
  /** Milliseconds the clock runs ahead of real time (0 unless moved). */
  offsetMs(): number;
  /** Moves the clock forward by `ms` (>= 0); returns the new offset. */
  advance(ms: number): number;
}

/** A clock over `base` (real time by default; tests pass their own) that can be moved forward. */
export function createWorkerClock(base: () => Date = () => new Date()): WorkerClock {
  let offset = 0;
  return {
    now: () => new Date(base().getTime() + offset),
    offsetMs: () => offset,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward.');
      offset += ms;
      return offset;
    },
  };
}

/**
 * The Worker's clock, one per isolate: the fetch, scheduled and email handlers and the Durable
 * Objects' alarms all read it, so a development offset reaches each of them.
 */
export const workerClock: WorkerClock = createWorkerClock();
