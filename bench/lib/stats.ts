/**
 * Small statistics for benchmarks: median, p95 and friends over a list of samples (ms).
 * No dependency: sorting and linear interpolation.
 */

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

/** The q-quantile (0..1) of sorted values, linear interpolation between closest ranks. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export function summarize(samples: readonly number[]): Summary {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / (s.length || 1);
  return { n: s.length, p50: quantile(s, 0.5), p95: quantile(s, 0.95), mean, min: s[0] ?? Number.NaN, max: s[s.length - 1] ?? Number.NaN };
}

/** Rounds for JSON: 3 significant decimals for small numbers, fewer for big ones. */
export function round(x: number, digits = 3): number {
  if (!Number.isFinite(x)) return x;
  const a = Math.abs(x);
  const d = a >= 1000 ? 0 : a >= 100 ? 1 : a >= 10 ? 2 : digits;
  const f = 10 ** d;
  return Math.round(x * f) / f;
}

export function roundSummary(s: Summary): Summary {
  return { n: s.n, p50: round(s.p50), p95: round(s.p95), mean: round(s.mean), min: round(s.min), max: round(s.max) };
}

/** a / b rounded, or null when either is missing. */
export function ratio(a: number | undefined, b: number | undefined): number | null {
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return null;
  return round(a / b, 3);
}

/** Resolves after ms. */
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
