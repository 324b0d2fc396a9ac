import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, players, playOut, table, takePart } from './players-support';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});
afterAll(async () => {
  await api?.client.close();
});

const create = (token: string, body: Record<string, unknown>) =>
  api.call('POST', '/api/games', { token, body: { type: 'secret-dice', players: 2, options: { rounds: 1 }, ...body } });
const inviteOf = (r: { json: { inviteUrl: string } }) => new URL(r.json.inviteUrl).searchParams.get('invite')!;

describe('ratings and the leaderboard', () => {
  it('shows a rating from the fifth rated game on, and the leaderboard lists it', async () => {
    const { tokens, ids } = await players(api, 2);
    for (let g = 0; g < 5; g++) await playOut(api, await table(api, tokens), tokens);
    const p = (await api.call('GET', `/api/players/${ids[0]}`)).json;
    expect(p.ratings).toEqual([{ type: 'secret-dice', ordinal: expect.any(Number), games: 5, provisional: false }]);
    const board = await api.call('GET', '/api/leaderboard/secret-dice');
    expect(board.status).toBe(200);
    expect(board.json.players[0]).toEqual({ rank: 1, id: ids[0], name: p.name, ordinal: p.ratings[0].ordinal, games: 5 });
    expect(board.json.players.map((x: { id: string }) => x.id)).toContain(ids[1]);
  });

  it('an unrated table and a table with a bot change no rating', async () => {
    const { tokens, ids } = await players(api, 2);
    await playOut(api, await table(api, tokens, { rated: false }), tokens);
    const solo = await create(tokens[0], { bots: 1 });
    await playOut(api, solo.json.id, [tokens[0], tokens[0]]);
    expect((await api.call('GET', `/api/players/${ids[0]}`)).json.ratings).toEqual([]);
    expect((await api.call('GET', `/api/players/${ids[0]}`)).json.stats[0].finished).toBe(2);
  });

  it('404 unknown_game_type for a leaderboard of no game', async () => {
    const r = await api.call('GET', '/api/leaderboard/chess');
    expect(r.status).toBe(404);
    expect(r.json.error.code).toBe('unknown_game_type');
  });
});

describe('tables that choose their players', () => {
  it('refuses a join below the table’s minimum with 403 below_table_requirement and the reason, changing nothing', async () => {
    const { tokens } = await players(api, 3);
    // tokens[1] lets a timed game run out, after both took part.
    const timed = await table(api, [tokens[1], tokens[2]], {
      timeControl: '24h',
      onTimeout: 'end',
      allowVacation: false,
      options: { rounds: 5 },
    });
    await takePart(api, timed, [tokens[1], tokens[2]]);
    api.clock.advance(25 * HOUR);
    for (let i = 0; i < 3; i++) await api.cron();
    expect((await api.call('GET', `/api/games/${timed}`, { token: tokens[1] })).json.status).toBe('abandoned');

    const strict = await create(tokens[0], { requirements: { minReliability: 0.8 } });
    expect(strict.status).toBe(201);
    const before = await api.rowCounts();
    const low = await api.call('POST', `/api/games/${strict.json.id}/join`, { token: tokens[1], body: { invite: inviteOf(strict) } });
    expect(low.status).toBe(403);
    expect(low.json.error.code).toBe('below_table_requirement');
    expect(low.json.error.message).toContain('yours is 0%');
    expect(await api.rowCounts()).toEqual(before);
    const ok = await api.call('POST', `/api/games/${strict.json.id}/join`, { token: tokens[2], body: { invite: inviteOf(strict) } });
    expect(ok.status).toBe(200);

    const veterans = await create(tokens[0], { requirements: { minFinishedGames: 3 } });
    const few = await api.call('POST', `/api/games/${veterans.json.id}/join`, { token: tokens[2], body: { invite: inviteOf(veterans) } });
    expect(few.status).toBe(403);
    expect(few.json.error.message).toContain('1 of yours count: 1 game finished with every seat taking part, against 1 different opponent');
  });

  it('400 for requirements out of range', async () => {
    const { tokens } = await players(api, 1);
    const r = await create(tokens[0], { requirements: { minReliability: 80 } });
    expect(r.status).toBe(400);
    expect((await create(tokens[0], { requirements: { minAge: 3 } })).status).toBe(400);
  });

  it('the lobby shows each seated player’s profile id, reliability and rating', async () => {
    const { tokens, ids } = await players(api, 1);
    const open = await create(tokens[0], {});
    const lobby = (await api.call('GET', '/api/lobby')).json;
    const mine = lobby.open.find((g: { id: string }) => g.id === open.json.id);
    expect(mine.seats).toEqual([{ seat: 0, name: expect.any(String), isBot: false, playerId: ids[0], reliability: null, rating: null }]);
  });
});

