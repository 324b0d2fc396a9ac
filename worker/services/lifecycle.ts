import { and, eq, isNull } from 'drizzle-orm';
import { games } from '../../db/schema';
import { ApiError } from '../http/errors';
import type { ServiceCtx, User } from '../types';
import { scheduleBots } from './bots';
import { commitChange } from './commit';
import { VersionConflict } from './events';
import { gameOf, loadGame, seatList, seatOf } from '../lib/game-rows';
import { createGame, startGame } from './lobby';
import { choicesFromOptions } from './seat-choices';
import { markedBot } from './seat-to-bot';
import { anyBlockAmong } from './blocks';

/**
 * A player leaves a running game. With `onResign = bot` the built-in bot plays their seat from
 * now on (they get no more notifications); with `end` the game is abandoned.
 * Throws 403 `not_seated`, 409 `not_active`.
 */
export async function resign(ctx: ServiceCtx, args: { user: User; gameId: string }) {
  const row = await loadGame(ctx.db, args.gameId);
  const seat = await seatOf(ctx.db, row.id, args.user.id);
  if (seat === null) throw new ApiError(403, 'not_seated', 'You do not have a seat in this game.');
  if (row.status !== 'active') throw new ApiError(409, 'not_active', 'Only a running game can be resigned.');
  const game = gameOf(ctx.registry, row);
  const toBot = row.onResign === 'bot';
  try {
    const answer = await commitChange(ctx, game, row, {
      kind: 'resign',
      seat,
      payload: { then: row.onResign },
      log: [
        { seat, text: toBot ? `${args.user.name} resigned; a bot plays seat ${seat + 1}.` : `${args.user.name} resigned. The game ends.` },
      ],
      reveals: true,
      state: row.snapshot,
      status: toBot ? undefined : 'abandoned',
      botSeats: toBot ? [...row.botSeats, seat].sort() : undefined,
      also: toBot ? markedBot(row.id, seat) : undefined,
    });
    if (toBot) scheduleBots(ctx, { id: row.id, botSeats: [...row.botSeats, seat] }, answer.activeSeats);
    return answer;
  } catch (err) {
    if (err instanceof VersionConflict) throw new ApiError(409, 'conflict', 'The game changed meanwhile. Try again.');
    throw err;
  }
}

/**
 * "Play again": a new game with the same type, options and seats (a seat that resigned to the
 * bot stays a bot), each seat with the same setup choices (its Rocket), started at once. Asking twice, or by two players at once, gives the same
 * rematch. A table where one player has since blocked another is not seated again.
 * Throws 403 `not_seated`, 409 `not_over`, `rematch_unavailable`.
 */
export async function rematch(ctx: ServiceCtx, args: { user: User; gameId: string }): Promise<{ id: string }> {
  const row = await loadGame(ctx.db, args.gameId);
  if ((await seatOf(ctx.db, row.id, args.user.id)) === null)
    throw new ApiError(403, 'not_seated', 'Only players of this game can ask for a rematch.');
  if (row.status !== 'finished' && row.status !== 'abandoned')
    throw new ApiError(409, 'not_over', 'A rematch is offered once the game is over.');
  if (row.rematchId) return { id: row.rematchId };
  const old = await seatList(ctx.db, row.id);
  const humans = old.flatMap((s) => (s.userId && !s.isBot ? [s.userId] : []));
  if (await anyBlockAmong(ctx.db, humans))
    throw new ApiError(409, 'rematch_unavailable', 'This table cannot be seated again. Start a new game from the lobby.');
  // Each seat keeps what it chose (its Rocket): the choices come back out of the options.
  const carried = choicesFromOptions(gameOf(ctx.registry, row), row.options, row.players);
  const fresh = await createGame(ctx, {
    user: args.user,
    type: row.type,
    players: row.players,
    options: carried.options,
    now: ctx.now,
    limits: ctx.config.gameLimits,
    timeControl: row.clocks?.rules ?? { kind: 'none' },
    weekendPause: row.clocks?.weekendPause,
    allowVacation: row.clocks?.allowVacation,
    onTimeout: row.onTimeout,
    onResign: row.onResign,
    isPublic: row.isPublic,
    rematchOf: row.id,
    rated: row.rated,
    requirements: row.requirements,
    seatsFrom: old.map((s) => ({ seat: s.seat, userId: s.isBot ? null : s.userId, choices: carried.choices[s.seat] })),
  });
  // The unique rematch_id decides a race between two players asking at once.
  const claimed = await ctx.db
    .update(games)
    .set({ rematchId: fresh.id })
    .where(and(eq(games.id, row.id), isNull(games.rematchId)))
    .returning({ id: games.id });
  if (claimed.length === 0) {
    await ctx.db.delete(games).where(eq(games.id, fresh.id));
    return { id: (await loadGame(ctx.db, row.id)).rematchId! };
  }
  await startGame(ctx, { user: args.user, gameId: fresh.id });
  return { id: fresh.id };
}
