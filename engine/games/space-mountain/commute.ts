import { canonicalJson, type Seat } from '../../core';
import type { SpaceMountainMove } from './moves';
import type { SpaceMountainState } from './state';
import { view, type SpaceMountainView } from './view';

/**
 * `seat`'s view with what other players' secret Step 1 decisions show of themselves taken out:
 * during Step 1 ("All Systems Go! or Refuel?", decided simultaneously and revealed together)
 * another player's decision only shows as "decided" and drops them from the active seats.
 */
function withoutOthersDecided(v: SpaceMountainView, seat: Seat): unknown {
  if (v.phase !== 'plan') return v;
  return {
    ...v,
    players: v.players.map((p) => (p.seat === seat ? p : { ...p, decided: false })),
    activeSeats: v.activeSeats.filter((s) => s === seat),
  };
}

/**
 * The commuting rule (#12) for Space Mountain: a Go/Refuel decision chosen in Step 1 stays the
 * same choice after other players decided meanwhile, since their decisions are secret until
 * the last one is in (rulebook, Step 1). Everything else `seat` sees must be unchanged: the same
 * round and roll, board, Missions, fuel and dice. Outside Step 1 the whole view must be equal.
 */
export function commutes(before: SpaceMountainState, now: SpaceMountainState, seat: Seat, _move: SpaceMountainMove): boolean {
  return canonicalJson(withoutOthersDecided(view(before, seat), seat)) === canonicalJson(withoutOthersDecided(view(now, seat), seat));
}
