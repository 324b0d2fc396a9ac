import type { Seat } from '../../core';
import { clockwise, spaceName, TOWN } from './words';
import { SHAFTS } from './components';
import { say, who, type Ctx } from './context';
import type { BigThunderState } from './state';

export { clockwise, spaceName } from './words';

/**
 * Mine shafts next to `shaft` for Big Claim: the shafts form a line 1..7, so shafts 1 and 7 are
 * each next to only one shaft (F.A.Q.: "The mine shafts on either side of Town are only next to
 * one other mine shaft").
 */
export function adjacentShafts(shaft: number): number[] {
  return [shaft - 1, shaft + 1].filter((x) => x >= 1 && x <= SHAFTS);
}

/** The seat whose Mine Cart is in mine shaft `shaft`, or null (at most one: bumping keeps it so). */
export function cartAt(s: BigThunderState, shaft: number): Seat | null {
  if (shaft === TOWN) return null;
  for (let i = 0; i < s.players; i++) if (s.seats[i].position === shaft) return i;
  return null;
}

/**
 * Puts a cart on a space. For the active player this opens a Town visit when the cart moves
 * into Town ("Whenever you are in Town on your turn, you can take each Town action one time";
 * "It's possible to go to Town more than once in one turn") and closes it when the cart leaves.
 */
function placeCart(ctx: Ctx, seat: Seat, position: number): void {
  const { s } = ctx;
  const from = s.seats[seat].position;
  s.seats[seat].position = position;
  if (seat !== s.turn || s.phase === 'over') return;
  if (position === TOWN && from !== TOWN) s.town = { sold: false, bought: false };
  if (position !== TOWN) s.town = null;
}

/**
 * A cart ends its move on `dest`. "If you end your move at a mine shaft where there's already a
 * Mine Cart, that Mine Cart is bumped forward to the next space", and so on down the line; a cart
 * bumped out of shaft 7 goes to its own Town space. "Mine Carts can never be bumped out of Town."
 */
export function arrive(ctx: Ctx, seat: Seat, dest: number): void {
  const occupant = cartAt(ctx.s, dest);
  placeCart(ctx, seat, dest);
  if (occupant !== null && occupant !== seat) {
    const next = clockwise(dest, 1);
    say(ctx, occupant, `The Mine Cart of ${who(occupant)} is bumped forward to ${spaceName(next)}.`);
    arrive(ctx, occupant, next);
  }
}

/** Moves a Mine Cart `spaces` clockwise (Mine Cart (Move), Discard to Move, Runaway Train). */
export function moveCart(ctx: Ctx, seat: Seat, spaces: number): void {
  const dest = clockwise(ctx.s.seats[seat].position, spaces);
  say(ctx, seat, `${who(seat)} moves ${spaces === 1 ? '1 space' : `${spaces} spaces`} to ${spaceName(dest)}.`);
  arrive(ctx, seat, dest);
}

/** Moves a Mine Cart directly to a mine shaft (Crosscut Tunnel), bumping any cart already there. */
export function moveCartTo(ctx: Ctx, seat: Seat, shaft: number): void {
  say(ctx, seat, `${who(seat)} takes the Crosscut Tunnel to ${spaceName(shaft)}.`);
  arrive(ctx, seat, shaft);
}
