/**
 * A fresh, migrated in-memory PGlite in under a second instead of 4-7 s.
 *
 * Creating a PGlite runs initdb inside WASM (3.5-7 s on 2 cores); loading a dump of an
 * already-initialised, migrated data directory takes about 0.8 s. The dump is cached under
 * node_modules/.cache/mountain-post/, keyed by the PGlite version and the content of
 * db/migrations, so a schema change or an upgrade builds a new one by itself.
 * MP_PGLITE_TEMPLATE=0 turns the cache off.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { functionsFolder } from '../db/functions';
import { migratePglite, migrationsFolder } from '../db/migrate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = path.join(root, 'node_modules', '.cache', 'mountain-post');

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = path.join(dir, name);
      return statSync(p).isDirectory() ? filesUnder(p) : [p];
    });
}

function templateKey(): string {
  const h = createHash('sha256');
  const pkg = JSON.parse(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
  h.update(`pglite ${pkg.version}\n`);
  for (const dir of [migrationsFolder, functionsFolder]) {
    for (const f of filesUnder(dir)) h.update(path.relative(root, f)).update('\0').update(readFileSync(f));
  }
  return h.digest('hex').slice(0, 16);
}

/** An in-memory PGlite with every migration applied. */
export async function createMigratedPglite(): Promise<PGlite> {
  if (process.env.MP_PGLITE_TEMPLATE === '0') {
    const db = new PGlite();
    await db.waitReady;
    await migratePglite(db);
    return db;
  }
  const file = path.join(cacheDir, `pglite-${templateKey()}.tar`);
  if (existsSync(file)) {
    try {
      const db = new PGlite({ loadDataDir: new Blob([readFileSync(file)]) });
      await db.waitReady;
      await migratePglite(db); // a no-op when the template is current; cheap insurance
      return db;
    } catch {
      rmSync(file, { force: true }); // unreadable: rebuild below
    }
  }
  const db = new PGlite();
  await db.waitReady;
  await migratePglite(db);
  try {
    const dump = await db.dumpDataDir('none');
    mkdirSync(cacheDir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file); // atomic: parallel builders never see half a file
    for (const old of readdirSync(cacheDir)) {
      if (old.startsWith('pglite-') && old.endsWith('.tar') && path.join(cacheDir, old) !== file)
        rmSync(path.join(cacheDir, old), { force: true });
    }
  } catch {
    // no cache this time; the database itself is fine
  }
  return db;
}
