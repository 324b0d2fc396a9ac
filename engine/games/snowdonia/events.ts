import type { Seat } from '../../core';
import { EVENT_EXCAVATE_SPACES, EVENT_TRACK, stationData, trainData } from './components';
import { say, type Ctx } from './context';
import { checkRouteComplete, layableTrack, rubbleSpaceName, rubbleSpacesInOrder, trackPosition } from './route';
import { playerName, type SnowdoniaState } from './state';

/**
 * The Event track (rulebook, 5. Restock the Stock Yard; README "Event track"): each Event cube
 * drawn goes on the next space, left to right, and its event resolves at once. The railway
 * company's pieces are game-owned (neutral colour) and score nothing.
 */

/** 0-based index of the next free Event track space, or null when the track is full. */
export function nextEventSpace(s: SnowdoniaState): number | null {
  const last = s.eventTrack.lastIndexOf(true);
  return last + 1 < s.eventTrack.length ? last + 1 : null;
}

/**
 * Places one Event cube and resolves its event. Returns the Train owners who must now decide
 * on maintenance (event 6), or an empty list. Reconstruction: with the track full the cube goes
 * back to the box (never happens with the Supply Table's 3-5 Event cubes).
 */
export function placeEventCube(s: SnowdoniaState, ctx: Ctx): Seat[] {
  const i = nextEventSpace(s);
  if (i === null) {
    s.box.event += 1;
    say(ctx, null, 'The Event track is full: the Event cube goes back to the box.');
    return [];
  }
  s.eventTrack[i] = true;
  const ev = EVENT_TRACK[i];
  say(ctx, null, `Event ${ev.space}: ${ev.name}. ${ev.text}`);
  switch (ev.kind) {
    case 'excavate':
      eventExcavate(s, ctx);
      return [];
    case 'trains':
      s.trainsForSale = true;
      return [];
    case 'lay-track':
      eventLayTrack(s, ctx);
      return [];
    case 'build-station':
      eventBuildStation(s, ctx);
      return [];
    case 'maintenance':
      return startMaintenance(s, ctx);
  }
}

/** Events 1 and 5: the next two Rubble spaces are cleared; Station spaces become game-owned. */
export function eventExcavate(s: SnowdoniaState, ctx: Ctx): void {
  const spaces = rubbleSpacesInOrder(s).slice(0, EVENT_EXCAVATE_SPACES);
  if (spaces.length === 0) say(ctx, null, 'There is no Rubble left to clear.');
  for (const r of spaces) {
    const c = s.route[r.route];
    const name = rubbleSpaceName(s, r);
    if (c.kind === 'track') {
      s.supply.rubble += c.rubble;
      c.rubble = 0;
    } else {
      const e = c.excavation[r.space!];
      s.supply.rubble += e.rubble;
      e.rubble = 0;
      e.owner = 'game';
    }
    say(ctx, null, `The railway company cleared ${name}.`);
  }
}

/** Events 3 and 7: game-owned track on as many cleared Track cards as the Lay Track Work Rate. */
export function eventLayTrack(s: SnowdoniaState, ctx: Ctx): void {
  const cards = layableTrack(s).slice(0, s.workRate.layTrack);
  if (cards.length === 0) {
    say(ctx, null, 'No cleared Track card is waiting for track.');
    return;
  }
  for (const i of cards) {
    const c = s.route[i];
    if (c.kind === 'track') c.owner = 'game';
  }
  say(
    ctx,
    null,
    `The railway company laid track on Track card${cards.length > 1 ? 's' : ''} ${cards.map((i) => trackPosition(s, i)).join(', ')}.`,
  );
  checkRouteComplete(s, ctx);
}

/** Events 4 and 8: the next Station with unbuilt spaces has them all filled, game-owned. */
export function eventBuildStation(s: SnowdoniaState, ctx: Ctx): void {
  const card = s.route.find((c) => c.kind === 'station' && c.building.some((b) => b === null));
  if (card?.kind !== 'station') {
    say(ctx, null, 'Every Station is already complete.');
    return;
  }
  const n = card.building.filter((b) => b === null).length;
  card.building = card.building.map((b) => b ?? 'game');
  say(ctx, null, `The railway company built the last ${n} space${n > 1 ? 's' : ''} of ${stationData(card.station).name}.`);
}

/**
 * Event 6, Train maintenance (README, sourced): each Train owner pays 1 Steel Bar or loses the
 * Train. Owners without a Steel Bar lose it at once; the others decide (returned as the seats to
 * ask). Reconstruction: a lost Train returns to the Engine Shed without Coal.
 */
export function startMaintenance(s: SnowdoniaState, ctx: Ctx): Seat[] {
  const ask: Seat[] = [];
  s.seats.forEach((p, seat) => {
    if (p.train === null) return;
    if (p.steel > 0) ask.push(seat);
    else loseTrain(s, ctx, seat);
  });
  return ask;
}

/** A Train owner's maintenance decision (event 6). */
export function maintainTrain(s: SnowdoniaState, ctx: Ctx, seat: Seat, pay: boolean): void {
  const p = s.seats[seat];
  if (pay) {
    p.steel -= 1;
    s.supply.steel += 1;
    say(ctx, seat, `${playerName(seat)} paid 1 Steel Bar to keep ${trainData(p.train!).name}.`);
  } else {
    loseTrain(s, ctx, seat);
  }
}

function loseTrain(s: SnowdoniaState, ctx: Ctx, seat: Seat): void {
  const p = s.seats[seat];
  const no = p.train!;
  p.train = null;
  s.engineShed.push({ train: no, coal: 0 });
  say(ctx, seat, `${playerName(seat)} lost ${trainData(no).name}: it returns to the Engine Shed.`);
}
