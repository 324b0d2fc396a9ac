/**
 * The last view this browser drew of a game, per game and seat, in localStorage: the baseline of
 * "what changed since you last looked" (view-diff.ts). Storage may be missing, full or refused
 * (private browsing); then there is simply no baseline.
 */

/** What is kept: the version drawn and its view. */
export interface StoredView {
  version: number;
  view: unknown;
}

/** The storage key of one game's view for one seat (watchers share `w`). */
export function lastViewKey(gameId: string, seat: number | null): string {
  return `mp:last-view:${gameId}:${seat === null ? 'w' : seat}`;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The stored view, or null when there is none or it cannot be read. */
export function readLastView(gameId: string, seat: number | null, store: Storage | null = storage()): StoredView | null {
  try {
    const raw = store?.getItem(lastViewKey(gameId, seat));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredView>;
    return typeof parsed.version === 'number' ? { version: parsed.version, view: parsed.view } : null;
  } catch {
    return null;
  }
}

/** Keeps `view` as the last one drawn; a failure (quota, refused) is ignored. */
export function writeLastView(gameId: string, seat: number | null, value: StoredView, store: Storage | null = storage()): void {
  try {
    store?.setItem(lastViewKey(gameId, seat), JSON.stringify(value));
  } catch {
    /* no baseline next time; nothing else depends on it */
  }
}
