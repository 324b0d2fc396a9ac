/**
 * The service worker, built by scripts/build-client.ts into public/sw.js (a classic script, so
 * every browser can run it) and registered by client/pwa.ts from the app bundle (no inline
 * script: the page's Content-Security-Policy allows scripts from 'self' only).
 *
 * - Keeps the app shell in a cache named for the build (`MP_SW_VERSION`, a hash of the built
 *   files), so the page opens without a network and then says it is offline. Pages, app.js and
 *   styles are fetched from the network first; the cache is only the fallback (client/sw-routes.ts
 *   says which request gets which strategy). The API is never cached.
 * - A new deployment installs a new version that takes over at once (skipWaiting, clients.claim)
 *   and deletes the older caches.
 * - Shows Web Push messages (`{ title, body, url, tag }`) as notifications, one per tag, and
 *   focuses or opens the page a notification points to when it is clicked.
 */
import { CACHE_PREFIX, readPushPayload, shellFiles, swStrategy } from './sw-routes';

/** Set by the build: a hash of the built shell, and the paths of its lazily loaded chunks. */
declare const MP_SW_VERSION: string;
declare const MP_SW_CHUNKS: string[];

// The project's TypeScript program uses the DOM library, which lacks the service worker's own
// globals; these are the few parts used here (names prefixed so they never clash).
interface SwExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface SwFetchEvent extends SwExtendableEvent {
  readonly request: Request;
  respondWith(r: Response | Promise<Response>): void;
}
interface SwPushEvent extends SwExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
interface SwNotificationEvent extends SwExtendableEvent {
  readonly notification: Notification & { data: unknown };
}
interface SwWindowClient {
  readonly url: string;
  focus(): Promise<SwWindowClient>;
}
interface SwScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<SwWindowClient[]>;
    openWindow(url: string): Promise<SwWindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', fn: (e: SwExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: SwFetchEvent) => void): void;
  addEventListener(type: 'push', fn: (e: SwPushEvent) => void): void;
  addEventListener(type: 'notificationclick', fn: (e: SwNotificationEvent) => void): void;
}

const sw = self as unknown as SwScope;
const CACHE = `${CACHE_PREFIX}${MP_SW_VERSION}`;
const origin = sw.location.origin;

sw.addEventListener('install', (e) => {
  e.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // cache: 'reload' skips the HTTP cache, so the stored shell is the deployed one.
      await cache.addAll(shellFiles(MP_SW_CHUNKS).map((path) => new Request(path, { cache: 'reload' })));
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (e) => {
  e.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

/** Network first; a good answer refreshes the cache, a failed fetch falls back to `fallback`. */
async function networkFirst(req: Request, fallback: string | Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(req);
    if (res.ok && res.type === 'basic' && !res.redirected) await cache.put(fallback, res.clone());
    return res;
  } catch (err) {
    const hit = await cache.match(fallback);
    if (hit) return hit;
    throw err;
  }
}

async function cacheFirst(req: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(req);
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok && res.type === 'basic') await cache.put(req, res.clone());
  return res;
}

sw.addEventListener('fetch', (e) => {
  const req = e.request;
  switch (swStrategy(req, origin)) {
    case 'network':
      return; // not handled: the browser fetches it as usual
    case 'page':
      // Every client route is the same index.html (single-page application): keep it under "/".
      return e.respondWith(networkFirst(req, '/'));
    case 'fresh':
      return e.respondWith(networkFirst(req, req));
    case 'immutable':
      return e.respondWith(cacheFirst(req));
  }
});

sw.addEventListener('push', (e) => {
  let raw: unknown = null;
  try {
    raw = e.data?.json() ?? null;
  } catch {
    raw = { body: e.data?.text() ?? '' };
  }
  const p = readPushPayload(raw, origin);
  e.waitUntil(
    sw.registration.showNotification(p.title, {
      body: p.body,
      tag: p.tag,
      // A newer notice for the same tag replaces the older one quietly.
      renotify: false,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: p.url },
    } as NotificationOptions),
  );
});

sw.addEventListener('notificationclick', (e) => {
  e.notification.close();
  const data = e.notification.data as { url?: unknown } | null;
  const target = new URL(readPushPayload({ url: data?.url }, origin).url, origin).href;
  e.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => w.url === target);
      if (open) {
        await open.focus();
        return;
      }
      await sw.clients.openWindow(target);
    })(),
  );
});