describe('friends', () => {
  it('a request, its acceptance, the lists of both sides, and an end', async () => {
    const { tokens, ids } = await players(api, 2);
    const asked = await api.call('POST', '/api/me/friends', { token: tokens[0], body: { playerId: ids[1] } });
    expect(asked.json).toEqual({ status: 'requested' });
    expect((await api.call('POST', '/api/me/friends', { token: tokens[0], body: { playerId: ids[1] } })).json.status).toBe('requested');
    const theirs = (await api.call('GET', '/api/me/friends', { token: tokens[1] })).json;
    expect(theirs).toEqual({
      friends: [],
      requests: [{ id: ids[0], name: expect.any(String), since: expect.any(String), direction: 'incoming' }],
    });
    expect((await api.call('GET', `/api/players/${ids[1]}`, { token: tokens[0] })).json.friendship).toBe('requested');
    expect((await api.call('POST', '/api/me/friends', { token: tokens[1], body: { playerId: ids[0] } })).json.status).toBe('friends');
    expect((await api.call('GET', '/api/me/friends', { token: tokens[0] })).json.friends.map((f: { id: string }) => f.id)).toEqual([
      ids[1],
    ]);
    expect((await api.call('DELETE', `/api/me/friends/${ids[0]}`, { token: tokens[1] })).status).toBe(204);
    expect((await api.call('GET', '/api/me/friends', { token: tokens[0] })).json).toEqual({ friends: [], requests: [] });
    expect((await api.call('DELETE', `/api/me/friends/${ids[0]}`, { token: tokens[1] })).status).toBe(404);
  });

  it('refuses yourself, an unknown player and anyone across a block', async () => {
    const { tokens, ids } = await players(api, 2);
    expect((await api.call('POST', '/api/me/friends', { token: tokens[0], body: { playerId: ids[0] } })).json.error.code).toBe(
      'cannot_befriend_self',
    );
    expect((await api.call('POST', '/api/me/friends', { token: tokens[0], body: { playerId: 'u_none' } })).status).toBe(404);
    await api.call('POST', '/api/me/blocks', { token: tokens[1], body: { playerId: ids[0] } });
    const r = await api.call('POST', '/api/me/friends', { token: tokens[0], body: { playerId: ids[1] } });
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('not_available');
    expect((await api.call('GET', '/api/me/friends', { token: tokens[1] })).json.requests).toEqual([]);
  });

  it('the new-game form seats a friend at once: the table starts and the friend gets an invitation notice', async () => {
    const { tokens, ids } = await players(api, 3);
    await api.call('POST', '/api/me/friends', { token: tokens[0], body: { playerId: ids[1] } });
    await api.call('POST', '/api/me/friends', { token: tokens[1], body: { playerId: ids[0] } });
    const stranger = await create(tokens[0], { friends: [ids[2]] });
    expect(stranger.status).toBe(403);
    expect(stranger.json.error.code).toBe('not_a_friend');
    const made = await create(tokens[0], { friends: [ids[1]], startWhenFull: true });
    expect(made.status).toBe(201);
    const meta = (await api.call('GET', `/api/games/${made.json.id}`, { token: tokens[1] })).json;
    expect(meta).toMatchObject({ status: 'active', yourSeat: 1 });
    const notice = await api.client.query<{ kind: string; user_id: string }>(
      'select kind, user_id from outbox where game_id = $1 and kind = $2',
      [made.json.id, 'invitation'],
    );
    expect(notice.rows).toEqual([{ kind: 'invitation', user_id: ids[1] }]);
    // A block since: the friend can no longer be seated.
    await api.call('POST', '/api/me/blocks', { token: tokens[1], body: { playerId: ids[0] } });
    expect((await create(tokens[0], { friends: [ids[1]] })).json.error.code).toBe('not_a_friend');
  });
});

