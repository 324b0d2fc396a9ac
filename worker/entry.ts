import type { GameRegistry } from '../engine/core';
import { createNeonDb } from '../db/neon';
import { createApp } from './app';
import type { Env } from './env';

/**
 * Builds a Cloudflare Worker (fetch + scheduled) serving `registry`. Each request gets its own
 * Neon Pool, ended after the answer (I/O objects cannot cross requests in Workers).
 */
export function createWorker(registry: GameRegistry): ExportedHandler<Env> {
  const app = createApp({
    registry,
    db: (env) => {
      const { db, pool } = createNeonDb({ url: env.DATABASE_URL, wsProxy: env.DB_WS_PROXY });
      return { db, release: () => pool.end() };
    },
  });
  return {
    fetch: (request, env, ctx) => app.fetch(request, env, ctx),
    async scheduled(_event, _env, _ctx) {
      // Outbox draining, reminders and deadlines arrive with the notifications issue.
    },
  };
}
