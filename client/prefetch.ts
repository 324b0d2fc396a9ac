/**
 * The first requests of a page, started by public/boot.js (client/boot.ts) as soon as the HTML is
 * read, while the app's bundle is still loading. Without this, GET /api/me waited for the
 * bundle, the game's metadata for /api/me (the shell shows no screen before it knows who is signed
 * in), the state for the metadata, and the board's chunk for the page. Now /api/me and, on
 * `/games/:id`, the metadata and the state leave at once, and the board's chunk as soon as either
 * answer names the game's type. The app then takes these answers (`takePrefetched`, from `api()`
 * and the pollers) instead of asking again: each one once, and only while fresh, so nothing
 * installs an old answer later.
 *
 * The requests are the ones the app would send first (no ETag, `X-Page-Visible` as the tab is
 * now), so the server sees the same thing either way. boot.js and the app are separate bundles:
 * the answers wait for the app on `globalThis.__mpEarly`.
 */
import { matchRoute } from './router';

/** How long an early answer may wait for its poller, ms; after that the poller asks afresh. */
export const PREFETCH_FRESH_MS = 10_000;

interface Early {
  at: number;
  res: Promise<Response>;
}

declare global {
  // eslint-disable-next-line no-var
  var __mpEarly: Map<string, Early> | undefined;
}

const early: Map<string, Early> = (globalThis.__mpEarly ??= new Map());

/**
 * The API URLs a first screen at `pathname` + `search` asks for first, in the form the app uses:
 * who is signed in (every screen, client/components/mp-app.ts), and on a game's page its metadata
 * (with the invite code when the link has one) and its state (client/components/mp-game-page.ts).
 * Pure.
 */
export function prefetchUrls(pathname: string, search: string): string[] {
  const route = matchRoute(pathname, search);
  if (route.name !== 'game') return ['/api/me'];
  const base = `/api/games/${encodeURIComponent(route.id)}`;
  return ['/api/me', route.invite ? `${base}?invite=${encodeURIComponent(route.invite)}` : base, `${base}/state`];
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
