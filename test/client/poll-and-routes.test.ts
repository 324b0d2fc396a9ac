import { describe, expect, test } from 'vitest';
import { DEFAULT_TIMING, nextPollDelay } from '../../client/poll-controller';
import { isServerPath, matchRoute } from '../../client/router';
import { turnText } from '../../client/format';
import { listNames } from '../../client/names';
import type { SeatInfo } from '../../client/api-types';

describe('poll interval', () => {
  test('about 3 s while visible, every few minutes while the tab is hidden', () => {
    expect(nextPollDelay(false, 0)).toBe(3_000);
    expect(nextPollDelay(true, 0)).toBe(180_000);
  });

  test('backs off exponentially after failures, capped', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => nextPollDelay(false, n))).toEqual([6_000, 12_000, 24_000, 48_000, 96_000, 120_000]);
    // Backoff never polls a hidden tab more often than its plain 3 min.
    expect(nextPollDelay(true, 1)).toBe(180_000);
    expect(nextPollDelay(true, 10)).toBe(180_000);
    expect(nextPollDelay(false, 1000)).toBe(DEFAULT_TIMING.maxBackoffMs);
    expect(nextPollDelay(false, 2, { visibleMs: 100, hiddenMs: 1000, maxBackoffMs: 350 })).toBe(350);
  });
});

describe('routes', () => {
  test('paths map to screens', () => {
    expect(matchRoute('/')).toEqual({ name: 'home' });
    expect(matchRoute('/new/')).toEqual({ name: 'new' });
    expect(matchRoute('/how-to-play/big-thunder')).toEqual({ name: 'how-to-play', type: 'big-thunder' });
    expect(matchRoute('/how-to-play/../x').name).toBe('not-found');
    expect(matchRoute('/settings')).toEqual({ name: 'settings' });
    expect(matchRoute('/games/g_12')).toEqual({ name: 'game', id: 'g_12', invite: null });
    expect(matchRoute('/games/g%2012', '?invite=abc')).toEqual({ name: 'game', id: 'g 12', invite: 'abc' });
    expect(matchRoute('/games/%E0%A4%A')).toEqual({ name: 'not-found', path: '/games/%E0%A4%A' });
    expect(matchRoute('/games/a/b')).toMatchObject({ name: 'not-found' });
  });

  test('server paths are never client routes', () => {
    expect(isServerPath('/api/games')).toBe(true);
    expect(isServerPath('/auth/callback')).toBe(true);
    expect(isServerPath('/dev/mailbox')).toBe(true);
    expect(isServerPath('/games/1')).toBe(false);
    expect(isServerPath('/apiary')).toBe(false);
  });
});

describe('showing games', () => {
  const seats: SeatInfo[] = [
    { seat: 0, name: 'Ada', userId: 'u1', isBot: false },
    { seat: 1, name: 'Bo', userId: 'u2', isBot: false },
    { seat: 2, name: '', userId: 'u3', isBot: false },
  ];

  test('whose turn, from the viewer', () => {
    expect(turnText('active', [0], 0, seats)).toBe('Your turn.');
    expect(turnText('active', [0, 1], 0, seats)).toBe('Your turn (Bo too).');
    expect(turnText('active', [1], 0, seats)).toBe('Waiting for Bo.');
    expect(turnText('active', [1, 2], null, seats)).toBe('Waiting for Bo and Seat 3.');
    expect(turnText('finished', [], 0, seats, 'Seat 1 wins with 9.')).toBe('Game over. Seat 1 wins with 9.');
    expect(turnText('open', [], 0, seats)).toBe('Waiting for players to join.');
    expect(listNames(['A', 'B', 'C'])).toBe('A, B and C');
  });
});
