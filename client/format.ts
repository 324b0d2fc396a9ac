/** Small pure helpers for showing API data to players (no DOM; tested in test/client). */
import { listNames, seatName } from './names';
import type { SeatInfo } from './api-types';

/** "2 minutes ago"-style text for an ISO timestamp (falls back to the raw text). */
export function timeAgo(iso: string, now = Date.now()): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return iso;
  const s = Math.round((now - t) / 1000);
  if (s < 45) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 24) return `${h} h ago`;
  const d = Math.round(h / 24);
  if (d < 30) return `${d} d ago`;
  return new Date(t).toLocaleDateString();
}

export const STATUS_TEXT: Record<string, string> = {
  open: 'Waiting for players',
  active: 'In progress',
  finished: 'Finished',
  abandoned: 'Abandoned',
};

/** The one line that says whose turn it is, from the viewer's point of view. */
export function turnText(
  status: string,
  activeSeats: number[],
  yourSeat: number | null,
  seats: SeatInfo[],
  summary?: string | null,
): string {
  if (status === 'open') return 'Waiting for players to join.';
  if (status === 'finished') return summary ? `Game over. ${summary}` : 'Game over.';
  if (status === 'abandoned') return 'This game was abandoned.';
  const others = activeSeats.filter((s) => s !== yourSeat).map((s) => seatName(seats, s));
  if (yourSeat !== null && activeSeats.includes(yourSeat)) {
    return others.length ? `Your turn (${listNames(others)} too).` : 'Your turn.';
  }
  if (others.length === 0) return 'Nobody has to act right now.';
  return `Waiting for ${listNames(others)}.`;
}

/** An absolute URL for an invite link the server may give as a path. */
export function absoluteUrl(url: string, base: string): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

/** "maxRounds" / "max_rounds" -> "Max rounds" (a JSON key as words, for option and view labels). */
export function humanize(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
