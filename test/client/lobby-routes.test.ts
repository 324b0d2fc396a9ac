import { describe, expect, it } from 'vitest';
import { botGamePath } from '../../client/router';
import { isOpenToVisitors, matchRoute } from '../../client/router';

describe('lobby, bot game and notification-link routes', () => {
  it('/lobby is open to visitors; /play/<type> needs a sign-in and is what "Play against a bot" links to', () => {
    expect(matchRoute('/lobby')).toEqual({ name: 'lobby' });
    expect(isOpenToVisitors(matchRoute('/lobby'))).toBe(true);
    expect(matchRoute(botGamePath('space-mountain'))).toEqual({ name: 'play', type: 'space-mountain' });
    expect(isOpenToVisitors(matchRoute('/play/space-mountain'))).toBe(false);
    expect(matchRoute('/play/Not%20a%20type')).toMatchObject({ name: 'not-found' });
  });

  it('?seat=N (counted from 1, as in the message) becomes the 0-based seat hint; anything else is ignored', () => {
    expect(matchRoute('/games/g_1', '?seat=2')).toEqual({ name: 'game', id: 'g_1', invite: null, seat: 1 });
    for (const bad of ['?seat=0', '?seat=-1', '?seat=1.5', '?seat=x', '?seat=', '?seat=100']) {
      expect(matchRoute('/games/g_1', bad)).toEqual({ name: 'game', id: 'g_1', invite: null });
    }
    // A game link with a seat hint stays open to visitors (they are asked to sign in to play).
    expect(isOpenToVisitors(matchRoute('/games/g_1', '?seat=2'))).toBe(true);
  });
});
