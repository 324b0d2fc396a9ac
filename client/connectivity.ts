/**
 * Whether the page can reach the server. Offline means the browser says so (`navigator.onLine`
 * false) or the last request to the server failed before any answer came back (the network or
 * the server is down). Any answer, even an error status, means online again. api.ts and the
 * PollController report each request here; <mp-app> shows the offline banner and the game page
 * refuses moves while offline, so a move is never sent into the void or queued silently.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Pure: offline when the browser knows it has no network, or the server could not be reached. */
export function isOfflineState(navigatorOnLine: boolean, serverReachable: boolean): boolean {
  return !navigatorOnLine || !serverReachable;
}

const listeners = new Set<() => void>();
let reachable = true;
let watching = false;

function notify(): void {
  for (const fn of listeners) fn();
}

function watchBrowser(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('offline', notify);
  // Back online: trust it until a request says otherwise (the next poll checks at once).
  window.addEventListener('online', () => {
    reachable = true;
    notify();
  });
}

/** True while the page should behave as offline (see the module comment). */
export function isOffline(): boolean {
  const onLine = typeof navigator === 'undefined' ? true : navigator.onLine;
  return isOfflineState(onLine, reachable);
}

/** Records the outcome of a request to our server: `true` for any HTTP answer, `false` when none came. */
export function reportReachable(ok: boolean): void {
  if (ok === reachable) return;
  reachable = ok;
  notify();
}

/** Calls `fn` whenever `isOffline()` may have changed; returns the unsubscribe function. */
export function onConnectivity(fn: () => void): () => void {
  watchBrowser();
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Re-renders its host when the page goes offline or comes back; read `offline` in render(). */
export class ConnectivityController implements ReactiveController {
  private stop: (() => void) | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** Called after the page comes back online (to refresh what it shows). */
    private readonly onBack?: () => void,
  ) {
    host.addController(this);
  }

  get offline(): boolean {
    return isOffline();
  }

  private was = false;

  hostConnected(): void {
    this.was = isOffline();
    this.stop = onConnectivity(() => {
      const now = isOffline();
      if (this.was && !now) this.onBack?.();
      this.was = now;
      this.host.requestUpdate();
    });
  }

  hostDisconnected(): void {
    this.stop?.();
    this.stop = null;
  }
}
