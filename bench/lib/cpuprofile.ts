/**
 * CPU profiles for hot-spot reports: record one in this Node process (node:inspector) or take
 * one from any V8 inspector (workerd) with the Chrome DevTools Protocol, then summarize it as
 * the functions with the most self time and the source files with the most total self time.
 */
import { Session } from 'node:inspector';

/** The subset of a V8 `Profiler.Profile` we read. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

export interface HotSpot {
  fn: string;
  where: string;
  self_ms: number;
  self_pct: number;
}

export interface ProfileSummary {
  total_ms: number;
  /** Share of samples that were idle (waiting for I/O). */
  idle_pct: number;
  top_functions: HotSpot[];
  top_files: { file: string; self_ms: number; self_pct: number }[];
  /** Our own functions (worker/, engine/, db/) by inclusive time: where the request's CPU goes. */
  top_own_inclusive?: { fn: string; where: string; total_ms: number; total_pct: number }[];
}

function shortUrl(url: string): string {
  if (!url) return '(native)';
  const m = /(node_modules\/(?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1].replace('node_modules/', '');
  const cleaned = url.replace(/^file:\/\//, '');
  const own = /(?:^|\/)((?:engine|worker|db|client|test|bench|scripts)\/.*)$/.exec(cleaned);
  if (own) return own[1];
  return cleaned.startsWith('/') ? cleaned.split('/').slice(-2).join('/') : cleaned;
}

/** A module path without leading node_modules/. */
function shortPath(p: string): string {
  return p.replace(/^.*node_modules\//, '');
}

/**
 * Self time per function and per file (ms), from sample counts and time deltas. `bySamples`
 * weighs every sample alike (the median interval) instead of by the wall time since the previous
 * one: on a loaded machine a thread that waited for a CPU hands that whole wait to the next
 * sample, so wall-time weights follow where the scheduler preempted it, and counts follow CPU use.
 */
export function summarizeProfile(
  p: CpuProfile,
  top = 15,
  ignore: readonly string[] = [],
  locate: ((url: string, line: number) => string | null) | null = null,
  bySamples = false,
): ProfileSummary {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const samples = p.samples ?? [];
  const deltas = p.timeDeltas ?? [];
  const median = [...deltas].sort((a, b) => a - b)[Math.floor(deltas.length / 2)] ?? 0;
  for (let i = 0; i < samples.length; i++)
    self.set(samples[i], (self.get(samples[i]) ?? 0) + (bySamples ? median : (deltas[i] ?? 0)) / 1000);
  const total = bySamples ? (samples.length * median) / 1000 : (p.endTime - p.startTime) / 1000;
  let idle = 0;
  const fns = new Map<string, { fn: string; where: string; ms: number }>();
  const files = new Map<string, number>();
  for (const [id, ms] of self) {
    const cf = byId.get(id)!.callFrame;
    const name = cf.functionName || '(anonymous)';
    if (!cf.url && ignore.includes(name)) {
      idle += ms; // e.g. the in-process inspector's own `dispatch` while it builds the profile
      continue;
    }
    if (name === '(idle)' || (name === '(program)' && !cf.url)) {
      if (name === '(idle)') idle += ms;
      else fns.set('(program)', { fn: '(program)', where: '(native)', ms: (fns.get('(program)')?.ms ?? 0) + ms });
      continue;
    }
    const located = locate?.(cf.url, cf.lineNumber);
    const file = located ? shortUrl(located) : shortUrl(cf.url);
    const key = `${name}@${cf.url}:${cf.lineNumber}`;
    const cur = fns.get(key);
    fns.set(key, { fn: name, where: located ? shortPath(located) : `${file}:${cf.lineNumber + 1}`, ms: (cur?.ms ?? 0) + ms });
    files.set(file, (files.get(file) ?? 0) + ms);
  }
  const busy = Math.max(total - idle, 1e-9);
  // Inclusive time of our own functions: a node's self time counts for every distinct own
  // function on its path from the root (recursion counted once).
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, { fn: string; where: string; ms: number }>();
  for (const [id, ms] of self) {
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const cf = byId.get(cur)!.callFrame;
      const where = locate?.(cf.url, cf.lineNumber) ?? shortUrl(cf.url);
      if (!/^(worker|engine|db)\//.test(where)) continue;
      const key = `${cf.functionName}@${where}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const cur2 = inclusive.get(key);
      inclusive.set(key, { fn: cf.functionName || '(anonymous)', where, ms: (cur2?.ms ?? 0) + ms });
    }
  }
  const pct = (ms: number) => Math.round((ms / busy) * 1000) / 10;
  const r = (ms: number) => Math.round(ms * 10) / 10;
  return {
    total_ms: r(total),
    idle_pct: Math.round((idle / Math.max(total, 1e-9)) * 1000) / 10,
    top_functions: [...fns.values()]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top)
      .map((f) => ({ fn: f.fn, where: f.where, self_ms: r(f.ms), self_pct: pct(f.ms) })),
    top_files: [...files.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([file, ms]) => ({ file, self_ms: r(ms), self_pct: pct(ms) })),
    top_own_inclusive: [...inclusive.values()]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top)
      .map((f) => ({ fn: f.fn, where: f.where, total_ms: r(f.ms), total_pct: pct(f.ms) })),
  };
}

/** Native frames of the in-process inspector itself, left out of in-process summaries. */
export const INSPECTOR_FRAMES = ['dispatch'];

/** Profiles `fn` in this process (sampling every `intervalUs`). */
export async function profileHere(fn: () => unknown, intervalUs = 200): Promise<CpuProfile> {
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res as T))));
  try {
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: intervalUs });
    await post('Profiler.start');
    // Leave the inspector's dispatch frame first, or its native frame owns the samples.
    await new Promise((r) => setImmediate(r));
    await fn();
    const { profile } = await post<{ profile: CpuProfile }>('Profiler.stop');
    return profile;
  } finally {
    session.disconnect();
  }
}
