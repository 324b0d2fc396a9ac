/**
 * Moves the page asks about before sending: a legal move the server marks `effect: 'none'` (it
 * would change nothing now: Pan for Gold in Town, Pick under water) or with a `warning`. Pure,
 * tested in test/client/game-page.test.ts.
 */
import type { LegalMove } from '../api-types';

/** JSON with object keys sorted, so two deep-equal moves compare equal whatever their key order. */
export function moveKey(move: unknown): string {
  return JSON.stringify(move, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The legal move a board's `mp-move` stands for, or null when the server did not list it. */
export function findLegal(moves: readonly LegalMove[], move: unknown): LegalMove | null {
  const key = moveKey(move);
  return moves.find((m) => moveKey(m.move) === key) ?? null;
}

/** The question to ask before sending `lm`, or null to send it at once. */
export function confirmQuestion(lm: LegalMove | null): string | null {
  if (!lm) return null;
  const warning = lm.warning?.trim();
  if (lm.effect === 'none')
    return `“${lm.label}” would do nothing now${warning ? `: ${warning.replace(/[.]+$/, '')}` : ''}. Send it anyway?`;
  if (warning) return `${/[.!?]$/.test(warning) ? warning : `${warning}.`} Send “${lm.label}” anyway?`;
  return null;
}
