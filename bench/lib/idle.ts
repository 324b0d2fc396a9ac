/**
 * The idle hour: cron ticks driven back to back against the real Worker, with every
 * statement PostgreSQL executes logged, so "nothing runs while nobody plays" is counted at the
 * database, not inferred. One hour = 12 ticks of the `*\/5 * * * *` trigger.
 */
import { statSync } from 'node:fs';
import type { Pool } from '@neondatabase/serverless';
import { readLogFrom } from './env';

const LOGGING = { log_min_duration_statement: '0' };
/** Our own statements (switching the log on and off), left out of the count. */
const OURS = /alter system|pg_reload_conf|pg_stat_activity|pg_current_wal_lsn/i;

async function logging(admin: Pool, on: boolean): Promise<void> {
  for (const [k, v] of Object.entries(LOGGING)) await admin.query(on ? `alter system set ${k} = '${v}'` : `alter system reset ${k}`);
  await admin.query('select pg_reload_conf()');
  await new Promise((r) => setTimeout(r, 300));
}

/** Statements executed in `text` (a PostgreSQL log): simple-protocol statements and extended-protocol executes. */
export function countStatements(text: string): { n: number; sql: string[] } {
  const sql: string[] = [];
  for (const line of text.split('\n')) {
    const m = /LOG:\s+duration: [\d.]+ ms\s+(?:statement|execute [^:]*): (.*)$/.exec(line);
    if (m && !OURS.test(m[1])) sql.push(m[1].slice(0, 100));
  }
  return { n: sql.length, sql };
}

export interface IdleHour {
  ticks: number;
  /** Statements PostgreSQL executed during `ticks` idle ticks (the target: 0). */
  statements: number;
  /** Ticks it took after the last commit until a tick was idle (the first pass recomputes the due instant). */
  settle_ticks: number;
  tick_ms_p50: number;
  /** A tick after one move (the commit says "look"): statements of that working pass, for comparison. */
  busy_tick_statements: number | null;
  sample_sql: string[];
}

/**
 * Drives `ticks` idle cron ticks (after up to 6 to settle) and counts the statements; then one
 * move via `commit` and one more tick, to show a tick after a commit does look.
 */
export async function idleHour(
  workerUrl: string,
  admin: Pool,
  logFile: string,
  commit: () => Promise<unknown>,
  ticks = 12,
): Promise<IdleHour> {
  const tick = async () => {
    const s = performance.now();
    const r = await fetch(`${workerUrl}/__scheduled?cron=*/5+*+*+*+*`);
    await r.text();
    if (r.status !== 200) throw new Error(`/__scheduled -> ${r.status}`);
    const took = performance.now() - s;
    await new Promise((res) => setTimeout(res, 100)); // the tick's waitUntil work
    return took;
  };
  await logging(admin, true);
  try {
    let settle = 0;
    for (; settle < 6; settle++) {
      const from = statSync(logFile).size;
      await tick();
      if (countStatements(readLogFrom(logFile, from)).n === 0) break;
    }
    const from = statSync(logFile).size;
    const times: number[] = [];
    for (let i = 0; i < ticks; i++) times.push(await tick());
    const idle = countStatements(readLogFrom(logFile, from));
    await commit();
    await new Promise((r) => setTimeout(r, 500));
    const before = statSync(logFile).size;
    await tick();
    await new Promise((r) => setTimeout(r, 500));
    const busy = countStatements(readLogFrom(logFile, before));
    times.sort((a, b) => a - b);
    return {
      ticks,
      statements: idle.n,
      settle_ticks: settle + 1,
      tick_ms_p50: Math.round(times[times.length >> 1] * 10) / 10,
      busy_tick_statements: busy.n,
      sample_sql: idle.sql.slice(0, 10),
    };
  } finally {
    await logging(admin, false);
  }
}
