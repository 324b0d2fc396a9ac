/**
 * The replay's steps and lenses (pure: no DOM, no fetch; tested in test/client/table.test.ts):
 * which step, its caption, and whose view to show.
 */

/** A step number kept within 1..version (1 when the game has no events yet). */
export function clampStep(seq: number, version: number): number {
  const max = Math.max(1, Math.floor(version));
  if (!Number.isFinite(seq)) return max;
  return Math.min(max, Math.max(1, Math.floor(seq)));
}

const KIND_TEXT: Record<string, string> = {
  create: 'The game was created',
  join: 'A seat was taken',
  start: 'The game started',
  move: 'A move',
  undo: 'A move was taken back',
  resign: 'A player resigned',
  timeout: 'Time ran out',
  abandon: 'The game was abandoned',
};

/** A short caption for a replay step's event kind. */
export function stepCaption(kind: string | null): string {
  if (!kind) return '';
  return KIND_TEXT[kind] ?? kind.replace(/[_-]+/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** Which view the replay shows: the viewer's own (or the spectators'), a seat's, or the full state. */
export type ReplayLens = { kind: 'own' } | { kind: 'seat'; seat: number } | { kind: 'state' };

/** The value for a lens in the seat picker, and back. */
export function lensValue(l: ReplayLens): string {
  return l.kind === 'seat' ? `seat-${l.seat}` : l.kind;
}

export function parseLens(value: string): ReplayLens {
  const m = /^seat-(\d+)$/.exec(value);
  if (m) return { kind: 'seat', seat: Number(m[1]) };
  return value === 'state' ? { kind: 'state' } : { kind: 'own' };
}

/**
 * The view to draw for a lens, and the seat the board should draw it for. A seat's view or the
 * full state exists only once the game is over (`views`/`state` non-null); otherwise the
 * viewer's own view is used.
 */
export function lensView(
  step: { view: unknown; views: unknown[] | null; state: unknown; yourSeat: number | null },
  lens: ReplayLens,
): { view: unknown; seat: number | null; raw: boolean } {
  if (lens.kind === 'seat' && step.views && lens.seat >= 0 && lens.seat < step.views.length) {
    return { view: step.views[lens.seat], seat: lens.seat, raw: false };
  }
  if (lens.kind === 'state' && step.state !== null && step.state !== undefined) return { view: step.state, seat: null, raw: true };
  return { view: step.view, seat: step.yourSeat, raw: false };
}

// ---------------------------------------------------------------------------------------------
// Records
