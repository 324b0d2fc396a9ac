/**
 * Which caching strategy the service worker (client/sw.ts) uses for a request. Pure, so the rules
 * are tested without a browser (test/client/pwa.test.ts).
 *
 * - `network`: the browser fetches as if there were no service worker. Everything the server
 *   answers (the API, the sign-in callback, the development mailbox, unsubscribe links), every
 *   non-GET request and every other origin: never cached, so no stale game state, no stale
 *   session and no move ever waits in a cache.
 * - `page`: a navigation. Network first (a new deployment's index.html arrives at once); when the
 *   network fails, the cached app shell ("/"), whose client then shows the offline banner.
 * - `fresh`: files whose name stays the same across deployments (app.js, boot.js, styles.css, the
 *   manifest, sw.js's own helpers). Network first, the cache only when offline, so development
 *   and tests never see a stale bundle.
 * - `immutable`: files whose name carries a content hash (chunks/*) or that never change within
 *   one cache version (icons). Cache first.
 */
export type SwStrategy = 'network' | 'page' | 'fresh' | 'immutable';

/** Paths the Worker answers itself (wrangler.toml `run_worker_first`). */
const SERVER_PATH = /^\/(api|auth|dev)(\/|$)|^\/(unsubscribe|__scheduled)$/;

/** The strategy for a request; `origin` is the service worker's own origin. */
export function swStrategy(req: { url: string; method: string; mode: string }, origin: string): SwStrategy {
  if (req.method !== 'GET') return 'network';
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return 'network';
  }
  if (url.origin !== origin || SERVER_PATH.test(url.pathname)) return 'network';
  if (req.mode === 'navigate') return 'page';
  if (url.pathname.startsWith('/chunks/') || url.pathname.startsWith('/icons/')) return 'immutable';
  if (url.pathname === '/sw.js' || url.pathname.endsWith('.map')) return 'network';
  return 'fresh';
}

/**
 * The app shell a service worker version stores on install: the page, its scripts and style, the
 * manifest, the icons, and the lazily loaded chunks (`chunks`: their paths, from the build).
 */
export function shellFiles(chunks: readonly string[]): string[] {
  return [
    '/',
    '/app.js',
    '/boot.js',
    '/styles.css',
    '/manifest.webmanifest',
    '/icons/icon.svg',
    '/icons/icon-192.png',
    '/icons/icon-512.png',
    '/icons/icon-maskable-512.png',
    '/icons/apple-touch-icon.png',
    ...chunks,
  ];
}

/** Cache names of this app start with this; older versions are deleted on activate. */
export const CACHE_PREFIX = 'mp-shell-';

/** A push message as the server sends it (worker side: the push payload). */
export interface PushPayload {
  title: string;
  body: string;
  /** Same-origin path to open on click, e.g. "/games/g_12". */
  url: string;
  /** Notifications with the same tag replace each other (one per game and kind). */
  tag: string;
}

/**
 * Reads a push message's JSON, keeping only what a notification may show; a missing or malformed
 * field gets a safe default, and a URL that leaves this origin becomes "/".
 */
export function readPushPayload(raw: unknown, origin: string): PushPayload {
  const o = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const str = (v: unknown, fallback: string, max: number) => (typeof v === 'string' && v.trim() ? v.slice(0, max) : fallback);
  let url = '/';
  if (typeof o.url === 'string') {
    try {
      const u = new URL(o.url, origin);
      if (u.origin === origin) url = u.pathname + u.search + u.hash;
    } catch {
      /* keep "/" */
    }
  }
  return {
    title: str(o.title, 'Mountain Post', 120),
    body: str(o.body, '', 400),
    url,
    tag: str(o.tag, 'mountain-post', 120),
  };
}
