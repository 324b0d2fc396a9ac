import unhomoglyph from 'unhomoglyph';

/**
 * Characters a reader does not see, or sees as a blank: Unicode's default-ignorable code points
 * and format characters (`\p{Cf}`, among them U+034F, U+00AD, U+200B-U+200D and U+2060), white
 * space, and the fillers that render as blanks without being either (the Hangul fillers U+115F,
 * U+1160, U+3164, U+FFA0 and the Braille blank U+2800). None is part of a key: "Cyrus Vale",
 * "CyrusVale" and "Cyrus\u3164Vale" read as one name.
 */
const BLANK = /[\p{Default_Ignorable_Code_Point}\p{Cf}\s\u115F\u1160\u2800\u3164\uFFA0]/gu;

/** The TR39 confusables skeleton of a string: NFD, each character to its prototype (`unhomoglyph`'s copy of confusables.txt), NFD again. */
const skeleton = (s: string) => unhomoglyph(s.normalize('NFD')).normalize('NFD');

/** Unicode full case folding, near enough: upper then lower case folds ß to "ss" and ς to σ. */
const fold = (s: string) => s.toUpperCase().toLowerCase();

const ascii = (s: string) => /^[\x20-\x7e]*$/.test(s);

/**
 * One character's prototype, whatever its case. TR39's skeleton is case-sensitive: it maps a
 * capital "I" to "l" but leaves a small "i", and it maps a Cyrillic capital "Н" to "H" but a small
 * "н" to the small capital "ʜ". So a character whose skeleton is not plain Latin is read through
 * its capital when that one's is ("н" as "Н", then "H"). No table of our own: the rule only picks
 * which of the two confusables.txt answers to take.
 */
function prototype(c: string): string {
  const own = skeleton(c);
  if (ascii(own)) return own;
  const capital = skeleton(c.toUpperCase());
  return ascii(capital) ? capital : own;
}

/**
 * What a display name is unique by: two names with the same key read alike, in either case. NFKC
 * (a fullwidth "Ｃｙ" is "Cy"), blanks and invisible characters out, each character to its
 * prototype (`prototype`), then upper case, skeleton and case fold again: case folding after the
 * skeleton makes letters confusable that were not ("I" skeletons to "l", "i" upper-cases to "I"),
 * and the second skeleton over the capitals brings them together, so "Alice", "AIice", "ALICE",
 * "A1ice" and "Аlice" (Cyrillic А) share a key, and so do "Ivan" and "lvan". A Cyrillic "а" reads
 * as a Latin "a", "0" as "O". Not meant to be shown. Changing it needs a migration that recomputes
 * the stored keys (see 0027_name_key_v2.sql).
 */
export function nameKey(name: string): string {
  const plain = name.normalize('NFKC').replace(BLANK, '').normalize('NFD');
  const protos = Array.from(plain, prototype).join('');
  return fold(skeleton(protos.toUpperCase())).normalize('NFD').replace(BLANK, '');
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
