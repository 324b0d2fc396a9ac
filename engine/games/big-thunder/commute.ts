import { canonicalJson, type Seat } from '../../core';
import type { BigThunderMove } from './moves';
import type { BigThunderState } from './state';
import { view, type BigThunderView } from './view';

/**
 * `seat`'s view with what other players' secret Claim Jumper choices show of themselves taken
 * out: while the Claim Jumper waits, a player who has chosen leaves `waiting` for `chosen`, the
 * active seats, and has one card fewer in hand (the card lies face down until every choice is in).
 */
function withoutOthersChoices(v: BigThunderView, seat: Seat): unknown {
  if (v.pending?.kind !== 'claimJumper') return v;
  const others = (seats: Seat[]) => seats.filter((s) => s === seat);
  return {
    ...v,
    activeSeats: others(v.activeSeats),
    pending: { ...v.pending, waiting: others(v.pending.waiting), chosen: others(v.pending.chosen) },
    seats: v.seats.map((p) => (p.seat === seat ? p : { ...p, handCount: 0 })),
  };
}

/**
 * The commuting rule for Big Thunder: a Claim Jumper discard chosen while other players
 * were choosing theirs stays the same choice after they chose: the choices are simultaneous and
 * secret until the last one is in (`fate.ts`, reconstruction). Everything else `seat` sees must
 * be unchanged; outside a Claim Jumper the whole view must be equal.
 */
export function commutes(before: BigThunderState, now: BigThunderState, seat: Seat, _move: BigThunderMove): boolean {
  return canonicalJson(withoutOthersChoices(view(before, seat), seat)) === canonicalJson(withoutOthersChoices(view(now, seat), seat));
}
