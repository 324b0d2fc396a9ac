import type { Seat } from '../../core';
import { STARPORTS, STARPORT_IDS, featureAt, missionCard, type SpaceItem } from './components';
import { stepForward, turned } from './geometry';
import { flippableInOrder, markerSpots, markersOnCards } from './missions';
import type { Facing, SpaceMountainMove } from './moves';
import type { SpaceMountainState } from './state';

/**
 * How good it is for `seat` to run into square (row, col): an unvisited Starport is best (it is
 * half of the win condition), then a face-up item token that fits a Mission, then an unknown
 * token; a face-up Return to Starport is slightly bad (it wastes the rest of the die).
 */
function squareValue(s: SpaceMountainState, seat: Seat, row: number, col: number): number {
  const f = featureAt(row, col);
  if (!f) return 0;
  if (f.type === 'starport') return s.approved && !s.approved[seat][f.starport] ? 5 : 0;
  if (f.type === 'wormhole') return 0.5;
  const token = s.tokens[f.space];
  if (!token.faceUp) return 2;
  if (token.kind === 'return-to-starport') return -1;
  const item: SpaceItem | 'any' = token.kind === 'any-item' ? 'any' : token.kind;
  return markerSpots(s.missions[seat], item).length > 0 ? 3 : 0;
}

/** Value of flying up to `squares` squares from a position: the first event met (or the edge) decides. */
function lineValue(s: SpaceMountainState, seat: Seat, row: number, col: number, facing: Facing, squares: number): number {
  let r = row;
  let c = col;
  for (let i = 0; i < squares; i++) {
    const next = stepForward(r, c, facing);
    if (next.wrapped) return 0;
    r = next.row;
    c = next.col;
    if (featureAt(r, c)) return squareValue(s, seat, r, c);
  }
  return 0;
}

function moveScore(s: SpaceMountainState, seat: Seat, m: SpaceMountainMove): number {
  const rocket = s.rockets[seat];
  switch (m.type) {
    case 'go': {
      const atRisk = markersOnCards(s.missions[seat]);
      return s.fuel >= 4 || atRisk === 0 ? 2 : 1;
    }
    case 'refuel': {
      const flippable = flippableInOrder(s.missions[seat]).length;
      const danger = s.fuel <= 3 && markersOnCards(s.missions[seat]) > 0 ? 2 : 0;
      if (m.flip.length < flippable) return -1;
      return (flippable > 0 ? 3 : 0) + danger;
    }
    case 'turn': {
      if (!rocket) return 0;
      const facing = turned(rocket.facing, m.dir);
      const next = stepForward(rocket.row, rocket.col, facing);
      return next.wrapped ? 0 : squareValue(s, seat, next.row, next.col);
    }
    case 'place': {
      const card = s.missions[seat].find((c) => c.letter === m.mission)!;
      const picture = missionCard(card.card).pictures[m.space];
      const completes = card.covered.filter((x) => !x).length === 1;
      const letterIndex = 'ABCDE'.indexOf(m.mission);
      return (completes ? 10 : 0) + (picture === 'any' ? 0 : 0.5) - letterIndex * 0.1;
    }
    case 'starport': {
      const port = STARPORTS[STARPORT_IDS.indexOf(m.starport)];
      return lineValue(s, seat, port.row, port.col, m.facing, 2);
    }
    case 'face':
      return rocket ? lineValue(s, seat, rocket.row, rocket.col, m.facing, 2) : 0;
  }
}

/**
 * The built-in bot: prefers moves that complete Missions, reach unvisited Starports or pick up
 * useful items, banks completed Missions at Refuel, and Refuels when the Fuel Gauge is low and
 * markers are at risk. Ties are broken with `rand` (in [0, 1)).
 */
export function botMove(s: SpaceMountainState, seat: Seat, legal: SpaceMountainMove[], rand: number): SpaceMountainMove {
  let best: SpaceMountainMove[] = [];
  let bestScore = -Infinity;
  for (const m of legal) {
    const score = moveScore(s, seat, m);
    if (score > bestScore) {
      bestScore = score;
      best = [m];
    } else if (score === bestScore) {
      best.push(m);
    }
  }
  return best[Math.min(best.length - 1, Math.floor(rand * best.length))];
}
