/**
 * "One name per player, everywhere": log lines name players with `{{p:N}}` markers, which every
 * surface replaces with that seat's display name. A display name holding a marker would make a
 * line the platform wrote with the name baked in ("<name> created the game.") read as another
 * player's line. Found by a fresh-eyes pass against `npm start`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

describe('one name per player: a display name cannot carry a {{p:N}} log marker', () => {
  it('refuses "{{p:1}}" and names with "{{" or "}}" with 400, and keeps the name it had', async () => {
    const token = await api.signIn('marker-name@example.com', 'Cy');
    for (const name of ['{{p:1}}', 'Cy {{p:0}}', 'a{{b', 'a}}b']) {
      const r = await api.call('PATCH', '/api/me', { token, body: { name } });
      expect(r.status, name).toBe(400);
      expect(r.json.error.code).toBe('bad_request');
      expect(r.json.error.message).toContain('cannot contain "{{" or "}}"');
    }
    const me = await api.call('GET', '/api/me', { token });
    expect(me.json.name).toBe('Cy');
  });

  it('still takes names with single braces', async () => {
    const token = await api.signIn('brace-name@example.com', null);
    const r = await api.call('PATCH', '/api/me', { token, body: { name: 'Cy {the bold}' } });
    expect(r.status).toBe(200);
    expect(r.json.name).toBe('Cy {the bold}');
  });
});
