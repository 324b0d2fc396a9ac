/**
 * The clock model (worker/time-control): banks with their increment and cap, per-move clocks,
 * simultaneous clocks, weekend pauses in the players' own zones across daylight-saving changes,
 * and reminders by time left. Pure functions on explicit instants: no clock is read.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { TIME_CONTROL_PRESETS, type TimeControl } from '../../../worker/time-control/rules';
import {
  chargeableMs,
  clockViews,
  type GameClocks,
  newClocks,
  nextReminderAt,
  outOfTime,
  pausedBy,
  remainingMs,
  reminderThresholds,
  runsOutAt,
  clocksDueAt,
  timesOutAt,
  turnClocks,
} from '../../../worker/time-control/seat-clocks';

const H = 3600 * 1000;
const at = (iso: string, zone = 'UTC') => DateTime.fromISO(iso, { zone }).toMillis();
const clocks = (rules: TimeControl, players = 2, opts: Parameters<typeof newClocks>[2] = {}) =>
  newClocks(rules, players, opts) as GameClocks;

describe('a time bank', () => {
  const fast = TIME_CONTROL_PRESETS.fast;

  it('runs only while its seat must act, and a finished turn adds the increment', () => {
    const t0 = at('2027-01-04T09:00');
    let c = turnClocks(clocks(fast), [0], t0);
    expect(remainingMs(c, 0, t0 + 10 * H)).toBe(62 * H);
    expect(remainingMs(c, 1, t0 + 10 * H)).toBe(72 * H); // not asked to act: stands still
    c = turnClocks(c, [1], t0 + 10 * H);
    expect(remainingMs(c, 0, t0 + 30 * H)).toBe(74 * H); // 62 h left + 12 h
    expect(remainingMs(c, 1, t0 + 30 * H)).toBe(52 * H);
  });

  it('never holds more than its cap, however quick the turns', () => {
    let c = clocks(fast);
    let t = at('2027-01-04T09:00');
    for (let i = 0; i < 10; i++) {
      c = turnClocks(c, [0], t);
      t += 60_000;
      c = turnClocks(c, [1], t);
    }
    expect(remainingMs(c, 0, t)).toBe(120 * H);
  });

  it('the slow preset: 72 h, 36 h a turn, at most 240 h', () => {
    expect(TIME_CONTROL_PRESETS.slow).toEqual({ kind: 'bank', initialHours: 72, incrementHours: 36, maxHours: 240 });
    let c = turnClocks(clocks(TIME_CONTROL_PRESETS.slow), [0], 0);
    c = turnClocks(c, [1], 2 * H);
    expect(remainingMs(c, 0, 2 * H)).toBe(106 * H);
  });

  it('runs out exactly when its bank is spent, and only then counts as out of time', () => {
    const t0 = at('2027-01-04T09:00');
    const c = turnClocks(clocks(fast), [0], t0);
    expect(runsOutAt(c, 0)).toBe(t0 + 72 * H);
    expect(outOfTime(c, t0 + 72 * H - 1)).toEqual([]);
    expect(outOfTime(c, t0 + 72 * H)).toEqual([0]);
    expect(remainingMs(c, 0, t0 + 100 * H)).toBe(0);
  });
});

describe('a per-move clock', () => {
  it('gives the full time at every turn, whatever was left', () => {
    const day: TimeControl = { kind: 'per-move', hours: 24 };
    let c = turnClocks(clocks(day), [0], 0);
    c = turnClocks(c, [1], 20 * H);
    c = turnClocks(c, [0], 21 * H);
    expect(remainingMs(c, 0, 21 * H)).toBe(24 * H);
    expect(runsOutAt(c, 0)).toBe(45 * H);
  });
});

describe('simultaneous steps', () => {
  it('run several clocks at once; each stops when its own seat has chosen', () => {
    let c = turnClocks(clocks(TIME_CONTROL_PRESETS.fast, 3), [0, 1, 2], 0);
    c = turnClocks(c, [0, 2], 5 * H); // seat 1 chose
    const views = clockViews(c, 8 * H, [0, 1]);
    expect(views.map((v) => [v.seat, v.running, v.remainingMs])).toEqual([
      [0, true, 64 * H],
      [1, false, 79 * H],
      [2, true, 64 * H],
    ]);
    expect(views[0].runsOutAt).toBe(new Date(72 * H).toISOString());
    expect(views[1].runsOutAt).toBeNull();
  });

  it('a bot seat never runs a clock', () => {
    const c = turnClocks(clocks(TIME_CONTROL_PRESETS.fast), [0, 1], 0, [1]);
    expect(c.seats[1].since).toBeNull();
  });
});

describe('weekend pause', () => {
  const perMove72: TimeControl = { kind: 'per-move', hours: 72 };

  it.each([
    // EU summer time begins on 28 March 2027, US daylight time on 14 March 2027.
    ['Europe/Berlin', '2027-03-24T12:00'],
    ['America/Los_Angeles', '2027-03-10T12:00'],
    ['Europe/Berlin', '2027-10-27T12:00'], // EU winter time begins on 31 October 2027
  ])('in %s, idle from Wednesday %s, a 72 h clock runs out after exactly 72 h of weekday time', (zone, wednesday) => {
    const start = at(wednesday, zone);
    const base = clocks(perMove72, 2, { weekendPause: true });
    const c = turnClocks({ ...base, zones: [zone, null] }, [0], start);
    const end = runsOutAt(c, 0)!;
    // Wednesday 12:00 to Saturday 00:00 is 60 h; the weekend is 48 h of real time (across the
    // clock change too); 12 h of Monday follow.
    const saturday = DateTime.fromMillis(start, { zone }).plus({ days: 3 }).startOf('day').toMillis();
    expect(end).toBe(saturday + 48 * H + 12 * H);
    expect(chargeableMs(c, 0, start, end)).toBe(72 * H);
    expect(pausedBy(c, 0, saturday + H)).toBe('weekend');
    expect(pausedBy(c, 0, saturday - H)).toBeNull();
    expect(clockViews(c, saturday + H, [0, 1])[0]).toMatchObject({ running: false, pausedBy: 'weekend' });
  });

  it('leaving a weekend gives no time back', () => {
    const zone = 'Europe/Berlin';
    const friday = at('2027-01-08T20:00', zone);
    const c = turnClocks({ ...clocks(perMove72, 2, { weekendPause: true }), zones: [zone, null] }, [0], friday);
    const before = remainingMs(c, 0, at('2027-01-09T00:00', zone));
    expect(before).toBe(68 * H);
    expect(remainingMs(c, 0, at('2027-01-11T00:00', zone))).toBe(68 * H);
    expect(remainingMs(c, 0, at('2027-01-11T06:00', zone))).toBe(62 * H);
  });

  it("uses each seat's own zone: a Saturday in Berlin is still Friday evening in Los Angeles", () => {
    const c = turnClocks(
      { ...clocks(perMove72, 2, { weekendPause: true }), zones: ['Europe/Berlin', 'America/Los_Angeles'] },
      [0, 1],
      at('2027-01-08T12:00', 'UTC'),
    );
    const t = at('2027-01-09T02:00', 'Europe/Berlin'); // Friday 17:00 in Los Angeles
    expect(pausedBy(c, 0, t)).toBe('weekend');
    expect(pausedBy(c, 1, t)).toBeNull();
  });
});

describe('reminders by time left', () => {
  it('a long bank reminds at 24 h and 2 h left; a 24 h per-move clock at 12 h and 2 h', () => {
    expect(reminderThresholds(72 * H)).toEqual([24 * H, 2 * H]);
    expect(reminderThresholds(24 * H)).toEqual([12 * H, 2 * H]);
    expect(reminderThresholds(3 * H)).toEqual([1.5 * H]);
    const c = turnClocks(clocks(TIME_CONTROL_PRESETS.fast), [0], 0);
    expect(nextReminderAt(c, 0)).toBe(48 * H);
    expect(nextReminderAt({ ...c, seats: c.seats.map((k, i) => (i === 0 ? { ...k, reminded: 1 } : k)) }, 0)).toBe(70 * H);
  });

  it('a reminder that would fall in quiet hours comes just before they begin', () => {
    const zone = 'Europe/Berlin';
    const start = at('2027-01-04T12:00', zone); // Monday noon; 2 h left at 10:00 on Thursday ... and 24 h left on Wednesday at 12:00
    const c = turnClocks({ ...clocks({ kind: 'per-move', hours: 72 }), zones: [zone, null] }, [0], start);
    const quiet = { zone, hours: { startMinute: 22 * 60, endMinute: 8 * 60 } };
    const last = { ...c, seats: c.seats.map((k, i) => (i === 0 ? { ...k, reminded: 1 } : k)) };
    // 2 h left at Thursday 10:00: outside quiet hours, unchanged.
    expect(nextReminderAt(last, 0, quiet)).toBe(at('2027-01-07T10:00', zone));
    // Started at 06:00 instead, 2 h left falls at 04:00: it comes at 21:59 the evening before.
    const early = turnClocks({ ...clocks({ kind: 'per-move', hours: 72 }), zones: [zone, null] }, [0], at('2027-01-04T06:00', zone));
    const earlyLast = { ...early, seats: early.seats.map((k, i) => (i === 0 ? { ...k, reminded: 1 } : k)) };
    expect(nextReminderAt(earlyLast, 0, quiet)).toBe(at('2027-01-06T21:59', zone));
  });
});

describe('a clock that ran out while its player goes away', () => {
  it("stands still at 0 and times out when the time away ends, not before (auto-vacation at a clock's end)", () => {
    const t0 = at('2027-06-01T09:00');
    const started = turnClocks(clocks(TIME_CONTROL_PRESETS['24h']), [0], t0);
    const end = runsOutAt(started, 0)!;
    // Away from a few seconds after the end (the pass that noticed it) for three days.
    // Its reminders went out before its end.
    const c: GameClocks = {
      ...started,
      seats: started.seats.map((k, i) => (i === 0 ? { ...k, reminded: 2 } : k)),
      away: [{ seat: 0, from: end + 5000, to: end + 72 * H, kind: 'auto' }],
    };
    expect(outOfTime(c, end + 1000)).toEqual([0]); // not yet away: it times out
    expect(outOfTime(c, end + H)).toEqual([]);
    expect(timesOutAt(c, 0, end + H)).toBe(end + 72 * H);
    expect(clocksDueAt(c, end + H)).toBe(end + 72 * H);
    expect(outOfTime(c, end + 72 * H)).toEqual([0]);
    // A table that forbids vacation: time away never saves the clock.
    expect(outOfTime({ ...c, allowVacation: false }, end + H)).toEqual([0]);
  });
});
