/**
 * Applies the SQL functions of db/functions/ (one file per function, `CREATE OR REPLACE`) after
 * the migrations, so each function has one definition a maintainer finds by its name, and a
 * changed body needs no migration. Node only (reads the files). See db/functions/README.md.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of the function files. */
export const functionsFolder = fileURLToPath(new URL('./functions', import.meta.url));

/**
 * Every function file, in the order they are applied: one that another calls comes first
 * (PL/pgSQL checks the calls only when it runs, but the order keeps a LANGUAGE sql one safe).
 */
export const FUNCTION_ORDER = [
  'mp_recipients',
  'mp_tail',
  'mp_game_request',
  'mp_append_event',
  'mp_delivery_context',
  'mp_held_deliveries',
  'mp_claim_deliveries',
  'mp_finish_deliveries',
  'mp_ending_inputs',
  'mp_record_ending',
  'mp_pass_read',
] as const;

/** The SQL text of each function file, in `FUNCTION_ORDER`. Throws when a file is missing or not listed. */
export function functionSources(): { name: string; sql: string }[] {
  const files = readdirSync(functionsFolder)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => f.slice(0, -4));
  const unlisted = files.filter((f) => !(FUNCTION_ORDER as readonly string[]).includes(f));
  if (unlisted.length) throw new Error(`db/functions: add ${unlisted.join(', ')} to FUNCTION_ORDER in db/functions.ts`);
  return FUNCTION_ORDER.map((name) => ({ name, sql: readFileSync(path.join(functionsFolder, `${name}.sql`), 'utf8') }));
}

/** Runs every function file through `exec` (one call per file, each a single statement). */
export async function applyFunctions(exec: (sql: string) => Promise<unknown>): Promise<void> {
  for (const f of functionSources()) await exec(f.sql);
}
