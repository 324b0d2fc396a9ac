import type { LogEntry, Seat } from '../../core';

/** What one `applyMove` collects while rules run: log lines and whether something was revealed. */
export interface Ctx {
  log: LogEntry[];
  reveals: boolean;
  /** What the first revelation of this move was (`MoveResult.revealed`). */
  revealed?: string;
}

/**
 * Marks the move as an undo barrier: `what` became known (a draw), named as the subject of
 * "... cannot be taken back" ("the cubes drawn from the Supply Bag"). The first one counts.
 */
export function reveal(ctx: Ctx, what: string): void {
  ctx.reveals = true;
  ctx.revealed ??= what;
}

/** An empty collector for one move. */
export function newCtx(): Ctx {
  return { log: [], reveals: false };
}

/** Appends a public log line. */
export function say(ctx: Ctx, seat: Seat | null, text: string): void {
  ctx.log.push({ seat, text });
}
