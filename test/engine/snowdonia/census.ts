import { COMPONENTS, CONTRACTS, TRAINS } from '../../../engine/games/snowdonia/components';
import type { PlayerState, SnowdoniaState } from '../../../engine/games/snowdonia/state';

/**
 * Every piece of the box, wherever it is: used to prove conservation (cubes, Rubble, Steel
 * Bars, Ownership Markers, Labourers, Contract and Train cards).
 */
export function census(s: SnowdoniaState) {
  const sum = (f: (p: PlayerState) => number) => s.seats.reduce((n, p) => n + f(p), 0);
  let rubbleOnRoute = 0;
  const markersOnBoard = Array(s.players).fill(0);
  for (const c of s.route) {
    if (c.kind === 'track') {
      rubbleOnRoute += c.rubble;
      if (typeof c.owner === 'number') markersOnBoard[c.owner]++;
    } else {
      for (const e of c.excavation) {
        rubbleOnRoute += e.rubble;
        if (typeof e.owner === 'number') markersOnBoard[e.owner]++;
      }
      for (const b of c.building) if (typeof b === 'number') markersOnBoard[b]++;
    }
  }
  const placed = Array(s.players).fill(0);
  for (const a of Object.values(s.areas)) for (const x of a) if (x !== null) placed[x]++;
  return {
    iron: s.bag.iron + s.stockYard.iron + s.box.iron + sum((p) => p.iron),
    stone: s.bag.stone + s.stockYard.stone + s.box.stone + sum((p) => p.stone),
    coal: s.bag.coal + s.stockYard.coal + s.box.coal + sum((p) => p.coal) + s.engineShed.reduce((n, t) => n + t.coal, 0),
    event: s.bag.event + s.box.event + s.eventTrack.filter(Boolean).length,
    rubble: rubbleOnRoute + s.supply.rubble + sum((p) => p.rubble),
    steel: s.supply.steel + sum((p) => p.steel),
    markers: s.seats.map((p, i) => p.markers + markersOnBoard[i]),
    labourers: s.seats.map((p, i) => p.labourers + placed[i] + (p.temporaryHired ? 0 : 1)),
    contracts:
      s.contractDeck.length +
      s.siteOffice.filter((x) => x !== null).length +
      s.contractDiscard.length +
      s.contractsOut.length +
      sum((p) => p.contracts.length),
    trains: s.engineShed.length + s.trainsOut.length + s.seats.filter((p) => p.train !== null).length,
  };
}

/** What `census` must always give. */
export function fullBox(players: number) {
  return {
    iron: COMPONENTS.iron,
    stone: COMPONENTS.stone,
    coal: COMPONENTS.coal,
    event: COMPONENTS.event,
    rubble: COMPONENTS.rubble,
    steel: COMPONENTS.steel,
    markers: Array(players).fill(COMPONENTS.markers),
    labourers: Array(players).fill(COMPONENTS.labourers),
    contracts: CONTRACTS.length,
    trains: TRAINS.length,
  };
}
