/**
 * Runs before the rest of the client (the first import of client/main.ts, so before the
 * components' modules are evaluated): starts the first API requests of the page being opened and,
 * once they name the game, its board's chunk (client/prefetch.ts, #17).
 */
import { loadBoard } from './games';
import { pollHeaders } from './poll-controller';
import { startPrefetch } from './prefetch';

startPrefetch(location.pathname, location.search, pollHeaders(null, document.visibilityState, false), (type) => void loadBoard(type));
