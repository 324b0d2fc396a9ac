/**
 * One clock per seat (stored with the game, `games.clocks`): each runs only while its seat must
 * act, several at once in a simultaneous step, and stands still while that seat's player is on
 * vacation (where the table allows it), over their weekend (where the table pauses weekends) and
 * while the whole table is paused. Pure: every function takes the instant it works at (epoch ms).
 *
 * A running clock is stored as the bank it held when it started (`bankMs`) and that instant
 * (`since`); what is left at `t` is `bankMs` minus the chargeable time from `since` to `t`, so
 * nothing needs updating while it runs, and leaving a pause never gives time back.
 */
import { type Interval, type QuietHours, quietPeriodsFrom, weekendsFrom } from './calendar';
import type { TimeControl } from './rules';
import { initialBankMs } from './rules';

const HOUR_MS = 3600 * 1000;
/** How far ahead a clock's instants are looked for (a clock that never runs out in ten years never does). */
const HORIZON_MS = 10 * 365 * 24 * HOUR_MS;

/** One seat's clock. */
export interface SeatClock {
  /** Milliseconds left: at `since` while running, now while stopped. */
  bankMs: number;
  /** When the clock started running (epoch ms); null while stopped. */
  since: number | null;
  /** Milliseconds the bank held when this run began (the reminders are set from it). */
  startMs: number;
  /** Reminders sent in this run (0, 1 or 2). */
  reminded: number;
  /** The other players gave this seat its one extension. */
  extended?: boolean;
}

/** A span in which one seat's player was (or will be) away on vacation. */
export interface Away extends Interval {
  seat: number;
  kind: 'manual' | 'auto';
}

/** A pause of the whole table: proposed by `by`, agreed by all; `over` once its end was logged. */
export interface TablePause extends Interval {
  by: number;
  over?: boolean;
}

/** A pause one seat proposed (`days`, at most 14), with the seats that agreed so far. */
export interface PauseProposal {
  by: number;
  days: number;
  at: number;
  agreed: number[];
}

/** The other players' vote on a late seat: one extension of 24 h, or the bot at once. */
export interface SeatVote {
  kind: 'extension' | 'bot';
  seat: number;
  voters: number[];
}

/** Everything about a game's clocks, as stored with it. */
export interface GameClocks {
  rules: TimeControl;
  /** A seat's clock stands still over the weekend in its player's zone. */
  weekendPause: boolean;
  /** A player's vacation stops their clock here (else vacation never touches this table). */
  allowVacation: boolean;
  /** Each seat's IANA zone, fixed when the game starts (null: UTC). */
  zones: (string | null)[];
  /** Vacations of the seats' players that touch this game. */
  away: Away[];
  /** Spans in which the whole table was paused (by consent). */
  pauses: TablePause[];
  /** A pause proposed and not yet agreed by every other player. */
  proposal?: PauseProposal | null;
  /** Votes of the other players on a late seat (tables of three or more humans). */
  votes?: SeatVote[];
  seats: SeatClock[];
}

/** Why a clock stands still at an instant; null when it would run. */
export type PausedBy = 'table' | 'vacation' | 'weekend' | null;

/** The clocks of a new game of `players` seats, all stopped with the rules' first bank. */
export function newClocks(
  rules: TimeControl,
  players: number,
  opts: { weekendPause?: boolean; allowVacation?: boolean } = {},
): GameClocks | null {
  const bank = initialBankMs(rules);
  if (bank === null) return null;
  return {
    rules,
    weekendPause: opts.weekendPause ?? false,
    allowVacation: opts.allowVacation ?? true,
    zones: Array.from({ length: players }, () => null),
    away: [],
    pauses: [],
    seats: Array.from({ length: players }, () => ({ bankMs: bank, since: null, startMs: bank, reminded: 0 })),
  };
}

