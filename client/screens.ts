/**
 * The screens the game page does not need, each loaded when first shown: the app's main
 * bundle carries the shell and the game page only, so a player opening a game from a
 * notification downloads and runs no settings, lobby or new-game code. esbuild makes each
 * `import()` below a chunk under public/chunks/ (scripts/build-client.ts); the service worker
 * keeps every chunk for offline use.
 *
 * <mp-app> asks for a screen by its element's tag (`loadScreen`) and shows a line saying it is
 * loading until the element is defined.
 */
import { defineOnDemand } from './on-demand';

/** Element tag -> the import that defines it. */
const SCREENS: Readonly<Record<string, () => Promise<unknown>>> = {
  'mp-sign-in': () => import('./components/mp-sign-in'),
  'mp-landing': () => import('./components/mp-landing'),
  'mp-game-list': () => import('./components/mp-game-list'),
  'mp-new-game-form': () => import('./components/mp-new-game-form'),
  'mp-settings-page': () => import('./components/mp-settings-page'),
  'mp-next-page': () => import('./components/mp-next-page'),
  'mp-how-to-play': () => import('./components/mp-how-to-play'),
  'mp-lobby': () => import('./components/mp-lobby'),
  'mp-player-page': () => import('./components/mp-player-page'),
  'mp-leaderboard': () => import('./components/mp-leaderboard'),
  'mp-play-bot': () => import('./components/mp-play-bot'),
  'mp-admin-reports': () => import('./components/mp-admin-reports'),
  'mp-account-delete': () => import('./components/mp-account-delete'),
};

/** Whether `tag` is one of the screens loaded on demand. */
export function isLazyScreen(tag: string): boolean {
  return Object.hasOwn(SCREENS, tag);
}

/**
 * Loads the module that defines the screen element `tag` (once; a failed load is tried again on
 * the next call). Resolves when the element is defined; rejects with the import's error (offline
 * on a first visit, or a deployment that replaced the chunk). A tag that is not a lazy screen
 * resolves at once.
 */
export function loadScreen(tag: string): Promise<void> {
  return isLazyScreen(tag) ? defineOnDemand(tag, SCREENS[tag]) : Promise.resolve();
}
