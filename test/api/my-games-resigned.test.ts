/**
 * A table you resigned from stays in My games, marked, while the bot plays your seat on: it is
 * never "your turn" there, and the list's other games are unchanged.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

describe('My games keeps a resigned table', () => {
  it('after resigning to the bot, the game is still listed, marked resigned, never your turn', async () => {
    const a = await api.signIn('resign-a@my-games.test');
    const b = await api.signIn('resign-b@my-games.test');
    const c = await api.call('POST', '/api/games', { token: a, body: { type: 'secret-dice', players: 2, onResign: 'bot' } });
    expect(c.status, c.text).toBe(201);
    const id = c.json.id as string;
    const invite = new URL(c.json.inviteUrl).searchParams.get('invite');
    expect((await api.call('POST', `/api/games/${id}/join`, { token: b, body: { invite } })).status).toBe(200);
    expect((await api.call('POST', `/api/games/${id}/start`, { token: a })).status).toBe(200);

    const before = (await api.call('GET', '/api/games', { token: a })).json.games.find((g: { id: string }) => g.id === id);
    expect(before).toMatchObject({ id, resigned: false });

    const r = await api.call('POST', `/api/games/${id}/resign`, { token: a });
    expect(r.status, r.text).toBe(200);
    const after = (await api.call('GET', '/api/games', { token: a })).json.games.find((g: { id: string }) => g.id === id);
    expect(after).toMatchObject({ id, resigned: true, yourTurn: false, yourSeat: before.yourSeat });

    // The other player's list is as it was: their seat is theirs.
    const other = (await api.call('GET', '/api/games', { token: b })).json.games.find((g: { id: string }) => g.id === id);
    expect(other).toMatchObject({ id, resigned: false });
  });
});
