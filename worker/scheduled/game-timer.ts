import { DurableObject } from 'cloudflare:workers';
import type { GameRegistry } from '../../engine/core';
import { openDb } from '../lib/open-db';
import { readConfig, type Env } from '../env';
import { botsMustAct, runBots } from '../services/bots';
import { runGameClocks } from '../services/clock-pass';
import { deferredWork } from '../services/deferred-work';
import { loadGame } from '../lib/game-rows';
import type { ServiceCtx } from '../types';
import { serviceDeps } from '../service-deps';
import { workerClock } from '../clock/worker-clock';

/** Stored: the game this object times, and the instant (epoch ms, the Worker's time) of its alarm. */
interface Stored {
  gameId: string;
  at: number;
}

/**
 * One per game (`idFromName(gameId)`): an alarm at the next instant the game's clocks come due (a
 * reminder, a clock running out, a pause ending), or at once when its bots have more moves to
 * make than one run allows, so each fires within seconds rather than at the next cron tick, and
 * the work fans out across games instead of waiting for one cron pass over all of them. The cron still passes over every due game (a missed alarm is caught there;
 * every step is guarded by the game's version, so running twice does nothing twice).
 */
export function gameTimerClass(registry: GameRegistry) {
  return class GameTimer extends DurableObject<Env> {
    /** Sets the alarm for `gameId` at `at` (the Worker's time, epoch ms), or clears it (null). */
    async schedule(gameId: string, at: number | null): Promise<void> {
      if (at === null) {
        await this.ctx.storage.deleteAlarm();
        await this.ctx.storage.delete('s');
        return;
      }
      await this.ctx.storage.put('s', { gameId, at } satisfies Stored);
      // The alarm runs on real time: a development clock ahead of it brings the instant closer.
      await this.ctx.storage.setAlarm(Math.max(Date.now(), at - workerClock.offsetMs()));
    }

    /**
     * The cron's check on a game it found overdue: sets the alarm as `schedule` does unless one
     * is already set within `slackMs` of `at` (a pass waiting a moment for a place at the gate),
     * so a cron over thousands of overdue games starts each one's pass without jumping the queue.
     */
    async ensure(gameId: string, at: number, slackMs: number): Promise<void> {
      const alarm = await this.ctx.storage.getAlarm();
      if (alarm !== null && alarm <= Math.max(Date.now(), at - workerClock.offsetMs()) + slackMs) return;
      await this.schedule(gameId, at);
    }

    /** The alarm: one pass over the game's clocks, what it queued delivered, the next alarm set. */
    override async alarm(): Promise<void> {
      const s = await this.ctx.storage.get<Stored>('s');
      if (!s) return;
      const env = this.env;
      // A place among the passes running now, or another try in a moment (WorkGate).
      const gate = env.WORK_GATE ? env.WORK_GATE.get(env.WORK_GATE.idFromName('passes')) : null;
      const limit = readConfig(env).clockPasses;
      const admitted = gate ? await gate.enter(s.gameId, limit, Date.now()).catch(() => ({ retryMs: 0 })) : { retryMs: 0 };
      if (admitted.retryMs > 0) {
        await this.ctx.storage.setAlarm(Date.now() + Math.round(admitted.retryMs));
        return;
      }
      try {
        await this.pass(s, env);
      } finally {
        await gate?.leave(s.gameId, Date.now()).catch(() => {});
      }
    }

    /** One pass over the game's clocks and bots, what it queued delivered, the next alarm set. */
    private async pass(s: Stored, env: Env): Promise<void> {
      const started = Date.now();
      const open = () => openDb(env);
      const first = open();
      const work = deferredWork(first, open);
      const config = readConfig(env);
      // As a request: its commits hold their notices for this alarm's own drain.
      const ctx: ServiceCtx = {
        db: first.db,
        registry,
        config,
        now: workerClock.now(),
        defer: work.defer,
        drainsAfter: true,
        ...serviceDeps(env, registry, config, workerClock.now),
      };
      let next: number | null = null;
      try {
        const report = await runGameClocks(ctx, s.gameId);
        let row = await loadGame(first.db, s.gameId).catch(() => null);
        // Bots of this game only, a run's worth: the next alarm goes on at once if they are not done.
        let botMoves = 0;
        if (row && botsMustAct(row)) {
          botMoves = await runBots(ctx, s.gameId);
          row = await loadGame(first.db, s.gameId).catch(() => null);
        }
        const due = row?.status === 'active' && row.dueAt ? row.dueAt.getTime() : null;
        // A bot that made no move at all would only be asked again at once: its next chance is the next due instant or the cron.
        next = row && botsMustAct(row) && botMoves > 0 ? ctx.now.getTime() : due;
        console.log(
          'game timer',
          JSON.stringify({
            game: s.gameId,
            ...report,
            botMoves,
            next: next === null ? null : new Date(next).toISOString(),
            ms: Date.now() - started,
          }),
        );
      } finally {
        await work.run();
      }
      if (next !== null) await this.schedule(s.gameId, next);
      else await this.ctx.storage.delete('s');
    }
  };
}
