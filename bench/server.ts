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
 * `tsx bench/server.ts [out.json]`. BENCH_QUICK=1 for a short run.
 */
import { writeFileSync } from 'node:fs';
import type { Pool, PoolClient } from '@neondatabase/serverless';
import { bareMove, bareSteps, createBareGames, type BareLane } from './lib/bare';
import { summarizeProfile } from './lib/cpuprofile';
import { httpRequester, Lane, mapLimit, moveBlock, pollBlock, signIn, startGame, startSecretDice, type BenchGame, type BlockResult, type Requester, type SignInLinks } from './lib/driver';
import { startReceiver } from '../test/support/receiver';
import { neonPool, startBenchDb, startBenchWorker, type BenchDb, type BenchWorker } from './lib/env';
import { bundleLocator, profileWorker } from './lib/inspector';
import { idleHour, type IdleHour } from './lib/idle';
import { tracePhases, type PhaseRow } from './lib/phases';
import { CpuMeter, findDescendants } from './lib/proc';
import { traceSessions, type TracedSession } from './lib/pgtrace';
import { longestRecords, midGameState, storedGame } from './lib/records';
import { ratio, round, roundSummary, sleep, summarize } from './lib/stats';
import { PgDialect } from 'drizzle-orm/pg-core';
import { explainNested } from './lib/nested-plan';
import { gameRequestQuery } from '../worker/services/game-request';

type J = Record<string, unknown>;
const quick = process.env.BENCH_QUICK === '1';
const BUDGET_MS = Number(process.env.BENCH_SERVER_BUDGET_MS ?? (quick ? 200_000 : 330_000));
const LEVELS = [1, 4, 16] as const;
const ROUNDS = quick ? 2 : 8;
const PER_LANE: Record<number, number> = quick ? { 1: 8, 4: 3, 16: 2 } : { 1: 10, 4: 5, 16: 3 };
const POLL_SEQ = quick ? 10 : 20;
const POLL_C16_PER_LANE = quick ? 2 : 4;
const FILLER_GAMES = quick ? 2000 : 10_000;
const PLAYERS = 4;

const log = (msg: string) => console.error(`[server +${((performance.now() - t0) / 1000).toFixed(1)}s] ${msg}`);
const t0 = performance.now();
const hardDeadline = t0 + BUDGET_MS;

type Mode = 'move' | 'bare_warm' | 'bare_cold';

interface BlockRecord {
  mode: string;
  c: number;
  round: number;
  n: number;
  wallMs: number;
  ms: number[];
  kinds: string[];
  errors: number;
  errorStatuses: Record<string, number>;
  cpu: Record<string, number>;
  walBytes: number | null;
}

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
    worker = await startBenchWorker(db, { NOTIFY_GRACE_SECONDS: '0', EMAIL_PROVIDER: 'resend', EMAIL_API_URL: mail.url, EMAIL_API_KEY: 'bench' });
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

