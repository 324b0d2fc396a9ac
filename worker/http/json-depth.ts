/**
 * Deepest nesting of arrays and objects a JSON request body may have. The API's deepest body
 * (notification settings with a webhook) has 3 levels; anything far deeper is an attack on the
 * recursive code that walks parsed values (zod, `canonicalJson`, jsonb), so it is refused
 * before parsing.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * How deep `text` nests arrays and objects, read as JSON text without parsing it, stopping as
 * soon as `limit` is passed (then returns `limit + 1`). Brackets inside strings do not count.
 * Malformed text gets some number; the JSON parser refuses it later.
 */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: the next character is escaped
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return limit + 1;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return deepest;
}
