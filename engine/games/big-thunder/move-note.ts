import type { MoveNote, Seat } from '../../core';
import { ACTION_NAMES, CART_CAPACITY, SUPPLIES, TOWN, type CardAction } from './components';
import { legalMoves } from './legal';
import { shaftAt } from './marbles';
import { cartLoad } from './mining';
import type { BigThunderMove } from './moves';
import { applyMove } from './rules';
import type { BigThunderState } from './state';

const ACTION_MOVES = new Set<BigThunderMove['type']>(['move', 'pick', 'pan', 'bail', 'resupply', 'crosscut']);

/**
 * No silent no-ops: playing a Supply card whose actions cannot be taken now (On Your Turn
 * 2, Play Cards: "Pick for Gold cannot be taken if there is Water in the mine shaft", Pan for Gold
 * only where there is Water, nothing to mine in Town, a full Mine Cart). The card is still spent.
 * `effect: 'none'` when none of its actions can be taken after playing it; a warning alone when
 * some of them cannot and the card has no Move that could change that. Undefined otherwise.
 */
export function moveNote(move: BigThunderMove, s: BigThunderState, seat: Seat): MoveNote | undefined {
  if (move.type !== 'play') return undefined;
  const actions = SUPPLIES[move.card].actions;
  let after: BigThunderState;
  try {
    after = applyMove(s, seat, move).state;
  } catch {
    return undefined;
  }
  const usable = new Set(
    legalMoves(after, seat)
      .filter((m) => ACTION_MOVES.has(m.type) && 'action' in m)
      .map((m) => (m as { action: number }).action),
  );
  const idle = actions.map((a, i) => ({ a, i })).filter(({ i }) => !usable.has(i));
  if (idle.length === 0) return undefined;
  const reasons = idle.map(({ a }) => `${ACTION_NAMES[a.kind]}: ${whyIdle(s, seat, a)}`).join('; ');
  const name = SUPPLIES[move.card].name;
  // The warning is the reason; the page puts "would do nothing now" in front of it (effect: 'none').
  if (usable.size === 0) {
    const why = idle.length === 1 ? whyIdle(s, seat, idle[0].a) : reasons;
    return { effect: 'none', warning: `${why[0].toUpperCase()}${why.slice(1)}.` };
  }
  // A Move on the card may bring the cart where the other actions work: no warning then.
  if (actions.some((a) => a.kind === 'move')) return undefined;
  return { warning: `Part of ${name} would do nothing now (${reasons}).` };
}

/** Why a card action cannot be taken now, in a few words. */
function whyIdle(s: BigThunderState, seat: Seat, a: CardAction): string {
  const p = s.seats[seat];
  switch (a.kind) {
    case 'pick':
    case 'pan':
      if (p.position === TOWN) return "you're in Town";
      if (cartLoad(s, seat) >= CART_CAPACITY) return 'your Mine Cart is full';
      if (a.kind === 'pan' && shaftAt(s.mine, p.position).water === 0) return 'no Water in your mine shaft';
      if (a.kind === 'pick' && shaftAt(s.mine, p.position).water > 0) return 'Water in your mine shaft';
      return 'no gold in your mine shaft';
    case 'bail':
      return p.position === TOWN ? "you're in Town" : 'no Water in your mine shaft';
    case 'resupply':
      return 'the Market is empty';
    case 'crosscut':
      return 'the basin is empty';
    case 'move':
      return 'you cannot move';
  }
}
