import type { PoolClient } from '@neondatabase/serverless';
import { PgDialect } from 'drizzle-orm/pg-core';
import { gameRequestQuery } from '../../worker/services/game-request';
import { neonPool } from '../lib/env';
import { explainNested } from '../lib/nested-plan';
import { round, summarize } from '../lib/stats';
import type { ServerBench } from './context';
import type { PollSetup } from './polls';

type J = Record<string, unknown>;

/**
 * Section 4: why the 304 path and the move's read cost what they cost. EXPLAIN (ANALYZE, BUFFERS)
 * of the 304's inner statement (indexes, buffers, ms), the same on a new backend against a warm
 * one, and the move's read function timed warm and as the first call on a new backend (ms of
 * planning and execution, medians).
 */
export async function explainReads(b: ServerBench, p: PollSetup): Promise<Record<string, unknown>> {
  const { db, admin, log } = b;
  const { pollSql, pollHash } = p;
  const explain: Record<string, unknown> = {};
  const g = p.pollGames[0];
  const params = p.pollQuery(g.id).params;
  const counts = (await admin.query('select (select count(*) from games)::int as games, (select count(*) from sessions)::int as sessions'))
    .rows[0];
  if (db.logFile) {
    // The statement inside mp_game_request, as auto_explain logs it (EXPLAIN of the call shows a Function Scan).
    const nested = await explainNested(admin, db.logFile, pollSql, params);
    const inner = nested.find((x) => /from games g/i.test(x.query));
    const plan = inner?.plan ?? '(auto_explain logged no plan)';
    const indexes = [...plan.matchAll(/Index (?:Only )?Scan using (\S+)/g)].map((m) => m[1]);
    const rows = /actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/.exec(plan)?.[1];
    const hits = [...plan.matchAll(/Buffers: shared hit=(\d+)/g)].map((m) => Number(m[1]));
    explain.poll_304 = {
      sql: `${pollSql}\n-- inside it:\n${inner?.query ?? ''}`,
      plan,
      index: indexes.join(', ') || null,
      indexes,
      seq_scan: /Seq Scan/.test(plan),
      rows: rows === undefined ? null : Number(rows),
      // the first Buffers line is the whole statement's
      shared_hit_buffers: hits.length ? hits[0] : null,
      execution_ms: inner?.duration_ms ?? Number.NaN,
      table_rows: counts,
    };
  }
  // Every request runs on a new connection, so on a new backend with cold catalog caches: the
  // same EXPLAIN as the first and the second statement of a fresh connection.
  const fresh = neonPool(db.url, 1);
  const client = await fresh.connect();
  try {
    const runs: Record<string, unknown>[] = [];
    for (const which of ['first statement on a new connection', 'second statement, same connection']) {
      const s0 = performance.now();
      const r = await client.query(`explain (analyze, buffers) ${pollSql}`, params);
      const plan = r.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n');
      runs.push({
        which,
        client_ms: round(performance.now() - s0),
        planning_ms: Number(/Planning Time: ([\d.]+)/.exec(plan)?.[1] ?? Number.NaN),
        planning_buffers: Number(/Planning:\s*\n\s*Buffers: shared hit=(\d+)/.exec(plan)?.[1] ?? 0),
        execution_ms: Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? Number.NaN),
      });
    }
    explain.cold_vs_warm_backend = runs;
  } finally {
    client.release();
    await fresh.end();
  }
  log(`explain: 304 query uses ${(explain.poll_304 as { index: string }).index}`);

  // The move's read: the function call, whose inner plans the server connection keeps,
  // timed warm on one connection and as the first call on a new server backend (paid once per
  // pooled server connection; on every request straight to PostgreSQL).
  const moveRead = new PgDialect().sqlToQuery(
    gameRequestQuery(g.id, pollHash, new Date(), { row: true, idempotencyKey: 'bench-k', recipients: true, tail: true }),
  );
  const timed = async (c: PoolClient, text: string, params: unknown[]) => {
    const r = await c.query(`explain (analyze, summary) ${text}`, params);
    const plan = r.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n');
    return { plan: Number(/Planning Time: ([\d.]+)/.exec(plan)?.[1]), exec: Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1]) };
  };
  const pc = await admin.connect();
  try {
    const warm: { plan: number; exec: number }[] = [];
    for (let i = 0; i < 12; i++) warm.push(await timed(pc, moveRead.sql, moveRead.params));
    const med = (xs: number[]) => round(summarize(xs).p50);
    const first: { plan: number; exec: number }[] = [];
    // Only straight to PostgreSQL is a new connection a new backend (the server_direct section).
    for (let i = 0; i < 5 && !db.pooler; i++) {
      const direct = neonPool(db.url, 1);
      const dc = await direct.connect();
      try {
        first.push(await timed(dc, moveRead.sql, moveRead.params));
      } finally {
        dc.release();
        await direct.end();
      }
    }
    // the last 6 warm runs: the function's statements on their generic plans
    explain.move_read = {
      sql_chars: moveRead.sql.length,
      function_warm: { planning_ms: med(warm.slice(6).map((x) => x.plan)), execution_ms: med(warm.slice(6).map((x) => x.exec)) },
      function_first_on_backend: first.length
        ? { planning_ms: med(first.map((x) => x.plan)), execution_ms: med(first.map((x) => x.exec)) }
        : null,
    };
    log(
      `move read: warm ${JSON.stringify((explain.move_read as J).function_warm)}, first on a backend ${JSON.stringify((explain.move_read as J).function_first_on_backend)}`,
    );
  } finally {
    pc.release();
  }
  return explain;
}
