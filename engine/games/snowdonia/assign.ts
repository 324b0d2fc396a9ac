import { require_, type Seat } from '../../core';
import { AREA_IDS, AREA_NAMES, trainData, type AreaId } from './components';
import { say, type Ctx } from './context';
import type { MoveOf, SnowdoniaMove } from './moves';
import { areaSize } from './setup';
import { playerName, type SnowdoniaState } from './state';
import { blockedByFog } from './weather';

/**
 * 1. ASSIGN LABOURERS (rulebook): clockwise from the Start Player, one Labourer at a time onto an
 * empty numbered Action Space (Move the Surveyor is unlimited). Before placing your first
 * Labourer you may pay your Train's Pub cost in Coal (to the Supply Bag) for the Temporary
 * Labourer. Fog covers EXCAVATION and LAY TRACK (or only their last spaces, Thinner Fog).
 */

/** May `seat` hire its Temporary Labourer now? */
export function canHireTemporary(s: SnowdoniaState, seat: Seat): boolean {
  const p = s.seats[seat];
  return p.train !== null && !p.temporaryHired && p.placed === 0 && p.coal >= trainData(p.train).pubCost;
}

/** Pays the Train's Pub cost and takes the Temporary Labourer into the personal supply. */
export function hireTemporary(s: SnowdoniaState, ctx: Ctx, seat: Seat): void {
  const p = s.seats[seat];
  require_(p.train !== null, 'no_train', 'You need a Train to fetch your Temporary Labourer from the Pub.');
  require_(!p.temporaryHired, 'temporary_hired', 'Your Temporary Labourer has already left the Pub this round.');
  require_(p.placed === 0, 'already_placed', 'The Temporary Labourer must be hired before you place your first Labourer.');
  const cost = trainData(p.train).pubCost;
  require_(p.coal >= cost, 'not_enough_coal', `${trainData(p.train).name} needs ${cost} Coal to fetch your Temporary Labourer.`);
  p.coal -= cost;
  s.bag.coal += cost;
  p.temporaryHired = true;
  p.labourers += 1;
  say(ctx, seat, `${playerName(seat)} paid ${cost} Coal to bring the Temporary Labourer from the Pub.`);
}

/** The 1-based numbers of the free, unblocked spaces of `area` (for G: the next number). */
export function freeSpaces(s: SnowdoniaState, area: AreaId): number[] {
  if (area === 'G') return [s.areas.G.length + 1];
  const out: number[] = [];
  const n = areaSize(s, area);
  for (let i = 0; i < n; i++) if (s.areas[area][i] === null && !blockedByFog(s, area, i)) out.push(i + 1);
  return out;
}

/** Every `place` move now, areas A to G, spaces in numerical order. */
export function placementMoves(s: SnowdoniaState): SnowdoniaMove[] {
  return AREA_IDS.flatMap((area) => freeSpaces(s, area).map((space) => ({ type: 'place' as const, area, space })));
}

/** Puts one of `seat`'s Labourers on a space. */
export function placeLabourer(s: SnowdoniaState, ctx: Ctx, seat: Seat, m: MoveOf<'place'>): void {
  const p = s.seats[seat];
  require_(p.labourers > 0, 'no_labourer', 'You have no Labourer left to place.');
  if (m.area === 'G') {
    require_(
      m.space === s.areas.G.length + 1,
      'no_such_space',
      `Move the Surveyor is unlimited: the next space is ${s.areas.G.length + 1}.`,
    );
  } else {
    const n = areaSize(s, m.area);
    require_(
      m.space >= 1 && m.space <= n,
      'no_such_space',
      n === 0 ? `${AREA_NAMES[m.area]} has no spaces now.` : `${AREA_NAMES[m.area]} has spaces 1 to ${n}.`,
    );
    require_(s.areas[m.area][m.space - 1] === null, 'space_taken', 'That Action Space is already taken.');
    require_(!blockedByFog(s, m.area, m.space - 1), 'fog', 'Fog: no Labourer may be placed there this round.');
  }
  if (m.area === 'G') s.areas.G.push(seat);
  else s.areas[m.area][m.space - 1] = seat;
  p.labourers -= 1;
  p.placed += 1;
  say(ctx, seat, `${playerName(seat)} placed a Labourer on ${AREA_NAMES[m.area]} (${m.area}${m.space}).`);
}
