/**
 * The calendar a player's clock runs on: the weekends and quiet hours of an IANA time zone, as
 * instants (epoch ms). Time-zone arithmetic is luxon's.
 *
 * A weekend is the 48 hours that begin at Saturday 00:00 in the player's zone. It is 48 hours of
 * real time even across a daylight-saving change (which would make Saturday 00:00 to Monday 00:00
 * 47 or 49 hours), so a clock change neither lengthens nor shortens a weekend.
 */
import { DateTime, IANAZone } from 'luxon';

/** A span of time [from, to) in epoch ms. */
export interface Interval {
  from: number;
  to: number;
}

const HOUR_MS = 3600 * 1000;
/** How long a weekend pause lasts (real time). */
export const WEEKEND_MS = 48 * HOUR_MS;

/** True for a time zone name the runtime knows (`Europe/Berlin`, `America/Los_Angeles`, `UTC`). */
export function isTimeZone(name: string): boolean {
  return IANAZone.isValidZone(name);
}

/** The zone to compute in: `zone` when valid, else UTC. */
function zoneOr(zone: string | null | undefined): string {
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

/** The weekends in `zone` that end after `from`, in order, without end (a generator). */
export function* weekendsFrom(zone: string | null | undefined, from: number): Generator<Interval> {
  const z = zoneOr(zone);
  const day = DateTime.fromMillis(from, { zone: z }).startOf('day');
  // The Saturday on or before `from`'s day (luxon: Monday 1 ... Saturday 6, Sunday 7).
  let saturday = day.minus({ days: (day.weekday - 6 + 7) % 7 });
  for (;;) {
    const start = saturday.toMillis();
    if (start + WEEKEND_MS > from) yield { from: start, to: start + WEEKEND_MS };
    saturday = saturday.plus({ weeks: 1 }).startOf('day');
  }
}

/** Quiet hours: local wall-clock minutes after midnight, `start` to `end` (may wrap midnight: 22:00-08:00). */
export interface QuietHours {
  startMinute: number;
  endMinute: number;
}

/** The quiet periods in `zone` that end after `from`, in order, without end (a generator). */
export function* quietPeriodsFrom(zone: string | null | undefined, quiet: QuietHours, from: number): Generator<Interval> {
  if (quiet.startMinute === quiet.endMinute) return;
  const z = zoneOr(zone);
  let day = DateTime.fromMillis(from, { zone: z }).startOf('day').minus({ days: 1 });
  for (;;) {
    const start = day.plus({ minutes: quiet.startMinute });
    const endDay = quiet.endMinute > quiet.startMinute ? day : day.plus({ days: 1 });
    const end = endDay.plus({ minutes: quiet.endMinute });
    if (end.toMillis() > from) yield { from: start.toMillis(), to: end.toMillis() };
    day = day.plus({ days: 1 }).startOf('day');
  }
}

/** The quiet period `at` falls in, or null. */
export function quietPeriodAt(zone: string | null | undefined, quiet: QuietHours | null, at: number): Interval | null {
  if (!quiet) return null;
  for (const p of quietPeriodsFrom(zone, quiet, at)) {
    if (p.from > at) return null;
    if (p.to > at) return p;
  }
  return null;
}
