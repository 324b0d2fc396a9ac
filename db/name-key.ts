import unhomoglyph from 'unhomoglyph';

/**
 * Characters a reader does not see: Unicode's default-ignorable code points and format
 * characters (`\p{Cf}`), among them U+034F, U+00AD, U+200B-U+200D and U+2060, and the Hangul
 * fillers that render as blanks.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\u115F\u1160\u3164\uFFA0]/gu;

/** Unicode full case folding, near enough: upper then lower case folds ß to "ss" and ς to σ. */
const fold = (s: string) => s.toUpperCase().toLowerCase();

/**
 * What a display name is unique by: two names with the same key read alike. NFKC (a fullwidth
 * "Ｃｙ" is "Cy"), case folded, invisible characters taken out, runs of spaces as one, then the
 * confusables skeleton of Unicode TR39 (NFD, each character mapped to its prototype by the
 * `unhomoglyph` package's copy of confusables.txt, NFD again), folded again: a Cyrillic "а" reads
 * as a Latin "a", "rn" as "m", "0" as "O". Not meant to be shown.
 */
export function nameKey(name: string): string {
  const plain = fold(name.normalize('NFKC')).replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
  return fold(unhomoglyph(plain.normalize('NFD')).normalize('NFD')).replace(INVISIBLE, '');
}

/** The mark shown after a name that another account shares (`users.name_mark`): the profile id's first four letters after `u_`. */
export function nameMarkOf(userId: string): string {
  return `#${userId.replace(/^u_/, '').slice(0, 4)}`;
}

/** A query as both database clients take it (PGlite's `query`, the Neon pool's `query`). */
type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Fills in `users.name_key` for the accounts made before keys were kept (run by `npm run
 * db:migrate` after the migrations), and marks each name that two accounts or more share by key
 * (`users.name_mark`): such names stay, told apart wherever they are shown. Returns how many keys it wrote.
 */
export async function fillNameKeys(query: Query): Promise<number> {
  let written = 0;
  for (;;) {
    const { rows } = await query('select id, name from users where name_key is null order by id limit 500');
    if (rows.length === 0) break;
    for (const r of rows) await query('update users set name_key = $2 where id = $1', [r.id, nameKey(String(r.name))]);
    written += rows.length;
  }
  const shared = await query(
    'select u.id from users u where u.name_mark is null and exists (select 1 from users o where o.name_key = u.name_key and o.id <> u.id)',
  );
  for (const r of shared.rows) await query('update users set name_mark = $2 where id = $1', [r.id, nameMarkOf(String(r.id))]);
  return written;
}
