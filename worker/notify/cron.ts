import { and, eq, isNotNull, lte, or, isNull, sql } from 'drizzle-orm';
import { chooseBotMove, playMove, rngFromSeed } from '../../engine/core';
import { games, notificationSettings, outbox, seats, users } from '../../db/schema';
import type { ServiceCtx } from '../types';
import { randomHex } from '../services/crypto';
import { clearExpiredAnswers } from '../services/answer-retention';
import { runWaitingBots } from '../services/bots';
import { commitChange } from '../services/commit';
import { VersionConflict } from '../services/events';
import { gameOf, loadGame, type GameRow } from '../services/game-rows';
import { drainOutbox, type DrainReport } from './deliver';
import { enqueueNotices } from './enqueue';
import { clearOldDeliveries } from './outbox-retention';
import type { Message } from './message';
import { TIME_CONTROL_MS } from './transition';

/** The last reminder goes this long before the deadline (the first at half time). */
export const LAST_CALL_MS = 2 * 3600 * 1000;
/** At most this many bot moves for one timed-out seat (a safety net; real turns are short). */
const MAX_BOT_MOVES = 200;
const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** What one cron run did. */
export interface CronReport {
  reminders: number;
  timeouts: number;
  digests: number;
  botMoves: number;
  delivery: DrainReport;
  /** Stored Idempotency-Key answers cleared because they outlived the retention window. */
  answersCleared: number;
  /** Finished outbox rows deleted because they outlived `outboxRetentionDays`. */
  deliveriesCleared: number;
}

/**
 * The cron trigger (and `/__scheduled` locally): reminders at half time and 2 h before each
 * deadline, timeouts at the deadline, daily digests, outbox delivery with retries, and last
 * a bounded batch of the answers kept for Idempotency-Key retries that outlived the retention
 * window and one of finished outbox rows that outlived theirs. Every step is safe to run twice or concurrently (version checks, claimed rows, dedupe
 * keys, skipped locked rows).
 */
export async function runScheduled(ctx: ServiceCtx): Promise<CronReport> {
  const report: CronReport = {
    reminders: 0,
    timeouts: 0,
    digests: 0,
    botMoves: 0,
    delivery: { sent: 0, skipped: 0, retried: 0, failed: 0 },
    answersCleared: 0,
    deliveriesCleared: 0,
  };
  const soon = new Date(ctx.now.getTime() + 72 * 3600 * 1000);
  const due = await ctx.db
    .select()
    .from(games)
    .where(and(eq(games.status, 'active'), isNotNull(games.deadlineAt), lte(games.deadlineAt, soon)))
    .limit(500);
  for (const row of due) {
    const perMove = TIME_CONTROL_MS[row.timeControl];
    if (!perMove || !row.deadlineAt) continue;
    const deadline = row.deadlineAt.getTime();
    const now = ctx.now.getTime();
    if (now >= deadline) report.timeouts += await applyTimeout(ctx, row);
    else if (now >= deadline - LAST_CALL_MS && row.reminderStage < 2) report.reminders += await remind(ctx, row, 2);
    else if (now >= deadline - perMove / 2 && row.reminderStage < 1) report.reminders += await remind(ctx, row, 1);
  }
  report.botMoves = await runWaitingBots(ctx);
  report.digests = await enqueueDigests(ctx);
  report.delivery = await drainOutbox(ctx.db, ctx.registry, ctx.config, ctx.now, 200);
  report.answersCleared = await clearExpiredAnswers(ctx.db, new Date(ctx.now.getTime() - ctx.config.idempotencyRetentionHours * HOUR_MS));
  report.deliveriesCleared = await clearOldDeliveries(ctx.db, new Date(ctx.now.getTime() - ctx.config.outboxRetentionDays * DAY_MS));
  return report;
}

/** Sends reminder `stage` to every active seat, once (the stage column is the guard). */
async function remind(ctx: ServiceCtx, row: GameRow, stage: 1 | 2): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const moved = await tx
      .update(games)
      .set({ reminderStage: stage })
      .where(and(eq(games.id, row.id), eq(games.version, row.version), eq(games.reminderStage, row.reminderStage)))
      .returning({ id: games.id });
    if (moved.length === 0) return 0;
    const deadline = row.deadlineAt!.toISOString();
    await enqueueNotices(tx as never, {
      gameId: row.id,
      version: row.version,
      notices: row.activeSeats.map((seat) => ({ seat, kind: 'reminder' as const, deadline, tag: String(stage) })),
      now: ctx.now,
      graceSeconds: 0,
    });
    return row.activeSeats.length;
  });
}

/**
 * At the deadline: with `onTimeout = bot`, the built-in bot plays each late seat's turn (logged
 * as a timeout move, an undo barrier); with `end`, the game is abandoned. Returns seats timed out.
 */
async function applyTimeout(ctx: ServiceCtx, first: GameRow): Promise<number> {
  const game = gameOf(ctx.registry, first);
  const late = [...first.activeSeats];
  try {
    if (first.onTimeout === 'end') {
      const names = late.map((s) => `Seat ${s + 1}`).join(', ');
      await commitChange(ctx, game, first, {
        kind: 'timeout',
        seat: null,
        payload: { seats: late },
        log: [{ seat: null, text: `${names} ran out of time. The game ends.` }],
        reveals: true,
        state: first.snapshot,
        status: 'abandoned',
      });
      return late.length;
    }
    for (const seat of late) {
      for (let i = 0; i < MAX_BOT_MOVES; i++) {
        const row = await loadGame(ctx.db, first.id);
        if (row.status !== 'active' || !row.activeSeats.includes(seat)) break;
        const move = chooseBotMove(game, row.snapshot, seat, rngFromSeed(randomHex(16)));
        if (move === null) break;
        const applied = playMove(game, row.snapshot, seat, move);
        const label = game.describeMove?.(move, row.snapshot, seat) ?? JSON.stringify(move);
        await commitChange(ctx, game, row, {
          kind: 'move',
          seat,
          payload: { move: applied.move, timeout: true },
          // The move's name only to its seat: it may be a secret choice (a Claim Jumper discard,
          // a Go/Refuel decision); the engine's own log lines say what everyone may know.
          log: [
            { seat, text: `Seat ${seat + 1} ran out of time; the bot played for them.` },
            { seat, text: `The bot played: ${label}.`, only: [seat] },
            ...applied.log,
          ],
          reveals: true,
          state: applied.state,
          notices: i === 0 ? [{ seat, kind: 'timeout' }] : [],
        });
      }
    }
    return late.length;
  } catch (err) {
    if (err instanceof VersionConflict) return 0; // a player moved at the last second: their move stands
    throw err;
  }
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
