import type { Seat } from '../../core';
import { contractData, stationData, trainData, type AreaId } from './components';
import { buildChoices } from './actions/e-build';
import { ironPerSteel } from './actions/c-works';
import { maxLay } from './actions/d-lay-track';
import type { SnowdoniaMove } from './moves';
import { layableTrack, rubbleOnRoute, stationOrder } from './route';
import type { SnowdoniaState } from './state';
import { bagTotal } from './stock-yard';

/**
 * The built-in bot: simple but not foolish. It values every legal move (scoring moves first:
 * laying track, building, converting towards them, then fetching cubes), and picks the best,
 * breaking ties with `rand` in [0, 1).
 */
export function botMove(s: SnowdoniaState, seat: Seat, legal: SnowdoniaMove[], rand: number): SnowdoniaMove {
  let best: SnowdoniaMove[] = [];
  let top = -Infinity;
  for (const m of legal) {
    const v = moveValue(s, seat, m);
    if (v > top + 1e-9) {
      top = v;
      best = [m];
    } else if (Math.abs(v - top) <= 1e-9) best.push(m);
  }
  return best[Math.min(best.length - 1, Math.floor(rand * best.length))] ?? legal[0];
}

/** How much the bot likes a move (higher is better). */
export function moveValue(s: SnowdoniaState, seat: Seat, m: SnowdoniaMove): number {
  const p = s.seats[seat];
  switch (m.type) {
    case 'hire-temporary':
      return 10;
    case 'place':
      return placementValue(s, seat, m.area, m.space);
    case 'activate-contract':
      return 5;
    case 'pass-contracts':
      return 0;
    case 'take-cubes':
      return m.iron * 1 + m.stone * 1.1 + m.coal * (p.train !== null ? 1.6 : 0.7);
    case 'convert':
      return m.steel * 3 + m.stone * 2;
    case 'lay-track':
      return m.count * 10;
    case 'build-station': {
      const space = stationData(m.station).building[m.space - 1];
      return 5 + space.vp - 0.5 * space.cost.amount * (space.cost.resource === 'steel' ? 2 : 1);
    }
    case 'buy-train': {
      const t = trainData(m.train);
      return t.ability.kind === 'vp' ? 9 : 4 + t.coal - t.cost;
    }
    case 'take-contract':
      return 1 + Math.min(contractData(m.contract).vp, 20) / 10;
    case 'skip':
      return 0;
    case 'maintain-train':
      return m.pay ? 1 : 0;
  }
}

function placementValue(s: SnowdoniaState, seat: Seat, area: AreaId, space: number): number {
  const p = s.seats[seat];
  const mine = (a: AreaId) => s.areas[a].filter((x) => x === seat).length;
  const order = -space * 0.01;
  const yard = s.stockYard.iron + s.stockYard.stone + s.stockYard.coal;
  switch (area) {
    case 'A': {
      const last = space === s.areas.A.length && s.startPlayer !== seat ? 0.5 : 0;
      return (yard === 0 ? 0.2 : 3 + Math.min(yard, 3) * 0.5) - mine('A') * 2 + last + order;
    }
    case 'B':
      return (rubbleOnRoute(s) > 0 ? 3 : 0.1) - mine('B') * 2 + order;
    case 'C': {
      const steel = p.iron >= ironPerSteel(s, seat) && s.supply.steel > 0;
      const stone = p.rubble >= 2 && s.bag.stone > 0;
      return (steel ? 6 : stone ? 4 : 0.2) - mine('C') * 3 + order;
    }
    case 'D': {
      const n = maxLay(s, seat);
      return (n > 0 ? 8 + n : p.steel > 0 && layableTrack(s).length === 0 ? 0.5 : 0.2) - mine('D') * 6 + order;
    }
    case 'E':
      return (buildChoices(s, seat).length > 0 ? 7 : 0.2) - mine('E') * 4 + order;
    case 'F':
      return (s.siteOffice.some((x) => x !== null) ? 2.5 : 0.1) - mine('F') * 2 + order;
    case 'G': {
      const order2 = stationOrder(s);
      const top = order2.indexOf(p.surveyor) === order2.length - 1;
      return (top ? 0 : 2 + (bagTotal(s) === 0 ? 1 : 0)) - mine('G') * 1;
    }
  }
}
