import type { GameRegistry } from '../engine/core';
import { createApp } from './app';
import { readConfig, type Env } from './env';
import { runDuePass } from './scheduled/next-due';
import { fanOutOf } from './scheduled/fan-out';
import { deferredWork } from './services/deferred-work';
import { emailHandler } from './mail-in/handler';
import { dueClockOf, NEVER } from './clock/notes';
import { serviceDeps } from './service-deps';
import { workerClock } from './clock/worker-clock';
import { openDb } from './lib/open-db';

/**
 * Builds a Cloudflare Worker (fetch + scheduled) serving `registry`. Each request gets its own
 * Neon Pool, ended after the answer (I/O objects cannot cross requests in Workers).
 */
export function createWorker(registry: GameRegistry): ExportedHandler<Env> {
  const clock = workerClock;
  const app = createApp({ registry, clock, db: openDb });
  const email = emailHandler(registry, openDb, clock.now);
  return {
    fetch: (request, env, ctx) => app.fetch(request, env, ctx),
    // Replies to turn emails (Cloudflare Email Routing).
    email,
    scheduled,
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
    const first = openDb(env);
    const work = deferredWork(first, () => openDb(env));
    try {
      const config = readConfig(env);
      const { report, nextDue } = await runDuePass(
        { db: first.db, registry, config, now: clock.now(), defer: work.defer, ...serviceDeps(env, registry, config, clock.now) },
        due,
        // Each game's alarm applies its clocks on time; the cron catches only the ones a minute late,
        // and hands them (and a backlog of notices) to the Durable Objects rather than doing them itself.
        { alarmSlackMs: env.GAME_TIMER ? config.alarmSlackSeconds * 1000 : 0, fanOut: fanOutOf(env) ?? undefined },
      );
      console.log('cron', JSON.stringify({ ...report, nextDue: nextDue === null ? undefined : instant(nextDue) }));
    } finally {
      ctx.waitUntil(work.run());
    }
  }
}

/** An epoch-ms instant for the cron's log line (`NEVER` is past the range of Date). */
function instant(ms: number): string {
  return ms >= NEVER ? 'never' : new Date(ms).toISOString();
}
