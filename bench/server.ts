/**
 * The move path and polling through the real Worker (workerd, Neon driver, bridge, PostgreSQL on
 * 127.0.0.1), against the bare database work a move needs, plus the evidence for why: statement
 * traces, EXPLAIN (ANALYZE, BUFFERS) of the 304 path, a CPU profile of the Worker, CPU time of
 * each process per operation, WAL bytes per move, and stored row sizes.
 *
 * Blocks of the compared variants alternate (move, bare on an open connection, bare with a new
 * connection per transaction; 304 and full GET) with the order rotated each round, so drift in
 * the machine's load hits every variant alike; ratios come from the same run.
 *
 * This file starts PostgreSQL, the Worker and the email stand-in and runs the sections in order;
 * each section is a file of bench/server/ (setup, moves, polls, idle, connection, traces, explain,
 * profile, storage), and summary.ts shapes the JSON.
 *
 * `tsx bench/server.ts [out.json]`. BENCH_QUICK=1 for a short run.
 */
import { writeFileSync } from 'node:fs';
import type { Pool, PoolClient } from '@neondatabase/serverless';
import type { SignInLinks } from './lib/driver';
import { startReceiver } from '../test/support/receiver';
import { neonPool, startBenchDb, startBenchWorker, workerRuntime, type BenchDb, type BenchWorker } from './lib/env';
import { sleep } from './lib/stats';
import { BUDGET_MS } from './server/config';
import { measureConnection } from './server/connection';
import { createServerBench } from './server/context';
import { explainReads } from './server/explain';
import { measureIdleHour, measureMovePhases } from './server/idle';
import { measureMoves } from './server/moves';
import { measurePolls } from './server/polls';
import { profileRequests } from './server/profile';
import { setupGames, warmUp } from './server/setup';
import { measureStorage } from './server/storage';
import { summarizeAll } from './server/summary';
import { traceRequests } from './server/traces';

const log = (msg: string) => console.error(`[server +${((performance.now() - t0) / 1000).toFixed(1)}s] ${msg}`);
const t0 = performance.now();
const hardDeadline = t0 + BUDGET_MS;

/** Stops what was started when the orchestrator interrupts us (SIGTERM at its time limit). */
const cleanups: (() => Promise<unknown>)[] = [];
for (const sig of ['SIGTERM', 'SIGINT'] as const) {
  process.once(sig, () => {
    log(`${sig}: stopping`);
    const all = Promise.allSettled(cleanups.map((f) => f()));
    void Promise.race([all, sleep(10_000)]).then(() => process.exit(143)); // 'exit' handlers stop PostgreSQL and the bridge
  });
}

async function main() {
  const db = await startBenchDb(undefined, { pooled: process.env.BENCH_POOLER !== '0' });
  cleanups.push(() => db.stop());
  log(`database ${db.kind} (${db.serverVersion})${db.pooler ? ` through ${db.pooler}` : ''} ready in ${(db.startMs / 1000).toFixed(1)} s`);
  let worker: BenchWorker | null = null;
  let mail: Awaited<ReturnType<typeof startReceiver>> | null = null;
  const admin = neonPool(db.url, 1);
  const warmClients: PoolClient[] = [];
  try {
    // Emails leave through an email API as in production (a stand-in on 127.0.0.1 answering 200),
    // so the outbox stores what it stores in production, not the dev mailbox's whole messages.
    mail = await startReceiver();
    worker = await startBenchWorker(db, {
      NOTIFY_GRACE_SECONDS: '0',
      EMAIL_PROVIDER: 'resend',
      EMAIL_API_URL: mail.url,
      EMAIL_API_KEY: 'bench',
    });
    cleanups.unshift(() => worker!.stop());
    log(`Worker ready in ${(worker.startMs / 1000).toFixed(1)} s at ${worker.url}`);
    return await run(db, worker, admin, warmClients, receivedLinks(mail));
  } finally {
    for (const c of warmClients) c.release();
    await admin.end().catch(() => {});
    await worker?.stop().catch((e: unknown) => log(`worker stop failed: ${e}`));
    await db.stop().catch((e: unknown) => log(`db stop failed: ${e}`));
    await mail?.close();
  }
}

/** Sign-in tokens from the emails the stand-in email API received (Resend's JSON: `to`, `text`). */
function receivedLinks(mail: Awaited<ReturnType<typeof startReceiver>>): SignInLinks {
  return async (_req, email) => {
    for (const r of mail.delivered) {
      const body = JSON.parse(r.body) as { to?: string[]; text?: string };
      const token = body.to?.includes(email) ? /\/auth\/callback\?token=([0-9a-f]{64})/.exec(body.text ?? '')?.[1] : undefined;
      if (token) return token;
    }
    return undefined;
  };
}

/**
 * The sections in their fixed order (each one's later sections read the games it left behind),
 * then the server section of bench/results.json. Section files are in bench/server/.
 */
async function run(db: BenchDb, worker: BenchWorker, admin: Pool, warmClients: PoolClient[], links: SignInLinks) {
  const b = createServerBench(db, worker, admin, warmClients, log, hardDeadline, await workerRuntime(worker));
  const f = await setupGames(b, links);
  await warmUp(b, f);
  const blocks = await measureMoves(b, f);
  const polls = await measurePolls(b, f);
  const idle = await measureIdleHour(b, f);
  const movePhases = await measureMovePhases(b, f);
  const { connectMs, rttMs } = await measureConnection(b);
  const traces = await traceRequests(b, f);
  const explain = await explainReads(b, polls);
  const profiles = await profileRequests(b, f, polls);
  const storage = await measureStorage(b);
  return summarizeAll(db, worker, blocks, polls.pollBlocks, {
    idle,
    movePhases,
    connectMs,
    rttMs,
    traces,
    explain,
    profiles,
    storage,
    realGame: {
      type: f.realRecord.type,
      players: f.realRecord.players,
      record: f.realRecordFile,
      at_move: f.mid.moves,
      state_bytes: polls.realStateBytes,
    },
  });
}

const out = await main();
const json = JSON.stringify(out, null, 2);
if (process.argv[2]) writeFileSync(process.argv[2], json);
else console.log(json);
log('done');
process.exit(0);
