import { require_, type Seat } from '../../../core';
import { effectBonus } from '../contracts';
import { say, type Ctx } from '../context';
import type { MoveOf } from '../moves';
import { checkRouteComplete, layableTrack, trackPosition, useMarker } from '../route';
import { playerName, type SnowdoniaState } from '../state';
import { trainAbility } from '../train';

/**
 * D. LAY TRACK (README): lay track on up to (Lay Track Work Rate + bonuses) Track cards, in order
 * up the mountain, only where all Rubble is gone; 1 Steel Bar each (to the general supply) and an
 * Ownership Marker on each. Fewer is allowed; at least one while possible (the action is
 * mandatory).
 */

/** Track cards one Lay Track action of `seat` may lay at most: Work Rate + Ralph + Contracts. */
export function layTrackRate(s: SnowdoniaState, seat: Seat): number {
  return s.workRate.layTrack + (trainAbility(s, seat, 'lay-track')?.bonus ?? 0) + effectBonus(s, seat, 'lay-track-extra', 'track');
}

/** The most Track cards `seat` can lay now (rate, cleared cards, Steel Bars, Ownership Markers). */
export function maxLay(s: SnowdoniaState, seat: Seat): number {
  const p = s.seats[seat];
  return Math.min(layTrackRate(s, seat), layableTrack(s).length, p.steel, p.markers);
}

/** `lay-track` moves for 1..max cards. */
export function layTrackChoices(s: SnowdoniaState, seat: Seat): MoveOf<'lay-track'>[] {
  const max = maxLay(s, seat);
  return Array.from({ length: max }, (_, i) => ({ type: 'lay-track' as const, count: max - i }));
}

/** Lays track on the next `count` cleared Track cards. */
export function layTrack(s: SnowdoniaState, ctx: Ctx, seat: Seat, m: MoveOf<'lay-track'>): void {
  const p = s.seats[seat];
  const cards = layableTrack(s);
  require_(cards.length > 0, 'no_cleared_track', 'No cleared Track card is waiting for track.');
  require_(m.count <= layTrackRate(s, seat), 'too_much_track', `You may lay at most ${layTrackRate(s, seat)} Track cards.`);
  require_(
    m.count <= cards.length,
    'no_cleared_track',
    `Only ${cards.length} cleared Track card${cards.length > 1 ? 's are' : ' is'} waiting for track.`,
  );
  require_(m.count <= p.steel, 'not_enough_steel', 'Each Track card costs 1 Steel Bar.');
  require_(m.count <= p.markers, 'no_markers', 'You have not enough Ownership Markers left.');
  const laid: number[] = [];
  for (const i of cards.slice(0, m.count)) {
    const card = s.route[i];
    if (card.kind !== 'track') continue;
    useMarker(s, ctx, seat);
    card.owner = seat;
    p.steel -= 1;
    s.supply.steel += 1;
    laid.push(trackPosition(s, i));
  }
  say(ctx, seat, `${playerName(seat)} laid track on Track card${laid.length > 1 ? 's' : ''} ${laid.join(', ')}.`);
  checkRouteComplete(s, ctx);
}
