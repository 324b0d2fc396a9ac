import type { LogEntry, Seat } from './types';

/** Log lines `seat` may read: the public ones, and the private ones addressed to it (a watcher, `null`, reads public lines only). */
export function visibleEntries(entries: LogEntry[], seat: Seat | null): LogEntry[] {
  return entries.filter((e) => !e.only || (seat !== null && e.only.includes(seat)));
}
