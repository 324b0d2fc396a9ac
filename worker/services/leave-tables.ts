import { and, desc, eq, inArray } from 'drizzle-orm';
import { games, seats } from '../../db/schema';
import type { Db } from '../../db/types';
import { rowsOfNotices, type SeatNotice } from '../notices/enqueue';
import { drainSoon } from './request-drain';
import type { ServiceCtx } from '../types';
import { appendEvent, VersionConflict } from './events';
import { loadGame, seatList } from '../lib/game-rows';
import { commitSeatToBot } from './seat-to-bot';

/** Why a player leaves every table at once: an operator suspended the account, or its owner deleted it. */
export type LeaveReason = 'suspended' | 'deleted';

/** Tries per game when moves land meanwhile. */
const ATTEMPTS = 5;

/**
 * Takes a player out of every game not yet over, so nobody waits on an account that can no
 * longer play: in a running game the built-in bot plays the seat from now on (whatever the
 * table's `onResign`: the others did not choose this) and the other players are told (notice
 * `clock`); an open game they created closes (abandoned; the others are told, `game_over`); in
 * another open game their seat is freed. Finished games are left as they are. Returns the ids of
 * the games it changed.
 */
export async function leaveAllTables(ctx: ServiceCtx, userId: string, reason: LeaveReason): Promise<string[]> {
  const mine = await ctx.db
    .select({ gameId: seats.gameId })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(eq(seats.userId, userId), eq(seats.isBot, false), inArray(games.status, ['open', 'active'])));
  const changed: string[] = [];
  for (const { gameId } of mine) {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        if (await leaveTable(ctx, gameId, userId, reason)) changed.push(gameId);
        break;
      } catch (err) {
        if (!(err instanceof VersionConflict)) throw err;
      }
    }
  }
  if (changed.length) drainSoon(ctx);
  return changed;
}

/**
 * The games where a 304 may still go to the sessions of `userId` (the latest 500 it sat in),
 * for `ctx.clocks.forget` once those sessions have ended.
 */
export async function latestGamesOf(db: Db, userId: string): Promise<string[]> {
  const sat = await db
    .select({ id: games.id })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(eq(seats.userId, userId))
    .orderBy(desc(games.updatedAt))
    .limit(500);
  return sat.map((g) => g.id);
}

/** One game of `leaveAllTables`; throws `VersionConflict` when the game moved meanwhile. */
async function leaveTable(ctx: ServiceCtx, gameId: string, userId: string, reason: LeaveReason): Promise<boolean> {
  const row = await loadGame(ctx.db, gameId);
  const table = await seatList(ctx.db, row.id);
  const seat = table.find((s) => s.userId === userId && !s.isBot)?.seat;
  if (seat === undefined) return false;
  const others = table.filter((s) => s.userId !== null && !s.isBot && s.seat !== seat).map((s) => s.seat);
  const why = reason === 'deleted' ? 'left Mountain Post' : 'can no longer play';

  if (row.status === 'active') {
    await commitSeatToBot(ctx, row, seat, {
      kind: 'leave',
      seat,
      payload: { reason },
      log: [{ seat, text: `{{p:${seat}}} ${why}; the bot plays seat ${seat + 1} from now on.` }],
      notices: others.map((s) => ({ seat: s, kind: 'clock' as const, detail: 'a player left: the bot plays their seat' })),
    });
    return true;
  }
  if (row.status !== 'open') return false;

  const closes = row.createdBy === userId;
  const notices: SeatNotice[] = closes ? others.map((s) => ({ seat: s, kind: 'game_over' as const })) : [];
  await appendEvent(
    ctx.db,
    {
      gameId: row.id,
      expectedVersion: row.version,
      kind: 'leave',
      seat,
      payload: { reason },
      log: [
        {
          seat: null,
          text: closes ? 'The player who created this table left it: the table is closed.' : `Seat ${seat + 1} is free again.`,
        },
      ],
      update: closes ? { status: 'abandoned' } : {},
      now: ctx.now,
      outbox: await rowsOfNotices(ctx.db, {
        gameId: row.id,
        version: row.version + 1,
        notices,
        now: ctx.now,
        graceSeconds: ctx.config.notifyGraceSeconds,
      }),
      also: (tx: Db) =>
        tx
          .delete(seats)
          .where(and(eq(seats.gameId, row.id), eq(seats.seat, seat)))
          .then(() => undefined),
    },
    ctx.clocks,
  );
  return true;
}
