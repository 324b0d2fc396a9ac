import type { Seat } from '../../core';
import {
  MAX_TOWN_TOKENS,
  MAX_UPGRADES,
  SELL_VALUE,
  TOWN_SHARES,
  TOWN_SHARE_COST,
  UPGRADE_TYPES,
  upgrade,
  type UpgradeType,
} from './components';
import { reveal, plural, refuse, say, tell, who, type Ctx, type Refusal } from './context';
import { dropInBasin } from './marbles';
import type { MoveOf } from './moves';
import { oreValue, scorePoints } from './scoring';
import type { BigThunderState } from './state';

/** A Sell Gold choice: how many Gold Nuggets and Raw Ore go for Town Tokens and for points. */
export type Sale = Omit<MoveOf<'sell'>, 'type'>;

/** Why the active player can't take a Town action now, or null ("Whenever you are in Town on your turn"). */
export function whyNotInTown(s: BigThunderState): Refusal | null {
  if (!s.town) return refuse('not_in_town', 'Your Mine Cart is not in Town: move it into Town to take Town actions.');
  return null;
}

/** Town Tokens a sale earns. */
export function saleTokens(s: BigThunderState, seat: Seat, sale: Sale): number {
  return sale.goldForTokens * SELL_VALUE.gold + sale.oreForTokens * oreValue(s.seats[seat]);
}

/** Points a sale earns. */
export function salePoints(s: BigThunderState, seat: Seat, sale: Sale): number {
  return sale.goldForPoints * SELL_VALUE.gold + sale.oreForPoints * oreValue(s.seats[seat]);
}

/**
 * Why this Sell Gold action is refused, or null: once per visit, only gold in your Mine Cart,
 * at least one marble, and the Town Tokens earned must fit on empty circles of your mat (up to
 * five; "Place any Town Tokens you earn on empty circles on your mat").
 */
export function whyNotSell(s: BigThunderState, seat: Seat, sale: Sale): Refusal | null {
  const town = whyNotInTown(s);
  if (town) return town;
  if (s.town!.sold) return refuse('already_sold', 'You have already sold gold on this visit to Town.');
  const cart = s.seats[seat].cart;
  if (sale.goldForTokens + sale.goldForPoints > cart.gold)
    return refuse('not_in_cart', `Your Mine Cart holds only ${plural(cart.gold, 'Gold Nugget')}.`);
  if (sale.oreForTokens + sale.oreForPoints > cart.ore) return refuse('not_in_cart', `Your Mine Cart holds only ${cart.ore} Raw Ore.`);
  if (sale.goldForTokens + sale.goldForPoints + sale.oreForTokens + sale.oreForPoints === 0)
    return refuse('nothing_to_sell', 'Choose at least one Gold Nugget or Raw Ore to sell.');
  const room = MAX_TOWN_TOKENS - s.seats[seat].tokens;
  if (saleTokens(s, seat, sale) > room)
    return refuse('tokens_full', `Your mat has room for only ${plural(room, 'more Town Token')}: sell the rest for points.`);
  return null;
}

/** Every sale worth offering (those `whyNotSell` accepts), in a stable order. */
export function possibleSales(s: BigThunderState, seat: Seat): Sale[] {
  if (!s.town || s.town.sold) return [];
  const { gold, ore } = s.seats[seat].cart;
  const out: Sale[] = [];
  for (let gt = 0; gt <= gold; gt++)
    for (let gp = 0; gp + gt <= gold; gp++)
      for (let ot = 0; ot <= ore; ot++)
        for (let op = 0; op + ot <= ore; op++) {
          const sale = { goldForTokens: gt, goldForPoints: gp, oreForTokens: ot, oreForPoints: op };
          if (!whyNotSell(s, seat, sale)) out.push(sale);
        }
  return out;
}

/**
 * Sell Gold in Your Mine Cart: "Each Raw Ore earns you one Town Token or 1 point. Each Gold Nugget
 * earns you two Town Tokens or 2 points. Drop the marbles you sell back in the basin."
 */
export function sellGold(ctx: Ctx, seat: Seat, sale: Sale): void {
  const { s } = ctx;
  const p = s.seats[seat];
  const tokens = saleTokens(s, seat, sale);
  const points = salePoints(s, seat, sale);
  const gold = sale.goldForTokens + sale.goldForPoints;
  const ore = sale.oreForTokens + sale.oreForPoints;
  p.cart.gold -= gold;
  p.cart.ore -= ore;
  dropInBasin(ctx, 'gold', gold);
  dropInBasin(ctx, 'ore', ore);
  p.tokens += tokens;
  s.town!.sold = true;
  const what = [gold > 0 ? plural(gold, 'Gold Nugget') : '', ore > 0 ? `${ore} Raw Ore` : ''].filter(Boolean).join(' and ');
  const earned = [tokens > 0 ? plural(tokens, 'Town Token') : '', points > 0 ? plural(points, 'point') : ''].filter(Boolean).join(' and ');
  say(ctx, seat, `${who(seat)} sells ${what} for ${earned}.`);
  if (points > 0) scorePoints(ctx, seat, points);
}

