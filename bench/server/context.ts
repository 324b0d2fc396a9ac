import type { Pool, PoolClient } from '@neondatabase/serverless';
import { httpRequester, type BlockResult, type Requester } from '../lib/driver';
import type { BenchDb, BenchWorker, WorkerRuntime } from '../lib/env';
import { CpuMeter } from '../lib/proc';
import { sleep } from '../lib/stats';
import type { BlockRecord, Log } from './config';

/** What every section of the server bench shares: the processes under test and how to measure a block. */
export interface ServerBench {
  db: BenchDb;
  worker: BenchWorker;
  /** One connection for setup and evidence queries; never part of a measured operation. */
  admin: Pool;
  /** 16 connections kept open for the "bare, warm" variants (filled by setupGames). */
  warmClients: PoolClient[];
  req: Requester;
  isPg: boolean;
  meter: CpuMeter;
  log: Log;
  /** performance.now() past which sections are skipped or cut short. */
  hardDeadline: number;
  /** Waits until deferred work (bot check, outbox drain) is done, at most 5 s. */
  settle(): Promise<void>;
  /** Runs one block between two settles and records its samples, CPU per process and WAL bytes. */
  measured(mode: string, c: number, roundNo: number, fn: () => Promise<BlockResult>): Promise<BlockRecord>;
}

/**
 * Builds the shared context. The CPU meter starts here, at the Worker's (`runtime`) and PostgreSQL's current
 * processes, so it must be created after both are up.
 */
export function createServerBench(
  db: BenchDb,
  worker: BenchWorker,
  admin: Pool,
  warmClients: PoolClient[],
  log: Log,
  hardDeadline: number,
  runtime: WorkerRuntime,
): ServerBench {
  const isPg = db.kind === 'postgres';
  // The Worker's own workerd process; wrangler's dev proxy in front of it is counted apart.
  const meter = new CpuMeter({
    worker: [runtime.pid],
    ...(runtime.proxyPid ? { proxy: [runtime.proxyPid] } : {}),
    postgres: db.pids.postgres ? [db.pids.postgres] : [],
    bridge: db.pids.bridge ? [db.pids.bridge] : [],
    ...(db.pids.pooler ? { pooler: [db.pids.pooler] } : {}),
  });

  async function settle(): Promise<void> {
    if (!isPg) return sleep(300);
    const until = performance.now() + 5000;
    // Server connections stay open (the pooler's, and the HTTP query stand-in's pool even
    // without one): wait until no other backend is busy, twice in a row.
    const busySql =
      "select count(*)::int as n from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid() and state <> 'idle'";
    let quiet = 0;
    while (performance.now() < until) {
      const r = await admin.query(busySql);
      if ((r.rows[0].n as number) === 0 && ++quiet >= 2) return;
      if ((r.rows[0].n as number) > 0) quiet = 0;
      await sleep(50);
    }
    log('settle: deferred work still running after 5 s; going on');
  }
  async function wal(): Promise<string | null> {
    if (!isPg) return null;
    return (await admin.query('select pg_current_wal_lsn()::text as l')).rows[0].l as string;
  }
  async function walDiff(a: string | null, b: string | null): Promise<number | null> {
    if (!a || !b) return null;
    return Number((await admin.query('select pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::bigint as d', [b, a])).rows[0].d);
  }
  async function measured(mode: string, c: number, roundNo: number, fn: () => Promise<BlockResult>): Promise<BlockRecord> {
    await settle();
    const w0 = await wal();
    const cpu0 = meter.read();
    const r = await fn();
    await settle(); // deferred work (bot check, outbox drain) belongs to the block that caused it
    const cpu1 = meter.read();
    const w1 = await wal();
    return {
      mode,
      c,
      round: roundNo,
      n: r.samples.length,
      wallMs: r.wallMs,
      ms: r.samples.map((s) => s.ms),
      kinds: r.samples.map((s) => s.kind),
      errors: r.errors,
      errorStatuses: r.errorStatuses,
      cpu: CpuMeter.delta(cpu0, cpu1),
      walBytes: await walDiff(w0, w1),
    };
  }
  return { db, worker, admin, warmClients, req: httpRequester(worker.url), isPg, meter, log, hardDeadline, settle, measured };
}
