import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { chooseBotMove, playMove, rngFromSeed } from '../../engine/core';
import { games, seats } from '../../db/schema';
import { ApiError } from '../http/errors';
import type { ServiceCtx, User } from '../types';
import { commitChange } from './commit';
import { randomHex } from '../lib/crypto';
import { appendEvent, VersionConflict } from './events';
import { gameOf, loadGame, seatList } from '../lib/game-rows';

/**
 * Plays the built-in bot for every bot seat that must act, one move at a time through the same
 * path as a player's move (`playMove` + `commitChange`: legality, event, notifications), until a
 * human must act, the game ends, or `limit` moves were made (default `config.botMoves.perGameRun`:
 * one request buys a bounded number of bot moves; the cron goes on with the rest).
 * Returns the number of moves.
 */
export async function runBots(ctx: ServiceCtx, gameId: string, limit = ctx.config.botMoves.perGameRun): Promise<number> {
  let made = 0;
  while (made < limit) {
    const row = await loadGame(ctx.db, gameId);
    if (row.status !== 'active') break;
    const seat = row.activeSeats.find((s) => row.botSeats.includes(s));
    if (seat === undefined) break;
    const game = gameOf(ctx.registry, row);
    const move = chooseBotMove(game, row.snapshot, seat, rngFromSeed(randomHex(16)));
    if (move === null) break;
    const applied = playMove(game, row.snapshot, seat, move);
    try {
      await commitChange(ctx, game, row, {
        kind: 'move',
        seat,
        payload: { move: applied.move, bot: true },
        log: applied.log,
        reveals: applied.reveals,
        state: applied.state,
      });
      made++;
    } catch (err) {
      if (!(err instanceof VersionConflict)) throw err; // a human moved meanwhile: look again
    }
  }
  // Out of moves for this run with a bot still to act: the game's own timer goes on with it at
  // once, so a long bot-only stretch never waits for the cron, nor on other games' bots.
  if (made >= limit) {
    const row = await loadGame(ctx.db, gameId);
    if (row.status === 'active' && row.activeSeats.some((s) => row.botSeats.includes(s))) await ctx.clocks.gameDue(gameId, ctx.now);
  }
  return made;
}

/** True when a bot seat of `row` must act now. */
export function botsMustAct(row: { status: string; activeSeats: number[]; botSeats: number[] }): boolean {
  return row.status === 'active' && row.activeSeats.some((s) => row.botSeats.includes(s));
}

/** Runs the bots of a game after the answer is sent, when a bot seat must act. */
export function scheduleBots(ctx: ServiceCtx, game: { id: string; botSeats: number[] }, activeSeats: number[]): void {
  if (activeSeats.some((s) => game.botSeats.includes(s))) ctx.defer((db) => runBots({ ...ctx, db }, game.id));
}

/**
 * The cron's bot pass: every game where a bot must act (a request's run hit its limit, or its
 * deferred task was lost) gets an equal share of `perCron` moves, at most `perGameRun` each, in
 * rounds until the budget is spent or no game wants more. One game full of bots cannot starve
 * the rest; with more waiting games than moves, the least recently changed go first, and the
 * games served become the most recently changed, so the next run serves the others. Returns
 * the number of moves.
 */
export async function runWaitingBots(ctx: ServiceCtx): Promise<number> {
  const { perGameRun, perCron } = ctx.config.botMoves;
  const given = new Map<string, number>();
  let made = 0;
  let pending = (await gamesWaitingForBots(ctx)).map((g) => g.id);
  while (pending.length > 0 && made < perCron) {
    const share = Math.max(1, Math.min(perGameRun, Math.floor((perCron - made) / pending.length)));
    const again: string[] = [];
    for (const id of pending) {
      const want = Math.min(share, perGameRun - (given.get(id) ?? 0), perCron - made);
      if (want <= 0) break;
      const n = await runBots(ctx, id, want);
      made += n;
      given.set(id, (given.get(id) ?? 0) + n);
      if (n === want && given.get(id)! < perGameRun) again.push(id); // stopped by its share, not by a player's turn
    }
    pending = again;
  }
  return made;
}

/**
 * Active games where a bot seat must act, least recently changed first (at most `limit`); with
 * `idleBefore`, only those unchanged since then (their bots' own run was lost, not under way).
 */
export async function gamesWaitingForBots(
  ctx: Pick<ServiceCtx, 'db'>,
  opts: { limit?: number; idleBefore?: Date } = {},
): Promise<{ id: string; updatedAt: Date }[]> {
  return botWaitingQuery(ctx, opts);
}

/**
 * The query of `gamesWaitingForBots`, not yet run (its plan is tested: it reads the partial index
 * `games_bot_waiting_idx`, running games with a bot seat, in `updated_at` order).
 */
export function botWaitingQuery(ctx: Pick<ServiceCtx, 'db'>, opts: { limit?: number; idleBefore?: Date } = {}) {
  return ctx.db
    .select({ id: games.id, updatedAt: games.updatedAt })
    .from(games)
    .where(
      and(
        eq(games.status, 'active'),
        sql`${games.botSeats} <> '[]'::jsonb`,
        sql`exists (select 1 from jsonb_array_elements(${games.activeSeats}) as a(seat) where ${games.botSeats} @> jsonb_build_array(a.seat))`,
        opts.idleBefore ? lte(games.updatedAt, opts.idleBefore) : undefined,
      ),
    )
    .orderBy(asc(games.updatedAt))
    .limit(opts.limit ?? 100);
}

/**
 * Puts the built-in bot in an empty seat of an open game (creator only).
 * Throws 403 `not_creator`, 409 `not_open`, `seat_taken`, 400 `bad_seat`.
 */
export async function addBot(ctx: ServiceCtx, args: { user: User; gameId: string; seat: number }): Promise<void> {
  const row = await loadGame(ctx.db, args.gameId);
  if (row.createdBy !== args.user.id) throw new ApiError(403, 'not_creator', 'Only the player who created the game can add bots.');
  if (row.status !== 'open') throw new ApiError(409, 'not_open', 'Bots can only be added before the game starts.');
  if (args.seat < 0 || args.seat >= row.players) throw new ApiError(400, 'bad_seat', `Seats are numbered 0 to ${row.players - 1}.`);
  if ((await seatList(ctx.db, row.id)).some((s) => s.seat === args.seat))
    throw new ApiError(409, 'seat_taken', `Seat ${args.seat + 1} is taken.`);
  try {
    await appendEvent(
      ctx.db,
      {
        gameId: row.id,
        expectedVersion: row.version,
        kind: 'join',
        seat: args.seat,
        payload: { bot: true },
        log: [{ seat: args.seat, text: `A bot took seat ${args.seat + 1}.` }],
        update: { botSeats: [...row.botSeats, args.seat].sort() },
        now: ctx.now,
        also: (tx) =>
          tx
            .insert(seats)
            .values({ gameId: row.id, seat: args.seat, isBot: true, joinedAt: ctx.now })
            .then(() => undefined),
      },
      ctx.clocks,
    );
  } catch (err) {
    if (err instanceof VersionConflict) throw new ApiError(409, 'conflict', 'The game changed meanwhile. Try again.');
    throw err;
  }
}
