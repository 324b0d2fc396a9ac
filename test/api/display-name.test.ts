import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApi } from './support';

/**
 * A new account is "Player NNNN" until its player chooses a name: `GET /api/me` says so
 * (`nameChosen`) and offers a name made from the address's local part (`suggestedName`), so the
 * page can ask on the first sign-in.
 */
let api: TestApi;
beforeAll(async () => {
  api = await makeTestApp();
});

const me = async (token: string) => (await api.call('GET', '/api/me', { token })).json;

describe('choosing a display name', () => {
  it('a new account has not chosen a name; the suggestion is the capitalised local part, never the address', async () => {
    const token = await api.signIn('grace.hopper+games@navy.test', null);
    const m = await me(token);
    expect(m.name).toMatch(/^Player \d{4}$/);
    expect([m.nameChosen, m.suggestedName]).toEqual([false, 'Grace Hopper']);
  });

  it('once chosen with PATCH /api/me: nameChosen, no suggestion; the next account with that local part is offered a number', async () => {
    const token = await api.signIn('ada_lovelace@engine.test', null);
    expect((await me(token)).suggestedName).toBe('Ada Lovelace');
    const r = await api.call('PATCH', '/api/me', { token, body: { name: 'Ada Lovelace' } });
    expect(r.status, r.text).toBe(200);
    expect(await me(token)).toMatchObject({ name: 'Ada Lovelace', nameChosen: true, suggestedName: null });
    const other = await api.signIn('ada-lovelace@elsewhere.test', null);
    expect((await me(other)).suggestedName).toBe('Ada Lovelace 2');
  });

  it('the form new accounts are given is refused as a chosen name', async () => {
    const token = await api.signIn('neutral@names.test', null);
    const r = await api.call('PATCH', '/api/me', { token, body: { name: 'Player 1234' } });
    expect([r.status, r.json.error.code]).toEqual([400, 'bad_name']);
    expect((await me(token)).nameChosen).toBe(false);
    // "Player" with other words is a name like any other.
    expect((await api.call('PATCH', '/api/me', { token, body: { name: 'Player One' } })).status).toBe(200);
    expect((await me(token)).nameChosen).toBe(true);
  });

  it('half of a surrogate pair is refused with 400; a whole pair (an emoji) is a name like any other', async () => {
    const token = await api.signIn('surrogates@names.test', null);
    for (const name of ['Ada \uD83D', '\uDE00 Ada', 'A\uDFFFda']) {
      const r = await api.call('PATCH', '/api/me', { token, body: { name } });
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect(r.json.error.message).toContain('surrogate');
    }
    expect((await me(token)).nameChosen).toBe(false);
    expect((await api.call('PATCH', '/api/me', { token, body: { name: 'Ada \uD83D\uDE00' } })).status).toBe(200);
    expect((await me(token)).name).toBe('Ada \uD83D\uDE00');
  });

  it('a name of invisible characters only, or with a bidirectional control that would reverse the rest of a log line, is refused with 400', async () => {
    const token = await api.signIn('invisible@names.test', null);
    // Zero-width spaces, a word joiner, a BOM, a soft hyphen: a blank pill, "Waiting for  to move".
    // U+202E (right-to-left override) and its kin: "Cy\u202E has decided." reads "Cy.dediced sah".
    for (const name of ['\u200B\u200B', '\u2060\uFEFF', '\u00AD', ' \u200C ', 'Cy\u202E', '\u202Dyc', 'Ada\u2067', 'Bo\u200F\u202B']) {
      const r = await api.call('PATCH', '/api/me', { token, body: { name } });
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect(r.json.error.code).toBe('bad_request');
    }
    expect((await me(token)).nameChosen).toBe(false);
    // Right-to-left scripts and a zero-width joiner inside an emoji are names like any other.
    for (const name of ['\u05D3\u05E0\u05D4', '\u0639\u0644\u064A', 'Ada \u{1F469}\u200D\u{1F680}']) {
      const r = await api.call('PATCH', '/api/me', { token, body: { name } });
      expect(r.status, JSON.stringify(name)).toBe(200);
      expect((await me(token)).name).toBe(name);
    }
  });

  it('no suggestion from a local part without a letter', async () => {
    const token = await api.signIn('12345@digits.test', null);
    expect(await me(token)).toMatchObject({ nameChosen: false, suggestedName: null });
  });
});
