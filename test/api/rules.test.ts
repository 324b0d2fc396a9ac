import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

describe('GET /api/game-types/:id/rules', () => {
  it.each(['big-thunder', 'snowdonia', 'space-mountain'])('%s answers a summary and its readings', async (id) => {
    const r = await api.call('GET', `/api/game-types/${id}/rules`);
    expect(r.status).toBe(200);
    expect(r.json.id).toBe(id);
    expect(r.json.summary.goal.length).toBeGreaterThan(40);
    expect(r.json.summary.turn.length).toBeGreaterThanOrEqual(3);
    expect(r.json.notes.length).toBeGreaterThanOrEqual(3);
    const ids = r.json.notes.map((n: { id: string }) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('every option a note names is an option of that game', async () => {
    const types = (await api.call('GET', '/api/game-types')).json as { id: string; options: { properties?: Record<string, unknown> } }[];
    for (const t of types) {
      const r = await api.call('GET', `/api/game-types/${t.id}/rules`);
      if (!['big-thunder', 'snowdonia', 'space-mountain'].includes(t.id)) continue; // test fixtures have no How to play
      const notes = r.json.notes as { option?: string }[];
      for (const n of notes.filter((n) => n.option))
        expect(Object.keys(t.options.properties ?? {}), `${t.id}: ${n.option}`).toContain(n.option);
    }
  });

  it('names the readings the issue asks for', async () => {
    const bt = (await api.call('GET', '/api/game-types/big-thunder/rules')).json;
    expect(bt.notes.find((n: { id: string }) => n.id === 'fate-on-empty-basin')?.option).toBe('fateOnEmptyBasin');
    const sm = (await api.call('GET', '/api/game-types/space-mountain/rules')).json;
    expect(sm.notes.map((n: { id: string }) => n.id)).toEqual(expect.arrayContaining(['gauge-reaches-one', 'empty-marker-pool']));
    const sn = (await api.call('GET', '/api/game-types/snowdonia/rules')).json;
    expect(sn.notes.map((n: { id: string }) => n.id)).toContain('rulebook-cut-off');
  });

  it('an unknown game type is a 404 with a clear error', async () => {
    const r = await api.call('GET', '/api/game-types/chess/rules');
    expect(r.status).toBe(404);
    expect(r.json.error.code).toBe('unknown_game_type');
  });
});