/** Merges sorted-by-start interval streams into one sorted stream of disjoint intervals. */
function* merged(streams: Iterator<Interval>[]): Generator<Interval> {
  const heads = streams.map((s) => s.next());
  let current: Interval | null = null;
  for (;;) {
    let pick = -1;
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i];
      if (h.done) continue;
      if (pick === -1 || h.value.from < (heads[pick].value as Interval).from) pick = i;
    }
    if (pick === -1) break;
    const next = heads[pick].value as Interval;
    heads[pick] = streams[pick].next();
    if (current && next.from <= current.to) current = { from: current.from, to: Math.max(current.to, next.to) };
    else {
      if (current) yield current;
      current = { ...next };
    }
  }
  if (current) yield current;
}

/** The spans in which `seat`'s clock stands still, from `from` on, in order and disjoint. */
function standstills(c: GameClocks, seat: number, from: number): Generator<Interval> {
  const finite = (list: Interval[]) =>
    list
      .filter((i) => i.to > from && i.to > i.from)
      .sort((a, b) => a.from - b.from)
      [Symbol.iterator]();
  const streams: Iterator<Interval>[] = [finite(c.pauses)];
  if (c.allowVacation) streams.push(finite(c.away.filter((a) => a.seat === seat)));
  if (c.weekendPause) streams.push(weekendsFrom(c.zones[seat], from));
  return merged(streams);
}

/** Milliseconds `seat`'s clock runs between `from` and `to` (its standstills left out). */
export function chargeableMs(c: GameClocks, seat: number, from: number, to: number): number {
  if (to <= from) return 0;
  let total = to - from;
  for (const s of standstills(c, seat, from)) {
    if (s.from >= to) break;
    total -= Math.min(s.to, to) - Math.max(s.from, from);
  }
  return total;
}

/** The instant at which `ms` of running time has passed for `seat` after `from` (null past the horizon). */
export function runningInstant(c: GameClocks, seat: number, from: number, ms: number): number | null {
  let t = from;
  let left = Math.max(0, ms);
  for (const s of standstills(c, seat, from)) {
    if (s.from - t >= left) return t + left;
    if (s.from > t) left -= s.from - t;
    t = Math.max(t, s.to);
    if (t - from > HORIZON_MS) return null;
  }
  return t + left;
}

/** Milliseconds left on `seat`'s clock at `now` (never below 0). */
export function remainingMs(c: GameClocks, seat: number, now: number): number {
  const k = c.seats[seat];
  if (!k) return 0;
  if (k.since === null) return Math.max(0, k.bankMs);
  return Math.max(0, k.bankMs - chargeableMs(c, seat, k.since, now));
}

/** When `seat`'s running clock reaches 0 (null while it is stopped). */
export function runsOutAt(c: GameClocks, seat: number): number | null {
  const k = c.seats[seat];
  if (!k || k.since === null) return null;
  return runningInstant(c, seat, k.since, k.bankMs);
}

/** How long a seat's clock must have run in its turn before the others may hand it to the bot (and count it late). */
export const HAND_TO_BOT_AFTER_MS = 24 * HOUR_MS;
/** Human players a table needs for the others to vote on a late seat. */
export const VOTING_TABLE_HUMANS = 3;
/** A clock in its last this-many ms, with over half of its run used, is late. */
const LATE_LEFT_MS = 24 * HOUR_MS;

/**
 * The other players' votes on `seat` open at `now` (only tables of VOTING_TABLE_HUMANS or more
 * humans vote; the caller checks that): none unless the seat must act and its clock runs now
 * (not in a table pause, its vacation or its weekend); the bot once its clock has run
 * HAND_TO_BOT_AFTER_MS in this turn; its one extension (unless it had it) once it is late: its
 * clock has run that long, or is in its last 24 h with over half of this run's time used, so a
 * 24 h per-move clock is late after 12 h, not from its first second. Time the clock stood still
 * never counts.
 */
export function votesOpen(c: GameClocks, seat: number, now: number): SeatVote['kind'][] {
  const k = c.seats[seat];
  if (!k || k.since === null || pausedBy(c, seat, now) !== null) return [];
  const asked = chargeableMs(c, seat, k.since, now);
  const left = remainingMs(c, seat, now);
  const late = asked >= HAND_TO_BOT_AFTER_MS || (left < LATE_LEFT_MS && left < k.startMs / 2);
  const open: SeatVote['kind'][] = [];
  if (late && !k.extended) open.push('extension');
  if (asked >= HAND_TO_BOT_AFTER_MS) open.push('bot');
  return open;
}

