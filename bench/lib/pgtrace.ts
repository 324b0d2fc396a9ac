/**
 * Statement traces from a real PostgreSQL: switch on per-statement logging (ALTER SYSTEM +
 * pg_reload_conf), run something, switch it off, and read back what each database session did:
 * its statements, their server-side durations, and how long the session lasted.
 */
import { statSync } from 'node:fs';
import type { Pool } from '@neondatabase/serverless';
import { readLogFrom } from './env';

export interface TracedSession {
  pid: string;
  /** Statements executed (extended protocol: one Execute each). */
  statements: { sql: string; ms: number }[];
  /** Server time in parse + bind + execute of all statements, ms. */
  server_ms: number;
  /** Session duration from the disconnection line, ms (null if still open). */
  session_ms: number | null;
}

const TRACE_SETTINGS = {
  log_min_duration_statement: '0',
  log_connections: 'on',
  log_disconnections: 'on',
  log_line_prefix: "'%m [%p] '",
};

async function setAll(pool: Pool, on: boolean): Promise<void> {
  for (const [k, v] of Object.entries(TRACE_SETTINGS)) {
    await pool.query(on ? `alter system set ${k} = ${v.startsWith("'") ? v : `'${v}'`}` : `alter system reset ${k}`);
  }
  await pool.query('select pg_reload_conf()');
  // The postmaster re-reads the file asynchronously; backends started after that see it.
  await new Promise((r) => setTimeout(r, 300));
}

/** Runs `fn` with statement logging on; returns the database sessions opened meanwhile, in order. */
export async function traceSessions(pool: Pool, logFile: string, fn: () => Promise<void>): Promise<TracedSession[]> {
  await setAll(pool, true);
  const from = statSync(logFile).size;
  try {
    await fn();
  } finally {
    await setAll(pool, false);
  }
  return parseLog(readLogFrom(logFile, from));
}

export function parseLog(text: string): TracedSession[] {
  const sessions = new Map<string, TracedSession & { connected: boolean }>();
  const order: string[] = [];
  const lineRe = /^\S+ \S+ \S+ \[(\d+)\] (?:\S+ )?(LOG|DETAIL|STATEMENT|ERROR|WARNING):\s+(.*)$/;
  for (const line of text.split('\n')) {
    const m = lineRe.exec(line);
    if (!m) continue;
    const [, pid, level, msg] = m;
    if (level !== 'LOG') continue;
    if (msg.startsWith('connection received')) {
      sessions.set(pid, { pid, statements: [], server_ms: 0, session_ms: null, connected: true });
      order.push(pid);
      continue;
    }
    const s = sessions.get(pid);
    if (!s) continue;
    const d = /^duration: ([\d.]+) ms\s+(parse|bind|execute) [^:]*: (.*)$/.exec(msg);
    if (d) {
      const ms = Number(d[1]);
      s.server_ms += ms;
      if (d[2] === 'execute') s.statements.push({ sql: d[3], ms });
      continue;
    }
    const simple = /^duration: ([\d.]+) ms\s+statement: (.*)$/.exec(msg);
    if (simple) {
      s.server_ms += Number(simple[1]);
      s.statements.push({ sql: simple[2], ms: Number(simple[1]) });
      continue;
    }
    const disc = /^disconnection: session time: (\d+):(\d+):([\d.]+)/.exec(msg);
    if (disc) s.session_ms = ((Number(disc[1]) * 60 + Number(disc[2])) * 60 + Number(disc[3])) * 1000;
  }
  return order.map((pid) => {
    const { connected: _c, ...rest } = sessions.get(pid)!;
    return { ...rest, server_ms: Math.round(rest.server_ms * 1000) / 1000 };
  });
}
