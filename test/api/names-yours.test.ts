/**
 * Names that are yours: a display name that reads like another account's (NFKC, case folding,
 * invisible and format characters taken out, the TR39 confusables skeleton) is refused with 400
 * `name_taken`; "#", the sign of a shared name's mark, with 400 `bad_name`. Names two accounts
 * shared before keys were kept stay, each shown with its mark wherever names are shown.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillNameKeys, nameKey } from '../../db/name-key';
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

  it.each([
    ['Alice', 'AIice'], // capital I for small l: TR39 maps "I" to "l", case folding makes it "i"
    ['Cyrus Vale', 'Cyrus VaIe'],
    ['lvan', 'Ivan'],
    ['ivan', 'Ivan'],
    ['Alice', 'A1ice'],
    ['H\u0435llo', '\u041dello'], // Cyrillic small and capital letters, each read as its Latin look-alike
    ['\u043dello', '\u041dello'], // Cyrillic small en and capital En: case variants of one another
    ['Cyrus Vale', 'Cyrus\u3164Vale'], // Hangul filler where the space was: renders blank
    ['Cyrus Vale', 'Cyrus\u115fVale'],
    ['Cyrus Vale', 'Cyrus\u1160Vale'],
    ['Cyrus Vale', 'Cyrus\uffa0Vale'], // halfwidth Hangul filler
    ['Cyrus Vale', 'Cyrus\u2800Vale'], // Braille pattern blank
    ['Cyrus Vale', 'CyrusVale'],
  ])('reads %j and %j, look-alikes in either case or with a blank filler, as one name (one key)', (a, b) => {
    expect(nameKey(b)).toBe(nameKey(a));
  });

  it('keeps names apart that only look alike to a careless key', () => {
    for (const [a, b] of [
      ['Alice', 'Alicia'],
      ['Bob', 'Rob'],
      ['Anna', 'Hanna'],
    ])
      expect(nameKey(a)).not.toBe(nameKey(b));
  });

  it('refuses "AIice" (a capital I) once "Alice" is taken, and a name of blank fillers only', async () => {
    await api.signIn('alice@names-yours.test', 'Alice');
    const imposter = await api.signIn('aiice@names-yours.test', null);
    const r = await rename(imposter, 'AIice');
    expect([r.status, r.json.error?.code]).toEqual([400, 'name_taken']);
    const blank = await rename(imposter, '\u3164\u2800');
    expect(blank.status).toBe(400);
  });

  it('refuses the labels shown for seats no player names, and the given form "Player NNNN", as names read (look-alikes too)', async () => {
    const token = await api.signIn('labels@names-yours.test', null);
    for (const [name, why] of [
      ['Deleted player', 'label'],
      ['deleted PLAYER', 'label'],
      ['Bot', 'label'],
      ['B\u043et', 'label'], // Cyrillic o
      ['Player', 'label'],
      ['Player 1234', 'given'],
      ['\u03a1layer 1234', 'given'], // Greek capital Rho
      ['PIayer 4821', 'given'],
    ]) {
      const r = await rename(token, name);
      expect([name, r.status, r.json.error?.code]).toEqual([name, 400, 'bad_name']);
      expect(r.json.error.message).toContain(why === 'label' ? 'a label the app shows' : 'the form of name new accounts are given');
    }
    expect((await rename(token, 'Botanist')).status).toBe(200);
    expect((await rename(token, 'Player One')).status).toBe(200);
  });

  it('recomputes the keys stored before (migration 0027), marking the names that now read as another account’s', async () => {
    const first = await api.signIn('alma@names-yours.test', 'Alma Rue');
    const second = await api.signIn('aima@names-yours.test', 'Other Alma');
    const [id1, id2] = [
      (await api.call('GET', '/api/me', { token: first })).json.id,
      (await api.call('GET', '/api/me', { token: second })).json.id,
    ];
    // As the older key left it: case folded before the skeleton, so "AIma Rue" (capital I) had a key of its own.
    await api.client.query("update users set name = 'AIma Rue', name_key = 'aima rue', name_mark = null where id = $1", [id2]);
    await api.client.exec(readFileSync(new URL('../../db/migrations/0027_name_key_v2.sql', import.meta.url), 'utf8'));
    await fillNameKeys((text, params) => api.client.query(text, params));
    const keys = await api.client.query<{ id: string; name_key: string }>('select id, name_key from users where id = any($1)', [
      [id1, id2],
    ]);
    expect(new Set(keys.rows.map((r) => r.name_key))).toEqual(new Set([nameKey('Alma Rue')]));
    expect((await api.call('GET', `/api/players/${id1}`)).json.name).toBe(`Alma Rue #${id1.slice(2, 6)}`);
    expect((await api.call('GET', `/api/players/${id2}`)).json.name).toBe(`AIma Rue #${id2.slice(2, 6)}`);
    expect((await api.client.query('select count(*)::int as n from users where name_key is null')).rows).toEqual([{ n: 0 }]);
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
