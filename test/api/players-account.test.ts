import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo } from './safety-support';
import { players, playOut, table } from './players-support';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});
afterAll(async () => {
  await api?.client.close();
});

/** Two friends with notes about each other and a rated game played out. */
async function friendsWithHistory() {
  const { tokens, ids } = await players(api, 2);
  await api.call('POST', '/api/me/friends', { token: tokens[0], body: { playerId: ids[1] } });
  await api.call('POST', '/api/me/friends', { token: tokens[1], body: { playerId: ids[0] } });
  const id = await table(api, tokens);
  await playOut(api, id, tokens);
  await api.call('PUT', '/api/me/notes', { token: tokens[0], body: { gameId: id, text: 'a close one' } });
  await api.call('PUT', '/api/me/notes', { token: tokens[1], body: { playerId: ids[0], text: 'plays fast' } });
  return { tokens, ids, id };
}

const count = async (sql: string, arg: string) => (await api.client.query<{ n: number }>(sql, [arg])).rows[0].n;

describe('the account and the players’ tables', () => {
  it('the export carries friends, notes, ratings and results (players.json)', async () => {
    const { tokens, ids, id } = await friendsWithHistory();
    const res = await api.app.request('http://localhost/api/me/export', { headers: { authorization: `Bearer ${tokens[0]}` } });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const json = JSON.parse(strFromU8(files['players.json']));
    const bobName = (await api.call('GET', `/api/players/${ids[1]}`)).json.name;
    expect(json.friends).toEqual([{ name: bobName, askedBy: 'you', askedAt: expect.any(String), acceptedAt: expect.any(String) }]);
    expect(json.notes).toEqual([{ gameId: id, player: null, text: 'a close one', updatedAt: expect.any(String) }]);
    expect(json.ratings).toEqual([expect.objectContaining({ type: 'secret-dice', games: 1 })]);
    expect(json.results).toEqual([expect.objectContaining({ gameId: id, place: 0, won: true })]);
    expect(strFromU8(files['README.txt'])).toContain('players.json');
  });

  it('deleting an account erases its friendships, notes (by it and about it) and ratings; the others keep the game, unnamed', async () => {
    const { tokens, ids, id } = await friendsWithHistory();
    const email = (await api.call('GET', '/api/me', { token: tokens[1] })).json.email;
    expect((await api.call('POST', '/api/me/deletion', { token: tokens[1] })).status).toBe(202);
    const token = /token=([0-9a-f]+)/.exec((await lastMailTo(api, email)).text)![1];
    expect((await api.call('POST', '/api/me/deletion/confirm', { body: { token } })).status).toBe(200);
    const gone = ids[1];
    expect(await count('select count(*)::int as n from friendships where requester_id = $1 or addressee_id = $1', gone)).toBe(0);
    expect(await count('select count(*)::int as n from player_notes where author_id = $1 or player_id = $1', gone)).toBe(0);
    expect(await count('select count(*)::int as n from ratings where user_id = $1', gone)).toBe(0);
    expect(await count('select count(*)::int as n from seat_results where user_id = $1', gone)).toBe(0);
    expect(await count('select count(*)::int as n from seat_results where game_id = $1', id)).toBe(2);
    expect((await api.call('GET', '/api/me/friends', { token: tokens[0] })).json.friends).toEqual([]);
    expect((await api.call('GET', `/api/players/${ids[0]}`)).json.stats[0]).toMatchObject({ finished: 1, won: 1 });
    expect((await api.call('GET', `/api/players/${gone}`)).status).toBe(404);
  });
});
