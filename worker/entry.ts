import type { GameRegistry } from '../engine/core';
import { releasableNeonDb } from '../db/neon';
import type { Db } from '../db/types';
import { createApp } from './app';
import { readConfig, type Env } from './env';
import { runDuePass } from './notify/next-due';
import { emailHandler } from './mail-in/handler';
import { dueClockOf, NEVER, withClocks } from './clock/notes';
import { workerClock } from './clock/worker-clock';

/**
 * Builds a Cloudflare Worker (fetch + scheduled) serving `registry`. Each request gets its own
 * Neon Pool, ended after the answer (I/O objects cannot cross requests in Workers).
 */
export function createWorker(registry: GameRegistry): ExportedHandler<Env> {
  const clock = workerClock;
  // A connection that outbound HTTP can put down (db/neon.ts `putDown`) and the next statement picks up again.
  const openDb = (env: Env) => releasableNeonDb({ url: env.DATABASE_URL, wsProxy: env.DB_WS_PROXY });
  const app = createApp({ registry, clock, db: openDb });
  const email = emailHandler(registry, openDb, clock.now);
  return {
    fetch: (request, env, ctx) => withClocks(env, () => app.fetch(request, env, ctx)),
    // Replies to turn emails (Cloudflare Email Routing).
    email: (message, env, ctx) => withClocks(env, () => email(message, env, ctx)),
    scheduled: (event, env, ctx) => withClocks(env, () => scheduled(event, env, ctx)),
  };

  /**
   * The cron trigger. First asks the `DueClock` whether anything can be due: when nothing
   * is, the tick ends without touching Postgres. Otherwise one pass (`runDuePass`), which gives
   * the next due instant as Postgres has it back to the clock. If the clock cannot be asked,
   * the pass runs (safe, only dearer).
   */
  async function scheduled(_event: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    const due = dueClockOf(env);
    if (due) {
      const asked = await due.claim(clock.now().getTime()).catch((err: unknown) => {
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
      const { report, nextDue } = await runDuePass(
        {
          db,
          registry,
          config: readConfig(env),
          now: clock.now(),
          defer: (task, opts) => void (opts?.waitMs ? waiting.push(later(task, opts.waitMs)) : deferred.push(task(db))),
        },
        due,
      );
      console.log('cron', JSON.stringify({ ...report, nextDue: nextDue === null ? undefined : instant(nextDue) }));
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
