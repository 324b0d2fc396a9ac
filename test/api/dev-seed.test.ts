/**
 * A game's seed fixed before it starts (`POST /dev/games/:id/seed`): a browser test plays the same
 * deal on every run. Only an open game takes one; the published hash follows the seed; the route
 * does not exist in production.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../worker/lib/crypto';
import { makeTestApp, type TestApi } from './support';

const SEED = '0123456789abcdef0123456789abcdef';
let api: TestApi;
let ada: string;
let bob: string;
beforeAll(async () => {
  api = await makeTestApp();
  [ada, bob] = await Promise.all(['ada@seed.test', 'bob@seed.test'].map((e) => api.signIn(e)));
});

/** An open two-player game of `type` made by Ada, and its invite code. */
async function openGame(type: string) {
  const c = await api.call('POST', '/api/games', { token: ada, body: { type, players: 2 } });
  expect(c.status, c.text).toBe(201);
  return { id: c.json.id as string, invite: new URL(c.json.inviteUrl).searchParams.get('invite') };
}

/** Bob takes the last seat, which starts the game; Ada's view of the first position. */
async function startAndView(game: { id: string; invite: string | null }) {
  const joined = await api.call('POST', `/api/games/${game.id}/join`, { token: bob, body: { invite: game.invite } });
  expect(joined.json).toEqual({ seat: 1, started: true });
  return (await api.call('GET', `/api/games/${game.id}/state`, { token: ada })).json.view;
}

const storedSeed = async (id: string) =>
  (await api.client.query<{ seed: string }>('select seed from games where id = $1', [id])).rows[0].seed;

describe('fixing the seed of a game before it starts', () => {
  it('deals the same first position for the same seed, and publishes its hash', async () => {
    const games = [await openGame('snowdonia'), await openGame('snowdonia')];
    for (const g of games) {
      const r = await api.call('POST', `/dev/games/${g.id}/seed`, { body: { seed: SEED } });
      expect(r.status, r.text).toBe(200);
      expect(r.json).toEqual({ id: g.id, seedHash: await sha256Hex(SEED) });
    }
    const other = await openGame('snowdonia');
    await api.call('POST', `/dev/games/${other.id}/seed`, { body: { seed: 'f'.repeat(32) } });
    const [a, b, c] = [await startAndView(games[0]), await startAndView(games[1]), await startAndView(other)];
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    expect(await storedSeed(games[0].id)).toBe(SEED);
    const meta = (await api.call('GET', `/api/games/${games[0].id}`, { token: ada })).json;
    expect(meta.seedHash).toBe(await sha256Hex(SEED));
    expect(meta.seed).toBeNull();
  });

  it('refuses a started game with 409 and keeps its seed', async () => {
    const g = await openGame('secret-dice');
    await startAndView(g);
    const before = await storedSeed(g.id);
    const r = await api.call('POST', `/dev/games/${g.id}/seed`, { body: { seed: SEED } });
    expect([r.status, r.json.error.code]).toEqual([409, 'not_open']);
    expect(r.json.error.message).toMatch(/started/);
    expect(await storedSeed(g.id)).toBe(before);
  });

  it('answers 404 for a game that does not exist', async () => {
    const r = await api.call('POST', '/dev/games/g_nope/seed', { body: { seed: SEED } });
    expect([r.status, r.json.error.code]).toEqual([404, 'game_not_found']);
  });

  it.each([
    [{ seed: 'abc' }],
    [{ seed: 'g'.repeat(32) }],
    [{ seed: SEED.toUpperCase() }],
    [{ seed: 'a'.repeat(130) }],
    [{ seed: 12 }],
    [{}],
    [{ seed: SEED, extra: 1 }],
  ])('refuses %j with 400 and changes nothing', async (body) => {
    const g = await openGame('secret-dice');
    const before = await storedSeed(g.id);
    const r = await api.call('POST', `/dev/games/${g.id}/seed`, { body });
    expect(r.status, r.text).toBe(400);
    expect(r.json.error.code).toBe('bad_request');
    expect(await storedSeed(g.id)).toBe(before);
  });

  it('does not exist in production', async () => {
    const prod = await makeTestApp({ appEnv: 'production' });
    expect((await prod.call('POST', '/dev/games/g_any/seed', { body: { seed: SEED } })).status).toBe(404);
  });
});
