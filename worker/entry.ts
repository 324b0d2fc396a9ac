import type { GameRegistry } from '../engine/core';
import { createNeonDb } from '../db/neon';
import type { Db } from '../db/types';
import { createApp } from './app';
import { readConfig, type Env } from './env';
import { runScheduled } from './notify/cron';
import { emailHandler } from './mail-in/handler';

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
  const openDb = (env: Env) => {
    const { db, pool } = createNeonDb({ url: env.DATABASE_URL, wsProxy: env.DB_WS_PROXY });
    return { db, release: () => pool.end() };
  };
  return {
    fetch: (request, env, ctx) => app.fetch(request, env, ctx),
    // Replies to turn emails (Cloudflare Email Routing, #16).
    email: emailHandler(registry, openDb),
    async scheduled(_event, env, ctx) {
      const open = () => createNeonDb({ url: env.DATABASE_URL, wsProxy: env.DB_WS_PROXY });
      const { db, pool } = open();
      const deferred: Promise<unknown>[] = [];
      const waiting: Promise<unknown>[] = [];
      // As in a request: a deferred task that first waits gets its own connection afterwards.
      const later = async (task: (db: Db) => Promise<unknown>, waitMs: number) => {
        await new Promise((r) => setTimeout(r, waitMs));
        const own = open();
        try {
          await task(own.db);
        } finally {
          await own.pool.end();
        }
      };
      try {
        const report = await runScheduled({
          db,
          registry,
          config: readConfig(env),
          now: new Date(),
          defer: (task, opts) => void (opts?.waitMs ? waiting.push(later(task, opts.waitMs)) : deferred.push(task(db))),
        });
        console.log('cron', JSON.stringify(report));
      } finally {
        ctx.waitUntil(Promise.allSettled(deferred).then(() => pool.end()));
        ctx.waitUntil(Promise.allSettled(waiting));
      }
    },
  };
}
