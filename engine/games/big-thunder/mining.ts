import type { Seat } from '../../core';
import { CART_CAPACITY, MAX_TOWN_TOKENS, TOWN } from './components';
import { refuse, say, who, type Ctx, type Refusal } from './context';
import { MARBLE_NAMES, dropInBasin, shaftAt } from './marbles';
import { adjacentShafts, spaceName } from './movement';
import type { BigThunderState } from './state';

/** Gold in a cart (Raw Ore + Gold Nuggets). */
export function cartLoad(s: BigThunderState, seat: Seat): number {
  const c = s.seats[seat].cart;
  return c.gold + c.ore;
}

/**
 * The shafts a Pick or Pan for Gold may take from: the shaft you're at, and with Big Claim a
 * shaft next to it ("You cannot use this ability when you're in Town"; F.A.Q.: shafts 1 and 7 are
 * not next to each other). Empty in Town.
 */
export function reachableShafts(s: BigThunderState, seat: Seat): number[] {
  const p = s.seats[seat];
  if (p.position === TOWN) return [];
  if (!p.upgrades.includes('bigClaim')) return [p.position];
  return [p.position, ...adjacentShafts(p.position)].sort((a, b) => a - b);
}

/**
 * Why `seat` may not take gold `marble` from `shaft` with a Pick for Gold (`kind` = 'pick') or
 * Pan for Gold ('pan') action, or null. Pick: "cannot be taken if there is Water in the mine
 * shaft" (unless Pick to Pan); Pan: "can only be taken if there is Water"; both need room in the
 * cart (capacity 4) and take any Gold Nugget or Raw Ore of the shaft (F.A.Q.).
 */
export function whyNotMine(s: BigThunderState, seat: Seat, kind: 'pick' | 'pan', shaft: number, marble: 'gold' | 'ore'): Refusal | null {
  const p = s.seats[seat];
  const action = kind === 'pick' ? 'Pick for Gold' : 'Pan for Gold';
  if (p.position === TOWN) return refuse('in_town', `You can't ${action} in Town: move your Mine Cart to a mine shaft first.`);
  if (!reachableShafts(s, seat).includes(shaft)) {
    return p.upgrades.includes('bigClaim')
      ? refuse('not_adjacent', `Mine shaft ${shaft} is not your mine shaft or next to it.`)
      : refuse('not_your_shaft', `You can only take gold from the mine shaft you're at (${spaceName(p.position)}).`);
  }
  if (cartLoad(s, seat) >= CART_CAPACITY)
    return refuse('cart_full', 'Your Mine Cart is full: it holds up to four gold. Sell some in Town first.');
  const m = shaftAt(s.mine, shaft);
  if (kind === 'pick' && m.water > 0 && !p.upgrades.includes('pickToPan')) {
    return refuse(
      'water_in_shaft',
      `There is Water in mine shaft ${shaft}: you can't Pick for Gold there (Pan for Gold, or Bail Water first).`,
    );
  }
  if (kind === 'pan' && m.water === 0)
    return refuse('no_water', `There is no Water in mine shaft ${shaft}: you can only Pan for Gold where there is Water.`);
  if (m[marble] === 0) return refuse('no_such_marble', `There is no ${MARBLE_NAMES[marble]} in mine shaft ${shaft}.`);
  return null;
}

/** Pick for Gold / Pan for Gold: "Take one Gold Nugget or Raw Ore from the mine shaft ... and place it in your Mine Cart." */
export function takeGold(ctx: Ctx, seat: Seat, kind: 'pick' | 'pan', shaft: number, marble: 'gold' | 'ore'): void {
  shaftAt(ctx.s.mine, shaft)[marble] -= 1;
  ctx.s.seats[seat].cart[marble] += 1;
  say(ctx, seat, `${who(seat)} ${kind === 'pick' ? 'picks' : 'pans'} a ${MARBLE_NAMES[marble]} from mine shaft ${shaft}.`);
}

/** Why `seat` may not Bail Water now, or null: it needs Water in the shaft you're at (Big Claim does not apply). */
export function whyNotBail(s: BigThunderState, seat: Seat): Refusal | null {
  const p = s.seats[seat];
  if (p.position === TOWN) return refuse('in_town', "You can't Bail Water in Town: there is no mine shaft there.");
  if (shaftAt(s.mine, p.position).water === 0) return refuse('no_water', `There is no Water in mine shaft ${p.position} to bail.`);
  return null;
}

/**
 * Bail Water: "Remove one Water from the mine shaft you're at, dropping it in the basin, and take
 * one Town Token" (two with Steam Pump), up to five on the mat. F.A.Q.: allowed with five Town
 * Tokens; the Water still goes, no token is taken.
 */
export function bailWater(ctx: Ctx, seat: Seat): void {
  const p = ctx.s.seats[seat];
  shaftAt(ctx.s.mine, p.position).water -= 1;
  dropInBasin(ctx, 'water', 1);
  const earned = Math.min(p.upgrades.includes('steamPump') ? 2 : 1, MAX_TOWN_TOKENS - p.tokens);
  p.tokens += earned;
  say(
    ctx,
    seat,
    `${who(seat)} bails Water from mine shaft ${p.position} and takes ${earned === 1 ? '1 Town Token' : `${earned} Town Tokens`}.`,
  );
}
