/**
 * The record checker's words (pure: no DOM, no fetch; tested in test/client/table-verify.test.ts):
 * each check's name for people, and a record read from a file or pasted text.
 */

/** Plain words for the checks `verifyRecord` makes (engine/core/record.ts). */
export const CHECK_TEXT: Record<string, string> = {
  format: 'Record format',
  'seed published': 'Seed published',
  'seed hash': 'Seed matches its published hash',
  'game type': 'Game known to this client',
  'rules version': 'Same rules version',
  complete: 'Every move present',
  replay: 'Moves replay legally',
  result: 'Same result',
  'final state': 'Same final state',
};

export function checkLabel(name: string): string {
  return CHECK_TEXT[name] ?? name.replace(/^./, (c) => c.toUpperCase());
}

/** Parses pasted or uploaded text as a record: the object, or a message saying what is wrong. */
export function parseRecordText(text: string): { ok: true; record: Record<string, unknown> } | { ok: false; error: string } {
  const t = text.trim();
  if (!t) return { ok: false, error: 'Paste a game record, or choose a record file.' };
  let value: unknown;
  try {
    value = JSON.parse(t);
  } catch (err) {
    return { ok: false, error: `This is not valid JSON: ${(err as Error).message}` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: 'A game record is a JSON object.' };
  return { ok: true, record: value as Record<string, unknown> };
}
