/**
 * "Since you last looked" while the player watches: the card's lines follow the live game. From
 * the version the seat had last looked at (the first `sinceLastSeen` of the visit), every line of
 * the log the page keeps (new ones append; a move taken back since stays, marked undone, as the
 * log strikes it through), the viewer's own lines left out. A seat that never looked at the game
 * (`fromVersion` 0: a brand-new game) gets no card. Pure, tested in test/client/board-ui.test.ts.
 */
import type { LogEntry, SeatInfo, SinceLastSeen } from '../api-types';
import { clause } from './log-lines';

/** Lines the open card shows (the newest); older ones are counted. */
export const FOLLOW_SHOWN = 8;

/**
 * The card's entries, oldest first: the log's after `since.fromVersion` once the log is in
 * (`logLoaded`), the server's `since.entries` before; never the viewer's own.
 */
export function followedEntries(
  since: SinceLastSeen | null,
  log: readonly LogEntry[],
  logLoaded: boolean,
  yourSeat: number | null,
): LogEntry[] {
  if (!since || since.fromVersion === 0) return [];
  const from = since.fromVersion;
  const base = logLoaded ? log.filter((e) => e.seq > from) : since.entries;
  return base.filter((e) => yourSeat === null || e.seat !== yourSeat);
}

/** One line of the card: named, and whether its move was taken back. */
export interface FollowLine {
  text: string;
  undone: boolean;
}

/** The newest `max` entries as named lines (client/game-page/log-lines.ts `clause`), and how many older ones the log holds. */
export function followLines(
  entries: readonly LogEntry[],
  seats: readonly SeatInfo[],
  max = FOLLOW_SHOWN,
): { lines: FollowLine[]; earlier: number } {
  const shown = entries.slice(-max);
  return { lines: shown.map((e) => ({ text: clause(e, seats), undone: e.undone === true })), earlier: entries.length - shown.length };
}

/** The collapsed card's one line: how many lines, and the newest one not taken back. */
export function collapsedLine(entries: readonly LogEntry[], seats: readonly SeatInfo[]): string {
  const live = entries.filter((e) => !e.undone);
  if (!live.length) return 'Nothing new since you last looked.';
  const newest = clause(live[live.length - 1], seats);
  return `${live.length} ${live.length === 1 ? 'thing' : 'things'} happened; latest: ${newest}.`;
}
