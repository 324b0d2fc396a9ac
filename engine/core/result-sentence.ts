import { playerMarker } from './log-names';
import type { GameResult } from './types';

/**
 * The winner and the final scores in ranking order, players as `{{p:N}}` markers, scores in
 * `unit` ("{{p:1}} wins with 83 VP. Final scores: {{p:1}} 83, {{p:0}} 80."; players who share
 * the win: "{{p:0}} and {{p:2}} share the win with 40 VP."). Null for a result without a ranking
 * and scores (the caller says what it can instead).
 */
export function resultSentence(result: GameResult | null | undefined, unit: string): string | null {
  const ranking = result?.ranking;
  const scores = result?.scores;
  if (!result || !Array.isArray(ranking) || !Array.isArray(scores) || !ranking.length) return null;
  const w = ranking[0];
  const shared = result.ties?.find((g) => g.includes(w));
  const names = (seats: readonly number[]) => {
    const m = seats.map(playerMarker);
    return m.length <= 1 ? m.join('') : `${m.slice(0, -1).join(', ')} and ${m[m.length - 1]}`;
  };
  const head =
    shared && shared.length > 1
      ? `${names(shared)} share the win with ${scores[w]} ${unit}.`
      : `${playerMarker(w)} wins with ${scores[w]} ${unit}.`;
  return `${head} Final scores: ${ranking.map((s) => `${playerMarker(s)} ${scores[s]}`).join(', ')}.`;
}
