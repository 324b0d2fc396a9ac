/**
 * The first requests of a game page, started as the bundle starts (#17) instead of one after
 * another: without this, the game's metadata waited for GET /api/me (the shell shows no screen
 * before it knows who is signed in), the state waited for the metadata, and the board's chunk for
 * the page. On `/games/:id` the metadata and the state now leave at once, beside /api/me, and the
 * board's chunk as soon as either answer names the game's type. The page's pollers then take these
 * answers (`takePrefetched`) instead of asking again: each one once, and only while fresh, so a
 * poll never installs an old answer later.
 *
 * The requests are the ones the pollers would send first (client/poll-controller.ts: no ETag,
 * `X-Page-Visible` as the tab is now), so the server sees the same thing either way.
 */
import { matchRoute } from './router';

/** How long an early answer may wait for its poller, ms; after that the poller asks afresh. */
export const PREFETCH_FRESH_MS = 10_000;

interface Early {
  at: number;
  res: Promise<Response>;
}

const early = new Map<string, Early>();

/**
 * The API URLs a first screen at `pathname` + `search` asks for first, in the form its pollers
 * use (client/components/mp-game-page.ts): a game's metadata (with the invite code when the link
 * has one) and its state. Empty for every other screen. Pure.
 */
export function prefetchUrls(pathname: string, search: string): string[] {
  const route = matchRoute(pathname, search);
  if (route.name !== 'game') return [];
  const base = `/api/games/${encodeURIComponent(route.id)}`;
  return [route.invite ? `${base}?invite=${encodeURIComponent(route.invite)}` : base, `${base}/state`];
}

/**
 * Starts the first requests for the page at `pathname` + `search` (see `prefetchUrls`) with
 * `headers`; calls `onType` with the game type the first answer that names one says (the
 * metadata and the state both carry `type`), to start loading its board. Failures are left to the
 * poller that takes the answer. `now` is the clock in ms.
 */
export function startPrefetch(
  pathname: string,
  search: string,
  headers: Record<string, string>,
  onType: (type: string) => void,
  now: () => number = () => performance.now(),
): void {
  let typeSeen = false;
  for (const url of prefetchUrls(pathname, search)) {
    const res = fetch(url, { headers, credentials: 'same-origin', cache: 'no-store' });
    // Nobody may take it (a signed-out visitor sent to sign in first): no unhandled rejection.
    res.catch(() => {});
    const entry: Early = { at: now(), res };
    early.set(url, entry);
    void res
      .then((r) => (r.ok ? r.clone().json() : null))
      .then((body: unknown) => {
        const { type, status } = (body ?? {}) as { type?: unknown; status?: unknown };
        // The state of a game still open: its poller starts once the game has, when this is old.
        if (status === 'open' && url.endsWith('/state') && early.get(url) === entry) early.delete(url);
        if (!typeSeen && typeof type === 'string') {
          typeSeen = true;
          onType(type);
        }
      })
      .catch(() => {});
  }
}

/**
 * The early answer for `url`, at most once and only within PREFETCH_FRESH_MS of its request;
 * null otherwise (the caller fetches as usual). The promise rejects with an AbortError when
 * `signal` aborts first (the poller's timeout or reset), as its own fetch would.
 */
export function takePrefetched(url: string, signal?: AbortSignal, now: () => number = () => performance.now()): Promise<Response> | null {
  const e = early.get(url);
  if (!e) return null;
  early.delete(url);
  if (now() - e.at > PREFETCH_FRESH_MS) return null;
  if (!signal) return e.res;
  return new Promise<Response>((resolve, reject) => {
    const abort = () => reject(new DOMException('The request was aborted.', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    e.res.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
