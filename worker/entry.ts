import type { GameRegistry } from '../engine/core';
import { createNeonDb } from '../db/neon';
import { createApp } from './app';
import { readConfig, type Env } from './env';
import { runScheduled } from './notify/cron';

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
    async scheduled(_event, env, ctx) {
      const { db, pool } = createNeonDb({ url: env.DATABASE_URL, wsProxy: env.DB_WS_PROXY });
      const deferred: Promise<unknown>[] = [];
      try {
        const report = await runScheduled({ db, registry, config: readConfig(env), now: new Date(), defer: (t) => void deferred.push(t(db)) });
        console.log('cron', JSON.stringify(report));
      } finally {
        ctx.waitUntil(Promise.allSettled(deferred).then(() => pool.end()));
      }
    },
  };
}
