/**
 * Names that are yours: a display name that reads like another account's (NFKC, case folding,
 * invisible and format characters taken out, the TR39 confusables skeleton) is refused with 400
 * `name_taken`; "#", the sign of a shared name's mark, with 400 `bad_name`. Names two accounts
 * shared before keys were kept stay, each shown with its mark wherever names are shown.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fillNameKeys } from '../../db/name-key';
import { makeTestApp, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

const rename = (token: string, name: string) => api.call('PATCH', '/api/me', { token, body: { name } });

describe('names that are yours', () => {
  it('refuses the same name, its case variant, and the name with invisible characters or a look-alike letter', async () => {
    const owner = await api.signIn('cy@names-yours.test', 'Cyrano');
    const other = await api.signIn('imposter@names-yours.test', null);
    for (const copy of [
      'Cyrano',
      'cyrano',
      'CYRANO',
      'Cy\u200brano', // zero-width space
      'Cy\u00adrano', // soft hyphen
      'Cy\u2060rano', // word joiner
      'Cy\u200drano', // zero-width joiner
      'Cy\u034frano', // combining grapheme joiner
      '\u0421yrano', // Cyrillic capital Es
      'Cyr\u0430no', // Cyrillic small a
      'Ｃｙｒａｎｏ', // fullwidth
    ]) {
      const r = await rename(other, copy);
      expect([JSON.stringify(copy), r.status, r.json.error?.code]).toEqual([JSON.stringify(copy), 400, 'name_taken']);
      expect(r.json.error.message).toContain('reads the same');
    }
    expect((await api.call('GET', '/api/me', { token: other })).json.nameChosen).toBe(false);
    // A name of its own is fine, and the owner may keep (or re-send) theirs.
    expect((await rename(other, 'Cyrus')).status).toBe(200);
    expect((await rename(owner, 'Cyrano')).status).toBe(200);
    // Two at once for names that read alike: one gets it.
    const [a, b] = [await api.signIn('a@names-yours.test', null), await api.signIn('b@names-yours.test', null)];
    const both = await Promise.all([rename(a, 'Zelda Q'), rename(b, 'zelda q')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('refuses "#" and what reads as it: the sign of a shared name’s mark', async () => {
    const token = await api.signIn('hash@names-yours.test', null);
    for (const name of ['Cy #3f9a', 'Cy ＃3f9a']) {
      const r = await rename(token, name);
      expect([r.status, r.json.error.code]).toEqual([400, 'bad_name']);
    }
  });

  it('names two accounts shared before keep, each shown with its mark in the profile, the lobby and the seats', async () => {
    const first = await api.signIn('twin1@names-yours.test', 'Twin Shared');
    const second = await api.signIn('twin2@names-yours.test', 'Other Twin');
    const [id1, id2] = [
      (await api.call('GET', '/api/me', { token: first })).json.id,
      (await api.call('GET', '/api/me', { token: second })).json.id,
    ];
    // As the data stood before names were unique: the second account took the same name, in another case.
    await api.client.query("update users set name = 'twin shared', name_key = null where id = $1", [id2]);
    await api.client.query('update users set name_key = null where id = $1', [id1]);
    await fillNameKeys((text, params) => api.client.query(text, params));
    const shown1 = (await api.call('GET', `/api/players/${id1}`)).json.name;
    const shown2 = (await api.call('GET', `/api/players/${id2}`)).json.name;
    expect(shown1).toBe(`Twin Shared #${id1.slice(2, 6)}`);
    expect(shown2).toBe(`twin shared #${id2.slice(2, 6)}`);
    const table = await api.call('POST', '/api/games', { token: first, body: { type: 'secret-dice', players: 2 } });
    const invite = new URL(table.json.inviteUrl).searchParams.get('invite')!;
    await api.call('POST', `/api/games/${table.json.id}/join`, { token: second, body: { invite } });
    const lobby = (await api.call('GET', '/api/lobby')).json;
    const listed = [...lobby.open, ...lobby.live].find((g: { id: string }) => g.id === table.json.id);
    expect(listed.seats.map((s: { name: string }) => s.name)).toEqual([shown1, shown2]);
    const meta = (await api.call('GET', `/api/games/${table.json.id}`, { token: first })).json;
    expect(meta.seats.map((s: { name: string }) => s.name)).toEqual([shown1, shown2]);
    // A new name of one's own takes the mark away; the old one stays taken by the other account.
    expect((await rename(second, 'Twin Shared')).json.error?.code).toBe('name_taken');
    expect((await rename(second, 'Twin Other')).json.name).toBe('Twin Other');
    expect((await api.call('GET', `/api/players/${id2}`)).json.name).toBe('Twin Other');
  });
});
