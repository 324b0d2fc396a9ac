import { DurableObject } from 'cloudflare:workers';
import type { GameRegistry } from '../../engine/core';
import { openDb } from '../lib/open-db';
import { clockNotes } from '../clock/notes';
import { workerClock } from '../clock/worker-clock';
import { drainOutbox } from '../delivery/deliver';
import { readConfig, type Env } from '../env';
import { type FanOut, LANE_BATCH } from './cron';

/** How far off a game's pending alarm may be from its due instant and still count as set (a pass waiting at the gate). */
const ALARM_PENDING_SLACK_MS = 60_000;
/** Durable Object calls the cron has in flight at once while it checks timers. */
const CALLS_AT_ONCE = 50;

/**
 * An outbox drain lane (`idFromName('lane-<k>')`): started by a cron pass whose own batch left a
 * backlog, its alarm delivers one batch of `LANE_BATCH` rows (an invocation of its own, so its
 * own CPU limit) and, while it found a full batch, sets its alarm again at once. Lanes claim
 * with `FOR UPDATE SKIP LOCKED` and a claim that lapses (2 minutes), so they never share a row
 * and a lane that dies only delays its rows: the outbox stays the source of truth, and the
 * lanes only add hands.
 */
export function outboxDrainClass(registry: GameRegistry) {
  return class OutboxDrain extends DurableObject<Env> {
    /** Sets the lane's alarm now, unless it is running or about to. */
    async start(): Promise<void> {
      if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now());
    }

    /** One batch; again at once while batches come full. */
    override async alarm(): Promise<void> {
      const env = this.env;
      const { db, release } = openDb(env);
      try {
        const config = readConfig(env);
        const now = workerClock.now();
        const clocks = clockNotes(env, () => workerClock.now().getTime());
        const r = await drainOutbox(db, { registry, config, now, clocks }, LANE_BATCH);
        console.log('outbox lane', JSON.stringify(r));
        if (r.sent + r.skipped + r.retried + r.failed >= LANE_BATCH) await this.ctx.storage.setAlarm(Date.now());
      } finally {
        await release().catch(() => {});
      }
    }
  };
}

/**
 * The cron's fan-out over a Worker's bindings: overdue games to their `GAME_TIMER` objects,
 * a backlog to `OUTBOX_DRAIN` lanes. Null unless both are bound (then the pass does it all).
 */
export function fanOutOf(env: Env): FanOut | null {
  const timers = env.GAME_TIMER;
  const lanes = env.OUTBOX_DRAIN;
  if (!timers || !lanes) return null;
  return {
    async ensureTimers(games) {
      for (let i = 0; i < games.length; i += CALLS_AT_ONCE)
        await Promise.all(
          games.slice(i, i + CALLS_AT_ONCE).map((g) =>
            timers
              .get(timers.idFromName(g.id))
              .ensure(g.id, g.at.getTime(), ALARM_PENDING_SLACK_MS)
              .catch((err: unknown) => console.error(`game timer: ensure ${g.id} failed`, err)),
          ),
        );
    },
    async startDrains(count) {
      await Promise.all(
        Array.from({ length: count }, (_, k) =>
          lanes
            .get(lanes.idFromName(`lane-${k}`))
            .start()
            .catch((err: unknown) => console.error(`outbox lane ${k}: start failed`, err)),
        ),
      );
    },
    sweepBatches: SWEEP_BATCHES,
  };
}

/** Batches of each retention sweep per pass: 10 of 1,000 rows every 5 minutes is 2.9 million rows a day. */
const SWEEP_BATCHES = 10;
