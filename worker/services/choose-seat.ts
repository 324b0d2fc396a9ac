import { and, count, eq } from 'drizzle-orm';
import { gameEvents, seats } from '../../db/schema';
import type { Db } from '../../db/types';
import { ApiError } from '../http/errors';
import type { ServiceCtx, User } from '../types';
import { appendEvent, VersionConflict } from './events';
import { gameOf, loadGame, seatList } from '../lib/game-rows';
import { checkChoicesFree, parseChoices, seatChoicesOf, type Choices } from './seat-choices';

/**
 * A seated player changes their setup choices while the game waits for players ("each
 * player chooses a Rocket"). The new choices replace the old ones (`{}` leaves the choice to
 * the start, which gives what is left). Appended as a `choice` event, so the check that nobody
 * else holds a value and the write share the game's version: a concurrent join or choice makes
 * this retry and check again. The same choices again change nothing (no event). A seat may
 * change its choices `MAX_CHOICE_CHANGES` times per game, so the log cannot be filled with them.
 * Throws 403 `not_seated`, 400 `bad_choice`, 409 `not_open`, `choice_taken`, `too_many_changes`,
 * `conflict`.
 */
/** Choice changes one seat may make in one game (each is an event in the game's log). */
export const MAX_CHOICE_CHANGES = 20;

export async function setChoices(
  ctx: ServiceCtx,
  args: { user: User; gameId: string; choices: Record<string, string> },
): Promise<{ seat: number; choices: Choices }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await loadGame(ctx.db, args.gameId);
    const game = gameOf(ctx.registry, row);
    const taken = await seatList(ctx.db, row.id);
    const mine = taken.find((s) => s.userId === args.user.id && !s.isBot);
    if (!mine) throw new ApiError(403, 'not_seated', 'Only a player seated in this game can choose for their seat.');
    if (row.status !== 'open') throw new ApiError(409, 'not_open', 'The game has started: the choices are made.');
    const choices = parseChoices(game, args.choices);
    checkChoicesFree(game, taken, mine.seat, choices);
    if (sameChoices(mine.choices, choices)) return { seat: mine.seat, choices };
    const [made] = await ctx.db
      .select({ n: count() })
      .from(gameEvents)
      .where(and(eq(gameEvents.gameId, row.id), eq(gameEvents.kind, 'choice'), eq(gameEvents.seat, mine.seat)));
    if (made.n >= MAX_CHOICE_CHANGES) {
      throw new ApiError(
        409,
        'too_many_changes',
        `You changed your choices ${made.n} times in this game, the most allowed. Your ${choiceWords(game, mine.choices)} stays.`,
      );
    }
    const said = seatChoicesOf(game)
      .filter((c) => choices[c.id] !== undefined)
      .map((c) => `the ${c.values.find((v) => v.id === choices[c.id])!.label}`);
    try {
      await appendEvent(
        ctx.db,
        {
          gameId: row.id,
          expectedVersion: row.version,
          kind: 'choice',
          seat: mine.seat,
          payload: { choices },
          log: [
            {
              seat: mine.seat,
              text: said.length ? `${args.user.name} chose ${said.join(' and ')}.` : `${args.user.name} leaves the choice to the start.`,
            },
          ],
          update: {},
          now: ctx.now,
          seenBy: mine.seat,
          also: (tx: Db) =>
            tx
              .update(seats)
              .set({ choices })
              .where(and(eq(seats.gameId, row.id), eq(seats.seat, mine.seat)))
              .then(() => undefined),
        },
        ctx.clocks,
      );
      return { seat: mine.seat, choices };
    } catch (err) {
      if (!(err instanceof VersionConflict)) throw err;
    }
  }
  throw new ApiError(409, 'conflict', 'The game changed while you chose. Try again.');
}

function sameChoices(a: Choices, b: Choices): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/** "choice (Blue Rocket)" for the refusal, or "choice" when none is made. */
function choiceWords(game: Parameters<typeof seatChoicesOf>[0], choices: Choices): string {
  const named = seatChoicesOf(game).flatMap((c) => {
    const v = c.values.find((x) => x.id === choices[c.id]);
    return v ? [v.label] : [];
  });
  return named.length ? `choice (${named.join(', ')})` : 'choice';
}
