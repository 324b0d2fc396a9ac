import { DurableObject } from 'cloudflare:workers';
import type { GameRegistry } from '../../engine/core';
import { createNeonDb } from '../../db/neon';
import type { Db } from '../../db/types';
import { readConfig, type Env } from '../env';
import { drainOutbox } from '../notify/deliver';
import { botsMustAct, runBots } from '../services/bots';
import { runGameClocks } from '../services/clock-pass';
import { loadGame } from '../services/game-rows';
import type { ServiceCtx } from '../types';
import { withClocks } from './notes';
import { workerClock } from './worker-clock';

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

    /** The alarm: one pass over the game's clocks, what it queued delivered, the next alarm set. */
    override async alarm(): Promise<void> {
      const s = await this.ctx.storage.get<Stored>('s');
      if (!s) return;
      const env = this.env;
      await withClocks(env, async () => {
        const { db, pool } = createNeonDb({ url: env.DATABASE_URL, wsProxy: env.DB_WS_PROXY });
        const later: ((db: Db) => Promise<unknown>)[] = [];
        try {
          const config = readConfig(env);
          const ctx: ServiceCtx = { db, registry, config, now: workerClock.now(), defer: (task) => void later.push(task) };
          const report = await runGameClocks(ctx, s.gameId);
          // Bots of this game only, a run's worth: the next alarm goes on if they are not done.
          const botMoves = await runBots(ctx, s.gameId);
          for (const task of later) await task(db).catch((err) => console.error('game timer: deferred task failed', err));
          if (report.reminders + report.timeouts + report.autoVacations + botMoves > 0)
            await drainOutbox(db, registry, config, ctx.now, 50);
          const row = await loadGame(db, s.gameId).catch(() => null);
          const due = row?.status === 'active' && row.dueAt ? row.dueAt.getTime() : null;
          const next = row && botsMustAct(row) ? ctx.now.getTime() : due;
          if (next !== null) await this.schedule(s.gameId, next);
          else await this.ctx.storage.delete('s');
          console.log(
            'game timer',
            JSON.stringify({ game: s.gameId, ...report, botMoves, next: next === null ? null : new Date(next).toISOString() }),
          );
        } finally {
          await pool.end();
        }
      });
    }
  };
}
