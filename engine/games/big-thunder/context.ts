import { Rng, playerMarker, type LogEntry, type Seat } from '../../core';
import { TRAINS } from './components';
import type { BigThunderState } from './state';

/**
 * The working context of one `applyMove`: the state being changed (a private copy), the log
 * lines written so far, the seeded RNG ("Randomness is state") and whether the move revealed
 * randomness or hidden information (an undo barrier).
 */
export interface Ctx {
  s: BigThunderState;
  log: LogEntry[];
  rng: Rng;
  reveals: boolean;
  /** What the first revelation of this move was (`MoveResult.revealed`). */
  revealed?: string;
}

/** A fresh context over `s` (already a private copy). */
export function newCtx(s: BigThunderState): Ctx {
  return { s, log: [], rng: new Rng(s.rng), reveals: false };
}

/**
 * Marks the move as an undo barrier: `what` became known (randomness or hidden information),
 * named as the subject of "... cannot be taken back" ("the marbles that ran"). The first one counts.
 */
export function reveal(ctx: Ctx, what: string): void {
  ctx.reveals = true;
  ctx.revealed ??= what;
}

/** A refusal: the stable code and the sentence a player reads (thrown as `IllegalMove`). */
export interface Refusal {
  code: string;
  message: string;
}

/** Builds a refusal. */
export function refuse(code: string, message: string): Refusal {
  return { code, message };
}

/** The player in a log line: the `{{p:N}}` marker each surface renders as the display name. */
export function who(seat: Seat): string {
  return playerMarker(seat);
}

/** The seat's Locomotive ("U.B. Bold"): its role, shown beside the player's name (`seatRole`). */
export function trainName(seat: Seat): string {
  return TRAINS[seat].name;
}

/** A public log line. */
export function say(ctx: Ctx, seat: Seat | null, text: string): void {
  ctx.log.push({ seat, text });
}

/** A private log line only `seat` may read ("You drew Pick for Gold"). */
export function tell(ctx: Ctx, seat: Seat, text: string): void {
  ctx.log.push({ seat, text, only: [seat] });
}

/** "1 Gold Nugget", "2 Raw Ore", "3 cards". */
export function plural(n: number, one: string, many: string = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