/** Why `seat`'s clock stands still at `now` (the table first, then vacation, then the weekend); null if nothing stops it. */
export function pausedBy(c: GameClocks, seat: number, now: number): PausedBy {
  const inside = (i: Interval) => i.from <= now && now < i.to;
  if (c.pauses.some(inside)) return 'table';
  if (c.allowVacation && c.away.some((a) => a.seat === seat && inside(a))) return 'vacation';
  if (c.weekendPause) {
    const first = weekendsFrom(c.zones[seat], now).next().value as Interval;
    if (inside(first)) return 'weekend';
  }
  return null;
}

/**
 * The remaining times at which a run reminds its seat: 24 h and 2 h left; a run that starts with
 * 48 h or less reminds at half its time instead of 24 h (so a 24 h per-move clock reminds at 12 h
 * and 2 h), and one of 4 h or less only at half time.
 */
export function reminderThresholds(startMs: number): number[] {
  const first = startMs > 48 * HOUR_MS ? 24 * HOUR_MS : startMs / 2;
  return first > 2 * HOUR_MS ? [first, 2 * HOUR_MS] : [first];
}

/**
 * When `seat` is next reminded in its current run (null: stopped, or every reminder sent). With
 * quiet hours, a reminder that would fall inside them comes a minute before they begin instead,
 * so a clock that runs out inside them has had its last reminder before them.
 */
export function nextReminderAt(c: GameClocks, seat: number, quiet?: { zone: string | null; hours: QuietHours } | null): number | null {
  const k = c.seats[seat];
  if (!k || k.since === null) return null;
  const thresholds = reminderThresholds(k.startMs);
  if (k.reminded >= thresholds.length) return null;
  const at = runningInstant(c, seat, k.since, k.bankMs - thresholds[k.reminded]);
  if (at === null || !quiet) return at;
  const first = quietPeriodsFrom(quiet.zone, quiet.hours, at).next();
  if (!first.done && first.value.from <= at) return Math.max(k.since, first.value.from - 60_000);
  return at;
}

/**
 * The clocks once the active seats are `after` (at `now`): a seat that
 * stops having to act has its clock stopped at what it had left, plus the increment of a bank
 * (never past its cap); a seat that starts having to act starts its clock, with the full time of
 * a per-move clock. Seats in `idle` (bots) never run a clock.
 */
export function turnClocks(c: GameClocks, after: readonly number[], now: number, idle: readonly number[] = []): GameClocks {
  const rules = c.rules;
  const seats = c.seats.map((k, seat) => {
    const was = k.since !== null;
    const is = after.includes(seat) && !idle.includes(seat);
    if (was && !is) {
      let bank = remainingMs(c, seat, now);
      if (rules.kind === 'bank') bank = Math.min(rules.maxHours * HOUR_MS, bank + rules.incrementHours * HOUR_MS);
      if (rules.kind === 'per-move') bank = rules.hours * HOUR_MS;
      return { ...k, bankMs: bank, since: null, reminded: 0, startMs: bank };
    }
    if (!was && is) {
      const bank = rules.kind === 'per-move' ? rules.hours * HOUR_MS : k.bankMs;
      return { ...k, bankMs: bank, since: now, startMs: bank, reminded: 0 };
    }
    return k;
  });
  return { ...c, seats };
}

/** Adds `ms` to `seat`'s clock (an extension), running or not. */
export function addTime(c: GameClocks, seat: number, ms: number): GameClocks {
  return {
    ...c,
    seats: c.seats.map((k, i) => (i === seat ? { ...k, bankMs: k.bankMs + ms, startMs: k.startMs + ms, extended: true } : k)),
  };
}

/** The seats whose running clock has timed out at `now` (`timesOutAt`): run out, and not standing still at 0 while their player is away. */
export function outOfTime(c: GameClocks, now: number): number[] {
  const late: number[] = [];
  for (let seat = 0; seat < c.seats.length; seat++) {
    if (c.seats[seat].since === null) continue;
    const end = timesOutAt(c, seat, now);
    if (end !== null && end <= now) late.push(seat);
  }
  return late;
}

