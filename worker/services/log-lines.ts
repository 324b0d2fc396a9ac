import { type LogEntry, type Seat, visibleEntries } from '../../engine/core';

/**
 * One log line as a viewer sees it: `seq` is the version of the event that wrote it, `at` the
 * event's time (ISO 8601), `seat` who acted (null: the game itself). `undone: true` when the move
 * that wrote it was taken back by a later undo (the client strikes it through). `kind: 'phase'`
 * marks the line that sums up a round's or phase's end (`LogEntry.kind`).
 */
export interface LogLine {
  seq: number;
  seat: number | null;
  text: string;
  at: string;
  kind?: 'phase';
  undone?: true;
}

/** The columns of a `game_events` row that log lines and the undo rule read. */
export interface LoggedEvent {
  seq: number;
  kind: string;
  seat: number | null;
  log: unknown;
  reveals: boolean;
  createdAt: Date;
}

/**
 * The seqs of the moves among `events` that a later undo took back. `events` must be consecutive,
 * oldest first, and reach the game's newest event; they may start anywhere: an undo takes back
 * the last move in effect, which is the newest move of the window not yet taken back when there
 * is one (moves before the window lie below it), so the window alone decides its own moves.
 */
export function undoneSeqs(events: readonly Pick<LoggedEvent, 'seq' | 'kind'>[]): Set<number> {
  const inEffect: number[] = [];
  const undone = new Set<number>();
  for (const e of events) {
    if (e.kind === 'move') inEffect.push(e.seq);
    else if (e.kind === 'undo') {
      const seq = inEffect.pop();
      if (seq !== undefined) undone.add(seq);
    }
  }
  return undone;
}

/** The lines of `events` that `seat` may read (`visibleEntries`), in log order, with `undone` marks. */
export function logLines(events: readonly LoggedEvent[], seat: Seat | null): LogLine[] {
  const undone = undoneSeqs(events);
  return events.flatMap((e) =>
    visibleEntries(e.log as LogEntry[], seat).map((l): LogLine => {
      const line: LogLine = { seq: e.seq, seat: l.seat, text: l.text, at: e.createdAt.toISOString() };
      if (l.kind === 'phase') line.kind = 'phase';
      if (undone.has(e.seq)) line.undone = true;
      return line;
    }),
  );
}
