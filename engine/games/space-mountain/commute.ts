import { canonicalJson, type Seat } from '../../core';
import type { SpaceMountainMove } from './moves';
import { applyMove } from './rules';
import type { SpaceMountainState } from './state';
import { view, type SpaceMountainView } from './view';

/**
 * `seat`'s view without what the other players' own simultaneous choices show of themselves.
 * Step 1 ("All Systems Go! or Refuel?") is decided in secret and revealed together: another
 * player's decision only shows as "decided". While Rockets launch, another player's placement
 * moves only their own Rocket: "Multiple Rockets can pass through or end up in the same square".
 * What is shared stays compared: the Encounter tokens, the marker pool, fuel, dice, the phase
 * and round.
 */
function withoutOthersChoices(v: SpaceMountainView, seat: Seat): unknown {
  if (v.phase !== 'plan' && v.phase !== 'launch') return v;
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
 * What a Step 4 move does for the seat that makes it: where its Rocket ends up and facing, what
 * it waits for next, its Mission cards and its Starport tokens. A finished flight (every die
 * used) counts the same whether the turn has ended since or not.
 */
function ownOutcome(s: SpaceMountainState, seat: Seat): unknown {
  const f = s.flights[seat];
  return {
    rocket: s.rockets[seat],
    waiting: f?.pending ? { die: f.die, pending: f.pending } : null,
    missions: s.missions[seat],
    approved: s.approved?.[seat] ?? null,
  };
}

/**
 * Step 4 (Move Rockets): "all players can move their Rockets at the same time", so a choice made
 * while others chose theirs in the same roll is the same choice after theirs. It is applied
 * when its result for the poster does not depend on them: the move gives the poster the same
 * outcome (`ownOutcome`) whether it meets the roll as the poster saw it or as it stands now.
 * Another Rocket flipping an Encounter token the poster then reaches changes nothing (the token
 * was that kind all along); taking the pool's last Mission marker, which the poster's Space Item
 * then misses, does.
 */
function sameOutcomeThisRoll(before: SpaceMountainState, now: SpaceMountainState, seat: Seat, move: SpaceMountainMove): boolean {
  if (before.phase !== 'move' || now.phase !== 'move' || before.round !== now.round || before.rolls !== now.rolls) return false;
  const mine = (s: SpaceMountainState) => ownOutcome(applyMove(s, seat, move).state, seat);
  return canonicalJson(mine(before)) === canonicalJson(mine(now));
}

/**
 * The commuting rule for Space Mountain: a choice made while other players choose at the same
 * time is still the same choice after they chose meanwhile. In Step 1 and while Rockets launch,
 * nothing shared may have changed (`withoutOthersChoices`); in Step 4 the move must give the
 * poster the same result either way (`sameOutcomeThisRoll`). Anything else `seat` sees must be
 * unchanged.
 */
export function commutes(before: SpaceMountainState, now: SpaceMountainState, seat: Seat, move: SpaceMountainMove): boolean {
  if (before.phase === 'move') return sameOutcomeThisRoll(before, now, seat, move);
  return canonicalJson(withoutOthersChoices(view(before, seat), seat)) === canonicalJson(withoutOthersChoices(view(now, seat), seat));
}
