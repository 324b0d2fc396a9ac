import type { Seat } from '../../core';
import { SUPPLIES } from './components';
import { reveal, refuse, say, who, type Ctx, type Refusal } from './context';
import type { BigThunderState } from './state';

/** Why Market slot `slot` can't be taken with a Resupply action, or null. */
export function whyNotResupply(s: BigThunderState, slot: number): Refusal | null {
  if (s.market[slot] === null || s.market[slot] === undefined) {
    return refuse('market_slot_empty', 'That Market space is empty: the Supplies deck has run out.');
  }
  return null;
}

/**
 * Resupply: "Take one of the face-up Supplies from the Market and place it in your discard pile.
 * Then flip a card from the Supplies deck to replace it." With Express Resupply the card goes to
 * the hand instead and may be played this turn (Upgrades). An empty Supplies deck leaves the space
 * empty.
 */
export function resupply(ctx: Ctx, seat: Seat, slot: number): void {
  const { s } = ctx;
  const id = s.market[slot]!;
  const p = s.seats[seat];
  const express = p.upgrades.includes('expressResupply');
  if (express) p.hand.push(id);
  else p.discard.push(id);
  say(ctx, seat, `${who(seat)} resupplies with ${SUPPLIES[id].name}${express ? ', straight into their hand (Express Resupply)' : ''}.`);
  const next = s.supplies.shift();
  s.market[slot] = next ?? null;
  if (next !== undefined) {
    reveal(ctx, 'the new Market card');
    say(ctx, null, `${SUPPLIES[next].name} is flipped into the Market.`);
  }
}
