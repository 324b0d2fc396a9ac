/**
 * public/boot.js: a small script of its own that index.html runs before the app's bundle
 * (scripts/build-client.ts builds it after the app, so it knows the chunks' names). It starts the
 * first API requests of the page being opened while the bundle is still loading and, once they
 * name the game, that game's board chunk (client/prefetch.ts). Without it (an older cached
 * index.html) the app simply asks for everything itself.
 */
import { pollHeaders } from './poll-controller';
import { startPrefetch } from './prefetch';

/** Set by the build: game type id -> the path of its board's chunk (scripts/build-client.ts `boardChunks`). */
declare const MP_BOARD_CHUNKS: Record<string, string>;

startPrefetch(location.pathname, location.search, pollHeaders(null, document.visibilityState, false), (type) => {
  const chunk = Object.hasOwn(MP_BOARD_CHUNKS, type) ? MP_BOARD_CHUNKS[type] : undefined;
  // The same module the app's loadBoard imports; a failure is for loadBoard to report.
  if (chunk) import(chunk).catch(() => {});
});
