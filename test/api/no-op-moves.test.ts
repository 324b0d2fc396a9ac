import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from './support';

describe('no-op: the state answer marks legal moves that would do nothing now', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await makeTestApp();
  });

  it('Snowdonia at the start: a Labourer on Lay Track (no Steel, no cleared track) carries effect none and a warning; others do not', async () => {
    const a = await api.signIn('noop-a@example.com', 'Ada');
    const b = await api.signIn('noop-b@example.com', 'Bo');
    const created = await api.call('POST', '/api/games', {
      token: a,
      body: { type: 'snowdonia', players: 2, options: {}, startWhenFull: false },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    const invite = new URL(created.json.inviteUrl).searchParams.get('invite')!;
    expect((await api.call('POST', `/api/games/${id}/join`, { token: b, body: { invite } })).status).toBe(200);
    expect((await api.call('POST', `/api/games/${id}/start`, { token: a })).status).toBe(200);
    const who = (await api.call('GET', `/api/games/${id}/state`, { token: a })).json.activeSeats[0] === 0 ? a : b;
    const s = (await api.call('GET', `/api/games/${id}/state`, { token: who })).json;
    const moves = s.legalMoves as { label: string; move: { type: string; area?: string }; effect?: string; warning?: string }[];
    const layTrack = moves.filter((m) => m.move.type === 'place' && m.move.area === 'D');
    expect(layTrack.length).toBeGreaterThan(0);
    for (const m of layTrack) {
      expect(m.effect).toBe('none');
      expect(m.warning).toMatch(/^Lay Track: /);
    }
    // An ordinary move has neither field (not even as null).
    const stockYard = moves.find((m) => m.move.type === 'place' && m.move.area === 'A')!;
    expect(Object.keys(stockYard).sort()).toEqual(['label', 'move']);
  });
});