/**
 * When `seat`'s running clock times out, as seen at `now`: when it runs out, or, for a clock
 * that ran out and now stands still at 0 because its player is away (an auto-vacation started at
 * its end spends vacation days instead), when that time away ends. Null while the clock is stopped.
 */
export function timesOutAt(c: GameClocks, seat: number, now: number): number | null {
  const end = runsOutAt(c, seat);
  if (end === null || end > now || !c.allowVacation) return end;
  const away = c.away.find((a) => a.seat === seat && a.from <= now && now < a.to);
  return away ? away.to : end;
}

/**
 * The next instant after `now` (epoch ms) at which the clocks as answers show them (`clockViews`)
 * change other than by counting down: a standstill of any seat starting or ending (a table pause,
 * a vacation, a weekend) and, at a table that votes (`humans`, as `clockViews` takes them), a
 * running clock's votes opening (`votesOpen`). A clock running out needs none: its timeout is a
 * new version. An answer that carries them is good until then (the state answer's ETag says so).
 * Null: never.
 */
export function clockViewsChangeAt(c: GameClocks | null, now: number, humans: readonly number[]): number | null {
  if (!c) return null;
  let next: number | null = null;
  const take = (t: number | null) => {
    if (t !== null && t > now && (next === null || t < next)) next = t;
  };
  const voting = humans.length >= VOTING_TABLE_HUMANS;
  c.seats.forEach((k, seat) => {
    const first = standstills(c, seat, now).next();
    if (!first.done) {
      take(first.value.from);
      take(first.value.to);
    }
    if (k.since === null || !voting || !humans.includes(seat)) return;
    if (!k.extended) take(runningInstant(c, seat, k.since, k.bankMs - Math.min(LATE_LEFT_MS, k.startMs / 2)));
    take(runningInstant(c, seat, k.since, HAND_TO_BOT_AFTER_MS));
  });
  return next;
}

/** One clock as the API shows it. `runsOutAt`: ISO instant, only for a running clock. */
export interface ClockView {
  seat: number;
  remainingMs: number;
  running: boolean;
  pausedBy: PausedBy;
  runsOutAt: string | null;
  /** The others' votes on this seat open now (`votesOpen`; none at a table of fewer than three humans, none on a bot). */
  votesOpen: SeatVote['kind'][];
}

/** Every seat's clock at `now`, as the game answers carry them (`clocks`); `humans`, the seats humans play, says who may be voted on. */
export function clockViews(c: GameClocks | null, now: number, humans: readonly number[]): ClockView[] {
  if (!c) return [];
  const voting = humans.length >= VOTING_TABLE_HUMANS;
  return c.seats.map((k, seat) => {
    const end = runsOutAt(c, seat);
    return {
      seat,
      remainingMs: Math.round(remainingMs(c, seat, now)),
      running: k.since !== null && pausedBy(c, seat, now) === null,
      pausedBy: pausedBy(c, seat, now),
      runsOutAt: end === null ? null : new Date(end).toISOString(),
      votesOpen: voting && humans.includes(seat) ? votesOpen(c, seat, now) : [],
    };
  });
}

/**
 * The next instant this game's clocks need attention: a reminder, a clock timing out (`timesOutAt`),
 * the end of a table pause (logged). Null when nothing is scheduled.
 */
export function clocksDueAt(
  c: GameClocks | null,
  now: number,
  quietOf: (seat: number) => { zone: string | null; hours: QuietHours } | null = () => null,
): number | null {
  if (!c) return null;
  let due: number | null = null;
  const take = (t: number | null) => {
    if (t !== null && (due === null || t < due)) due = t;
  };
  for (let seat = 0; seat < c.seats.length; seat++) {
    take(nextReminderAt(c, seat, quietOf(seat)));
    take(timesOutAt(c, seat, now));
  }
  for (const p of c.pauses) if (p.to > now) take(p.to);
  return due;
}
