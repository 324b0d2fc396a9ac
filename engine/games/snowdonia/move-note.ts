import type { MoveNote, Seat } from '../../core';
import { AREA_NAMES, type AreaId } from './components';
import { layableTrack, rubbleOnRoute, stationOrder } from './route';
import { actionChoices } from './flow';
import type { SnowdoniaMove } from './moves';
import type { SnowdoniaState } from './state';

/**
 * No silent no-ops: a Labourer placed where its action could do nothing as the game stands
 * now (rulebook, 2. Resolve Actions: an action that cannot be taken is passed over). Actions
 * resolve A to G after every Labourer is placed, so an earlier action of the round may still
 * change that (Steel from the Works before Lay Track); the warning says so. Undefined for every
 * other move.
 */
export function moveNote(move: SnowdoniaMove, s: SnowdoniaState, seat: Seat): MoveNote | undefined {
  if (move.type !== 'place') return undefined;
  const why = nothingToDo(s, seat, move.area, move.space);
  // The warning is the reason; the page puts "would do nothing now" in front of it (effect: 'none').
  return why ? { effect: 'none', warning: `${AREA_NAMES[move.area]}: ${why}.` } : undefined;
}

/** Why an action of `area` for `seat` could do nothing now, or null when it could. */
function nothingToDo(s: SnowdoniaState, seat: Seat, area: AreaId, space: number): string | null {
  const p = s.seats[seat];
  switch (area) {
    case 'B':
      return rubbleOnRoute(s) === 0 ? 'no Rubble is left to excavate' : null;
    case 'D':
      // Lay Track, in the order a player checks it: the Steel, the cleared cards, the markers.
      if (p.steel === 0) return 'you have no Steel Bar (each Track card costs 1), unless you get one before Lay Track resolves';
      if (layableTrack(s).length === 0) return 'no cleared Track card is waiting for track';
      if (p.markers === 0) return 'you have no Ownership Marker left';
      return null;
    case 'G': {
      const order = stationOrder(s);
      return order.indexOf(p.surveyor) === order.length - 1 ? 'your Surveyor is already at the top of the line' : null;
    }
    case 'A':
      return actionChoices(s, { kind: 'action', area, space, seat, remaining: 1 }).length === 0 ? 'the Stock Yard is empty' : null;
    case 'C':
      return actionChoices(s, { kind: 'action', area, space, seat, remaining: 1 }).length === 0
        ? 'you have nothing to convert (Iron Ore for Steel, Rubble for Stone), unless you get some before the Works resolve'
        : null;
    case 'E':
      return actionChoices(s, { kind: 'action', area, space, seat, remaining: 1 }).length === 0
        ? 'you cannot pay for anything to build or buy, unless you get the resources before Build resolves'
        : null;
    case 'F':
      return actionChoices(s, { kind: 'action', area, space, seat, remaining: 1 }).length === 0
        ? 'no Contract is left at the Site Office'
        : null;
  }
}
