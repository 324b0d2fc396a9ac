/**
 * History API routing: paths are the app's URLs (`/`, `/new`, `/games/:id?invite=CODE`,
 * `/settings`, `/next` (the game waiting for you with the least time left), `/admin/reports` (operators), `/account/delete?token=` (the emailed deletion link), `/verify?game=ID`, `/how-to-play/:type`, `/lobby`, `/players/:id` (a profile), `/leaderboard/:type`, `/play/:type`
 * (a game against the bot), `/games/:id?seat=N` (a notification's link). `navigate()` pushes a new entry and tells the shell through `LOCATION_EVENT`.
 */

export type Route =
  | { name: 'home' }
  | { name: 'new' }
  | { name: 'game'; id: string; invite: string | null; seat?: number }
  | { name: 'lobby' }
  | { name: 'play'; type: string }
  | { name: 'settings' }
  | { name: 'next' }
  | { name: 'admin-reports' }
  | { name: 'account-delete'; token: string | null }
  | { name: 'verify'; game: string | null }
  | { name: 'how-to-play'; type: string }
  | { name: 'player'; id: string }
  | { name: 'leaderboard'; type: string }
  | { name: 'not-found'; path: string };

export const LOCATION_EVENT = 'mp-location-changed';

/** Maps a path (and query string) to a route. Pure, so it is tested without a browser. */
export function matchRoute(pathname: string, search = ''): Route {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return { name: 'home' };
  if (path === '/new') return { name: 'new' };
  if (path === '/settings') return { name: 'settings' };
  if (path === '/next') return { name: 'next' };
  if (path === '/admin/reports') return { name: 'admin-reports' };
  if (path === '/account/delete') return { name: 'account-delete', token: new URLSearchParams(search).get('token') || null };
  if (path === '/lobby') return { name: 'lobby' };
  const play = /^\/play\/([a-z0-9-]{1,64})$/.exec(path);
  if (play) return { name: 'play', type: play[1] };
  if (path === '/verify') return { name: 'verify', game: new URLSearchParams(search).get('game') || null };
  const player = /^\/players\/([A-Za-z0-9_-]{1,64})$/.exec(path);
  if (player) return { name: 'player', id: player[1] };
  const board = /^\/leaderboard\/([a-z0-9-]{1,64})$/.exec(path);
  if (board) return { name: 'leaderboard', type: board[1] };
  const rules = /^\/how-to-play\/([a-z0-9-]{1,64})$/.exec(path);
  if (rules) return { name: 'how-to-play', type: rules[1] };
  const m = /^\/games\/([^/]+)$/.exec(path);
  if (m) {
    let id: string;
    try {
      id = decodeURIComponent(m[1]);
    } catch {
      return { name: 'not-found', path };
    }
    const query = new URLSearchParams(search);
    const invite = query.get('invite');
    // `?seat=N` (from a notification, N counted from 1): a signed-out reader is asked to sign in to play.
    const seat = Number(query.get('seat'));
    return { name: 'game', id, invite: invite || null, ...(Number.isInteger(seat) && seat >= 1 && seat <= 99 ? { seat: seat - 1 } : {}) };
  }
  return { name: 'not-found', path };
}

/** Paths the server owns: links to them are real page loads, never client routes. */
export function isServerPath(pathname: string): boolean {
  return /^\/(api|auth|dev)(\/|$)/.test(pathname);
}

/** Screens a signed-out visitor may see: a public game (watching), the lobby, how to play, the record checker and the deletion link's page. */
export function isOpenToVisitors(route: Route): boolean {
  return (
    (route.name === 'game' && route.invite === null) ||
    route.name === 'verify' ||
    route.name === 'how-to-play' ||
    route.name === 'lobby' ||
    route.name === 'player' ||
    route.name === 'leaderboard' ||
    // The emailed deletion link carries its own proof; the browser that opens it may be signed out.
    route.name === 'account-delete'
  );
}

export function navigate(url: string, opts: { replace?: boolean } = {}): void {
  if (opts.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  window.dispatchEvent(new Event(LOCATION_EVENT));
}

/**
 * For a click anywhere in the app (shadow roots included), the same-origin client path of the
 * link that was clicked, or null when the browser should handle the click itself.
 */
export function clientLinkTarget(e: MouseEvent): string | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const a = e.composedPath().find((n): n is HTMLAnchorElement => n instanceof HTMLAnchorElement);
  if (!a?.href || a.target || a.hasAttribute('download')) return null;
  const url = new URL(a.href);
  if (url.origin !== location.origin || isServerPath(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

const RETURN_KEY = 'mp.returnTo';
const RETURN_TTL_MS = 60 * 60 * 1000;

/**
 * Remembers where a signed-out visitor was going (an invite link, say), so that after the
 * emailed sign-in link lands on `/` the app can take them there. localStorage, because the
 * email link usually opens a new tab.
 */
export function rememberReturnPath(path: string): void {
  try {
    localStorage.setItem(RETURN_KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    /* storage may be disabled; then the player navigates by hand */
  }
}

export function takeReturnPath(): string | null {
  try {
    const raw = localStorage.getItem(RETURN_KEY);
    localStorage.removeItem(RETURN_KEY);
    if (!raw) return null;
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || typeof at !== 'number' || Date.now() - at > RETURN_TTL_MS) return null;
    // Only our own client paths: never a protocol-relative or server URL.
    if (!path.startsWith('/') || path.startsWith('//') || isServerPath(path)) return null;
    return path;
  } catch {
    return null;
  }
}

/** The path that creates a 2-player game against the bot and opens it (after sign-in if need be). */
export function botGamePath(type: string): string {
  return `/play/${encodeURIComponent(type)}`;
}