/**
 * Why `seat` can't buy Upgrade `type`, or null: one Upgrade or one Town Share per visit, enough
 * Town Tokens, a tile left in the stack, and "you don't already have that Upgrade on your mat".
 */
export function whyNotBuyUpgrade(s: BigThunderState, seat: Seat, type: UpgradeType): Refusal | null {
  const town = whyNotInTown(s);
  if (town) return town;
  if (s.town!.bought) return refuse('already_bought', 'You have already bought an Upgrade or a Town Share on this visit to Town.');
  const u = upgrade(type);
  const p = s.seats[seat];
  if (p.upgrades.includes(type)) return refuse('upgrade_held', `You already have ${u.name} on your mat.`);
  if (s.upgradeStacks[type] === 0) return refuse('upgrade_sold_out', `There are no ${u.name} tiles left.`);
  if (p.tokens < u.cost) return refuse('not_enough_tokens', `${u.name} costs ${u.cost} Town Tokens; you have ${p.tokens}.`);
  return null;
}

/** Upgrades `seat` may buy now. */
export function buyableUpgrades(s: BigThunderState, seat: Seat): UpgradeType[] {
  return UPGRADE_TYPES.filter((t) => !whyNotBuyUpgrade(s, seat, t));
}

/**
 * Buy One Upgrade: pay its cost and place it on an empty square of your mat. With three Upgrades
 * already, "first choose one of your Upgrade Tiles to remove from the game": the purchase then
 * waits for that choice (`removeUpgrade`).
 */
export function buyUpgrade(ctx: Ctx, seat: Seat, type: UpgradeType): void {
  const p = ctx.s.seats[seat];
  if (p.upgrades.length >= MAX_UPGRADES) {
    ctx.s.pending = { kind: 'removeUpgrade', buying: type };
    return;
  }
  completeUpgrade(ctx, seat, type);
}

/** Why `seat` can't remove Upgrade `type` to make room, or null: only one already on the mat. */
export function whyNotRemoveUpgrade(s: BigThunderState, seat: Seat, type: UpgradeType): Refusal | null {
  if (!s.seats[seat].upgrades.includes(type)) return refuse('upgrade_not_held', `${upgrade(type).name} is not on your mat.`);
  return null;
}

/** Removes an Upgrade from the game ("returning it to the game box") and completes the waiting purchase. */
export function removeUpgrade(ctx: Ctx, seat: Seat, type: UpgradeType): void {
  const pending = ctx.s.pending;
  if (pending?.kind !== 'removeUpgrade') return;
  const p = ctx.s.seats[seat];
  p.upgrades = p.upgrades.filter((u) => u !== type);
  ctx.s.upgradeBox[type] += 1;
  ctx.s.pending = null;
  say(ctx, seat, `${who(seat)} returns ${upgrade(type).name} to the game box.`);
  completeUpgrade(ctx, seat, pending.buying);
}

function completeUpgrade(ctx: Ctx, seat: Seat, type: UpgradeType): void {
  const p = ctx.s.seats[seat];
  const u = upgrade(type);
  p.tokens -= u.cost;
  p.upgrades.push(type);
  ctx.s.upgradeStacks[type] -= 1;
  ctx.s.town!.bought = true;
  say(ctx, seat, `${who(seat)} buys the ${u.name} Upgrade for ${u.cost} Town Tokens.`);
}

/** Why `seat` can't buy a Town Share, or null: once per visit (instead of an Upgrade), 2 Town Tokens, a card left. */
export function whyNotBuyShare(s: BigThunderState, seat: Seat): Refusal | null {
  const town = whyNotInTown(s);
  if (town) return town;
  if (s.town!.bought) return refuse('already_bought', 'You have already bought an Upgrade or a Town Share on this visit to Town.');
  if (s.townShares.length === 0) return refuse('no_shares_left', 'The Town Shares deck is empty.');
  if (s.seats[seat].tokens < TOWN_SHARE_COST)
    return refuse('not_enough_tokens', `A Town Share costs ${TOWN_SHARE_COST} Town Tokens; you have ${s.seats[seat].tokens}.`);
  return null;
}

/** Buy One Town Share: "draw the top Town Shares Card from the deck and place it in front of you face down. (You may look at it.)" */
export function buyShare(ctx: Ctx, seat: Seat): void {
  const { s } = ctx;
  const id = s.townShares.shift()!;
  const p = s.seats[seat];
  p.tokens -= TOWN_SHARE_COST;
  p.shares.push(id);
  s.town!.bought = true;
  reveal(ctx, 'the Town Share you drew');
  say(ctx, seat, `${who(seat)} buys a Town Share for ${TOWN_SHARE_COST} Town Tokens.`);
  tell(ctx, seat, `Your new Town Share is worth ${plural(TOWN_SHARES[id], 'point')}.`);
}
