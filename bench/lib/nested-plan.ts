/**
 * The plans of the statements inside a PL/pgSQL function (the hot reads are functions, so
 * EXPLAIN of the call shows only a Function Scan). PostgreSQL's auto_explain logs each nested
 * statement's plan with actual rows and buffers; this reads them back from the server log.
 */
import type { Pool } from '@neondatabase/serverless';
import { readLogFrom } from './env';
import { statSync } from 'node:fs';

/** One statement auto_explain logged: its text, plan and duration inside the server. */
export interface NestedPlan {
  query: string;
  plan: string;
  duration_ms: number;
}

/**
 * Runs `text` once inside a transaction with auto_explain on (analyze, buffers, nested statements;
 * SET LOCAL, so a pooled server connection is left as it was) and returns every statement it
 * logged, outermost last. Needs a superuser (LOAD) and the server's log file.
 */
export async function explainNested(pool: Pool, logFile: string, text: string, params: unknown[]): Promise<NestedPlan[]> {
  const client = await pool.connect();
  const from = statSync(logFile).size;
  try {
    await client.query('begin');
    await client.query("load 'auto_explain'");
    for (const [k, v] of Object.entries({
      log_min_duration: '0',
      log_analyze: 'on',
      log_buffers: 'on',
      log_nested_statements: 'on',
      log_timing: 'on',
    }))
      await client.query(`set local auto_explain.${k} = '${v}'`);
    await client.query(text, params);
    await client.query('commit');
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
  await new Promise((r) => setTimeout(r, 200)); // the logger writes asynchronously
  return parseAutoExplain(readLogFrom(logFile, from));
}

/** auto_explain entries of a stderr log (continuation lines start with a tab). */
export function parseAutoExplain(log: string): NestedPlan[] {
  const out: NestedPlan[] = [];
  let cur: { duration: number; lines: string[] } | null = null;
  const flush = () => {
    if (!cur) return;
    const q = cur.lines.findIndex((l) => l.startsWith('Query Text:'));
    const planStart = cur.lines.findIndex((l, i) => i > q && /^\S/.test(l) && !l.startsWith('Query Text:') && /\(cost=|\(actual/.test(l));
    if (q >= 0 && planStart > q)
      out.push({
        query: cur.lines
          .slice(q, planStart)
          .join('\n')
          .replace(/^Query Text:\s*/, '')
          .trim(),
        plan: cur.lines.slice(planStart).join('\n').trimEnd(),
        duration_ms: cur.duration,
      });
    cur = null;
  };
  for (const line of log.split('\n')) {
    const m = /LOG:\s+duration: ([\d.]+) ms\s+plan:\s*$/.exec(line);
    if (m) {
      flush();
      cur = { duration: Number(m[1]), lines: [] };
    } else if (cur && line.startsWith('\t')) cur.lines.push(line.slice(1));
    else flush();
  }
  flush();
  return out;
}
