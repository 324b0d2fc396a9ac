/**
 * public/boot.js: a small script of its own that index.html runs before the app's bundle
 * (scripts/build-client.ts builds it after the app, so it knows the chunks' names). It starts the
 * first API requests of the page being opened while the bundle is still loading and, once they
 * name the game, that game's board chunk (client/prefetch.ts). Without it (an older cached
 * index.html) the app simply asks for everything itself.
 */
import { BOARDS } from './games/boards';
import { pollHeaders } from './poll-controller';
import { startPrefetch } from './prefetch';

/** Set by the build: board element tag -> the path of its chunk. */
declare const MP_BOARD_CHUNKS: Record<string, string>;

startPrefetch(location.pathname, location.search, pollHeaders(null, document.visibilityState, false), (type) => {
  const tag = Object.hasOwn(BOARDS, type) ? BOARDS[type] : undefined;
  const chunk = tag ? MP_BOARD_CHUNKS[tag] : undefined;
  // The same module the app's loadBoard imports; a failure is for loadBoard to report.
  if (chunk) import(chunk).catch(() => {});
});