describe('private notes', () => {
  it('per game and per opponent, read by their author alone', async () => {
    const { tokens, ids } = await players(api, 3);
    const id = await table(api, [tokens[0], tokens[1]]);
    const put = await api.call('PUT', '/api/me/notes', { token: tokens[0], body: { gameId: id, text: ' bluffs on round 2 ' } });
    expect(put.json.note).toEqual({ text: 'bluffs on round 2', updatedAt: expect.any(String) });
    await api.call('PUT', '/api/me/notes', { token: tokens[0], body: { playerId: ids[1], text: 'slow on weekends' } });
    expect((await api.call('GET', `/api/me/notes?gameId=${id}`, { token: tokens[0] })).json.note.text).toBe('bluffs on round 2');
    expect((await api.call('GET', `/api/me/notes?playerId=${ids[1]}`, { token: tokens[0] })).json.note.text).toBe('slow on weekends');
    expect((await api.call('GET', `/api/me/notes?gameId=${id}`, { token: tokens[1] })).json.note).toBeNull();
    expect((await api.call('PUT', '/api/me/notes', { token: tokens[2], body: { gameId: id, text: 'x' } })).status).toBe(403);
    expect((await api.call('GET', '/api/me/notes', { token: tokens[0] })).status).toBe(400);
    expect((await api.call('PUT', '/api/me/notes', { token: tokens[0], body: { playerId: ids[0], text: 'me' } })).status).toBe(400);
    await api.call('PUT', '/api/me/notes', { token: tokens[0], body: { gameId: id, text: '' } });
    expect((await api.call('GET', `/api/me/notes?gameId=${id}`, { token: tokens[0] })).json.note).toBeNull();
  });
});

describe('the archive', () => {
  it('pages through ended games, filters by type and opponent, and keeps a resigned table, marked', async () => {
    const { tokens, ids } = await players(api, 3);
    const resigned = await table(api, [tokens[0], tokens[1]], { onResign: 'bot' });
    expect((await api.call('POST', `/api/games/${resigned}/resign`, { token: tokens[0] })).status).toBe(200);
    await playOut(api, resigned, [tokens[1], tokens[1]]);
    for (let g = 0; g < 21; g++) {
      await playOut(api, await table(api, [tokens[0], tokens[2]]), [tokens[0], tokens[2]]);
      api.clock.advance(HOUR / 10); // within the creation limit of 20 games an hour
    }
    const first = (await api.call('GET', '/api/me/archive', { token: tokens[0] })).json;
    expect(first.games).toHaveLength(20);
    expect(first.next).not.toBeNull();
    const second = (await api.call('GET', `/api/me/archive?before=${first.next}`, { token: tokens[0] })).json;
    expect(second.games).toHaveLength(2);
    expect(second.next).toBeNull();
    expect(second.games[1]).toMatchObject({ id: resigned, resigned: true, won: false, status: 'finished' });
    const against = (await api.call('GET', `/api/me/archive?opponent=${ids[1]}`, { token: tokens[0] })).json;
    expect(against.games.map((g: { id: string }) => g.id)).toEqual([resigned]);
    expect(against.games[0].seats.map((s: { playerId: string }) => s.playerId)).toEqual([ids[0], ids[1]]);
    expect((await api.call('GET', '/api/me/archive?type=snowdonia', { token: tokens[0] })).json.games).toEqual([]);
  });
});
