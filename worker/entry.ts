import type { GameRegistry } from '../engine/core';
import { releasableNeonDb } from '../db/neon';
import type { Db } from '../db/types';
import { createApp } from './app';
import { readConfig, type Env } from './env';
import { runScheduled } from './notify/cron';
import { emailHandler } from './mail-in/handler';
import { dueClockOf, NEVER, withClocks } from './clock/notes';
import { nextDueAt } from './notify/next-due';

/**
 * Builds a Cloudflare Worker (fetch + scheduled) serving `registry`. Each request gets its own
 * Neon Pool, ended after the answer (I/O objects cannot cross requests in Workers).
 */
export function createWorker(registry: GameRegistry): ExportedHandler<Env> {
  // A connection that outbound HTTP can put down (db/neon.ts `putDown`) and the next statement picks up again.
  const openDb = (env: Env) => releasableNeonDb({ url: env.DATABASE_URL, wsProxy: env.DB_WS_PROXY });
  const app = createApp({ registry, db: openDb });
  const email = emailHandler(registry, openDb);
  return {
    fetch: (request, env, ctx) => withClocks(env, () => app.fetch(request, env, ctx)),
    // Replies to turn emails (Cloudflare Email Routing).
    email: (message, env, ctx) => withClocks(env, () => email(message, env, ctx)),
    scheduled: (event, env, ctx) => withClocks(env, () => scheduled(event, env, ctx)),
  };

  /**
   * The cron trigger. First asks the `DueClock` whether anything can be due: when nothing
   * is, the tick ends without touching Postgres. Otherwise one pass (`runScheduled`), then the
   * next due instant as Postgres has it goes back to the clock. If the clock cannot be asked,
   * the pass runs (safe, only dearer).
   */
  async function scheduled(_event: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    const clock = dueClockOf(env);
    if (clock) {
      const asked = await clock.claim(Date.now()).catch((err: unknown) => {
        console.error('cron: due clock unavailable', err);
        return null;
      });
      if (asked && !asked.run) return console.log('cron idle', JSON.stringify({ nextDue: instant(asked.due) }));
    }
    const open = () => openDb(env);
    const { db, release } = open();
    const deferred: Promise<unknown>[] = [];
    const waiting: Promise<unknown>[] = [];
    // As in a request: a deferred task that first waits gets its own connection afterwards.
    const later = async (task: (db: Db) => Promise<unknown>, waitMs: number) => {
      await new Promise((r) => setTimeout(r, waitMs));
      const own = open();
      try {
        await task(own.db);
      } finally {
        await own.release();
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
      const config = readConfig(env);
      const next = clock ? await clock.settle(await nextDueAt({ db, registry, config, now: new Date() })) : null;
      console.log('cron', JSON.stringify({ ...report, nextDue: next === null ? undefined : instant(next) }));
    } finally {
      ctx.waitUntil(Promise.allSettled(deferred).then(() => release()));
      ctx.waitUntil(Promise.allSettled(waiting));
    }
  }
}

/** An epoch-ms instant for the cron's log line (`NEVER` is past the range of Date). */
function instant(ms: number): string {
  return ms >= NEVER ? 'never' : new Date(ms).toISOString();
}
