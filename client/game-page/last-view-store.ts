/**
 * The last view this browser drew of a game, per game and seat, in localStorage: the baseline of
 * "what changed since you last looked" (view-diff.ts). Storage may be missing, full or refused
 * (private browsing); then there is simply no baseline. At most `MAX_KEPT` games are kept (the
 * least recently drawn go first), so a player of many games never fills the storage.
 */

/** Games whose last view is kept. */
export const MAX_KEPT = 30;

const PREFIX = 'mp:last-view:';

/** What is kept: the version drawn and its view. */
export interface StoredView {
  version: number;
  view: unknown;
  /** When it was drawn (ms since the epoch), for evicting the oldest. */
  at?: number;
}

/** The storage key of one game's view for one seat (watchers share `w`). */
export function lastViewKey(gameId: string, seat: number | null): string {
  return `${PREFIX}${gameId}:${seat === null ? 'w' : seat}`;
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
    return typeof parsed.version === 'number' ? { version: parsed.version, view: parsed.view, at: parsed.at } : null;
  } catch {
    return null;
  }
}

/** Keeps `view` as the last one drawn; a failure (quota, refused) is ignored. */
export function writeLastView(
  gameId: string,
  seat: number | null,
  value: StoredView,
  store: Storage | null = storage(),
  now = Date.now(),
): void {
  if (!store) return;
  try {
    const key = lastViewKey(gameId, seat);
    const fresh = store.getItem(key) === null;
    store.setItem(key, JSON.stringify({ ...value, at: now }));
    // Only a new game can push the count over: reading every kept view is for that moment.
    if (fresh) evict(store);
  } catch {
    /* no baseline next time; nothing else depends on it */
  }
}

/** Removes the least recently drawn views beyond `MAX_KEPT`. */
function evict(store: Storage): void {
  const kept: { key: string; at: number }[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    let at = 0;
    try {
      at = Number((JSON.parse(store.getItem(key) ?? '{}') as StoredView).at) || 0;
    } catch {
      /* unreadable: oldest */
    }
    kept.push({ key, at });
  }
  if (kept.length <= MAX_KEPT) return;
  kept.sort((a, b) => a.at - b.at);
  for (const { key } of kept.slice(0, kept.length - MAX_KEPT)) store.removeItem(key);
}
