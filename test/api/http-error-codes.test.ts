import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from './support';

/**
 * Errors the framework raises before a route runs (a body that is not JSON, the wrong media type)
 * carry the same `{error:{code,message}}` as the routes' own, with a code named for the status,
 * and change nothing.
 */

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

describe('framework HTTP errors', () => {
  it('a move sent as text/plain or with no Content-Type: 415 unsupported_media_type saying what to send; broken JSON: 400 bad_request; nothing stored', async () => {
    const { id, tokens } = await api.startedGame(2);
    const before = await api.rowCounts();
    const body = '{"version":1,"move":{"type":"bank"}}';
    const path = `/api/games/${id}/moves`;
    const plain = await api.call('POST', path, { token: tokens[0], headers: { 'content-type': 'text/plain' }, raw: body });
    const none = await api.call('POST', path, { token: tokens[0], raw: body });
    for (const r of [plain, none]) {
      expect(r.status).toBe(415);
      expect(r.json.error.code).toBe('unsupported_media_type');
      expect(r.json.error.message).toContain('application/json');
    }
    const broken = await api.call('POST', path, {
      token: tokens[0],
      headers: { 'content-type': 'application/json' },
      raw: '{"version":1,',
    });
    expect([broken.status, broken.json.error.code]).toEqual([400, 'bad_request']);
    expect(await api.rowCounts()).toEqual(before);
  });
});

describe('unknown fields', () => {
  it('a game created with a misspelt field (`private` for `public: false`) is refused with 400 naming it, and no game is stored', async () => {
    const token = await api.signIn('misspelt@example.test');
    const before = await api.rowCounts();
    const r = await api.call('POST', '/api/games', { token, body: { type: 'secret-dice', players: 2, private: true } });
    expect([r.status, r.json.error.code]).toEqual([400, 'bad_request']);
    expect(r.json.error.message).toContain('private');
    expect(await api.rowCounts()).toEqual(before);
    const ok = await api.call('POST', '/api/games', { token, body: { type: 'secret-dice', players: 2, public: false } });
    expect(ok.status).toBe(201);
  });

  it('every JSON body refuses a field it does not name: a misspelt settings field is 400 and the settings stay as they were', async () => {
    const token = await api.signIn('misspelt-settings@example.test');
    const settings = await api.call('GET', '/api/me/notifications', { token });
    expect(settings.status).toBe(200);
    // The answer sent back as it came (its read-only parts included) is accepted.
    const same = await api.call('PUT', '/api/me/notifications', { token, body: { ...settings.json, email: false } });
    expect([same.status, same.json.email]).toEqual([200, false]);
    const misspelt = await api.call('PUT', '/api/me/notifications', { token, body: { ...same.json, emial: true } });
    expect([misspelt.status, misspelt.json.error.code]).toEqual([400, 'bad_request']);
    expect(misspelt.json.error.message).toContain('emial');
    expect((await api.call('GET', '/api/me/notifications', { token })).json.email).toBe(false);
    // Inside nested objects too: a misspelt webhook `secret` once got a random key in its place.
    const hook = { url: 'https://example.com/hook', format: 'json', secert: 'k'.repeat(32) };
    const nested = await api.call('PUT', '/api/me/notifications', { token, body: { ...same.json, webhook: hook } });
    expect([nested.status, nested.json.error.message]).toEqual([400, expect.stringContaining('secert')]);
    expect((await api.call('GET', '/api/me/notifications', { token })).json.webhook).toBeNull();
    const name = await api.call('PATCH', '/api/me', { token, body: { name: 'Ada', nickname: 'A' } });
    expect([name.status, name.json.error.message]).toEqual([400, expect.stringContaining('nickname')]);
  });
});
