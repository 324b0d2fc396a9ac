import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verifyRecord, type GameRecord } from '../../../engine/core';
import { gameRegistry, shippedGames } from '../../../engine/games';

const sha256Hex = async (s: string) => createHash('sha256').update(s).digest('hex');
const dir = new URL('../../records/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('rules versions: the recorded corpus replays to identical final states', () => {
  it('holds one record per game and player count', () => {
    const expected = shippedGames.flatMap((g) =>
      Array.from({ length: g.maxPlayers - g.minPlayers + 1 }, (_, i) => `${g.id}-${g.minPlayers + i}p.json`),
    );
    expect(files.sort()).toEqual(expected.sort());
  });

  for (const file of files) {
    it(`${file} verifies (seed hash, replay, scores, final state hash)`, async () => {
      const record = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as GameRecord;
      const v = await verifyRecord(record, gameRegistry, sha256Hex);
      expect(v.checks.filter((c) => !c.ok)).toEqual([]);
      expect(v.ok).toBe(true);
      expect(v.result?.scores).toEqual(record.result?.scores);
    });
  }

  it('verify rejects a record with a changed move or seed', async () => {
    const record = JSON.parse(readFileSync(new URL('space-mountain-2p.json', dir), 'utf8')) as GameRecord;
    const badSeed = { ...record, seed: record.seed!.replace(/^./, (c) => (c === '0' ? '1' : '0')) };
    const v1 = await verifyRecord(badSeed, gameRegistry, sha256Hex);
    expect(v1.ok).toBe(false);
    expect(v1.checks.find((c) => c.name === 'seed hash')?.ok).toBe(false);

    // Change one move to another legal-looking choice: the replay diverges or refuses it.
    const events = structuredClone(record.events);
    const i = events.findIndex((e) => e.kind === 'move' && (e.move as { type: string }).type === 'go');
    events[i] = { ...events[i], move: { type: 'refuel', flip: [] } };
    const v2 = await verifyRecord({ ...record, events }, gameRegistry, sha256Hex);
    expect(v2.ok).toBe(false);
    expect(v2.checks.some((c) => (c.name === 'replay' || c.name === 'result' || c.name === 'final state') && !c.ok)).toBe(true);

    const v3 = await verifyRecord({ ...record, seed: null }, gameRegistry, sha256Hex);
    expect(v3.ok).toBe(false);
  });
});
