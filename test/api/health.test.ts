import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

describe('meta routes', () => {
  it('GET /api/health answers { ok: true }', async () => {
    const r = await api.call('GET', '/api/health');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ok: true });
  });

  it('GET /api/openapi.json documents every required path', async () => {
    const r = await api.call('GET', '/api/openapi.json');
    expect(r.status).toBe(200);
    const paths = Object.keys(r.json.paths);
    for (const p of [
      '/api/health',
      '/api/auth/email',
      '/auth/callback',
      '/api/auth/token',
      '/api/auth/logout',
      '/api/me',
      '/api/game-types',
      '/api/games',
      '/api/games/{id}',
      '/api/games/{id}/join',
      '/api/games/{id}/start',
      '/api/games/{id}/state',
      '/api/games/{id}/moves',
      '/api/games/{id}/undo',
      '/api/games/{id}/log',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('GET /api/game-types lists the fixture game with a JSON Schema of its options', async () => {
    const r = await api.call('GET', '/api/game-types');
    const sd = r.json.find((g: { id: string }) => g.id === 'secret-dice');
    expect(sd).toMatchObject({ minPlayers: 2, maxPlayers: 4 });
    expect(sd.options.properties.rounds).toMatchObject({ type: 'integer', minimum: 1, maximum: 10, default: 3 });
  });

  it('unknown routes answer 404 in the error format', async () => {
    const r = await api.call('GET', '/api/nope');
    expect(r.status).toBe(404);
    expect(r.json.error.code).toBe('not_found');
  });
});
