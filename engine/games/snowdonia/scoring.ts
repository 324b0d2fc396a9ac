import type { GameResult, Seat } from '../../core';
import { stationData, trackCardData } from './components';
import { contractVp } from './contracts';
import { seatLabel, type SnowdoniaState } from './state';
import { trainAbility } from './train';

/**
 * Final scoring (README "End of game"): owned Track cards + owned Station spaces (excavation and
 * building) + fulfilled Contracts + Train bonus (Snowdon) + the Surveyor's Station.
 */
export interface ScoreBreakdown {
  track: number;
  stations: number;
  contracts: number;
  train: number;
  surveyor: number;
  total: number;
  /** Tie-breaker: resources left (Iron Ore, Stone, Coal, Steel Bars, Rubble; reconstruction). */
  resources: number;
}

/** `seat`'s score as it stands now (all inputs are public, so it is shown during the game). */
export function scoreBreakdown(s: SnowdoniaState, seat: Seat): ScoreBreakdown {
  let track = 0;
  let stations = 0;
  for (const c of s.route) {
    if (c.kind === 'track') {
      if (c.owner === seat) track += trackCardData(c.card).vp;
    } else {
      const data = stationData(c.station);
      c.excavation.forEach((e, i) => {
        if (e.owner === seat) stations += data.excavation[i].vp;
      });
      c.building.forEach((b, i) => {
        if (b === seat) stations += data.building[i].vp;
      });
    }
  }
  const p = s.seats[seat];
  const contracts = p.contracts.reduce((n, h) => n + contractVp(s, seat, h.id), 0);
  const train = trainAbility(s, seat, 'vp')?.vp ?? 0;
  const surveyor = stationData(p.surveyor).surveyorVp;
  const resources = p.iron + p.stone + p.coal + p.steel + p.rubble;
  return { track, stations, contracts, train, surveyor, total: track + stations + contracts + train + surveyor, resources };
}

/**
 * The result once the game is over: scores, ranking by score then by the tie-breaker (most
 * resources left, reconstruction); seats still level share the place (`ties`).
 */
export function result(s: SnowdoniaState): GameResult | null {
  if (s.step.kind !== 'over') return null;
  const b = s.seats.map((_, seat) => scoreBreakdown(s, seat));
  const scores = b.map((x) => x.total);
  const ranking = b.map((_, i) => i).sort((x, y) => b[y].total - b[x].total || b[y].resources - b[x].resources || x - y);
  const ties: Seat[][] = [];
  let group: Seat[] = [ranking[0]];
  for (let i = 1; i < ranking.length; i++) {
    const prev = b[ranking[i - 1]];
    const cur = b[ranking[i]];
    if (prev.total === cur.total && prev.resources === cur.resources) group.push(ranking[i]);
    else {
      if (group.length > 1) ties.push(group);
      group = [ranking[i]];
    }
  }
  if (group.length > 1) ties.push(group);
  const w = ranking[0];
  const shared = ties.find((g) => g.includes(w));
  // Role names, not markers: the summary is in the result a record verifies (test/records).
  const summary = shared
    ? `${shared.map(seatLabel).join(' and ')} share the win with ${scores[w]} VP.`
    : `${seatLabel(w)} wins with ${scores[w]} VP.`;
  return { scores, ranking, ...(ties.length ? { ties } : {}), summary };
}
