/**
 * `npm run verify -- record.json`: checks a finished game's record (GET /api/games/:id/record)
 * offline - the seed against its published SHA-256, then a full replay with this release's
 * engines to the recorded scores and final state. Exit code 0 when every check passes.
 */
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { verifyRecord, type GameRecord } from '../engine/core';
import { gameRegistry } from '../engine/games';

const sha256Hex = async (s: string) => createHash('sha256').update(s).digest('hex');

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npm run verify -- <record.json>');
    process.exit(2);
  }
  let record: GameRecord;
  try {
    record = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    console.error(`cannot read ${file}: ${(err as Error).message}`);
    process.exit(2);
  }
  const v = await verifyRecord(record, gameRegistry, sha256Hex);
  for (const c of v.checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
  console.log(v.ok ? `verified: ${record.title} ${record.id}, scores ${JSON.stringify(v.result?.scores ?? null)}` : 'NOT verified');
  process.exit(v.ok ? 0 : 1);
}

main();
