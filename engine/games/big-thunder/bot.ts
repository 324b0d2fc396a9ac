import type { Seat } from '../../core';
import { CART_CAPACITY, SUPPLIES, TOWN, TOWN_SHARES, type UpgradeType } from './components';
import { shaftAt } from './marbles';
import { clockwise } from './movement';
import type { BigThunderMove } from './moves';
import { cartValue } from './scoring';
import type { BigThunderState } from './state';
import { saleTokens, salePoints } from './town';

/** How much the bot likes each Upgrade (higher = buy first, remove last). */
const UPGRADE_TASTE: Record<UpgradeType, number> = {
  refineGold: 6,
  bigClaim: 5,
  pickToPan: 4,
  fiveCardHand: 3,
  expressResupply: 2,
  steamPump: 1,
};

/**
 * The built-in bot: simple but not foolish. It sells and scores first, buys Upgrades, mines the
 * best gold it can reach, heads for Town with a loaded cart, plays its cards and then ends its
 * turn. Ties are broken with `rand` (in [0, 1)), so games with bots stay reproducible.
 */
export function botMove(s: BigThunderState, seat: Seat, legal: BigThunderMove[], rand: number): BigThunderMove {
  let best: BigThunderMove[] = [];
  let bestValue = -Infinity;
  for (const m of legal) {
    const v = value(s, seat, m);
    if (v > bestValue) {
      bestValue = v;
      best = [m];
    } else if (v === bestValue) best.push(m);
  }
  return best[Math.min(best.length - 1, Math.floor(rand * best.length))];
}

/** Gold worth mining in a shaft for this player (Water makes it harder). */
function richness(s: BigThunderState, shaft: number): number {
  if (shaft === TOWN) return 0;
  const m = shaftAt(s.mine, shaft);
  return m.gold * 2 + m.ore - (m.water > 0 ? 1 : 0);
}

function wantsTown(s: BigThunderState, seat: Seat): boolean {
  const p = s.seats[seat];
  const load = p.cart.gold + p.cart.ore;
  return load >= CART_CAPACITY - 1 || (load > 0 && p.score + cartValue(p) >= s.target);
}

function moveValue(s: BigThunderState, seat: Seat, spaces: number): number {
  const p = s.seats[seat];
  const dest = clockwise(p.position, spaces);
  if (wantsTown(s, seat)) {
    if (dest === TOWN) return 58;
    if (p.position !== TOWN && dest < p.position) return 0; // would pass Town
    return 52 + dest / 10;
  }
  if (dest === TOWN) return p.cart.gold + p.cart.ore > 0 ? 53 : 2;
  const gain = richness(s, dest) - richness(s, p.position);
  return gain > 0 ? 52 + gain : 3;
}

function cardUse(s: BigThunderState, seat: Seat, card: number): number {
  const p = s.seats[seat];
  const here = p.position === TOWN ? null : shaftAt(s.mine, p.position);
  let v = 0;
  for (const a of SUPPLIES[card].actions) {
    if ((a.kind === 'pick' || a.kind === 'pan') && here && p.cart.gold + p.cart.ore < CART_CAPACITY && here.gold + here.ore > 0) {
      if (a.kind === 'pan' ? here.water > 0 : here.water === 0 || p.upgrades.includes('pickToPan')) v += 10;
    }
    if (a.kind === 'move') v += 5;
    if (a.kind === 'bail' && here && here.water > 0) v += 4;
    if (a.kind === 'resupply' || a.kind === 'crosscut') v += 3;
  }
  return v;
}

function value(s: BigThunderState, seat: Seat, m: BigThunderMove): number {
  const p = s.seats[seat];
  switch (m.type) {
    case 'chooseShare':
      return 100 + TOWN_SHARES[s.setAside[m.index]];
    case 'removeUpgrade':
      return 100 - UPGRADE_TASTE[m.upgrade];
    case 'claimJumper':
      return 100 - cardUse(s, seat, m.card) - SUPPLIES[m.card].actions.length;
    case 'tunnel': {
      const shaft = s.pending?.kind === 'tunnel' ? s.pending.shaft : TOWN;
      const better = !wantsTown(s, seat) && richness(s, shaft) > richness(s, p.position);
      return m.enter === better ? 100 : 0;
    }
    case 'sell': {
      const sold = m.goldForTokens + m.goldForPoints + m.oreForTokens + m.oreForPoints;
      const tokenTaste = p.upgrades.length < 3 && p.score < s.target - 6 ? 1.1 : 0.9;
      return 90 + sold * 3 + salePoints(s, seat, m) + saleTokens(s, seat, m) * tokenTaste;
    }
    case 'buyUpgrade':
      return 80 + UPGRADE_TASTE[m.upgrade];
    case 'buyShare':
      return 75;
    case 'pick':
    case 'pan':
      return 60 + (m.marble === 'gold' ? 2 : 1);
    case 'bail':
      return p.tokens < 5 ? 56 : 4;
    case 'move':
      return moveValue(s, seat, m.spaces);
    case 'discardToMove':
      return cardUse(s, seat, m.card) > 0 ? 1 : moveValue(s, seat, 1) - 6;
    case 'crosscut':
      return wantsTown(s, seat) ? 4 : 45;
    case 'resupply': {
      const id = s.market[m.slot];
      return 40 + (id === null ? 0 : SUPPLIES[id].actions.length);
    }
    case 'play':
      return 20 + cardUse(s, seat, m.card);
    case 'discard':
      return 0;
    case 'endTurn':
      return 5;
  }
}
