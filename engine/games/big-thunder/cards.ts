import type { Seat } from '../../core';
import { HAND_SIZE, SUPPLIES, type CardAction, type SuppliesCard } from './components';
import { reveal, plural, say, tell, who, type Ctx } from './context';
import type { BigThunderState, PlayerState } from './state';

/** The Supplies card with this id. */
export function card(id: number): SuppliesCard {
  return SUPPLIES[id];
}

/** Card names for the log ("Move 2, Pick for Gold"). */
export function cardNames(ids: readonly number[]): string {
  return ids.map((id) => SUPPLIES[id].name).join(', ');
}

/** The action at `index` of the card in play, or null. */
export function actionInPlay(s: BigThunderState, index: number): CardAction | null {
  if (!s.current) return null;
  return SUPPLIES[s.current.card].actions[index] ?? null;
}

/** Removes card `id` from a list; true when it was there. */
function take(list: number[], id: number): boolean {
  const i = list.indexOf(id);
  if (i < 0) return false;
  list.splice(i, 1);
  return true;
}

/**
 * Plays a card from the hand (On Your Turn 2): it goes face up to the discard pile and its
 * actions may be taken, in any order, until another card is played (F.A.Q.).
 */
export function playCard(ctx: Ctx, seat: Seat, id: number): void {
  const p = ctx.s.seats[seat];
  take(p.hand, id);
  p.discard.push(id);
  ctx.s.current = { card: id, used: SUPPLIES[id].actions.map(() => false) };
  say(ctx, seat, `${who(seat)} plays ${SUPPLIES[id].name}.`);
}

/** Marks action `index` of the card in play as taken ("Each image on a card lets you take that action one time"). */
export function useAction(ctx: Ctx, index: number): void {
  ctx.s.current!.used[index] = true;
}

/**
 * Discards a card from the hand face up (Discard to Move; On Your Turn 3). With `endsCardInPlay`
 * the card in play is finished: its remaining actions can no longer be taken (F.A.Q.: one card at
 * a time).
 */
export function discardFromHand(ctx: Ctx, seat: Seat, id: number, endsCardInPlay: boolean): void {
  const p = ctx.s.seats[seat];
  take(p.hand, id);
  p.discard.push(id);
  if (endsCardInPlay) ctx.s.current = null;
}

/**
 * Takes card `id` out of `seat`'s hand face down and returns it: a Claim Jumper choice, which
 * reaches the discard pile only when every choice is in (it does not end the card in play).
 */
export function setAsideFromHand(ctx: Ctx, seat: Seat, id: number): number {
  take(ctx.s.seats[seat].hand, id);
  return id;
}

/** Hand size after drawing: 4, or 5 with the 5-Card Hand Upgrade (Upgrades). */
export function handLimit(p: PlayerState): number {
  return p.upgrades.includes('fiveCardHand') ? HAND_SIZE + 1 : HAND_SIZE;
}

/**
 * "Draw from your deck until you have four cards in your hand. If you need to draw a card when
 * your deck is empty, shuffle your discard pile ... to form a new deck. Then continue drawing."
 * (On Your Turn 3). The drawn cards are named to the drawer only.
 */
export function drawUpToHand(ctx: Ctx, seat: Seat): void {
  const p = ctx.s.seats[seat];
  const drawn: number[] = [];
  while (p.hand.length < handLimit(p)) {
    if (p.deck.length === 0) {
      if (p.discard.length === 0) break;
      p.deck = ctx.rng.shuffle(p.discard);
      p.discard = [];
      say(ctx, seat, `${who(seat)} shuffles the discard pile to form a new deck.`);
    }
    const id = p.deck.shift()!;
    p.hand.push(id);
    drawn.push(id);
  }
  if (drawn.length === 0) return;
  reveal(ctx, 'the cards you drew');
  say(ctx, seat, `${who(seat)} draws ${plural(drawn.length, 'card')}.`);
  tell(ctx, seat, `You drew ${cardNames(drawn)}.`);
}
