import type { Seat } from '../../core';
import { CART_CAPACITY, FATE_CARDS, TOWN, type FateCard } from './components';
import { cardNames, setAsideFromHand } from './cards';
import { reveal, say, tell, who, type Ctx } from './context';
import { dropFateMarble, dropInBasin, runMarbles, shaftAt } from './marbles';
import { moveCart, spaceName } from './movement';
import type { AfterFate, ClaimJumperDiscard } from './state';

/** The Fate card with this id. */
export function fateCard(id: number): FateCard {
  return FATE_CARDS[id];
}

/**
 * "If a Fate marble ever comes out of the mountain, finish running marbles, then flip the top Fate
 * card from the deck and do what it says! After completing the card, drop the Fate marble back in
 * the basin." (On Your Turn 1, FATE!). The Fate deck is reshuffled from its discards when it runs
 * out (reconstruction: the rulebook does not say). A Claim Jumper waits for the players' choices;
 * the resolution then continues with `then` (the turn, or a Crosscut Tunnel's choice).
 */
export function resolveFateCard(ctx: Ctx, then: AfterFate): void {
  const { s } = ctx;
  if (s.fateDeck.length === 0) {
    s.fateDeck = ctx.rng.shuffle(s.fateDiscard);
    s.fateDiscard = [];
    say(ctx, null, 'The Fate deck is reshuffled.');
  }
  const id = s.fateDeck.shift()!;
  s.fateDiscard.push(id);
  s.lastFate = id;
  reveal(ctx, 'the Fate card turned');
  const f = FATE_CARDS[id];
  say(ctx, null, `Fate! ${f.name}: ${f.text}`);
  const shaft = s.fateMarble!.shaft;
  switch (f.kind) {
    case 'flashFlood':
      flashFlood(ctx, shaft);
      break;
    case 'caveIn':
      caveIn(ctx, shaft);
      break;
    case 'luckyStrike':
      luckyStrike(ctx);
      break;
    case 'runawayTrain':
      runawayTrain(ctx);
      break;
    case 'earthquake':
      runMarbles(ctx, 2);
      break;
    case 'claimJumper':
      if (claimJumper(ctx, then)) return;
      break;
  }
  finishFate(ctx, then);
}

/** Flash Flood (reconstruction): a Water from the basin into the Fate marble's shaft, if the basin has one. */
function flashFlood(ctx: Ctx, shaft: number): void {
  if (ctx.s.basin.water === 0) {
    say(ctx, null, 'There is no Water left in the basin.');
    return;
  }
  ctx.s.basin.water -= 1;
  shaftAt(ctx.s.mine, shaft).water += 1;
  say(ctx, null, `Water floods ${spaceName(shaft)}.`);
}

/** Cave-In (reconstruction): every marble of the Fate marble's shaft returns to the basin. */
function caveIn(ctx: Ctx, shaft: number): void {
  const m = shaftAt(ctx.s.mine, shaft);
  dropInBasin(ctx, 'gold', m.gold);
  dropInBasin(ctx, 'ore', m.ore);
  dropInBasin(ctx, 'water', m.water);
  m.gold = 0;
  m.ore = 0;
  m.water = 0;
  say(ctx, null, `${spaceName(shaft)} caves in: its marbles return to the basin.`);
}

/** Lucky Strike (reconstruction): each cart in a mine shaft takes one gold from it (Gold Nugget first), room permitting. */
function luckyStrike(ctx: Ctx): void {
  const { s } = ctx;
  for (const seat of turnOrder(ctx)) {
    const p = s.seats[seat];
    if (p.position === TOWN || p.cart.gold + p.cart.ore >= CART_CAPACITY) continue;
    const m = shaftAt(s.mine, p.position);
    const kind = m.gold > 0 ? 'gold' : m.ore > 0 ? 'ore' : null;
    if (!kind) continue;
    m[kind] -= 1;
    p.cart[kind] += 1;
    say(ctx, seat, `${who(seat)} finds a ${kind === 'gold' ? 'Gold Nugget' : 'Raw Ore'}.`);
  }
}

