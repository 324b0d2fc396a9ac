import { require_, type Seat } from '../../../core';
import { stationData, trainData, type BuildCost } from '../components';
import { effectBonus } from '../contracts';
import { say, type Ctx } from '../context';
import type { MoveOf } from '../moves';
import { stationCard, stationCleared, useMarker } from '../route';
import { playerName, type SnowdoniaState } from '../state';

/**
 * E. BUILD (README): either build one Station building space (pay its cost, place an Ownership
 * Marker; its VP scores at game end) or buy a Train (pay its Steel Bar cost; only after event 2;
 * one Train per player; your old Train returns to the Engine Shed, without Coal, when you swap).
 * Option `buildPrerequisite` (reconstruction): `station-cleared` = only on Stations with no Rubble.
 */

export type BuildMove = MoveOf<'build-station'> | MoveOf<'buy-train'>;

/** What a building space costs `seat` this round (Contracts may lower Stone costs). */
export function buildCost(s: SnowdoniaState, seat: Seat, cost: BuildCost): BuildCost {
  if (cost.resource !== 'stone') return cost;
  return { resource: 'stone', amount: Math.max(0, cost.amount - effectBonus(s, seat, 'build-discount', 'stone')) };
}

function stationRefusal(s: SnowdoniaState, seat: Seat, m: MoveOf<'build-station'>): [string, string] | null {
  const card = stationCard(s, m.station);
  if (!card || card.building.length === 0) return ['no_such_station', 'That Station is not on this route or has no building spaces.'];
  const space = card.building[m.space - 1];
  if (space === undefined) return ['no_such_space', 'That Station has no such building space.'];
  if (space !== null) return ['space_built', 'That building space is already built.'];
  if (s.options.buildPrerequisite === 'station-cleared' && !stationCleared(card)) {
    return ['station_not_cleared', `${stationData(m.station).name} still has Rubble to excavate.`];
  }
  const cost = buildCost(s, seat, stationData(m.station).building[m.space - 1].cost);
  if (s.seats[seat][cost.resource] < cost.amount) return ['cannot_afford', `You need ${costText(cost)}.`];
  if (s.seats[seat].markers <= 0) return ['no_markers', 'You have no Ownership Marker left.'];
  return null;
}

function trainRefusal(s: SnowdoniaState, seat: Seat, m: MoveOf<'buy-train'>): [string, string] | null {
  if (!s.trainsForSale) return ['trains_not_for_sale', 'Trains may be bought only after the "Trains for sale" event.'];
  if (!s.engineShed.some((t) => t.train === m.train)) return ['train_not_in_shed', 'That Train is not in the Engine Shed.'];
  const cost = trainData(m.train).cost;
  if (s.seats[seat].steel < cost) return ['cannot_afford', `You need ${cost} Steel Bar${cost > 1 ? 's' : ''}.`];
  return null;
}

/** Every legal Build: Station spaces route order, then Trains in Engine Shed order. */
export function buildChoices(s: SnowdoniaState, seat: Seat): BuildMove[] {
  const out: BuildMove[] = [];
  for (const card of s.route) {
    if (card.kind !== 'station') continue;
    card.building.forEach((_, i) => {
      const m = { type: 'build-station' as const, station: card.station, space: i + 1 };
      if (stationRefusal(s, seat, m) === null) out.push(m);
    });
  }
  for (const t of s.engineShed) {
    const m = { type: 'buy-train' as const, train: t.train };
    if (trainRefusal(s, seat, m) === null) out.push(m);
  }
  return out;
}

/** Builds a Station building space. */
export function buildStation(s: SnowdoniaState, ctx: Ctx, seat: Seat, m: MoveOf<'build-station'>): void {
  const why = stationRefusal(s, seat, m);
  require_(why === null, why?.[0] ?? '', why?.[1] ?? '');
  const data = stationData(m.station).building[m.space - 1];
  const cost = buildCost(s, seat, data.cost);
  const p = s.seats[seat];
  p[cost.resource] -= cost.amount;
  // Paid Stone goes back to the Supply Bag, Steel Bars to the general supply (rulebook, Actions).
  if (cost.resource === 'stone') s.bag.stone += cost.amount;
  else s.supply.steel += cost.amount;
  useMarker(s, ctx, seat);
  stationCard(s, m.station)!.building[m.space - 1] = seat;
  say(ctx, seat, `${playerName(seat)} built ${stationData(m.station).name} space ${m.space} for ${costText(cost)} (${data.vp} VP).`);
}

/** Buys a Train from the Engine Shed (swapping an owned one back into the shed). */
export function buyTrain(s: SnowdoniaState, ctx: Ctx, seat: Seat, m: MoveOf<'buy-train'>): void {
  const why = trainRefusal(s, seat, m);
  require_(why === null, why?.[0] ?? '', why?.[1] ?? '');
  const p = s.seats[seat];
  const data = trainData(m.train);
  const shed = s.engineShed.findIndex((t) => t.train === m.train);
  const coal = s.engineShed[shed].coal;
  s.engineShed.splice(shed, 1);
  p.steel -= data.cost;
  s.supply.steel += data.cost;
  p.coal += coal;
  const old = p.train;
  if (old !== null) s.engineShed.push({ train: old, coal: 0 });
  p.train = m.train;
  const swap = old !== null ? `, returning ${trainData(old).name} to the Engine Shed` : '';
  say(
    ctx,
    seat,
    `${playerName(seat)} bought the Train ${data.name} for ${data.cost} Steel Bar${data.cost > 1 ? 's' : ''}${coal ? ` and takes its ${coal} Coal` : ''}${swap}.`,
  );
}

/** "3 Stone", "1 Steel Bar". */
export function costText(c: BuildCost): string {
  if (c.resource === 'stone') return `${c.amount} Stone`;
  return `${c.amount} Steel Bar${c.amount === 1 ? '' : 's'}`;
}
