/**
 * The game log for people: one reading order for the whole log, player names instead of the
 * engines' `{{p:N}}` markers, and the "since you last looked" sentence. Pure (no DOM), tested in
 * test/client/game-page.test.ts.
 */
import { renderLogText } from '../../engine/core/log-names';
import { seatName } from '../names';
import type { LogEntry, SeatInfo } from '../api-types';

/**
 * Newest first, lines of one move in reverse too: the server sends the log oldest first (a move's
 * lines share its `seq`), so sorting by `seq` alone would leave each move's lines oldest first
 * inside a newest-first list. Sorted by (seq, position) and then reversed.
 */
export function newestFirst(entries: readonly LogEntry[]): LogEntry[] {
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.seq - b.e.seq || a.i - b.i)
    .reverse()
    .map((x) => x.e);
}

/**
 * Did `seat` make the newest event of the log? Its first line is the mover's; the lines after it
 * may be the game's own ("... was drawn into the Market") or another seat's forced step ("Bo
 * excavated 3 Rubble"), so neither the newest line nor any line of the event says who moved.
 */
export function actedLast(entries: readonly LogEntry[], seat: number | null): boolean {
  if (seat === null || !entries.length) return false;
  const seq = Math.max(...entries.map((e) => e.seq));
  return entries.find((e) => e.seq === seq)?.seat === seat;
}

/** `{{p:N}}` (seat N, from 0) becomes the player's display name; other text is kept as is. */
export function withNames(text: string, seats: readonly SeatInfo[]): string {
  return renderLogText(text, (seat) => seatName([...seats], seat));
}

/** A log line as a clause: named, without its full stop ("Bo played Pick for Gold"). */
export function clause(e: LogEntry, seats: readonly SeatInfo[]): string {
  let text = withNames(e.text, seats).trim().replace(/[.]+$/, '');
  // Lines that do not name their player get the seat's name in front, so the card says who.
  if (e.seat !== null) {
    const name = seatName([...seats], e.seat);
    const named = new RegExp(`(^|[^\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'u');
    if (!named.test(text)) text = `${name}: ${text}`;
  }
  return text;
}

/**
 * The "since you last looked" card's lines, oldest first and named ("Bo played Pick for Gold"):
 * at most `max`, and how many more the full log holds.
 */
export function sinceLines(entries: readonly LogEntry[], seats: readonly SeatInfo[], max = 8): { lines: string[]; more: number } {
  const lines = entries.slice(0, max).map((e) => clause(e, seats));
  return { lines, more: Math.max(0, entries.length - lines.length) };
}
