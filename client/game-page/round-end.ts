/**
 * The round-end card's line: the newest log line that sums up what the game did at the end of a
 * round or phase (`kind: 'phase'`: "Round 3 is over. Weather: Rain. Work Rate 3 -> 2 ..."), not
 * taken back. Pure, tested in test/client/board-ui.test.ts.
 */
import type { LogEntry } from '../api-types';

/** The newest phase line of `entries` (oldest first, as the log loader keeps them), or null. */
export function lastPhaseLine(entries: readonly LogEntry[]): LogEntry | null {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (e.kind === 'phase' && !e.undone) return e;
  }
  return null;
}
