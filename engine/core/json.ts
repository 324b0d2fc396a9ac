/**
 * Canonical JSON: object keys sorted at every depth, so two equal values give the same string.
 * Used to compare moves by value and state snapshots byte for byte.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, v[k]]),
      );
    }
    return v;
  });
}

/** True when two moves are equal by value (key order ignored). */
export function sameMove(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** A deep copy of plain JSON data (structuredClone keeps it pure and engine-safe). */
export function clone<T>(value: T): T {
  return structuredClone(value);
}
