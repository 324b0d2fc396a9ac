import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

/** Every request a seated player may make about a game, as someone else makes it. */
function playerActions(id: string, version: number): [string, string, unknown?][] {
  const hook = { url: 'http://127.0.0.1:9/x', format: 'json', secret: 's'.repeat(32) };
  return [
    ['POST', `/api/games/${id}/moves`, { version, move: { type: 'roll' } }],
    ['POST', `/api/games/${id}/moves`, { version, move: { type: 'bank' } }],
    ['POST', `/api/games/${id}/undo`, { version }],
    ['POST', `/api/games/${id}/resign`],
    ['POST', `/api/games/${id}/rematch`],
    ['POST', `/api/games/${id}/start`],
    ['POST', `/api/games/${id}/seats/1/bot`],
    ['PUT', `/api/games/${id}/choices`, { choices: {} }],
    ['POST', `/api/games/${id}/invite`, { email: 'friend@spectators.test' }],
    ['POST', `/api/games/${id}/pause`, { days: 2 }],
    ['POST', `/api/games/${id}/pause/agree`],
    ['POST', `/api/games/${id}/pause/decline`],
    ['POST', `/api/games/${id}/resume`],
    ['POST', `/api/games/${id}/seats/0/votes`, { kind: 'extension' }],
    ['POST', `/api/games/${id}/seats/0/votes`, { kind: 'bot' }],
    ['PUT', `/api/games/${id}/webhook`, { webhook: hook }],
    ['PUT', `/api/games/${id}/email-replies`, { on: false }],
  ];
}

describe('a spectator never acts as a player', () => {
  it("a watcher, and a player who resigned to the bot, are refused every player's action and every answer to a player's prompt; nothing changes", async () => {
    const tokens = [await api.signIn('host@spectators.test')];
    const created = await api.call('POST', '/api/games', {
      token: tokens[0],
      body: { type: 'secret-dice', players: 3, timeControl: 'fast', startWhenFull: false },
    });
    const id = created.json.id;
    const invite = new URL(created.json.inviteUrl).searchParams.get('invite')!;
    for (const who of ['p1', 'p2']) {
      const t = await api.signIn(`${who}@spectators.test`);
      await api.call('POST', `/api/games/${id}/join`, { token: t, body: { invite } });
      tokens.push(t);
    }
    expect((await api.call('POST', `/api/games/${id}/start`, { token: tokens[0] })).status).toBe(200);
    // A player's prompt is open: seat 0 asks the table to pause.
    const asked = await api.call('POST', `/api/games/${id}/pause`, { token: tokens[0], body: { days: 2 } });
    expect(asked.status, asked.text).toBe(200);
    await api.call('POST', `/api/games/${id}/resign`, { token: tokens[2] });

    const watcher = await api.signIn('watcher@spectators.test');
    const version = (await api.call('GET', `/api/games/${id}/state`, { token: watcher })).json.version;
    const before = await api.rowCounts();
    const webhooks = await api.client.query('select count(*)::int as n from game_webhooks');
    for (const token of [watcher, tokens[2]]) {
      for (const [method, path, body] of playerActions(id, version)) {
        const r = await api.call(method, path, { token, body });
        expect([method, path, r.status >= 400 && r.status < 500, r.status]).toEqual([method, path, true, r.status]);
        expect(r.status).not.toBe(401);
      }
      const state = (await api.call('GET', `/api/games/${id}/state`, { token })).json;
      expect([state.yourSeat, state.legalMoves]).toEqual([null, []]);
    }
    expect(await api.rowCounts()).toEqual(before);
    expect((await api.client.query('select count(*)::int as n from game_webhooks')).rows).toEqual(webhooks.rows);
    // The players themselves still may.
    expect((await api.call('POST', `/api/games/${id}/pause/agree`, { token: tokens[1] })).status).toBe(200);
  });
});
