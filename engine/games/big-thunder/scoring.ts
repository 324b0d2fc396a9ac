import type { GameResult, Seat } from '../../core';
import { SCORE_TRACK_LENGTH, SELL_VALUE, TOWN_SHARES } from './components';
import { reveal, plural, say, tell, trainName, who, type Ctx } from './context';
import type { BigThunderState, PlayerState } from './state';

/** Points a Raw Ore sells for: 1, or 2 with Refine Gold ("All your Raw Ore are considered Gold Nuggets"). */
export function oreValue(p: PlayerState): number {
  return p.upgrades.includes('refineGold') ? SELL_VALUE.gold : SELL_VALUE.ore;
}

/** Full value of a cart's gold (points or Town Tokens). */
export function cartValue(p: PlayerState): number {
  return p.cart.gold * SELL_VALUE.gold + p.cart.ore * oreValue(p);
}

/** Points of Town Shares held. */
export function sharePoints(p: PlayerState): number {
  return p.shares.reduce((sum, id) => sum + TOWN_SHARES[id], 0);
}

/**
 * Where a Locomotive stands on the score track, which loops after 25: a Town Token under it marks
 * each extra loop (End of the Game NOTE: "If you get more than 25 points ... second loop").
 * 25 points is space 25 of the first loop; 26 is space 1 of the second.
 */
export function trackPosition(score: number): { space: number; laps: number } {
  if (score <= SCORE_TRACK_LENGTH) return { space: score, laps: 0 };
  const laps = Math.floor((score - 1) / SCORE_TRACK_LENGTH);
  return { space: score - laps * SCORE_TRACK_LENGTH, laps };
}

/**
 * Moves a Locomotive. "When a player's Locomotive reaches or passes the star space (20 points)
 * [25 in the longer game] ... That player immediately looks at the Town Shares that were placed
 * next to the score track during setup and chooses one to take ... Each other player takes one
 * final turn" (End of the Game). Later players reaching it "can also look at any remaining Town
 * Shares ... and choose one to take, until they are gone". A single remaining share is taken
 * without a choice.
 */
export function scorePoints(ctx: Ctx, seat: Seat, points: number): void {
  const { s } = ctx;
  const p = s.seats[seat];
  p.score += points;
  if (p.reachedTarget || p.score < s.target) return;
  p.reachedTarget = true;
  if (s.endTriggeredBy === null) {
    s.endTriggeredBy = seat;
    ctx.log.push({ seat, text: `${who(seat)} reaches ${s.target} points: each other player takes one final turn.`, kind: 'phase' });
  } else {
    say(ctx, seat, `${who(seat)} also reaches ${s.target} points.`);
  }
  if (s.setAside.length === 1) takeSetAsideShare(ctx, seat, 0);
  else if (s.setAside.length > 1) {
    s.pending = { kind: 'chooseShare' };
    reveal(ctx, 'the set-aside Town Shares you looked at');
  }
}

/** Takes set-aside Town Share `index` (its value is told to the taker only). */
export function takeSetAsideShare(ctx: Ctx, seat: Seat, index: number): void {
  const [id] = ctx.s.setAside.splice(index, 1);
  ctx.s.seats[seat].shares.push(id);
  reveal(ctx, 'the Town Share you took');
  say(ctx, seat, `${who(seat)} takes a set-aside Town Share.`);
  tell(ctx, seat, `The set-aside Town Share you took is worth ${plural(TOWN_SHARES[id], 'point')}.`);
}

/** Final score of one player: points + remaining gold sold at half (rounded down) + Town Shares (Final Scoring). */
export function finalScore(p: PlayerState): { track: number; gold: number; shares: number; total: number } {
  const gold = Math.floor(cartValue(p) / 2);
  const shares = sharePoints(p);
  return { track: p.score, gold, shares, total: p.score + gold + shares };
}

/**
 * The result once the game is over: final scores, and the ranking with the rulebook's
 * tie-breaker ("In the case of a tie, the tied player with the most Town Tokens wins"); players
 * still tied share their place (`ties`).
 */
export function gameResult(s: BigThunderState): GameResult | null {
  if (s.phase !== 'over') return null;
  const scores = s.seats.map((p) => finalScore(p).total);
  const tokens = s.seats.map((p) => p.tokens);
  const ranking = scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a] || tokens[b] - tokens[a] || a - b);
  const ties: Seat[][] = [];
  for (let i = 0; i < ranking.length; ) {
    let j = i + 1;
    while (j < ranking.length && scores[ranking[j]] === scores[ranking[i]] && tokens[ranking[j]] === tokens[ranking[i]]) j++;
    if (j - i > 1) ties.push(ranking.slice(i, j));
    i = j;
  }
  const winner = ranking[0];
  const shared = ties.find((t) => t.includes(winner));
  // Locomotive names, not markers: the summary is in the result a record verifies (test/records).
  const summary = shared
    ? `${shared.map(trainName).join(' and ')} share the win with ${scores[winner]} points.`
    : `${trainName(winner)} wins with ${scores[winner]} points.`;
  return ties.length > 0 ? { scores, ranking, ties, summary } : { scores, ranking, summary };
}
