import { and, asc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { games, notificationSettings, outbox, seats, users } from '../../db/schema';
import { ANSWER_SWEEP_BATCH, clearExpiredAnswers } from '../services/answer-retention';
import { executedRows } from '../../db/json-row';
import { gamesWaitingForBots, runWaitingBots } from '../services/bots';
import { runGameClocks } from '../services/clock-pass';
import { runVacations } from '../services/vacations';
import type { ServiceCtx } from '../types';
import { drainOutbox, type DrainReport } from '../delivery/deliver';
import { clearOldDeliveries, OUTBOX_SWEEP_BATCH } from '../delivery/outbox-retention';
import type { Message } from '../notices/message';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Due games one pass applies itself when nothing fans out (in-process, scripts, `POST /dev/clock`). */
const INLINE_GAMES = 500;
/** Rows the pass's own drain delivers; a fuller outbox goes to drain lanes when they are bound. */
const CRON_DRAIN = 200;
/** Rows a drain lane delivers per invocation (worker/scheduled/fan-out.ts). */
export const LANE_BATCH = 100;
/** Overdue games whose timers one pass checks, a page at a time; the rest at the next pass (their due instants keep it due). */
const TIMER_PAGE = 1000;
const TIMERS_PER_PASS = 20_000;
/** Daily digests queued per pass, the players waiting longest first; the rest at the next pass. */
const DIGESTS_PER_PASS = 500;

/**
 * Where a pass hands work that can run on its own (the Worker's Durable Objects), so no pass
 * carries a ceiling for all games together and none needs more than one invocation's CPU. Absent
 * (in-process, `POST /dev/clock`), the pass does the work itself.
 */
export interface FanOut {
  /** Each game's own timer set at `at` unless it has an alarm coming (GameTimer.ensure): its alarm runs the game's pass. */
  ensureTimers(games: readonly { id: string; at: Date }[]): Promise<void>;
  /** Starts `lanes` outbox drain lanes, each going on in further invocations while it finds a full batch. */
  startDrains(lanes: number): Promise<void>;
  /** Batches of each retention sweep one pass may run (each one bounded statement). */
  sweepBatches: number;
}

/** What `runScheduled` is told: how late a game's alarm may be before the cron steps in, and where work fans out. */
export interface PassOptions {
  alarmSlackMs?: number;
  fanOut?: FanOut;
}

/** What one cron run did. */
export interface CronReport {
  reminders: number;
  timeouts: number;
  /** Clocks that ran out and spent vacation days instead. */
  autoVacations: number;
  /** Vacations started or ended. */
  vacations: number;
  digests: number;
  botMoves: number;
  delivery: DrainReport;
  /** Stored Idempotency-Key answers cleared because they outlived the retention window. */
  answersCleared: number;
  /** Finished outbox rows deleted because they outlived `outboxRetentionDays`. */
  deliveriesCleared: number;
  /** Games whose own timers the pass checked (overdue clocks, bots idle too long) instead of running them itself. */
  timersChecked: number;
  /** Outbox drain lanes started for what the pass's own drain left. */
  drainLanes: number;
}

/**
 * The cron trigger (and `/__scheduled` locally): every game whose clocks came due (reminders,
 * clocks that ran out, pauses that ended: `runGameClocks`), vacations that start or end, daily
 * digests, outbox delivery with retries, and last the answers kept for Idempotency-Key retries
 * and finished outbox rows that outlived their retention. With `fanOut` (the deployed Worker),
 * games and a full outbox go to their own Durable Objects: an overdue game's timer (its alarm
 * runs its pass, `WorkGate` admitting a few at once), games whose bots stood still, and drain
 * lanes for what the pass's own batch left, so the pass itself stays small however many games
 * are due. Every step is safe to run twice or concurrently (version checks, claimed rows, dedupe
 * keys, skipped locked rows).
 */
export async function runScheduled(ctx: ServiceCtx, opts: PassOptions = {}): Promise<CronReport> {
  const report: CronReport = {
    reminders: 0,
    timeouts: 0,
    autoVacations: 0,
    vacations: 0,
    digests: 0,
    botMoves: 0,
    delivery: { sent: 0, skipped: 0, retried: 0, failed: 0 },
    answersCleared: 0,
    deliveriesCleared: 0,
    timersChecked: 0,
    drainLanes: 0,
  };
  const slack = opts.alarmSlackMs ?? 0;
  const fan = opts.fanOut;
  if (fan) report.timersChecked += await checkOverdueTimers(ctx, fan, slack);
  else {
    const due = await ctx.db
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.status, 'active'), isNotNull(games.dueAt), lte(games.dueAt, new Date(ctx.now.getTime() - slack))))
      .orderBy(asc(games.dueAt))
      .limit(INLINE_GAMES);
    for (const { id } of due) {
      const r = await runGameClocks(ctx, id);
      report.reminders += r.reminders;
      report.timeouts += r.timeouts;
      report.autoVacations += r.autoVacations;
    }
  }
  report.vacations = await runVacations(ctx);
  if (fan) {
    // Bots a request or an alarm set off are under way; a game unchanged for the slack lost its run.
    const idle = await gamesWaitingForBots(ctx, { limit: TIMER_PAGE, idleBefore: new Date(ctx.now.getTime() - slack) });
    await fan.ensureTimers(idle.map((g) => ({ id: g.id, at: ctx.now })));
    report.timersChecked += idle.length;
  } else report.botMoves = await runWaitingBots(ctx);
  report.digests = await enqueueDigests(ctx);
  report.delivery = await drainOutbox(ctx.db, ctx, CRON_DRAIN);
  const d = report.delivery;
  if (fan && d.sent + d.skipped + d.retried + d.failed >= CRON_DRAIN) {
    report.drainLanes = Math.min(
      ctx.config.drainLanes,
      Math.ceil((await dueBacklog(ctx, ctx.config.drainLanes * LANE_BATCH)) / LANE_BATCH),
    );
    if (report.drainLanes > 0) await fan.startDrains(report.drainLanes);
  }
  const answersBefore = new Date(ctx.now.getTime() - ctx.config.idempotencyRetentionHours * HOUR_MS);
  const outboxBefore = new Date(ctx.now.getTime() - ctx.config.outboxRetentionDays * DAY_MS);
  report.answersCleared = await sweep(fan?.sweepBatches ?? 1, ANSWER_SWEEP_BATCH, () => clearExpiredAnswers(ctx.db, answersBefore));
  report.deliveriesCleared = await sweep(fan?.sweepBatches ?? 1, OUTBOX_SWEEP_BATCH, () => clearOldDeliveries(ctx.db, outboxBefore));
  return report;
}

