import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { games, notificationSettings, outbox, seats, users } from '../../db/schema';
import { clearExpiredAnswers } from '../services/answer-retention';
import { runWaitingBots } from '../services/bots';
import { runGameClocks } from '../services/clock-pass';
import { runVacations } from '../services/vacations';
import type { ServiceCtx } from '../types';
import { drainOutbox, type DrainReport } from '../delivery/deliver';
import { clearOldDeliveries } from '../delivery/outbox-retention';
import type { Message } from '../notices/message';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

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
}

/**
 * The cron trigger (and `/__scheduled` locally): every game whose clocks came due (reminders,
 * clocks that ran out, pauses that ended: `runGameClocks`), vacations that start or end, daily digests, outbox delivery with retries, and last
 * a bounded batch of the answers kept for Idempotency-Key retries that outlived the retention
 * window and one of finished outbox rows that outlived theirs. Every step is safe to run twice or concurrently (version checks, claimed rows, dedupe
 * keys, skipped locked rows).
 */
export async function runScheduled(ctx: ServiceCtx, opts: { alarmSlackMs?: number } = {}): Promise<CronReport> {
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
  };
  const due = await ctx.db
    .select({ id: games.id })
    .from(games)
    // With the games' own alarms, only games whose alarm is late by `alarmSlackMs`: a missed one.
    .where(
      and(eq(games.status, 'active'), isNotNull(games.dueAt), lte(games.dueAt, new Date(ctx.now.getTime() - (opts.alarmSlackMs ?? 0)))),
    )
    .orderBy(asc(games.dueAt))
    .limit(500);
  for (const { id } of due) {
    const r = await runGameClocks(ctx, id);
    report.reminders += r.reminders;
    report.timeouts += r.timeouts;
    report.autoVacations += r.autoVacations;
  }
  report.vacations = await runVacations(ctx);
  report.botMoves = await runWaitingBots(ctx);
  report.digests = await enqueueDigests(ctx);
  report.delivery = await drainOutbox(ctx.db, ctx, 200);
  report.answersCleared = await clearExpiredAnswers(ctx.db, new Date(ctx.now.getTime() - ctx.config.idempotencyRetentionHours * HOUR_MS));
  report.deliveriesCleared = await clearOldDeliveries(ctx.db, new Date(ctx.now.getTime() - ctx.config.outboxRetentionDays * DAY_MS));
  return report;
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
    );
  const byUser = new Map<string, typeof waiting>();
  for (const w of waiting) byUser.set(w.userId!, [...(byUser.get(w.userId!) ?? []), w]);
  for (const [userId, list] of byUser) {
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
  return byUser.size;
}
