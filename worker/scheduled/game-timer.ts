import type { GameRegistry } from '../../engine/core';
import { GameVersions } from '../clock/game-versions';
import { openDb } from '../lib/open-db';
import { readConfig, type Env } from '../env';
import { botsMustAct, runBots } from '../services/bots';
import { runGameClocks } from '../services/clock-pass';
import { deferredWork } from '../services/deferred-work';
import { loadGame } from '../lib/game-rows';
import type { ServiceCtx } from '../types';
import { serviceDeps } from '../service-deps';
import { workerClock } from '../clock/worker-clock';
import { clockNotes, type CommitNote, type HeldBatch } from '../clock/notes';
import { ApiError } from '../http/errors';

/** Stored under 's': the game this object times, and the instant (epoch ms, the Worker's time) its clocks come due. */
interface Stored {
  gameId: string;
  at: number;
}

/** Stored under 'h': the game's notices held for delivery at the grace's end, oldest first. */
interface Held {
  gameId: string;
  batches: HeldBatch[];
}

/** Real time (epoch ms) of the Worker-time instant `at`: the alarm runs on real time, a development clock ahead of it brings the instant closer. */
function realMs(at: number): number {
  return Math.max(Date.now(), at - workerClock.offsetMs());
}

/**
 * The game's one Durable Object (`idFromName(gameId)`): what a 304 needs (`GameVersions`, its
 * base) and its timer. The timer is an alarm at the next instant the game's clocks come due (a
 * reminder, a clock running out, a pause ending), or at once when its bots have more moves to
 * make than one run allows, so each fires within seconds rather than at the next cron tick, and
 * the work fans out across games instead of waiting for one cron pass over all of them. The cron still passes over every due game (a missed alarm is caught there;
 * every step is guarded by the game's version, so running twice does nothing twice).
 *
 * The same alarm delivers the notices the game's commits hold for it (`hold`) when their grace
 * ends, so the request that moved does not wait out the grace, and a grace of any length is met
 * within seconds. The outbox stays the record: rows whose delivery this object never got to are
 * taken by the cron once their claim lapses.
 */
