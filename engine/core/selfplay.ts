import { chooseBotMove } from './bot';
import { playMove } from './play';
import { Rng, rngFromSeed } from './rng';
import type { AnyGame, Seat } from './types';

/** A game the built-in bots played against each other, as the moves that make it up. */
export interface SelfPlay {
  state: unknown;
  moves: { seat: Seat; move: unknown }[];
  /** True when the game ended; false when `maxMoves` stopped it. */
  finished: boolean;
}

/**
 * Plays a whole game with the built-in bot in every seat, deterministically from `seed` (game)
 * and `botSeed` (the bots' choices). Used for the record corpus, fuzzing and benchmarks.
 */
export function selfPlay(
  game: AnyGame,
  args: { players: number; options: unknown; seed: string; botSeed: string; maxMoves?: number },
): SelfPlay {
  let state = game.setup({ players: args.players, options: game.optionsSchema.parse(args.options ?? {}), seed: args.seed });
  const bots = new Rng(rngFromSeed(args.botSeed));
  const moves: SelfPlay['moves'] = [];
  const max = args.maxMoves ?? 50_000;
  while (moves.length < max) {
    const seat = game.activeSeats(state)[0];
    if (seat === undefined) return { state, moves, finished: true };
    bots.int(0, 1); // advance: each choice gets fresh randomness
    const move = chooseBotMove(game, state, seat, bots.state);
    if (move === null) throw new Error(`${game.id}: seat ${seat} is active but has no legal move`);
    state = playMove(game, state, seat, move).state;
    moves.push({ seat, move });
  }
  return { state, moves, finished: false };
}
