/**
 * Registers the service worker (public/sw.js, built from client/sw.ts) from the app bundle: the
 * page's Content-Security-Policy allows no inline script. Scope "/" matches the manifest's, so
 * every screen opens offline and receives push. A browser without service workers simply runs
 * the app online only.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => {
      // Not fatal: the app works without it (no offline shell, no push on this device).
      console.warn(`Mountain Post: the service worker could not be registered: ${err instanceof Error ? err.message : String(err)}`);
    });
  };
  // A while after the load event, so installing the offline copy (every chunk) never competes with
  // the first screen: on a game page the board's chunk and the state still arrive after load.
  const later = () =>
    setTimeout(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(register, { timeout: 3000 }) : register()), 2000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
