/**
 * Review of issue 46 ("names that are yours"): the classic Latin look-alikes and blank-looking
 * fillers must give the same key as the name they copy. nameKey folds case before the TR39
 * skeleton, so a capital I (which TR39 maps to "l") is first lowered to "i" and never meets "l";
 * Hangul fillers are removed rather than read as a space; U+2800 (Braille blank) is kept as is.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nameKey } from '../../db/name-key';
import { makeTestApp, type TestApi } from './support';

describe('review46: look-alike names', () => {
  it.each([
    ['Alice', 'AIice'], // capital I for small l
    ['Cyrus Vale', 'Cyrus VaIe'],
    ['lvan', 'Ivan'],
    ['Cyrus Vale', 'Cyrus\u3164Vale'], // Hangul filler where the space was: renders blank
    ['Cyrus Vale', 'Cyrus\u2800Vale'], // Braille pattern blank
  ])('%j and %j have one key', (a, b) => {
    expect(nameKey(b)).toBe(nameKey(a));
  });

  let api: TestApi;
  beforeAll(async () => {
    api = await makeTestApp();
  });
  it('PATCH /api/me refuses "AIice" once "Alice" is taken', async () => {
    await api.signIn('alice@review46.test', 'Alice');
    const imposter = await api.signIn('imposter@review46.test', null);
    const r = await api.call('PATCH', '/api/me', { token: imposter, body: { name: 'AIice' } });
    expect([r.status, r.json.error?.code]).toEqual([400, 'name_taken']);
  });
});
