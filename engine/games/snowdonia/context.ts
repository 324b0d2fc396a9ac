import type { LogEntry, Seat } from '../../core';

/** What one `applyMove` collects while rules run: log lines and whether something was revealed. */
export interface Ctx {
  log: LogEntry[];
  reveals: boolean;
}

/** An empty collector for one move. */
export function newCtx(): Ctx {
  return { log: [], reveals: false };
}

/** Appends a public log line. */
export function say(ctx: Ctx, seat: Seat | null, text: string): void {
  ctx.log.push({ seat, text });
}
