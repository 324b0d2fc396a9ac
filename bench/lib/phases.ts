/**
 * Where a request's PostgreSQL time goes, statement by statement and phase by phase: with
 * every statement logged, the server's parse (parse analysis), bind (planning, for the unnamed
 * statements the driver sends) and execute durations, summed per statement shape over `n`
 * operations. Works through the pooler too (it reads the log, not sessions).
 */
import { statSync } from 'node:fs';
import type { Pool } from '@neondatabase/serverless';
import { readLogFrom } from './env';

export interface PhaseRow {
  sql: string;
  /** Per operation, ms. */
  parse_ms: number;
  bind_ms: number;
  execute_ms: number;
  /** Executions per operation. */
  per_op: number;
}

const OURS = /alter system|pg_reload_conf|pg_stat_activity|pg_current_wal_lsn|pg_wal_lsn_diff/i;

export function phasesOf(text: string, n: number): PhaseRow[] {
  const rows = new Map<string, { parse: number; bind: number; execute: number; count: number }>();
  for (const line of text.split('\n')) {
    const m = /duration: ([\d.]+) ms\s+(parse|bind|execute|statement)[^:]*: (.*)$/.exec(line);
    if (!m || OURS.test(m[3])) continue;
    const key = m[3].replace(/\s+/g, ' ').slice(0, 90);
    const r = rows.get(key) ?? { parse: 0, bind: 0, execute: 0, count: 0 };
    const phase = m[2] === 'statement' ? 'execute' : (m[2] as 'parse' | 'bind' | 'execute');
    r[phase] += Number(m[1]);
    if (phase === 'execute') r.count++;
    rows.set(key, r);
  }
  const r3 = (x: number) => Math.round((x / n) * 1000) / 1000;
  return [...rows]
    .map(([sql, r]) => ({
      sql,
      parse_ms: r3(r.parse),
      bind_ms: r3(r.bind),
      execute_ms: r3(r.execute),
      per_op: Math.round((r.count / n) * 100) / 100,
    }))
    .sort((a, b) => b.parse_ms + b.bind_ms + b.execute_ms - (a.parse_ms + a.bind_ms + a.execute_ms));
}

/** Runs `fn` (which performs `n` operations) with statement logging on; per-statement phases per operation. */
export async function tracePhases(admin: Pool, logFile: string, n: number, fn: () => Promise<unknown>): Promise<PhaseRow[]> {
  await admin.query("alter system set log_min_duration_statement = '0'");
  await admin.query('select pg_reload_conf()');
  await new Promise((r) => setTimeout(r, 300));
  const from = statSync(logFile).size;
  try {
    await fn();
    await new Promise((r) => setTimeout(r, 500)); // deferred work after the last answer
  } finally {
    await admin.query('alter system reset log_min_duration_statement');
    await admin.query('select pg_reload_conf()');
  }
  return phasesOf(readLogFrom(logFile, from), n);
}
