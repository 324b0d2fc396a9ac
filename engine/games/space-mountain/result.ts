import type { GameResult } from '../../core';
import { ROUND_CAP } from './components';
import { rocketName } from './rockets';
import { isComplete } from './missions';
import { closeness } from './round';
import type { SpaceMountainState } from './state';

/** Progress of a seat: completed Missions plus visited (approved) Starports. */
export function progress(s: SpaceMountainState, seat: number): number {
  const missions = s.missions[seat].filter(isComplete).length;
  const starports = s.approved ? s.approved[seat].filter(Boolean).length : 0;
  return missions + starports;
}

/**
 * Winning the Game: the first player to visit all 5 Starports and complete all 5 Mission cards
 * wins (Missions-only game: complete the Missions). If several finish on the same turn, "the
 * player closest to the Active Player clockwise wins" (the Active Player counts as closest).
 * `scores` are each player's progress (completed Missions + visited Starports); the ranking puts
 * the winner first, then the others by progress, ties by the same clockwise closeness.
 * If the round cap stopped the game (a safeguard, see `ROUND_CAP`), nobody won and everyone is
 * ranked by progress.
 */
export function result(s: SpaceMountainState): GameResult | null {
  if (s.phase !== 'over') return null;
  const seats = Array.from({ length: s.players }, (_, i) => i);
  const scores = seats.map((seat) => progress(s, seat));
  const rest = seats.filter((seat) => !s.winners.includes(seat)).sort((a, b) => scores[b] - scores[a] || closeness(s, a) - closeness(s, b));
  const ranking = [...s.winners, ...rest];
  if (s.ended === 'won') {
    const goal = s.approved ? 'visited all 5 Starports and completed all 5 Missions' : `completed all ${s.options.missions} Missions`;
    const others = s.winners.length > 1 ? ` (closest clockwise to the Active Player among ${s.winners.length} who finished that turn)` : '';
    return { scores, ranking, summary: `${rocketName(s.winners[0], s)} ${goal} first${others}.` };
  }
  return {
    scores,
    ranking,
    summary: `No winner after ${ROUND_CAP} rounds (round cap); ranked by completed Missions and visited Starports.`,
  };
}
