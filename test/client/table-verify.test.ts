/**
 * The verify page's checker (client/verify.ts) as it runs in the browser - WebCrypto's SHA-256
 * and the client's bundled engines - on committed corpus records and on tampered copies.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { sha256Hex, verifyInBrowser } from '../../client/verify';
import { secretDice } from '../fixtures/secret-dice';

const records = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'records');
const load = (name: string) => JSON.parse(readFileSync(path.join(records, name), 'utf8')) as Record<string, any>;
const byName = (checks: { name: string; ok: boolean }[]) => Object.fromEntries(checks.map((c) => [c.name, c.ok]));

describe('verifying a record in the browser', () => {
  test('WebCrypto SHA-256 as lowercase hex', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  test('a corpus record passes every check', async () => {
    const v = await verifyInBrowser(load('space-mountain-2p.json'));
    expect(v.checks.filter((c) => !c.ok)).toEqual([]);
    expect(v.ok).toBe(true);
    expect(Object.keys(byName(v.checks))).toEqual(
      expect.arrayContaining(['seed hash', 'rules version', 'replay', 'result', 'final state']),
    );
  });

  test('a changed seed fails the seed-hash check', async () => {
    const r = load('space-mountain-2p.json');
    r.seed = (r.seed[0] === '0' ? '1' : '0') + r.seed.slice(1);
    const v = await verifyInBrowser(r);
    expect(v.ok).toBe(false);
    expect(byName(v.checks)['seed hash']).toBe(false);
  });

  test('a changed rules version and a changed result fail their checks', async () => {
    const r = load('space-mountain-2p.json');
    r.rulesVersion = '0-old';
    r.result = { ...r.result, scores: r.result.scores.map((s: number) => s + 1) };
    const checks = byName((await verifyInBrowser(r)).checks);
    expect(checks['rules version']).toBe(false);
    expect(checks.result).toBe(false);
    expect(checks['seed hash']).toBe(true);
  });

  test('an unknown game type says so; extra rules make it checkable', async () => {
    const r = load('space-mountain-2p.json');
    r.type = 'no-such-game';
    const v = await verifyInBrowser(r);
    expect(v.ok).toBe(false);
    expect(v.checks.find((c) => c.name === 'game type')).toMatchObject({ ok: false, detail: expect.stringMatching(/unknown game type/) });

    const extra = await verifyInBrowser({ ...load('space-mountain-2p.json'), type: secretDice.id, rulesVersion: secretDice.rulesVersion }, [
      secretDice,
    ]);
    expect(byName(extra.checks)['game type']).toBe(true);
  });

  test('a malformed record is reported, not thrown', async () => {
    const v = await verifyInBrowser({
      format: 'mountain-post-record/1',
      seed: 'ab',
      seedHash: 'x',
      type: 'space-mountain',
      rulesVersion: '1',
    });
    expect(v.ok).toBe(false);
    expect(v.checks.some((c) => !c.ok)).toBe(true);
  });
});
