/**
 * Setup file of the api project: after each test file, the PGlite databases it opened through
 * makeTestApp are closed (files share a fork, so nothing else frees them).
 */
import { afterAll } from 'vitest';
import { openDatabases } from './support';

afterAll(async () => {
  for (const db of openDatabases) if (!db.closed) await db.close().catch(() => {});
  openDatabases.clear();
});
