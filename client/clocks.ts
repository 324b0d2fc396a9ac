/**
 * A seat's clock in words (pure: no DOM; tested in test/client/clocks.test.ts). The server is the
 * authority on every clock: it sends `remainingMs` at the time of the answer, and the page counts
 * a running clock down from there by the device's own clock until the next answer comes.
 */
import type { GameMeta } from './api-types';
import { deadlineText } from './time';

/** One seat's clock as every game answer carries it. */
export type SeatClock = GameMeta['clocks'][number];
/** A seat whose player is on vacation now, and until when. */
export type AwaySeat = GameMeta['away'][number];

const MIN = 60_000;
const HOUR = 60 * MIN;

/** What stops a clock, in words. */
export const PAUSED_TEXT: Record<NonNullable<SeatClock['pausedBy']>, string> = {
  weekend: 'paused: weekend',
  vacation: 'paused: vacation',
  table: 'paused: table',
};

/** The time a clock holds `elapsedMs` after its answer (a running one counts down, never below 0). */
export function remainingAt(clock: SeatClock, elapsedMs: number): number {
  return Math.max(0, clock.running ? clock.remainingMs - Math.max(0, elapsedMs) : clock.remainingMs);
}

/**
 * A time left, rounded down so it never promises more than there is: "3 d 4 h", "5 h 07 min",
 * "12 min", "under a minute", "0".
 */
export function remainingText(ms: number): string {
  if (ms <= 0) return '0';
  if (ms < MIN) return 'under a minute';
  const min = Math.floor(ms / MIN);
  if (ms < HOUR) return `${min} min`;
  const h = Math.floor(ms / HOUR);
  if (h < 48) return `${h} h ${String(min % 60).padStart(2, '0')} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

/** A clock's line in a seat list: the time left and, when something stops it, what. */
export function clockLine(clock: SeatClock, elapsedMs: number): { text: string; soon: boolean; label: string } {
  const left = remainingAt(clock, elapsedMs);
  const time = remainingText(left);
  const paused = clock.pausedBy ? PAUSED_TEXT[clock.pausedBy] : null;
  const text = paused ? `${time} (${paused})` : time;
  const label = `${time} left${paused ? `, ${paused}` : clock.running ? ', running' : ''}`;
  return { text, soon: clock.running && left < 2 * HOUR, label };
}

/** "on vacation until Tue 14 Jul, 15:00" in the viewer's zone (short: it sits in a seat's pill). */
export function awayText(away: AwaySeat, timeZone: string, locale?: string): string {
  const t = Date.parse(away.until);
  if (!Number.isFinite(t)) return 'on vacation';
  let when: string;
  try {
    when = new Intl.DateTimeFormat(locale, {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(t);
  } catch {
    when = deadlineText(away.until, 'UTC', locale);
  }
  return `on vacation until ${when}`;
}

/** The clock of `seat`, if the game has one. */
export function clockOf(clocks: readonly SeatClock[] | undefined, seat: number | null): SeatClock | undefined {
  return seat === null ? undefined : clocks?.find((c) => c.seat === seat);
}

/** Pause lengths a player may propose (the server allows 1-14 days). */
export const PAUSE_DAYS: readonly number[] = Array.from({ length: 14 }, (_, i) => i + 1);

/**
 * The body of `PUT /api/me/vacation` from the form's dates ("2026-12-24"): back at the start of
 * `until` on this device's clock, starting at the start of `from` (left out: now). Null with the
 * sentence why when the dates do not make a vacation.
 */
export function vacationBody(
  until: string,
  from: string,
  now = Date.now(),
): { body: { until: string; from?: string } } | { problem: string } {
  const end = localDayStart(until);
  if (end === null) return { problem: 'Choose the day you are back.' };
  const start = from ? localDayStart(from) : null;
  if (from && start === null) return { problem: 'That start date is not a date.' };
  if (end <= (start ?? now)) return { problem: 'The day you are back must come after the start.' };
  return {
    body: { until: new Date(end).toISOString(), ...(start !== null && start > now ? { from: new Date(start).toISOString() } : {}) },
  };
}

/** Midnight at the start of a "YYYY-MM-DD" day on this device's clock, or null. */
function localDayStart(day: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const t = new Date(`${day}T00:00`).getTime();
  return Number.isFinite(t) ? t : null;
}

/** Vacation days as a player reads them: "7 days", "1.75 days", "1 day". */
export function daysText(days: number): string {
  const n = Math.round(days * 100) / 100;
  return `${n} day${n === 1 ? '' : 's'}`;
}
