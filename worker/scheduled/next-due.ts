import { sql } from 'drizzle-orm';
import { executedRows } from '../../db/json-row';
import { gameEvents, games, notificationSettings, outbox, seats, vacations } from '../../db/schema';
import type { Db } from '../../db/types';
import { NEVER } from '../clock/notes';
import type { ServiceCtx } from '../types';
import { gamesWaitingForBots } from '../services/bots';
import { type CronReport, type PassOptions, runScheduled } from './cron';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The earliest instant (epoch ms) at which `runScheduled` would find work, read from Postgres
 * after a cron pass: a game whose clocks come due (`games.due_at`: a reminder, a clock running
 * out, a pause ending), a vacation starting or ending, a pending outbox row, a digest, a bot that must act (now), a
 * stored Idempotency-Key answer to forget. `NEVER` when nothing is scheduled.
 * Two statements, each an aggregate over an index or a small group.
 */
export async function nextDueAt(ctx: Pick<ServiceCtx, 'db' | 'config' | 'now' | 'registry'>, opts: PassOptions = {}): Promise<number> {
  // A bot that must act is due now; with the games' own timers, once its game stood still for the slack (its run was lost).
  const [bots] = await gamesWaitingForBots(ctx, { limit: 1 });
  if (bots) return opts.fanOut ? Math.max(ctx.now.getTime(), bots.updatedAt.getTime() + (opts.alarmSlackMs ?? 0)) : ctx.now.getTime();
  const epoch = (x: unknown) => sql`(extract(epoch from ${x}) * 1000)::float8`;
  const rows = await exec(
    ctx.db,
    sql`select
      (select ${epoch(sql`min(${games.dueAt})`)} from ${games} where ${games.status} = 'active' and ${games.dueAt} is not null) as clocks_at,
      (select ${epoch(sql`min(case when ${vacations.applied} then ${vacations.endsAt} else ${vacations.startsAt} end)`)}
         from ${vacations} where ${vacations.endedAt} is null) as vacation_at,
      (select ${epoch(sql`min(greatest(${outbox.nextAttemptAt}, coalesce(${outbox.claimedUntil}, ${outbox.nextAttemptAt})))`)}
         from ${outbox} where ${outbox.status} = 'pending') as outbox_at,
      (select ${epoch(sql`min(${gameEvents.createdAt})`)} from ${gameEvents} where ${gameEvents.response} is not null) as answer_at,
      (select ${epoch(sql`min(coalesce(${notificationSettings.lastDigestAt}, 'epoch'::timestamptz))`)}
         from ${notificationSettings}
         join ${seats} on ${seats.userId} = ${notificationSettings.userId}
         join ${games} on ${games.id} = ${seats.gameId}
         where ${notificationSettings.digest} and ${notificationSettings.email} and ${games.status} = 'active'
           and ${games.activeSeats} @> jsonb_build_array(${seats.seat})) as digest_from`,
  );
  const r = rows[0] as {
    clocks_at: number | null;
    vacation_at: number | null;
    outbox_at: number | null;
    answer_at: number | null;
    digest_from: number | null;
  };
  const times: number[] = [];
  if (r.clocks_at !== null) times.push(Number(r.clocks_at) + (opts.alarmSlackMs ?? 0));
  if (r.vacation_at !== null) times.push(Number(r.vacation_at));
  if (r.outbox_at !== null) times.push(Number(r.outbox_at));
  if (r.answer_at !== null) times.push(Number(r.answer_at) + ctx.config.idempotencyRetentionHours * HOUR_MS);
  if (r.digest_from !== null) times.push(Number(r.digest_from) + DAY_MS);
  return times.length ? Math.min(...times.map((t) => Math.max(0, t))) : NEVER;
}

async function exec(db: Db, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = await db.execute(query);
  return executedRows<Record<string, unknown>>(result);
}

/** The cron's Durable Object as a pass uses it (worker/clock/due-clock.ts). */
export interface DueClockStub {
  settle(next: number): Promise<number>;
}

/**
 * One cron pass (`runScheduled`), then the next due instant as Postgres has it goes back to the
 * cron's `DueClock` (when one is bound), so the next idle tick is idle. Used by the scheduled
 * handler once `DueClock.claim` said something may be due, and by `POST /dev/clock`.
 */
export async function runDuePass(
  ctx: ServiceCtx,
  dueClock: DueClockStub | null,
  opts: PassOptions = {},
): Promise<{ report: CronReport; nextDue: number | null }> {
  const report = await runScheduled(ctx, opts);
  const nextDue = dueClock ? await dueClock.settle(await nextDueAt(ctx, opts)) : null;
  return { report, nextDue };
}
