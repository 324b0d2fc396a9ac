/**
 * How many games wait for the player, shown in the tab title ("(2) Mountain Post") and on the
 * installed app's icon (the Badging API, where the browser has it). <mp-app> feeds it from the
 * one "My games" poll; the game page names the tab through `setPageTitle`.
 */

/** Games that wait for a move from the viewer (the server's `yourTurn`). */
export function waitingCount(games: readonly { yourTurn: boolean }[] | undefined): number {
  return games ? games.filter((g) => g.yourTurn).length : 0;
}

/** "(2) Snowdonia · Mountain Post"; the plain title when nothing waits. */
export function titleWithCount(count: number, title: string): string {
  return count > 0 ? `(${count}) ${title}` : title;
}

export const APP_TITLE = 'Mountain Post';

let pageTitle = APP_TITLE;
let count = 0;

function apply(): void {
  document.title = titleWithCount(count, pageTitle);
}

/** The current screen's title (without the count); `APP_TITLE` when left out. */
export function setPageTitle(title: string = APP_TITLE): void {
  pageTitle = title;
  apply();
}

interface BadgingNavigator {
  setAppBadge?: (n?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** Shows `n` waiting games in the title and on the app badge (cleared at 0). */
export function showWaiting(n: number): void {
  if (n === count) return;
  count = n;
  apply();
  const nav = navigator as Navigator & BadgingNavigator;
  // Refusals (not installed, no permission) leave the title as the only signal; nothing to do.
  if (n > 0) nav.setAppBadge?.(n).catch(() => {});
  else nav.clearAppBadge?.().catch(() => {});
}
