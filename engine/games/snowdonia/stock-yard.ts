import { Rng } from '../../core';
import { DRAWS_PER_ROUND } from './components';
import { reveal, say, type Ctx } from './context';
import { placeEventCube } from './events';
import type { SnowdoniaState } from './state';

type BagColour = 'iron' | 'stone' | 'coal' | 'event';
const BAG_ORDER: readonly BagColour[] = ['iron', 'stone', 'coal', 'event'];

/** Cubes in the Supply Bag. */
export function bagTotal(s: SnowdoniaState): number {
  return s.bag.iron + s.bag.stone + s.bag.coal + s.bag.event;
}

/**
 * 5. RESTOCK THE STOCK YARD (rulebook): draw cubes at random from the Supply Bag (6 / 9 / 12 by
 * player count; all that is left if fewer), resources onto the Stock Yard, then each Event cube
 * onto the Event track, resolved at once. Every cube in the bag is equally likely: the bag holds
 * counts, never an order. Returns the Train owners to ask about maintenance (event 6) and how many
 * Event cubes still wait to be placed after that, or null when the round's upkeep is done.
 */
export function restockStockYard(s: SnowdoniaState, ctx: Ctx): { ask: number[]; eventsLeft: number } | null {
  const want = Math.min(DRAWS_PER_ROUND[s.players], bagTotal(s));
  const drawn: Record<BagColour, number> = { iron: 0, stone: 0, coal: 0, event: 0 };
  const r = new Rng(s.rng);
  for (let i = 0; i < want; i++) {
    let k = r.int(0, bagTotal(s) - 1);
    for (const colour of BAG_ORDER) {
      if (k < s.bag[colour]) {
        s.bag[colour] -= 1;
        drawn[colour] += 1;
        break;
      }
      k -= s.bag[colour];
    }
  }
  s.rng = r.state;
  if (want > 0) reveal(ctx, 'the cubes drawn from the Supply Bag');
  s.stockYard.iron += drawn.iron;
  s.stockYard.stone += drawn.stone;
  s.stockYard.coal += drawn.coal;
  const events = drawn.event ? `, ${drawn.event} Event cube${drawn.event > 1 ? 's' : ''}` : '';
  say(
    ctx,
    null,
    want === 0
      ? 'The Supply Bag is empty: the Stock Yard gets nothing.'
      : `Drawn from the Supply Bag for the Stock Yard: ${drawn.iron} Iron Ore, ${drawn.stone} Stone, ${drawn.coal} Coal${events}.`,
  );
  return placeEvents(s, ctx, drawn.event);
}

/** Places `count` Event cubes one at a time; pauses when Train owners must decide (event 6). */
export function placeEvents(s: SnowdoniaState, ctx: Ctx, count: number): { ask: number[]; eventsLeft: number } | null {
  for (let k = 0; k < count; k++) {
    const ask = placeEventCube(s, ctx);
    if (ask.length > 0) return { ask, eventsLeft: count - k - 1 };
  }
  return null;
}
