/**
 * Times and time zones for players (pure: no DOM; tested in test/client). The server stores
 * deadlines as UTC instants; the client shows them in the viewer's own time zone.
 */

import type { Body, GameMeta } from './api-types';

/** A time control as a new game asks for it: a preset name or the object form. */
export type TimeControl = NonNullable<Body<'createGame'>['timeControl']>;
export type OnTimeout = GameMeta['onTimeout'];

/** The server's words for a time control and what happens at 0: "24 h per move; when time runs out the bot plays the turn", or "No time limit". */
export function timeControlText(text: string | null | undefined, onTimeout: string | null | undefined): string {
  if (!text || text === 'No clock') return 'No time limit';
  const what = onTimeout === 'end' ? 'the game ends' : 'the bot plays the turn';
  return `${text}; when time runs out ${what}`;
}

/** The time zone of this device (IANA name), or UTC when the runtime does not say. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Whether `zone` is a time zone this runtime knows (the server checks the same way). */
export function isKnownTimeZone(zone: string): boolean {
  if (!zone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The IANA zones this runtime lists (for a picker), UTC first. */
export function timeZoneNames(): string[] {
  let zones: string[] = [];
  try {
    zones = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/**
 * A deadline in the viewer's zone with the zone's name, for example
 * "Tue 14 Jul, 15:00 CEST (Europe/Berlin)". Falls back to the raw text for a bad instant.
 */
export function deadlineText(iso: string, timeZone: string, locale?: string): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return iso;
  let zone = timeZone;
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = dateFormat(locale, zone);
  } catch {
    zone = 'UTC';
    fmt = dateFormat(locale, zone);
  }
  const text = fmt.format(new Date(t));
  const short = fmt.formatToParts(new Date(t)).find((p) => p.type === 'timeZoneName')?.value;
  return short === zone ? text : `${text} (${zone})`;
}

function dateFormat(locale: string | undefined, timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/**
 * How long until `iso`, rounded down so it never promises more time than there is:
 * "in 40 min", "in 5 h", "in 3 d"; "time is up" once it has passed.
 */
export function untilText(iso: string, now = Date.now()): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return '';
  const ms = t - now;
  if (ms <= 0) return 'time is up';
  const min = Math.floor(ms / 60_000);
  if (min < 1) return 'in under a minute';
  if (min < 60) return `in ${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return `in ${h} h`;
  return `in ${Math.floor(h / 24)} d`;
}

/** A short local date and time (for lists of past events), in the viewer's zone. */
export function shortDateTime(iso: string, locale?: string, timeZone?: string): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(t));
}
