/**
 * A seat's clock in words on the client: time left rounded down, a running clock counting down
 * from its answer, what stops it, the vacation form's dates, the new-game presets (the server's
 * own names) and the `/next` route.
 */
import { describe, expect, test } from 'vitest';
import { awayText, clockLine, daysText, remainingAt, remainingText, vacationBody } from '../../client/clocks';
import { TIME_CONTROLS } from '../../client/new-game-options';
import { matchRoute } from '../../client/router';
import { TIME_CONTROL_PRESETS } from '../../worker/time-control/rules';

const H = 3600_000;
const clock = (remainingMs: number, running: boolean, pausedBy: 'weekend' | 'vacation' | 'table' | null = null) => ({
  seat: 0,
  remainingMs,
  running,
  pausedBy,
  runsOutAt: null,
  votesOpen: [],
});

describe('clock words', () => {
  test('time left is rounded down and never promises more than there is', () => {
    expect(remainingText(72 * H)).toBe('3 d 0 h');
    expect(remainingText(72 * H - 1)).toBe('2 d 23 h');
    expect(remainingText(47 * H + 5 * 60_000 + 59_000)).toBe('47 h 05 min');
    expect(remainingText(59 * 60_000 + 59_999)).toBe('59 min');
    expect(remainingText(30_000)).toBe('under a minute');
    expect(remainingText(0)).toBe('0');
    expect(remainingText(-5)).toBe('0');
  });

  test('a running clock counts down from its answer; a stopped one stands still', () => {
    expect(remainingAt(clock(10 * H, true), H)).toBe(9 * H);
    expect(remainingAt(clock(10 * H, false), H)).toBe(10 * H);
    expect(remainingAt(clock(H, true), 2 * H)).toBe(0);
  });

  test('a paused clock says what stops it; under two hours a running one is marked soon', () => {
    expect(clockLine(clock(50 * H, false, 'weekend'), 0)).toEqual({
      text: '2 d 2 h (paused: weekend)',
      soon: false,
      label: '2 d 2 h left, paused: weekend',
    });
    expect(clockLine(clock(H + 60_000, true), 0)).toMatchObject({ text: '1 h 01 min', soon: true, label: '1 h 01 min left, running' });
    expect(clockLine(clock(H, false, 'vacation'), 0).soon).toBe(false);
  });

  test("on vacation until a time in the viewer's zone", () => {
    expect(awayText({ seat: 1, until: '2027-01-05T23:00:00Z' }, 'Europe/Berlin', 'en-GB')).toBe('on vacation until Wed 6 Jan, 00:00');
  });

  test('vacation days in words', () => {
    expect(daysText(7)).toBe('7 days');
    expect(daysText(1)).toBe('1 day');
    expect(daysText(2.7000001)).toBe('2.7 days');
  });
});

describe('the vacation form', () => {
  const now = new Date('2027-03-01T12:00').getTime();

  test('back on a day: until the start of that day on this device; a later start is sent as from', () => {
    expect(vacationBody('2027-03-05', '', now)).toEqual({ body: { until: new Date('2027-03-05T00:00').toISOString() } });
    expect(vacationBody('2027-03-09', '2027-03-04', now)).toEqual({
      body: { until: new Date('2027-03-09T00:00').toISOString(), from: new Date('2027-03-04T00:00').toISOString() },
    });
  });

  test('no day, or a day back before the start, is refused before sending', () => {
    expect(vacationBody('', '', now)).toEqual({ problem: 'Choose the day you are back.' });
    expect(vacationBody('2027-03-01', '', now)).toEqual({ problem: 'The day you are back must come after the start.' });
    expect(vacationBody('2027-03-04', '2027-03-06', now)).toEqual({ problem: 'The day you are back must come after the start.' });
  });
});

test('the new-game presets are exactly the server’s, in its order', () => {
  expect(TIME_CONTROLS.map((t) => t.value)).toEqual(Object.keys(TIME_CONTROL_PRESETS));
});

test('/next is the page that opens the next game waiting for you', () => {
  expect(matchRoute('/next')).toEqual({ name: 'next' });
  expect(matchRoute('/next/')).toEqual({ name: 'next' });
});
