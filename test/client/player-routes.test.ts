import { describe, expect, it } from 'vitest';
import { isOpenToVisitors, matchRoute } from '../../client/router';

describe('profile and leaderboard routes', () => {
  it('maps /players/:id and /leaderboard/:type, both open to visitors', () => {
    expect(matchRoute('/players/u_1a2b')).toEqual({ name: 'player', id: 'u_1a2b' });
    expect(matchRoute('/leaderboard/big-thunder')).toEqual({ name: 'leaderboard', type: 'big-thunder' });
    expect(matchRoute('/players/a/b')).toMatchObject({ name: 'not-found' });
    expect(isOpenToVisitors({ name: 'player', id: 'u_1' })).toBe(true);
    expect(isOpenToVisitors({ name: 'leaderboard', type: 'snowdonia' })).toBe(true);
  });
});
