/**
 * Display names and `@name` mentions in table chat, shared by the server (who is notified) and
 * the client (what is highlighted, what completion offers), so both read a line the same way.
 * Not game rules; lives here because engine/ is the code both sides import. Pure.
 */

/** Control characters, line/paragraph separators and runs of white space. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this folds away
const SPACES = /[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const LETTER_OR_DIGIT = /[\p{L}\p{N}\p{M}]/u;

/**
 * A display name as stored and shown: Unicode NFC (so `Zoë` typed composed or decomposed is
 * one name), control characters and runs of white space as one space, trimmed. Empty when
 * nothing printable is left.
 */
export function normaliseName(name: string): string {
  return name.normalize('NFC').replace(SPACES, ' ').trim();
}

/** Chat text as stored: NFC (line breaks kept), trimmed. */
export function normaliseChatText(text: string): string {
  return text.normalize('NFC').trim();
}

/** One mention found in a text: `[start, end)` covers `@` and the name (indexes into the NFC text). */
export interface Mention {
  start: number;
  end: number;
  /** The seated name it matched, as given in `names`. */
  name: string;
}

const fold = (s: string) => s.normalize('NFC').toLowerCase();

/**
 * The mention syntax: `@` (at the start or after a character that is not a letter or digit, so
 * `ivan@example.com` mentions nobody) followed by the longest of `names` that matches there,
 * compared case-insensitively in NFC, and not followed by a letter or digit (`@Adam` is not
 * `@Ada`). Names may hold spaces, `+`, `@` or any other character. `text` is read in NFC; the
 * indexes refer to `text.normalize('NFC')`.
 */
export function findMentions(text: string, names: readonly string[]): Mention[] {
  const t = text.normalize('NFC');
  // Longest first, so "Ada Lovelace" wins over "Ada"; empty names never match.
  const candidates = [...new Set(names)]
    .map((name) => ({ name, nfc: normaliseName(name) }))
    .filter((c) => c.nfc.length > 0)
    .sort((a, b) => b.nfc.length - a.nfc.length);
  const out: Mention[] = [];
  for (let i = t.indexOf('@'); i !== -1; ) {
    let next = i + 1;
    if (i === 0 || !LETTER_OR_DIGIT.test(t[i - 1])) {
      const hit = candidates.find((c) => {
        const end = i + 1 + c.nfc.length;
        return fold(t.slice(i + 1, end)) === fold(c.nfc) && !LETTER_OR_DIGIT.test(t[end] ?? '');
      });
      if (hit) {
        next = i + 1 + hit.nfc.length;
        out.push({ start: i, end: next, name: hit.name });
      }
    }
    i = t.indexOf('@', next);
  }
  return out;
}

/**
 * Completion for a chat box: when the text before the caret ends in `@` and the start of a name
 * (after a non-letter, as in `findMentions`), the names that begin with what was typed
 * (case-insensitive, NFC), shortest first; else null. `from` is where the `@` stands.
 */
export function mentionCompletions(beforeCaret: string, names: readonly string[]): { from: number; typed: string; names: string[] } | null {
  const t = beforeCaret.normalize('NFC');
  // Names may hold spaces, so look back at most 40 characters (the longest name) for an `@`.
  for (let at = t.lastIndexOf('@'); at !== -1 && t.length - at <= 41; at = at > 0 ? t.lastIndexOf('@', at - 1) : -1) {
    if (at > 0 && LETTER_OR_DIGIT.test(t[at - 1])) continue;
    const typed = t.slice(at + 1);
    const key = fold(typed);
    const found = [...new Set(names)].filter((n) => fold(normaliseName(n)).startsWith(key));
    const onlyWhatWasTyped = found.length === 1 && fold(normaliseName(found[0])) === key;
    if (found.length && !onlyWhatWasTyped)
      return { from: at, typed, names: found.sort((a, b) => a.length - b.length || a.localeCompare(b)) };
  }
  return null;
}
