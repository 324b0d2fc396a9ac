/**
 * A refusal that helps: when a move is refused because the game moved on (409 `stale_version`),
 * the server's `error.changed` (the log lines since the version the move was made at) becomes one
 * line in the turn bar, and the page offers the same move again while it is still legal. Pure,
 * tested in test/client/board-ui.test.ts.
 */
import type { LegalMove, SeatInfo } from '../api-types';
import { withNames } from './log-lines';
import { findLegal } from './move-confirm';

/** Lines of `changed` the one line names (the newest); older ones are counted. */
export const CHANGED_SHOWN = 3;

/** What the page keeps of a refused move: the sentence, and the move to offer again (null for an undo). */
export interface Refusal {
  line: string;
  move: unknown;
}

/** The `changed` lines of a 409 body, or null when it has none. */
export function changedOf(body: unknown): string[] | null {
  const changed = (body as { error?: { changed?: unknown } } | null)?.error?.changed;
  return Array.isArray(changed) && changed.every((l) => typeof l === 'string') ? changed : null;
}

/**
 * One line saying what changed ("The game moved on, so your move was not applied: Bo turns right;
 * Bo flips the Encounter token at F3: Any Item."), players named; the newest `CHANGED_SHOWN`
 * lines, with a count of the older ones. Without lines, the plain sentence.
 */
export function refusalLine(changed: readonly string[] | null, seats: readonly SeatInfo[], what: 'move' | 'undo'): string {
  const head = `The game moved on, so your ${what} was not applied`;
  const lines = (changed ?? []).map((l) => withNames(l, seats).trim().replace(/[.]+$/, '')).filter(Boolean);
  if (!lines.length) return `${head}. This is the current position: look, then try again.`;
  const shown = lines.slice(-CHANGED_SHOWN);
  const older = lines.length - shown.length;
  return `${head}: ${older ? `${older} earlier ${older === 1 ? 'change' : 'changes'}, then ` : ''}${shown.join('; ')}.`;
}

/** The refused move as the current position lists it (so "Try again" can send it), or null. */
export function retryable(refusal: Refusal | null, legal: readonly LegalMove[]): LegalMove | null {
  if (!refusal || refusal.move === null || refusal.move === undefined) return null;
  return findLegal(legal, refusal.move);
}
