import { require_, type Seat } from '../../core';
import { STATION_IDS, contractData, effectText, type AreaId, type ContractEffect, type Requirement } from './components';
import { say, type Ctx } from './context';
import { clockwiseFrom, playerName, type SnowdoniaState } from './state';

/**
 * Contract cards (rulebook, 1. Assign Labourers: activation; README "F. Site Office" and
 * "Contracts"): one-time effects activated before their Action Area resolves, lasting for the
 * round, and end-game goals scored in `scoring.ts`.
 */

type EffectOf<K extends ContractEffect['kind']> = Extract<ContractEffect, { kind: K }>;

/** Effects of `kind` that `seat` activated this round. */
export function activeEffects<K extends ContractEffect['kind']>(s: SnowdoniaState, seat: Seat, kind: K): EffectOf<K>[] {
  return s.seats[seat].contracts
    .filter((h) => h.activeThisRound)
    .map((h) => contractData(h.id).effect)
    .filter((e): e is EffectOf<K> => e.kind === kind);
}

/** Sum of a numeric field over the effects of `kind` active for `seat` this round. */
export function effectBonus<K extends ContractEffect['kind']>(s: SnowdoniaState, seat: Seat, kind: K, field: keyof EffectOf<K>): number {
  return activeEffects(s, seat, kind).reduce((n, e) => n + (e[field] as unknown as number), 0);
}

/** Unused Contract cards of `seat` whose bottom-left corner names `area`. */
export function activatableContracts(s: SnowdoniaState, seat: Seat, area: AreaId): number[] {
  return s.seats[seat].contracts.filter((h) => !h.activated && contractData(h.id).area === area).map((h) => h.id);
}

/**
 * Seats offered the Contract window before `area` resolves, clockwise from the Start Player.
 * Reconstruction (interface): every effect only changes the holder's own actions of that area,
 * so the window is offered to seats that hold an unused Contract for the area AND have a Labourer
 * there; activating without one could never have an effect.
 */
export function contractWindowSeats(s: SnowdoniaState, area: AreaId): Seat[] {
  return clockwiseFrom(s, s.startPlayer).filter((seat) => s.areas[area].includes(seat) && activatableContracts(s, seat, area).length > 0);
}

/** Activates one Contract card: it is turned sideways and its effect lasts this round. */
export function activateContract(s: SnowdoniaState, ctx: Ctx, seat: Seat, id: number): void {
  const held = s.seats[seat].contracts.find((h) => h.id === id);
  require_(held, 'not_your_contract', 'You do not hold that Contract card.');
  require_(!held.activated, 'contract_used', 'That Contract card has already been activated.');
  require_(
    s.step.kind === 'contracts' && contractData(id).area === s.step.area,
    'wrong_area',
    'That Contract card is activated at another Action Area.',
  );
  held.activated = true;
  held.activeThisRound = true;
  const k = contractData(id);
  say(ctx, seat, `${playerName(seat)} activated Contract ${k.id} "${k.name}" (${effectText(k.effect)}).`);
}

/** Ends every Contract effect at the end of the round. */
export function endContractEffects(s: SnowdoniaState): void {
  for (const p of s.seats) for (const h of p.contracts) h.activeThisRound = false;
}

/** Different Station cards carrying one of `seat`'s Ownership Markers. */
export function stationsOwned(s: SnowdoniaState, seat: Seat): number {
  return s.route.filter((c) => c.kind === 'station' && (c.excavation.some((e) => e.owner === seat) || c.building.some((b) => b === seat)))
    .length;
}

/** Track cards on which `seat` laid track. */
export function trackOwned(s: SnowdoniaState, seat: Seat): number {
  return s.route.filter((c) => c.kind === 'track' && c.owner === seat).length;
}

/** True when `seat` meets an end-game requirement. */
export function requirementMet(s: SnowdoniaState, seat: Seat, r: Requirement): boolean {
  const p = s.seats[seat];
  const st = () => stationsOwned(s, seat);
  const tr = () => trackOwned(s, seat);
  switch (r.kind) {
    case 'stations':
      return st() >= r.stations;
    case 'stations-track':
      return st() >= r.stations && tr() >= r.track;
    case 'stations-track-rubble':
      return st() >= r.stations && tr() >= r.track && p.rubble >= r.rubble;
    case 'rubble':
      return p.rubble >= r.rubble;
    case 'rubble-track':
      return p.rubble >= r.rubble && tr() >= r.track;
    case 'track':
      return tr() >= r.track;
    case 'coal':
      return p.coal > 0;
    case 'surveyor':
      // STATION_IDS is in route order; every route is a subsequence of it.
      return STATION_IDS.indexOf(p.surveyor) >= STATION_IDS.indexOf(r.station);
  }
}

/** VP a held Contract gives `seat` now (0 when its requirement is not met). */
export function contractVp(s: SnowdoniaState, seat: Seat, id: number): number {
  const k = contractData(id);
  if (!requirementMet(s, seat, k.requirement)) return 0;
  return k.requirement.kind === 'coal' ? k.vp * s.seats[seat].coal : k.vp;
}
