import { canonicalJson, type Seat } from '../../core';
import type { SpaceMountainMove } from './moves';
import type { SpaceMountainState } from './state';
import { view, type SpaceMountainView } from './view';

/**
 * `seat`'s view without what the other players' own simultaneous choices show of themselves.
 * Step 1 ("All Systems Go! or Refuel?") is decided in secret and revealed together: another
 * player's decision only shows as "decided". While Rockets launch, and in Step 4 (each owner
 * turns left or right, places a Mission marker, picks a Starport), another player's choice moves
 * only their own Rocket and Missions: "Multiple Rockets can pass through or end up in the same
 * square", so it changes nothing `seat` can use. What is shared stays compared: the Encounter
 * tokens (a flip is news), the marker pool, fuel, dice, the phase and round.
 */
function withoutOthersChoices(v: SpaceMountainView, seat: Seat): unknown {
  if (v.phase !== 'plan' && v.phase !== 'launch' && v.phase !== 'move') return v;
  return {
    ...v,
    players: v.players.map((p) =>
      p.seat === seat
        ? p
        : v.phase === 'plan'
          ? { ...p, decided: false }
          : { ...p, decided: false, rocket: null, flight: null, missions: [], approved: null, missionsComplete: 0, starportsVisited: 0 },
    ),
    activeSeats: v.activeSeats.filter((s) => s === seat),
  };
}

/**
 * The commuting rule for Space Mountain: a choice made while other players choose at the
 * same time (Go/Refuel in Step 1; launching; turning, placing a marker or returning to a
 * Starport in Step 4) is still the same choice after they chose meanwhile, as long as nothing
 * shared changed (`withoutOthersChoices`). Anything else `seat` sees must be unchanged.
 */
export function commutes(before: SpaceMountainState, now: SpaceMountainState, seat: Seat, _move: SpaceMountainMove): boolean {
  return canonicalJson(withoutOthersChoices(view(before, seat), seat)) === canonicalJson(withoutOthersChoices(view(now, seat), seat));
}