/** Runaway Train (reconstruction): each cart moves 1 space clockwise, in turn order from the active player. */
function runawayTrain(ctx: Ctx): void {
  for (const seat of turnOrder(ctx)) moveCart(ctx, seat, 1);
}

/**
 * Claim Jumper (reconstruction): each player discards one card of their choice. A player with
 * one card has no choice; the others choose at the same time. The choices stay secret until the
 * last one is in (a simultaneous choice: nobody may see an earlier pick before making theirs),
 * then every card is revealed onto its discard pile together. True when choices are awaited.
 */
function claimJumper(ctx: Ctx, then: AfterFate): boolean {
  const waiting: Seat[] = [];
  const discards: ClaimJumperDiscard[] = [];
  for (const seat of turnOrder(ctx)) {
    const hand = ctx.s.seats[seat].hand;
    if (hand.length === 1) discards.push({ seat, card: setAsideFromHand(ctx, seat, hand[0]) });
    else if (hand.length > 1) waiting.push(seat);
  }
  if (waiting.length === 0) {
    revealClaimJumper(ctx, discards);
    return false;
  }
  ctx.s.pending = { kind: 'claimJumper', waiting, then, discards };
  return true;
}

/**
 * A Claim Jumper discard chosen by `seat`: the card leaves the hand face down, and the log says
 * only that the player has chosen (the card to the chooser alone). The last choice reveals them
 * all and resumes the Fate card.
 */
export function claimJumperDiscard(ctx: Ctx, seat: Seat, id: number): void {
  const pending = ctx.s.pending;
  if (pending?.kind !== 'claimJumper') return;
  const discards = (pending.discards ??= []);
  discards.push({ seat, card: setAsideFromHand(ctx, seat, id) });
  say(ctx, seat, `${who(seat)} has chosen a card to discard (Claim Jumper).`);
  tell(ctx, seat, `You chose to discard ${cardNames([id])} (Claim Jumper).`);
  pending.waiting = pending.waiting.filter((x) => x !== seat);
  if (pending.waiting.length > 0) return;
  ctx.s.pending = null;
  revealClaimJumper(ctx, discards);
  finishFate(ctx, pending.then);
}

/** Every Claim Jumper discard goes face up onto its discard pile at once, in turn order. */
function revealClaimJumper(ctx: Ctx, discards: ClaimJumperDiscard[]): void {
  if (discards.length === 0) return;
  reveal(ctx, 'the Claim Jumper discards shown');
  for (const seat of turnOrder(ctx)) {
    for (const d of discards) {
      if (d.seat !== seat) continue;
      ctx.s.seats[seat].discard.push(d.card);
      say(ctx, seat, `${who(seat)} discards ${cardNames([d.card])} (Claim Jumper).`);
    }
  }
}

/**
 * The Fate card is complete: the Fate marble drops back in the basin. After a Crosscut Tunnel the
 * player then chooses whether to move to the marble's shaft ("do what the Fate card says before
 * choosing whether to move to that mine shaft").
 */
function finishFate(ctx: Ctx, then: AfterFate): void {
  dropFateMarble(ctx);
  if (then.kind === 'crosscut') offerTunnel(ctx, then.shaft);
}

/** Crosscut Tunnel: "Then you may move directly to the mine shaft it ran into" - a choice, unless the cart is already there. */
export function offerTunnel(ctx: Ctx, shaft: number): void {
  if (ctx.s.seats[ctx.s.turn].position === shaft) return;
  ctx.s.pending = { kind: 'tunnel', shaft };
}

/** Seats in turn order, starting with the active player. */
export function turnOrder(ctx: Ctx): Seat[] {
  const { s } = ctx;
  return Array.from({ length: s.players }, (_, i) => (s.turn + i) % s.players);
}
