import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyRecord, type GameRecord } from '../../engine/core';
import { testRegistry } from '../fixtures/registry';
import { startPushService } from '../support/push-service';
import { idOf, playToEnd, testVapid } from './safety-support';
import { makeTestApp, type TestApi } from './support';

const sha256Hex = async (s: string) => createHash('sha256').update(s).digest('hex');
let api: TestApi;
let svc: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  api = await makeTestApp({ vapid: await testVapid() });
  svc = await startPushService();
});
afterAll(() => svc.close());

/** GET /api/me/export unpacked: file name -> text. */
async function exported(token: string) {
  const res = await api.app.request('http://localhost/api/me/export', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="mountain-post-u_[0-9a-f]+-\d{4}-\d{2}-\d{2}\.zip"$/);
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

describe('GET /api/me/export', () => {
  it('one zip with everything stored about the account, secrets and other players left out', async () => {
    const finished = await api.startedGame(2, { prefix: 'exp' });
    const [ada, bob] = finished.tokens;
    const adaMe = (await api.call('GET', '/api/me', { token: ada })).json;
    const bobMe = (await api.call('GET', '/api/me', { token: bob })).json;
    await api.call('POST', `/api/games/${finished.id}/chat`, { token: ada, body: { text: 'my own words' } });
    await api.call('POST', `/api/games/${finished.id}/chat`, { token: bob, body: { text: 'words of another' } });
    expect((await playToEnd(api, finished.id, finished.tokens)).status).toBe('finished');
    const running = await api.startedGame(2, { prefix: 'exp-run' });
    await api.call('POST', `/api/games/${running.id}/join`, { token: ada, body: { invite: running.invite } }); // full: refused, nothing stored
    const hookSecret = 'k'.repeat(32);
    await api.call('PUT', '/api/me/notifications', {
      token: ada,
      body: {
        email: true,
        digest: false,
        kinds: { yourTurn: true, gameStarted: true, gameOver: true, chatMention: true, reminder: true },
        webhook: { url: 'http://127.0.0.1:9/ada', format: 'json', secret: hookSecret },
      },
    });
    await api.call('PUT', `/api/games/${finished.id}/webhook`, {
      token: ada,
      body: { webhook: { url: 'http://127.0.0.1:9/table', format: 'json', secret: hookSecret } },
    });
    const device = svc.newDevice();
    await api.call('POST', '/api/me/push-subscriptions', { token: ada, body: device.subscription });
    await api.call('PUT', '/api/me/vacation', { token: ada, body: { until: new Date(api.clock.t + 2 * 86_400_000).toISOString() } });
    await api.call('POST', '/api/me/blocks', { token: ada, body: { playerId: bobMe.id } });
    await api.call('POST', `/api/players/${bobMe.id}/reports`, {
      token: ada,
      body: { reason: 'other', text: 'a note', gameId: finished.id },
    });

    const files = await exported(ada);
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'chat.json',
        'devices.json',
        `games/${finished.id}.json`,
        'invitations.json',
        'notifications.json',
        'players.json',
        'profile.json',
        'safety.json',
        'settings.json',
        'sign-ins.json',
        'vacations.json',
      ].sort(),
    );
    const json = (name: string) => JSON.parse(files[name]);
    expect(json('profile.json')).toMatchObject({ id: adaMe.id, email: adaMe.email, name: adaMe.name });
    expect(json('settings.json').notifications.webhook).toEqual({ url: 'http://127.0.0.1:9/ada', format: 'json' });
    expect(json('settings.json').gameWebhooks).toEqual([
      { gameId: finished.id, webhook: { url: 'http://127.0.0.1:9/table', format: 'json' } },
    ]);
    expect(json('chat.json')).toEqual([{ gameId: finished.id, seat: 0, text: 'my own words', at: expect.any(String) }]);
    expect(json('devices.json')).toEqual([expect.objectContaining({ name: expect.any(String), service: new URL(svc.origin).host })]);
    expect(json('vacations.json')).toEqual([expect.objectContaining({ kind: 'manual', endedAt: null })]);
    const notices = json('notifications.json') as { kind: string; channel: string }[];
    expect(notices.map((n) => n.kind)).toEqual(expect.arrayContaining(['signin', 'player_joined', 'your_turn', 'game_over']));
    expect(json('safety.json')).toMatchObject({
      blocked: [{ name: bobMe.name }],
      reportsFiled: [{ playerName: bobMe.name, reason: 'other', text: 'a note', status: 'open' }],
    });
    expect(json('sign-ins.json').sessions).toHaveLength(1);

    // The game's record is the one GET /record gives, and it verifies.
    const record = json(`games/${finished.id}.json`) as GameRecord & { ending: { seats: { playerId: string | null }[] } };
    const published = (await api.call('GET', `/api/games/${finished.id}/record`)).json;
    expect({ ...record, ending: null }).toEqual({ ...published, ending: null });
    // Its ending names the exporter alone by id; the other player by display name only.
    expect(record.ending.seats.map((s) => s.playerId).filter((p) => p !== null)).toHaveLength(1);
    expect((await verifyRecord(record, testRegistry, sha256Hex)).checks.filter((c) => !c.ok)).toEqual([]);

    // Nothing secret, and of the other player only the display name.
    const all = Object.values(files).join('\n');
    for (const secret of [hookSecret, device.subscription.keys.p256dh, device.subscription.keys.auth, device.subscription.endpoint])
      expect(all).not.toContain(secret);
    for (const theirs of [bobMe.email, bobMe.id, 'words of another']) expect(all).not.toContain(theirs);
    expect(all).toContain(bobMe.name);
    expect(all).not.toMatch(/token_hash|tokenHash|unsubscribeToken/);
  });

  it('a private game the player resigned from is still in it; signed-out callers get 401', async () => {
    const { id, tokens } = await api.startedGame(2, { prefix: 'exp-priv' });
    await api.client.query('update games set is_public = false where id = $1', [id]);
    await api.call('POST', `/api/games/${id}/resign`, { token: tokens[1] });
    const files = await exported(tokens[1]);
    expect(JSON.parse(files[`games/${id}.json`])).toMatchObject({ id, status: 'active', seed: null });
    expect((await api.call('GET', '/api/me/export')).status).toBe(401);
    expect(await idOf(api, tokens[1])).toBeTruthy();
  });
});