export function gameTimerClass(registry: GameRegistry) {
  return class GameTimer extends GameVersions<Env> {
    /**
     * Instants commits told this object (`commit`), counted, the latest kept: a pass that ran
     * meanwhile read the game before that commit, so its next instant may be too late.
     */
    private told: { count: number; at: number | null } = { count: 0, at: null };

    /**
     * A commit's news, told before it commits (`ClockNotes.commit`): the version noted, the
     * notices it queues held, the clocks' next instant set; one call for all three. A commit that
     * then fails leaves a held batch whose rows do not exist (its delivery finds none) and, when
     * it moved the instant, asks for a pass at once (`appendEvent`), which reads the game afresh.
     */
    async commit(gameId: string, n: CommitNote): Promise<void> {
      // The timer's part first: a versions write that fails (the cache) must not cost the notices or the instant.
      if (n.due !== undefined) {
        this.told = { count: this.told.count + 1, at: n.due };
        if (n.due === null) await this.ctx.storage.delete('s');
        else await this.ctx.storage.put('s', { gameId, at: n.due } satisfies Stored);
      }
      if (n.held) await this.addHeld(gameId, n.held);
      if (n.held || n.due !== undefined) await this.rearm();
      await this.note(n);
    }

    /** Sets the alarm for `gameId` at `at` (the Worker's time, epoch ms), or clears it (null). */
    async schedule(gameId: string, at: number | null): Promise<void> {
      if (at === null) await this.ctx.storage.delete('s');
      else await this.ctx.storage.put('s', { gameId, at } satisfies Stored);
      await this.rearm();
    }

    /**
     * The cron's check on a game it found overdue: sets the alarm as `schedule` does unless one
     * is already set within `slackMs` of `at` (a pass waiting a moment for a place at the gate),
     * so a cron over thousands of overdue games starts each one's pass without jumping the queue.
     */
    async ensure(gameId: string, at: number, slackMs: number): Promise<void> {
      const [alarm, s] = await Promise.all([this.ctx.storage.getAlarm(), this.ctx.storage.get<Stored>('s')]);
      if (alarm !== null && s && s.at <= at && alarm <= realMs(at) + slackMs) return;
      await this.schedule(gameId, at);
    }

    /** Holds notices of `gameId` that a commit queued, for delivery at `batch.at` (`HeldBatch`). */
    async hold(gameId: string, batch: HeldBatch): Promise<void> {
      await this.addHeld(gameId, batch);
      await this.rearm();
    }

    /** Adds `batch` to the held ones; a batch of the same instants (another commit of the same request) takes its keys. */
    private async addHeld(gameId: string, batch: HeldBatch): Promise<void> {
      const h = (await this.ctx.storage.get<Held>('h')) ?? { gameId, batches: [] };
      const same = h.batches.find((b) => b.at === batch.at && b.until === batch.until);
      if (same) same.keys = [...new Set([...same.keys, ...batch.keys])];
      else h.batches.push(batch);
      await this.ctx.storage.put('h', h);
    }

    /**
     * The pass gate (WorkGate) kept a place for this game's waiting pass: its alarm, set for the
     * retry, moves to now. False when no alarm is set (no pass waits here, or it runs now).
     */
    async wake(): Promise<boolean> {
      const alarm = await this.ctx.storage.getAlarm();
      if (alarm === null) return false;
      if (alarm > Date.now()) await this.ctx.storage.setAlarm(Date.now());
      return true;
    }

    /** The alarm at the earliest of the clocks' instant and the held notices' (none: no alarm). */
    private async rearm(): Promise<void> {
      const [s, h] = await Promise.all([this.ctx.storage.get<Stored>('s'), this.ctx.storage.get<Held>('h')]);
      const next = Math.min(s?.at ?? Number.POSITIVE_INFINITY, ...(h?.batches ?? []).map((b) => b.at));
      if (next === Number.POSITIVE_INFINITY) await this.ctx.storage.deleteAlarm();
      else await this.ctx.storage.setAlarm(realMs(next));
    }

    /** The alarm: the held notices whose grace is over delivered, then, when due, one pass over the game's clocks; the next alarm set. */
    override async alarm(): Promise<void> {
      await this.deliverHeld();
      const s = await this.ctx.storage.get<Stored>('s');
      if (!s || s.at > workerClock.now().getTime()) return this.rearm();
      const env = this.env;
      // A place among the passes running now, or another try in a moment (WorkGate).
      const gate = env.WORK_GATE ? env.WORK_GATE.get(env.WORK_GATE.idFromName('passes')) : null;
      const limit = readConfig(env).clockPasses;
      const admitted = gate ? await gate.enter(s.gameId, limit, Date.now()).catch(() => ({ retryMs: 0 })) : { retryMs: 0 };
      if (admitted.retryMs > 0) {
        // Held notices coming due before the retry keep their own instant.
        const h = await this.ctx.storage.get<Held>('h');
        await this.ctx.storage.setAlarm(
          Math.min(Date.now() + Math.round(admitted.retryMs), ...(h?.batches ?? []).map((b) => realMs(b.at))),
        );
        return;
      }
      let next: number | null;
      const told = this.told.count;
      try {
        next = await this.pass(s, env);
      } finally {
        await gate?.leave(s.gameId, Date.now()).catch(() => {});
      }
      // A commit told an instant while the pass ran on what it read before: the earlier of the
      // two (a pass that comes too early only reads the game and sets the right one).
      if (this.told.count !== told && this.told.at !== null) next = next === null ? this.told.at : Math.min(next, this.told.at);
      // What the pass held with no grace left to wait goes now, in this invocation rather than
      // another alarm, and after the gate: sending waits on far ends, not on this machine's CPU.
      await this.deliverHeld();
      await this.schedule(s.gameId, next);
    }

    /**
     * Delivers the held batches whose instant has come, each read by its keys and claim (rows
     * the cron took meanwhile are left out); a batch whose drain failed is not tried again here:
     * its rows go to the cron when the claim lapses.
     */
    private async deliverHeld(): Promise<void> {
      const h = await this.ctx.storage.get<Held>('h');
      if (!h?.batches.length) return;
      const now = workerClock.now();
      const due = h.batches.filter((b) => b.at <= now.getTime());
      if (!due.length) return;
      const left = h.batches.filter((b) => b.at > now.getTime());
      if (left.length) await this.ctx.storage.put('h', { ...h, batches: left });
      else await this.ctx.storage.delete('h');
      const { db, release } = openDb(this.env);
      const { drain } = serviceDeps(this.env, registry, readConfig(this.env), workerClock.now);
      try {
        for (const b of due)
          await drain(db, now, { keys: b.keys, until: new Date(b.until) }).catch((err: unknown) =>
            console.error(`game timer: delivering ${h.gameId}'s notices failed`, err),
          );
      } finally {
        await release?.();
      }
    }

    /** One pass over the game's clocks and bots, its deferred work run; returns when the alarm should come next (Worker time, epoch ms; null: none). */
    private async pass(s: Stored, env: Env): Promise<number | null> {
      const started = Date.now();
      const open = () => openDb(env);
      const first = open();
      const work = deferredWork(first, open);
      const config = readConfig(env);
      const deps = serviceDeps(env, registry, config, workerClock.now);
      // As a request: its commits tell this object their news and hold their notices for its own
      // alarm, by method calls rather than calls to itself.
      const self = {
        schedule: (id: string, at: number | null) => this.schedule(id, at),
        hold: (id: string, batch: HeldBatch) => this.hold(id, batch),
        commit: (id: string, n: CommitNote) => this.commit(id, n),
        forget: () => this.forget(),
      };
      const ctx: ServiceCtx = {
        db: first.db,
        registry,
        config,
        now: workerClock.now(),
        defer: work.defer,
        drainsAfter: true,
        ...deps,
        clocks: clockNotes(env, () => workerClock.now().getTime(), { gameId: s.gameId, object: self }),
      };
      let next: number | null = null;
      try {
        const passed = await runGameClocks(ctx, s.gameId).catch((err: unknown) => {
          // The game is gone (deleted with its last player's account, or a database started
          // afresh under a kept object): nothing is due for it any more, so no alarm comes back.
          if (err instanceof ApiError && err.code === 'game_not_found') return null;
          throw err;
        });
        if (!passed) return null;
        const { after, ...report } = passed;
        let row = after ?? (await loadGame(first.db, s.gameId).catch(() => null));
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
      return next;
    }
  };
}