async function run(db: BenchDb, worker: BenchWorker, admin: Pool, warmClients: PoolClient[], links: SignInLinks) {
  const req: Requester = httpRequester(worker.url);
  const isPg = db.kind === 'postgres';
  const workerPids = findDescendants('workerd');
  const meter = new CpuMeter({
    worker: workerPids,
    postgres: db.pids.postgres ? [db.pids.postgres] : [],
    bridge: db.pids.bridge ? [db.pids.bridge] : [],
    ...(db.pids.pooler ? { pooler: [db.pids.pooler] } : {}),
  });

  // --- Realistic table sizes: finished games and sessions, so lookups go through real indexes.
  const tf = performance.now();
  await admin.query("insert into users (id, email, name) values ('filler-user', 'filler@example.test', 'Filler')");
  await admin.query(`insert into users (id, email, name) select 'filler-u' || g, 'filler-' || g || '@example.test', 'Filler ' || g from generate_series(1, ${FILLER_GAMES}) g`);
  const fillerSnapshot = JSON.stringify(JSON.parse(storedGame([...longestRecords().values()][0].record).snapshotJson));
  await admin.query(
    `insert into games (id, type, rules_version, options, players, status, seed, seed_hash, invite_code, created_by, version, snapshot, active_seats)
     select 'filler-' || g, 'big-thunder', '1', '{}', 3, 'finished', md5(g::text), md5(g::text), md5(g::text), 'filler-u' || g, 400, $1::jsonb, '[]'
     from generate_series(1, ${FILLER_GAMES}) g`,
    [fillerSnapshot],
  );
  await admin.query(
    `insert into sessions (token_hash, user_id, expires_at) select md5('s' || g), 'filler-u' || g, now() + interval '30 days' from generate_series(1, ${FILLER_GAMES}) g`,
  );
  await admin.query('analyze');
  log(`filler: ${FILLER_GAMES} users, finished games and sessions in ${((performance.now() - tf) / 1000).toFixed(1)} s`);

  // --- Players and games (each game its own 4 players), through the API.
  // warm-up game, one game per concurrent lane, and a second game for the single lane (it plays the most)
  const lanesNeeded = 2 + LEVELS.reduce((a, c) => a + c, 0);
  const ts = performance.now();
  const emails = Array.from({ length: lanesNeeded * PLAYERS }, (_, i) => `bench-${process.pid}-${i}@example.test`);
  const tokens = await mapLimit(emails, 6, (e) => signIn(req, e, links));
  log(`${tokens.length} players signed in in ${((performance.now() - ts) / 1000).toFixed(1)} s`);
  const tg = performance.now();
  const games = await mapLimit(Array.from({ length: lanesNeeded }, (_, i) => i), 4, (i) => startSecretDice(req, tokens.slice(i * PLAYERS, (i + 1) * PLAYERS)));
  log(`${games.length} games of ${PLAYERS} players started in ${((performance.now() - tg) / 1000).toFixed(1)} s`);
  const warmGame = games[0];
  // A real game to poll: Snowdonia with 4 players, set to the middle of the longest recorded game
  // (a fixture game's state is a few bytes; players poll real ones).
  const realRecord = longestRecords().get('snowdonia')!.record;
  const realGame = await startGame(req, tokens.slice(0, realRecord.players), 'snowdonia');
  const mid = midGameState(realRecord);
  await admin.query('update games set snapshot = $1::jsonb, active_seats = $2::jsonb where id = $3', [mid.snapshotJson, JSON.stringify(mid.activeSeats), realGame.id]);
  const spareForSingle = games[1];
  const gamesByLevel: Record<number, BenchGame[]> = {};
  let k = 2;
  for (const c of LEVELS) {
    gamesByLevel[c] = games.slice(k, k + c);
    k += c;
  }
  const steps = bareSteps();
  const bareLanes = await createBareGames(async (t, p) => (await admin.query(t, p)).rowCount ?? 0, 16 + 1, String(process.pid));
  const bareWarmLane = bareLanes[16];

  // Open connections for the "bare, warm" variant (one per concurrent lane), kept for the run.
  const warmPool = neonPool(db.url, 16);
  for (let i = 0; i < 16; i++) warmClients.push(await warmPool.connect());
  const expectedIdle = () => 1 + warmClients.length; // admin + warm lanes

  async function settle(): Promise<void> {
    if (!isPg) return sleep(300);
    const until = performance.now() + 5000;
    // Direct: deferred work holds its connection until done, so count connections. Through the
    // pooler, server connections stay open: wait until no other backend is busy, twice in a row.
    const busySql = db.pooler
      ? "select count(*)::int as n from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid() and state <> 'idle'"
      : "select count(*)::int as n from pg_stat_activity where backend_type = 'client backend'";
    let quiet = 0;
    while (performance.now() < until) {
      const r = await admin.query(busySql);
      if (db.pooler ? (r.rows[0].n as number) === 0 && ++quiet >= 2 : (r.rows[0].n as number) <= expectedIdle()) return;
      if (db.pooler && (r.rows[0].n as number) > 0) quiet = 0;
      await sleep(db.pooler ? 50 : 100);
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

  async function bareBlock(lanes: BareLane[], perLane: number, cold: boolean, deadline: number): Promise<BlockResult> {
    const samples: { ms: number; kind: string }[] = [];
    const ends: Promise<unknown>[] = [];
    let errors = 0;
    const errorStatuses: Record<string, number> = {};
    const s0 = performance.now();
    await Promise.all(
      lanes.map(async (lane, i) => {
        for (let j = 0; j < perLane && performance.now() < deadline; j++) {
          const s = performance.now();
          try {
            let kind: string;
            if (cold) {
              // As the Worker does per request: a new Pool (max 1), its connection, the work; end() after the answer.
              const pool = neonPool(db.url, 1);
              const client = await pool.connect();
              try {
                kind = await bareMove(client, lane, steps);
              } finally {
                client.release();
                ends.push(pool.end().catch(() => {}));
              }
            } else kind = await bareMove(warmClients[i], lane, steps);
            samples.push({ ms: performance.now() - s, kind });
          } catch (e) {
            errors++;
            const key = String((e as Error).message).slice(0, 60);
            errorStatuses[key] = (errorStatuses[key] ?? 0) + 1;
          }
        }
      }),
    );
    const wallMs = performance.now() - s0;
    await Promise.all(ends);
    return { samples, wallMs, errors, errorStatuses };
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

  // --- Warm-up (JIT in workerd and Node, first connections), not recorded. Through the pooler,
  // 16 games at once open the server connections every level uses, and warm each one: the first
  // calls of the SQL functions on a backend compile them and plan their statements (#17), a cost
  // a long-lived pooled connection pays once, not per request.
  {
    const until = performance.now() + 30_000;
    await moveBlock(req, [new Lane([warmGame])], 6, until);
    for (let i = 0; i < 3; i++) await moveBlock(req, gamesByLevel[16].map((g) => new Lane([g])), 2, until);
    await bareBlock(bareLanes.slice(0, 16), 2, false, until);
    await bareBlock([bareWarmLane], 6, false, until);
    await bareBlock([bareWarmLane], 6, true, until);
    await pollBlock(req, [warmGame], 3, false, until);
    await pollBlock(req, [warmGame], 3, true, until);
  }
  log('warm-up done');

  // --- 1. Moves: move / bare warm / bare cold at 1, 4, 16 concurrent games.
  const blocks: BlockRecord[] = [];
  const modes: Mode[] = ['move', 'bare_warm', 'bare_cold'];
  for (const c of LEVELS) {
    const lanes = gamesByLevel[c].map((g) => new Lane(c === 1 ? [g, spareForSingle] : [g]));
    const bl = bareLanes.slice(0, c);
    for (let r = 0; r < ROUNDS; r++) {
      const order = modes.map((_, i) => modes[(i + r) % modes.length]);
      for (const mode of order) {
        // Each block gets a fair share of what is left of the budget (polls and the rest need ~35%).
        const blockDeadline = performance.now() + Math.max(5_000, (hardDeadline - performance.now()) * 0.08);
        const rec = await measured(mode, c, r, () =>
          mode === 'move' ? moveBlock(req, lanes, PER_LANE[c], blockDeadline) : bareBlock(bl, PER_LANE[c], mode === 'bare_cold', blockDeadline),
        );
        blocks.push(rec);
        if (rec.errors) log(`${mode} c=${c}: ${rec.errors} errors ${JSON.stringify(rec.errorStatuses)}`);
      }
    }
    const m = summarize(blocks.filter((b) => b.c === c && b.mode === 'move').flatMap((b) => b.ms));
    const w = summarize(blocks.filter((b) => b.c === c && b.mode === 'bare_warm').flatMap((b) => b.ms));
    log(`moves c=${c}: move p50 ${m.p50.toFixed(1)} ms, bare warm p50 ${w.p50.toFixed(1)} ms (x${(m.p50 / w.p50).toFixed(2)})`);
  }

  // --- 2. Polling: 304 (If-None-Match) vs full GET /state, sequential and 16 at once.
  const pollGames = gamesByLevel[16];
  for (const g of pollGames) {
    const r = await req('GET', `/api/games/${g.id}/state`, { token: g.tokens[0], headers: { 'x-page-visible': '1' } });
    g.etag = r.headers.get('etag') ?? undefined;
  }
  let realStateBytes = 0;
  // The floor of a 304: the Worker's one statement (version joined with the session and the
  // seat, worker/services/game-request.ts) on an open connection, and with a new connection each
  // time, through the same driver, no HTTP.
  const hashOf = async (token: string) => (await admin.query('select encode(sha256(convert_to($1, \'UTF8\')), \'hex\') as h', [token])).rows[0].h as string;
  const pollHash = await hashOf(pollGames[0].tokens[0]);
  const pollQuery = (gameId: string) => new PgDialect().sqlToQuery(gameRequestQuery(gameId, pollHash, new Date(), { row: false }));
  const { sql: pollSql, params: pollParams } = pollQuery(pollGames[0].id);
  const bare304 = async (cold: boolean, n: number, deadline: number): Promise<BlockResult> => {
    const samples: { ms: number; kind: string }[] = [];
    const ends: Promise<unknown>[] = [];
    const s0 = performance.now();
    for (let i = 0; i < n && performance.now() < deadline; i++) {
      const s = performance.now();
      const pool = cold ? neonPool(db.url, 1) : null;
      const client = pool ? await pool.connect() : warmClients[0];
      const u = await client.query(pollSql, pollParams);
      if (u.rows.length !== 1) throw new Error('bare 304: game not found');
      samples.push({ ms: performance.now() - s, kind: cold ? 'bare_304_cold' : 'bare_304_warm' });
      if (pool) {
        client.release();
        ends.push(pool.end().catch(() => {}));
      }
    }
    const wallMs = performance.now() - s0;
    await Promise.all(ends);
    return { samples, wallMs, errors: 0, errorStatuses: {} };
  };
  // The floor of any request through this Worker and harness: GET /api/health (no database).
  const healthBlock = async (n: number, deadline: number): Promise<BlockResult> => {
    const samples: { ms: number; kind: string }[] = [];
    let errors = 0;
    const s0 = performance.now();
    for (let i = 0; i < n && performance.now() < deadline; i++) {
      const s = performance.now();
      const r = await req('GET', '/api/health');
      if (r.status === 200) samples.push({ ms: performance.now() - s, kind: 'health' });
      else errors++;
    }
    return { samples, wallMs: performance.now() - s0, errors, errorStatuses: {} };
  };
  {
    const r = await req('GET', `/api/games/${realGame.id}/state`, { token: realGame.tokens[0], headers: { 'x-page-visible': '1' } });
    if (r.status !== 200) throw new Error(`real game state -> ${r.status} ${r.text.slice(0, 200)}`);
    realGame.etag = r.headers.get('etag') ?? undefined;
    realStateBytes = r.text.length;
  }
  const pollBlocks: BlockRecord[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const kinds = ['304', 'full', '304_real', 'full_real', 'bare_304_warm', 'bare_304_cold', 'health'];
    const order = kinds.map((_, i) => kinds[(i + r) % kinds.length]);
    for (const kind of order) {
      const g = pollGames[r % pollGames.length];
      const dl = performance.now() + Math.max(4_000, (hardDeadline - performance.now()) * 0.05);
      pollBlocks.push(
        await measured(kind, 1, r, () =>
          kind === '304' || kind === 'full'
            ? pollBlock(req, [g], POLL_SEQ, kind === '304', dl)
            : kind === '304_real' || kind === 'full_real'
              ? pollBlock(req, [realGame], POLL_SEQ, kind === '304_real', dl)
            : kind === 'health'
              ? healthBlock(POLL_SEQ, dl)
              : bare304(kind === 'bare_304_cold', POLL_SEQ, dl),
        ),
      );
    }
    for (const kind of r % 2 === 0 ? ['304', 'full'] : ['full', '304']) {
      const dl = performance.now() + Math.max(4_000, (hardDeadline - performance.now()) * 0.05);
      pollBlocks.push(await measured(kind, 16, r, () => pollBlock(req, pollGames, POLL_C16_PER_LANE, kind === '304', dl)));
    }
  }
  {
    const a = summarize(pollBlocks.filter((b) => b.c === 1 && b.mode === '304').flatMap((b) => b.ms));
    const f = summarize(pollBlocks.filter((b) => b.c === 1 && b.mode === 'full').flatMap((b) => b.ms));
    log(`polls: 304 p50 ${a.p50.toFixed(1)} ms, full p50 ${f.p50.toFixed(1)} ms (x${(a.p50 / f.p50).toFixed(2)})`);
  }

  // --- The idle hour (#17): 12 cron ticks with nobody playing, statements counted at the database.
  let idle: IdleHour | { error: string } | null = null;
  if (isPg && db.logFile && performance.now() < hardDeadline - 30_000) {
    await settle();
    try {
      idle = await idleHour(worker.url, admin, db.logFile, () => moveBlock(req, [new Lane([warmGame])], 1, performance.now() + 10_000));
      log(`idle hour: ${idle.statements} statements in ${idle.ticks} ticks (settled after ${idle.settle_ticks}); a tick after a move: ${idle.busy_tick_statements}`);
    } catch (e) {
      idle = { error: String((e as Error).message ?? e) };
      log(`idle hour failed: ${idle.error}`);
    }
  }

  // --- Where a move's PostgreSQL time goes: parse, plan (bind) and execute per statement (#17).
  let movePhases: PhaseRow[] | null = null;
  const PHASE_MOVES = quick ? 10 : 20;
  if (isPg && db.logFile && performance.now() < hardDeadline - 30_000) {
    await settle();
    const lane = new Lane([warmGame]);
    movePhases = await tracePhases(admin, db.logFile, PHASE_MOVES, async () => {
      await moveBlock(req, [lane], PHASE_MOVES, performance.now() + 30_000);
      await settle();
    });
    const total = movePhases.reduce((a, r) => a + r.parse_ms + r.bind_ms + r.execute_ms, 0);
    const plan = movePhases.reduce((a, r) => a + r.parse_ms + r.bind_ms, 0);
    log(`move phases: ${total.toFixed(2)} ms server time per move, ${plan.toFixed(2)} ms of it parse + plan`);
  }

  // --- Connection cost and one round trip through the same driver and bridge.
  const connectMs: number[] = [];
  const rttMs: number[] = [];
  for (let i = 0; i < (quick ? 10 : 30) && performance.now() < hardDeadline; i++) {
    const s = performance.now();
    const pool = neonPool(db.url, 1);
    const client = await pool.connect();
    connectMs.push(performance.now() - s);
    const s2 = performance.now();
    await client.query('select 1', []);
    rttMs.push(performance.now() - s2);
    client.release();
    await pool.end();
    const s3 = performance.now();
    await warmClients[0].query('select 1', []);
    rttMs.push(performance.now() - s3);
  }

  // --- 3. What each request does in the database (statement traces; real PostgreSQL only).
  let traces: Record<string, unknown> | null = null;
  // (Through the pooler, requests share server sessions, so per-session traces come from the direct run.)
  if (isPg && !db.pooler && db.logFile && performance.now() < hardDeadline) {
    const g = warmGame;
    const traceOne = async (fn: () => Promise<unknown>) => {
      const sessions = await traceSessions(admin, db.logFile!, async () => {
        await fn();
        await settle();
        await sleep(200);
      });
      return describeSessions(sessions.filter((s) => s.statements.length > 0 && !s.statements.some((x) => /pg_stat_activity|alter system|pg_reload_conf/.test(x.sql))));
    };
    const moveOnce = async (kind: 'bank' | 'end') => {
      const lane = new Lane([g]);
      if (kind === 'end' && g.step === 0) await moveBlock(req, [lane], 1, performance.now() + 10_000);
      if (kind === 'bank' && g.step === 1) await moveBlock(req, [lane], 1, performance.now() + 10_000);
      return traceOne(() => moveBlock(req, [lane], 1, performance.now() + 10_000));
    };
    // Drain what the concurrent blocks left due (each drain takes up to 50 rows due at its request's
    // time), so the traced move drains only its own notice.
    const due = async () => Number((await admin.query("select count(*)::int as n from outbox where status = 'pending' and next_attempt_at <= now()")).rows[0].n);
    for (let i = 0; i < 6 && (await due()) > 0; i++) {
      await moveBlock(req, [new Lane([g])], 2, performance.now() + 10_000);
      await settle();
    }
    const backlog = await due();
    traces = {
      outbox_due_before_traces: backlog,
      move_bank: await moveOnce('bank'),
      move_end_turn: await moveOnce('end'),
      state_304: await (async () => {
        const fresh = await req('GET', `/api/games/${g.id}/state`, { token: g.tokens[0], headers: { 'x-page-visible': '1' } });
        g.etag = fresh.headers.get('etag') ?? undefined;
        await settle();
        return traceOne(() => req('GET', `/api/games/${g.id}/state`, { token: g.tokens[0], headers: { 'x-page-visible': '1', 'if-none-match': g.etag ?? '' } }));
      })(),
      state_full: await traceOne(() => req('GET', `/api/games/${g.id}/state`, { token: g.tokens[0], headers: { 'x-page-visible': '1' } })),
    };
    log('statement traces done');
  }

  // --- 4. EXPLAIN (ANALYZE, BUFFERS) of the 304 path's queries.
  const explain: Record<string, unknown> = {};
  {
    const g = pollGames[0];
    const params = pollQuery(g.id).params;
    const counts = (await admin.query('select (select count(*) from games)::int as games, (select count(*) from sessions)::int as sessions')).rows[0];
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

    // The move's read (#17): the function call, whose inner plans the server connection keeps,
    // timed warm on one connection and as the first call on a new server backend (paid once per
    // pooled server connection; on every request straight to PostgreSQL).
    const moveRead = new PgDialect().sqlToQuery(gameRequestQuery(g.id, pollHash, new Date(), { row: true, idempotencyKey: 'bench-k', recipients: true, tail: true }));
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
        function_first_on_backend: first.length ? { planning_ms: med(first.map((x) => x.plan)), execution_ms: med(first.map((x) => x.exec)) } : null,
      };
      log(`move read: warm ${JSON.stringify((explain.move_read as J).function_warm)}, first on a backend ${JSON.stringify((explain.move_read as J).function_first_on_backend)}`);
    } finally {
      pc.release();
    }
  }

  // --- 5. CPU profile of the Worker: moves (4 games at once) and 304 polls.
  let profiles: Record<string, unknown> | null = null;
  if (worker.inspectorUrl && performance.now() < hardDeadline - 20_000) {
    try {
      const lanes = gamesByLevel[4].map((g) => new Lane([g]));
      let moves = 0;
      const mp = await profileWorker(worker.inspectorUrl, async () => {
        const r = await moveBlock(req, lanes, quick ? 3 : 8, performance.now() + 25_000);
        moves = r.samples.length;
        await settle();
      });
      let polls = 0;
      const pp = await profileWorker(worker.inspectorUrl, async () => {
        const r = await pollBlock(req, pollGames, quick ? 2 : 8, true, performance.now() + 20_000);
        polls = r.samples.length;
        await settle();
      });
      const locate = bundleLocator(new Map([...mp.sources, ...pp.sources]));
      const ms = summarizeProfile(mp.profile, 20, [], locate);
      const ps = summarizeProfile(pp.profile, 12, [], locate);
      profiles = {
        moves: { count: moves, busy_ms_per_move: round((ms.total_ms * (1 - ms.idle_pct / 100)) / Math.max(moves, 1)), ...ms },
        polls_304: { count: polls, busy_ms_per_poll: round((ps.total_ms * (1 - ps.idle_pct / 100)) / Math.max(polls, 1)), ...ps },
        note: 'busy = profiled time not idle (it includes time the isolate waited for a CPU on a loaded machine, and the deferred work after each answer); the load-independent CPU time per operation is moves.*.cpu_ms_per_op (from /proc)',
      };
      log(`profile: ${moves} moves, ${polls} polls`);
    } catch (e) {
      profiles = { error: String((e as Error).message ?? e) };
      log(`profile failed: ${(e as Error).message}`);
    }
  }

  // --- 6. Stored sizes: real rows of the games played, and the shipped games' longest records.
  const storage: Record<string, unknown> = {};
  {
    const ev = (
      await admin.query(
        `select count(*)::int as n, avg(pg_column_size(e.*))::float as row_bytes, avg(pg_column_size(e.response))::float as response_bytes,
                avg(pg_column_size(e.payload))::float as payload_bytes, avg(pg_column_size(e.log))::float as log_bytes
         from game_events e where e.kind = 'move' and e.game_id like 'g\\_%'`,
      )
    ).rows[0];
    const snap = (await admin.query(`select avg(pg_column_size(snapshot))::float as b from games where type = 'secret-dice' and id like 'g\\_%'`)).rows[0];
    const out = (await admin.query(`select count(*)::int as n, avg(pg_column_size(o.*))::float as b from outbox o where o.kind <> 'signin'`)).rows[0];
    const outboxStatus = Object.fromEntries(
      (await admin.query(`select kind || ' ' || status as k, count(*)::int as n from outbox group by 1 order by 1`)).rows.map((x: { k: string; n: number }) => [x.k, x.n]),
    );
    const rel = (
      await admin.query(
        `select pg_total_relation_size('game_events')::bigint as ev, (select count(*) from game_events)::int as evn,
                pg_total_relation_size('outbox')::bigint as ob, (select count(*) from outbox)::int as obn`,
      )
    ).rows[0];
    storage['secret-dice (played here)'] = {
      move_events: ev.n,
      event_row_bytes: round(ev.row_bytes),
      event_response_bytes: round(ev.response_bytes),
      event_payload_bytes: round(ev.payload_bytes),
      event_log_bytes: round(ev.log_bytes),
      snapshot_bytes: round(snap.b),
      outbox_rows: out.n,
      outbox_by_kind_and_status: outboxStatus,
      outbox_row_bytes: round(out.b),
      game_events_total_bytes_per_row_incl_indexes: round(Number(rel.ev) / Math.max(rel.evn, 1)),
      outbox_total_bytes_per_row_incl_indexes: round(Number(rel.ob) / Math.max(rel.obn, 1)),
    };
    const client = await admin.connect();
    try {
      await client.query('create temp table ev (payload jsonb, log jsonb, response text, snapshot jsonb)', []);
      for (const [type, { record }] of longestRecords()) {
        const sg = storedGame(record);
        await client.query('truncate ev', []);
        for (const e of sg.events) await client.query('insert into ev (payload, log, response) values ($1, $2, $3)', [e.payload, e.log, e.response]);
        await client.query('insert into ev (snapshot) values ($1)', [sg.snapshotJson]);
        const r = (
          await client.query(
            `select avg(pg_column_size(payload) + pg_column_size(log) + pg_column_size(response))::float as stored,
                    avg(pg_column_size(response))::float as response, max(pg_column_size(snapshot))::float as snapshot,
                    avg(octet_length(response))::float as response_text
             from ev`,
            [],
          )
        ).rows[0];
        storage[type] = {
          moves: sg.moves,
          players: sg.players,
          snapshot_json_bytes: Buffer.byteLength(sg.snapshotJson),
          snapshot_stored_bytes: round(r.snapshot),
          event_json_bytes_per_move: round(sg.events.reduce((a, e) => a + e.payload.length + e.log.length + e.response.length, 0) / sg.moves),
          event_stored_bytes_per_move: round(r.stored),
          response_text_bytes_per_move: round(r.response_text),
          response_stored_bytes_per_move: round(r.response),
        };
      }
    } finally {
      client.release();
    }
  }

  return summarizeAll(db, worker, blocks, pollBlocks, {
    idle,
    movePhases,
    connectMs,
    rttMs,
    traces,
    explain,
    profiles,
    storage,
    realGame: { type: realRecord.type, players: realRecord.players, record: longestRecords().get('snowdonia')!.file, at_move: mid.moves, state_bytes: realStateBytes },
  });
}

function describeSessions(sessions: TracedSession[]) {
  return {
    connections: sessions.length,
    sessions: sessions.map((s, i) => ({
      role: i === 0 ? 'request' : 'deferred (after the answer)',
      statements: s.statements.length,
      server_ms: round(s.server_ms),
      session_ms: s.session_ms,
      sql: s.statements.map((x) => (x.sql.length > 110 ? `${x.sql.slice(0, 107)}...` : x.sql)),
    })),
    statements_total: sessions.reduce((a, s) => a + s.statements.length, 0),
  };
}

function summarizeAll(
  db: BenchDb,
  worker: BenchWorker,
  blocks: BlockRecord[],
  pollBlocks: BlockRecord[],
  extra: { idle: IdleHour | { error: string } | null; movePhases: PhaseRow[] | null; connectMs: number[]; rttMs: number[]; traces: unknown; explain: Record<string, unknown>; profiles: unknown; storage: unknown; realGame: Record<string, unknown> },
) {
  const agg = (list: BlockRecord[]) => {
    const all = list.flatMap((b) => b.ms);
    const s = roundSummary(summarize(all));
    const n = list.reduce((a, b) => a + b.n, 0);
    const tput = list.filter((b) => b.n > 0).map((b) => b.n / (b.wallMs / 1000));
    const cpu = (k: string) => round(list.reduce((a, b) => a + (b.cpu[k] ?? 0), 0) / Math.max(n, 1));
    const wal = list.every((b) => b.walBytes !== null) ? round(list.reduce((a, b) => a + (b.walBytes ?? 0), 0) / Math.max(n, 1)) : null;
    const byKind: Record<string, number> = {};
    for (const kind of new Set(list.flatMap((b) => b.kinds))) {
      byKind[kind] = round(summarize(list.flatMap((b) => b.ms.filter((_, i) => b.kinds[i] === kind))).p50);
    }
    return {
      ms: s,
      p50_by_kind: byKind,
      per_s: round(summarize(tput).p50),
      blocks: list.length,
      errors: list.reduce((a, b) => a + b.errors, 0),
      cpu_ms_per_op: { worker: cpu('worker'), postgres: cpu('postgres'), postgres_backends: cpu('postgres_backends'), bridge: cpu('bridge'), node_client: cpu('self') },
      wal_bytes_per_op: wal,
    };
  };
  const moves: Record<string, unknown> = {};
  const ratios: Record<string, unknown> = {};
  for (const c of LEVELS) {
    const m = agg(blocks.filter((b) => b.c === c && b.mode === 'move'));
    const w = agg(blocks.filter((b) => b.c === c && b.mode === 'bare_warm'));
    const k = agg(blocks.filter((b) => b.c === c && b.mode === 'bare_cold'));
    moves[`c${c}`] = { move: m, bare_warm: w, bare_cold: k };
    // The same ratio round by round (each round's move block against its own bare block): the spread
    // shows how much the machine's load moved during the run.
    const perRound = (mode: string) =>
      summarize(
        Array.from({ length: ROUNDS }, (_, r) => {
          const a = blocks.find((b) => b.c === c && b.round === r && b.mode === 'move');
          const b = blocks.find((x) => x.c === c && x.round === r && x.mode === mode);
          return a && b && a.n && b.n ? summarize(a.ms).p50 / summarize(b.ms).p50 : Number.NaN;
        }).filter(Number.isFinite),
      );
    const pr = perRound('bare_warm');
    const serverCpu = (x: typeof m, client: boolean) => x.cpu_ms_per_op.postgres + x.cpu_ms_per_op.bridge + (client ? x.cpu_ms_per_op.node_client : x.cpu_ms_per_op.worker);
    ratios[`c${c}`] = {
      move_vs_bare_warm_p50: ratio(m.ms.p50, w.ms.p50),
      move_vs_bare_warm_p95: ratio(m.ms.p95, w.ms.p95),
      move_vs_bare_warm_per_round: { median: round(pr.p50), min: round(pr.min), max: round(pr.max), rounds: pr.n },
      move_vs_bare_cold_p50: ratio(m.ms.p50, k.ms.p50),
      bare_cold_vs_bare_warm_p50: ratio(k.ms.p50, w.ms.p50),
      throughput_move_vs_bare_warm: ratio(m.per_s, w.per_s),
      cpu_move_vs_bare_warm: ratio(serverCpu(m, false), serverCpu(w, true)),
      bank_move_vs_bare: ratio(m.p50_by_kind.bank, w.p50_by_kind.bank),
      end_move_vs_bare: ratio(m.p50_by_kind.end, w.p50_by_kind.end),
    };
  }
  const pollRounds = summarize(
    Array.from({ length: ROUNDS }, (_, r) => {
      const a = pollBlocks.find((b) => b.c === 1 && b.round === r && b.mode === '304');
      const b = pollBlocks.find((x) => x.c === 1 && x.round === r && x.mode === 'full');
      return a && b && a.n && b.n ? summarize(a.ms).p50 / summarize(b.ms).p50 : Number.NaN;
    }).filter(Number.isFinite),
  );
  const polls = {
    c1: {
      poll_304: agg(pollBlocks.filter((b) => b.c === 1 && b.mode === '304')),
      full: agg(pollBlocks.filter((b) => b.c === 1 && b.mode === 'full')),
      bare_304_warm: agg(pollBlocks.filter((b) => b.c === 1 && b.mode === 'bare_304_warm')),
      bare_304_cold: agg(pollBlocks.filter((b) => b.c === 1 && b.mode === 'bare_304_cold')),
      health: agg(pollBlocks.filter((b) => b.c === 1 && b.mode === 'health')),
      poll_304_real: agg(pollBlocks.filter((b) => b.c === 1 && b.mode === '304_real')),
      full_real: agg(pollBlocks.filter((b) => b.c === 1 && b.mode === 'full_real')),
    },
    real_game: extra.realGame,
    c16: { poll_304: agg(pollBlocks.filter((b) => b.c === 16 && b.mode === '304')), full: agg(pollBlocks.filter((b) => b.c === 16 && b.mode === 'full')) },
  };
  const c1 = moves.c1 as { move: ReturnType<typeof agg>; bare_warm: ReturnType<typeof agg>; bare_cold: ReturnType<typeof agg> };
  return {
    database: db.kind,
    database_version: db.serverVersion,
    pooler: db.pooler,
    setup: { db_start_ms: round(db.startMs), worker_start_ms: round(worker.startMs), rounds: ROUNDS, per_lane_per_block: PER_LANE, players_per_game: PLAYERS, filler_games: FILLER_GAMES },
    move_ms_p50: c1.move.ms.p50,
    move_ms_p95: c1.move.ms.p95,
    bare_ms_p50: c1.bare_warm.ms.p50,
    bare_ms_p95: c1.bare_warm.ms.p95,
    bare_cold_ms_p50: c1.bare_cold.ms.p50,
    move_vs_bare_ratio: ratio(c1.move.ms.p50, c1.bare_warm.ms.p50),
    move_vs_bare_cold_ratio: ratio(c1.move.ms.p50, c1.bare_cold.ms.p50),
    // PostgreSQL CPU per move (deferred delivery of its notices included) vs per bare transaction (#17).
    pg_cpu_move_vs_bare_ratio: ratio(c1.move.cpu_ms_per_op.postgres, c1.bare_warm.cpu_ms_per_op.postgres),
    idle_pg_statements_per_hour: extra.idle && 'statements' in extra.idle ? Math.round((extra.idle.statements * 12) / extra.idle.ticks) : null,
    idle: extra.idle,
    move_phases: extra.movePhases,
    poll304_ms_p50: polls.c1.poll_304.ms.p50,
    poll_full_ms_p50: polls.c1.full.ms.p50,
    poll304_vs_full_ratio: ratio(polls.c1.poll_304.ms.p50, polls.c1.full.ms.p50),
    poll304_vs_full_ratio_real_game: ratio(polls.c1.poll_304_real.ms.p50, polls.c1.full_real.ms.p50),
    poll304_vs_full_cpu_ratio_real_game: ratio(
      polls.c1.poll_304_real.cpu_ms_per_op.worker + polls.c1.poll_304_real.cpu_ms_per_op.postgres,
      polls.c1.full_real.cpu_ms_per_op.worker + polls.c1.full_real.cpu_ms_per_op.postgres,
    ),
    poll304_vs_bare_304_warm_ratio: ratio(polls.c1.poll_304.ms.p50, polls.c1.bare_304_warm.ms.p50),
    poll304_vs_bare_304_cold_ratio: ratio(polls.c1.poll_304.ms.p50, polls.c1.bare_304_cold.ms.p50),
    poll304_vs_full_per_round: { median: round(pollRounds.p50), min: round(pollRounds.min), max: round(pollRounds.max), rounds: pollRounds.n },
    poll304_vs_full_ratio_c16: ratio(polls.c16.poll_304.ms.p50, polls.c16.full.ms.p50),
    poll304_vs_full_cpu_ratio: ratio(polls.c16.poll_304.cpu_ms_per_op.worker, polls.c16.full.cpu_ms_per_op.worker),
    ratios,
    moves,
    polls,
    connection: { connect_ms: roundSummary(summarize(extra.connectMs)), round_trip_ms: roundSummary(summarize(extra.rttMs)) },
    traces: extra.traces,
    explain: extra.explain,
    worker_profile: extra.profiles,
    storage: extra.storage,
  };
}

const out = await main();
const json = JSON.stringify(out, null, 2);
if (process.argv[2]) writeFileSync(process.argv[2], json);
else console.log(json);
log('done');
process.exit(0);
