/**
 * Player names in log lines ("one name per player"). An engine never knows who sits at a
 * seat, so a log line names a player with the marker `{{p:N}}` (N = the 0-based seat) and every
 * surface - the page, emails, webhooks, push - puts the display name in its place. Lines written
 * before markers existed hold no marker and render unchanged. Pure; shared by server and client.
 */
import type { GameResult, Seat } from './types';

/** The marker syntax: `{{p:` digits `}}`. Global, so reset `lastIndex` or use `matchAll`. */
const MARKER = /\{\{p:(\d{1,3})\}\}/g;

/** One piece of a log line: plain text, or the player at `seat`. */
export type LogPart = string | { seat: Seat };

/** The marker naming `seat` in a log line: `{{p:0}}` for the first seat. */
export function playerMarker(seat: Seat): string {
  return `{{p:${seat}}}`;
}

/**
 * Splits a log line into text and players, in order: `"{{p:0}} rolls."` gives
 * `[{ seat: 0 }, ' rolls.']`. Empty strings are left out; text without markers is one part.
 */
export function logParts(text: string): LogPart[] {
  const parts: LogPart[] = [];
  let at = 0;
  for (const m of text.matchAll(MARKER)) {
    if (m.index! > at) parts.push(text.slice(at, m.index));
    parts.push({ seat: Number(m[1]) });
    at = m.index! + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** The seats a log line names, in order of appearance (repeats kept once). */
export function namedSeats(text: string): Seat[] {
  return [...new Set(logParts(text).flatMap((p) => (typeof p === 'string' ? [] : [p.seat])))];
}

/**
 * A log line with each marker replaced by `names(seat)`, plain text kept as is. The caller
 * escapes the result for its surface (HTML, Markdown) after rendering, as it would any line.
 */
export function renderLogText(text: string, names: (seat: Seat) => string): string {
  return logParts(text)
    .map((p) => (typeof p === 'string' ? p : names(p.seat)))
    .join('');
}

/**
 * A player as one name with the game's role beside it: "Ada (Red)", "Bo (U.R. Courageous)".
 * The role is left out when absent or when it is the name itself (a player called "Red").
 */
export function nameWithRole(name: string, role: string | undefined): string {
  const r = role?.trim();
  if (!r || r.toLowerCase() === name.trim().toLowerCase()) return name;
  return `${name} (${r})`;
}

/**
 * The winner and the final scores in ranking order, players as `{{p:N}}` markers, scores in
 * `unit` ("{{p:1}} wins with 83 VP. Final scores: {{p:1}} 83, {{p:0}} 80."; players who share
 * the win: "{{p:0}} and {{p:2}} share the win with 40 VP."). Null for a result without a ranking
 * and scores (the caller says what it can instead).
 */
export function resultSentence(result: GameResult | null | undefined, unit: string): string | null {
  const ranking = result?.ranking;
  const scores = result?.scores;
  if (!Array.isArray(ranking) || !Array.isArray(scores) || !ranking.length) return null;
  const w = ranking[0];
  const m = result?.ties?.find((g) => g.includes(w))?.map(playerMarker) ?? [];
  const who = m.length > 1 ? `${m.slice(0, -1).join(', ')} and ${m[m.length - 1]} share the win` : `${playerMarker(w)} wins`;
  return `${who} with ${scores[w]} ${unit}. Final scores: ${ranking.map((s) => `${playerMarker(s)} ${scores[s]}`).join(', ')}.`;
}