/** Runs a bounded sweep up to `batches` times while each one finds a full `batch`; the total. */
async function sweep(batches: number, batch: number, once: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let i = 0; i < batches; i++) {
    const n = await once();
    total += n;
    if (n < batch) break;
  }
  return total;
}

/**
 * Games whose clocks came due more than `slackMs` ago (their alarm missed, or still waiting at
 * the gate), a page at a time by due instant: each one's timer is made sure of, so its own
 * alarm runs its pass. Returns how many were checked.
 */
async function checkOverdueTimers(ctx: ServiceCtx, fan: FanOut, slackMs: number): Promise<number> {
  const before = new Date(ctx.now.getTime() - slackMs);
  let checked = 0;
  let after: { at: Date; id: string } | null = null;
  while (checked < TIMERS_PER_PASS) {
    const page: { id: string; at: Date | null }[] = await ctx.db
      .select({ id: games.id, at: games.dueAt })
      .from(games)
      .where(
        and(
          eq(games.status, 'active'),
          isNotNull(games.dueAt),
          lte(games.dueAt, before),
          after ? or(gt(games.dueAt, after.at), and(eq(games.dueAt, after.at), gt(games.id, after.id))) : undefined,
        ),
      )
      .orderBy(asc(games.dueAt), asc(games.id))
      .limit(TIMER_PAGE);
    await fan.ensureTimers(page.map((g) => ({ id: g.id, at: g.at! })));
    checked += page.length;
    if (page.length < TIMER_PAGE) break;
    const last = page[page.length - 1];
    after = { at: last.at!, id: last.id };
  }
  return checked;
}

/** Outbox rows due and unclaimed now, counted up to `cap` (the drain lanes' share of them). */
async function dueBacklog(ctx: ServiceCtx, cap: number): Promise<number> {
  const rows = await ctx.db.execute(
    sql`select count(*)::int as n from (select 1 from ${outbox} where ${outbox.status} = 'pending' and ${outbox.nextAttemptAt} <= ${ctx.now}
      and (${outbox.claimedUntil} is null or ${outbox.claimedUntil} < ${ctx.now}) limit ${cap}) x`,
  );
  return executedRows<{ n: number }>(rows)[0]?.n ?? 0;
}

/**
 * Daily digests for players who chose them instead of per-turn emails: at most one per 24 h,
 * listing the games waiting for them.
 */
async function enqueueDigests(ctx: ServiceCtx): Promise<number> {
  const cutoff = new Date(ctx.now.getTime() - DAY_MS);
  const waiting = await ctx.db
    .select({ userId: seats.userId, email: users.email, gameId: games.id, type: games.type, seat: seats.seat })
    .from(notificationSettings)
    .innerJoin(users, eq(users.id, notificationSettings.userId))
    .innerJoin(seats, eq(seats.userId, notificationSettings.userId))
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(
      and(
        eq(notificationSettings.digest, true),
        eq(notificationSettings.email, true),
        or(isNull(notificationSettings.lastDigestAt), lte(notificationSettings.lastDigestAt, cutoff)),
        eq(games.status, 'active'),
        sql`${games.activeSeats} @> jsonb_build_array(${seats.seat})`,
      ),
    )
    .orderBy(sql`${notificationSettings.lastDigestAt} asc nulls first`);
  const byUser = new Map<string, typeof waiting>();
  for (const w of waiting) byUser.set(w.userId!, [...(byUser.get(w.userId!) ?? []), w]);
  // The players waiting longest first, a pass's worth: the rest stay due, so the next pass takes them.
  for (const [userId, list] of [...byUser].slice(0, DIGESTS_PER_PASS)) {
    const message: Message = {
      kind: 'digest',
      subject: `Mountain Post: ${list.length} game${list.length === 1 ? '' : 's'} waiting for your move`,
      lines: list.map(
        (w) => `${ctx.registry.get(w.type)?.title ?? w.type} (seat ${w.seat + 1}): ${ctx.config.publicUrl}/games/${w.gameId}`,
      ),
      url: ctx.config.publicUrl,
    };
    await ctx.db.transaction(async (tx) => {
      await tx.update(notificationSettings).set({ lastDigestAt: ctx.now }).where(eq(notificationSettings.userId, userId));
      await tx
        .insert(outbox)
        .values({
          channel: 'email',
          kind: 'digest',
          target: list[0].email,
          userId,
          payload: { message },
          createdAt: ctx.now,
          nextAttemptAt: ctx.now,
          dedupeKey: `digest:${userId}:${ctx.now.toISOString().slice(0, 10)}`,
        })
        .onConflictDoNothing({ target: outbox.dedupeKey });
    });
  }
  return Math.min(byUser.size, DIGESTS_PER_PASS);
}
