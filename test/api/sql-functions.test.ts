/**
 * The SQL functions come from db/functions/, one file each, applied after the migrations: the
 * database holds exactly those functions, one signature each, with the files' bodies (not an older
 * migration's), and applying them again changes nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_ORDER, applyFunctions, functionsFolder } from '../../db/functions';
import { createMigratedPglite } from '../../scripts/pglite-template';

let db: PGlite;
beforeAll(async () => {
  db = await createMigratedPglite();
});
afterAll(async () => {
  await db?.close();
});

/** The body between the dollar quotes of a function file. */
function fileBody(name: string): string {
  const text = readFileSync(path.join(functionsFolder, `${name}.sql`), 'utf8');
  const m = /\$\$([\s\S]*)\$\$/.exec(text);
  if (!m) throw new Error(`${name}.sql has no $$ body`);
  return m[1];
}

async function functionsInDb(): Promise<{ name: string; body: string }[]> {
  const r = await db.query<{ name: string; body: string }>(
    `select p.proname as name, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.proname like 'mp\\_%' order by p.proname`,
  );
  return r.rows;
}

describe('SQL functions from db/functions/', () => {
  it('the migrated database holds exactly the functions of the folder, one signature each', async () => {
    const names = (await functionsInDb()).map((f) => f.name);
    expect(names).toEqual([...FUNCTION_ORDER].sort());
  });

  it("each function's body is its file's, not an earlier migration's", async () => {
    for (const f of await functionsInDb()) expect(f.body, f.name).toBe(fileBody(f.name));
  });

  it('applying them again is a no-op: same functions, same bodies, still one signature each', async () => {
    const before = await functionsInDb();
    await applyFunctions((text) => db.exec(text));
    expect(await functionsInDb()).toEqual(before);
  });
});
