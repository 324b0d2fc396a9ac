/**
 * Canonical JSON: object keys sorted at every depth, so two equal values give the same string.
 * Used to compare moves by value and state snapshots byte for byte.
 */
export function canonicalJson(value: unknown): string {
  // Written out rather than JSON.stringify with a replacer that rebuilds every object with sorted
  // keys: the same text, without a copy of each object; the move path compares every legal move.
  return canonical(value) as string;
}

/** `JSON.stringify(value)` with sorted object keys; undefined where JSON.stringify gives undefined. */
function canonical(value: unknown): string | undefined {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      break;
    default:
      return JSON.stringify(value);
  }
  const toJson = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJson === 'function') return canonical(toJson.call(value));
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += `${i > 0 ? ',' : ''}${canonical(value[i]) ?? 'null'}`;
    return `${out}]`;
  }
  const o = value as Record<string, unknown>;
  let out = '';
  for (const key of Object.keys(o).sort()) {
    const v = canonical(o[key]);
    if (v !== undefined) out += `${out ? ',' : ''}${JSON.stringify(key)}:${v}`;
  }
  return `{${out}}`;
}

/** True when two moves are equal by value (key order ignored). */
export function sameMove(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** A deep copy of plain JSON data (structuredClone keeps it pure and engine-safe). */
export function clone<T>(value: T): T {
  return structuredClone(value);
}
