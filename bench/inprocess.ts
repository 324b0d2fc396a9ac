/**
 * The in-process build for comparison: createApp + PGlite (Postgres in WASM, in this process),
 * requests through app.request with an execution context whose waitUntil collects the deferred
 * work (as workerd would run it after the answer). Moves at 1, 4 and 16 concurrent games against
 * the same bare transaction through PGlite's transaction API, and 304 vs full GET /state.
 * PGlite runs one statement at a time, so concurrency only interleaves.
 *
 * `tsx bench/inprocess.ts [out.json]`. BENCH_QUICK=1 for a short run.
 */
import { writeFileSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/pglite';
import * as schema from '../db/schema';
import type { Db } from '../db/types';
import { createMigratedPglite } from '../scripts/pglite-template';
import { testRegistry } from '../test/fixtures/registry';
import { createApp } from '../worker/app';
import { bareMovePglite, bareSteps, createBareGames, type BareLane } from './lib/bare';
import { INSPECTOR_FRAMES, profileHere, summarizeProfile } from './lib/cpuprofile';
import { Lane, mapLimit, moveBlock, pollBlock, signIn, startSecretDice, type BlockResult, type Requester } from './lib/driver';
import { ratio, round, roundSummary, sleep, summarize } from './lib/stats';

const quick = process.env.BENCH_QUICK === '1';
const BUDGET_MS = Number(process.env.BENCH_INPROCESS_BUDGET_MS ?? (quick ? 90_000 : 120_000));
const LEVELS = [1, 4, 16] as const;
const ROUNDS = quick ? 2 : 4;
const PER_LANE: Record<number, number> = quick ? { 1: 8, 4: 3, 16: 2 } : { 1: 15, 4: 5, 16: 3 };
const POLL_SEQ = quick ? 10 : 30;
const PLAYERS = 4;

const t0 = performance.now();
const hardDeadline = t0 + BUDGET_MS;
const log = (msg: string) => console.error(`[inprocess +${((performance.now() - t0) / 1000).toFixed(1)}s] ${msg}`);

async function main() {
  const pglite = await createMigratedPglite();
  log(`PGlite ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const db = drizzle(pglite, { schema }) as unknown as Db;
  const app = createApp({
    registry: testRegistry,
    db: () => ({ db }),
    config: { appEnv: 'test', notifyGraceSeconds: 0, signinLimits: { perClient: 1_000_000, perEmail: 1_000_000, perIp: 1_000_000 } },
  });
  const pending: Promise<unknown>[] = [];
  const execCtx = { waitUntil: (p: Promise<unknown>) => void pending.push(p), passThroughOnException: () => {}, props: {} };
  const drain = async () => {
    while (pending.length) await Promise.allSettled(pending.splice(0));
  };
  const req: Requester = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await app.request(`http://localhost${path}`, { method, headers, body }, {}, execCtx as never);
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, text, body: parsed };
  };

  const lanesNeeded = 2 + LEVELS.reduce((a, c) => a + c, 0);
  const emails = Array.from({ length: lanesNeeded * PLAYERS }, (_, i) => `inproc-${process.pid}-${i}@example.test`);
  const tokens = await mapLimit(emails, 4, (e) => signIn(req, e));
  await drain();
  const games = await mapLimit(
    Array.from({ length: lanesNeeded }, (_, i) => i),
    4,
    (i) => startSecretDice(req, tokens.slice(i * PLAYERS, (i + 1) * PLAYERS)),
  );
  await drain();
  log(`${tokens.length} players, ${games.length} games`);
  const gamesByLevel: Record<number, typeof games> = {};
  let k = 2;
  for (const c of LEVELS) {
    gamesByLevel[c] = games.slice(k, k + c);
    k += c;
  }
  const steps = bareSteps();
  const bareLanes = await createBareGames(async (t, p) => (await pglite.query(t, p)).affectedRows ?? 0, 17, `ip${process.pid}`);

  const bareBlock = async (lanes: BareLane[], perLane: number, deadline: number): Promise<BlockResult> => {
    const samples: { ms: number; kind: string }[] = [];
    const s0 = performance.now();
    await Promise.all(
      lanes.map(async (lane) => {
        for (let j = 0; j < perLane && performance.now() < deadline; j++) {
          const s = performance.now();
          const kind = await bareMovePglite(pglite, lane, steps);
          samples.push({ ms: performance.now() - s, kind });
        }
      }),
    );
    return { samples, wallMs: performance.now() - s0, errors: 0, errorStatuses: {} };
  };

  interface Rec {
    mode: string;
    c: number;
    n: number;
    wallMs: number;
    ms: number[];
    kinds: string[];
    cpuMs: number;
    errors: number;
  }
  const recs: Rec[] = [];
  const measured = async (mode: string, c: number, fn: () => Promise<BlockResult>) => {
    await drain();
    const c0 = process.cpuUsage();
    const r = await fn();
    await drain(); // deferred work (bot check, outbox drain) belongs to the block
    const cu = process.cpuUsage(c0);
    recs.push({
      mode,
      c,
      n: r.samples.length,
      wallMs: r.wallMs,
      ms: r.samples.map((s) => s.ms),
      kinds: r.samples.map((s) => s.kind),
      cpuMs: (cu.user + cu.system) / 1000,
      errors: r.errors,
    });
  };

  // warm-up
  await moveBlock(req, [new Lane([games[0]])], 6, performance.now() + 20_000);
  await bareBlock([bareLanes[16]], 6, performance.now() + 20_000);
  await drain();

  for (const c of LEVELS) {
    const lanes = gamesByLevel[c].map((g) => new Lane(c === 1 ? [g, games[1]] : [g]));
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? ['move', 'bare'] : ['bare', 'move'];
      for (const mode of order) {
        const dl = performance.now() + Math.max(3_000, (hardDeadline - performance.now()) * 0.08);
        await measured(mode, c, () =>
          mode === 'move' ? moveBlock(req, lanes, PER_LANE[c], dl) : bareBlock(bareLanes.slice(0, c), PER_LANE[c], dl),
        );
      }
    }
    const m = summarize(recs.filter((x) => x.c === c && x.mode === 'move').flatMap((x) => x.ms));
    const b = summarize(recs.filter((x) => x.c === c && x.mode === 'bare').flatMap((x) => x.ms));
    log(`c=${c}: move p50 ${m.p50.toFixed(1)} ms, bare p50 ${b.p50.toFixed(1)} ms`);
  }

  const pollGame = gamesByLevel[16][0];
  const first = await req('GET', `/api/games/${pollGame.id}/state`, { token: pollGame.tokens[0], headers: { 'x-page-visible': '1' } });
  pollGame.etag = first.headers.get('etag') ?? undefined;
  for (let r = 0; r < ROUNDS; r++) {
    for (const kind of r % 2 === 0 ? ['304', 'full'] : ['full', '304']) {
      const dl = performance.now() + Math.max(3_000, (hardDeadline - performance.now()) * 0.05);
      await measured(kind, 1, () => pollBlock(req, [pollGame], POLL_SEQ, kind === '304', dl));
    }
  }
  await drain();

  // Where the in-process move spends its CPU (app code vs PGlite).
  const lanes4 = gamesByLevel[4].map((g) => new Lane([g]));
  const prof = summarizeProfile(
    await profileHere(async () => {
      await moveBlock(req, lanes4, PER_LANE[4], performance.now() + 15_000);
      await drain();
    }),
    12,
    INSPECTOR_FRAMES,
  );

  const agg = (list: Rec[]) => {
    const n = list.reduce((a, x) => a + x.n, 0);
    const byKind: Record<string, number> = {};
    for (const kind of new Set(list.flatMap((x) => x.kinds)))
      byKind[kind] = round(summarize(list.flatMap((x) => x.ms.filter((_, i) => x.kinds[i] === kind))).p50);
    return {
      ms: roundSummary(summarize(list.flatMap((x) => x.ms))),
      p50_by_kind: byKind,
      per_s: round(summarize(list.filter((x) => x.n > 0).map((x) => x.n / (x.wallMs / 1000))).p50),
      cpu_ms_per_op: round(list.reduce((a, x) => a + x.cpuMs, 0) / Math.max(n, 1)),
      errors: list.reduce((a, x) => a + x.errors, 0),
    };
  };
  const moves: Record<string, unknown> = {};
  const ratios: Record<string, unknown> = {};
  for (const c of LEVELS) {
    const m = agg(recs.filter((x) => x.c === c && x.mode === 'move'));
    const b = agg(recs.filter((x) => x.c === c && x.mode === 'bare'));
    moves[`c${c}`] = { move: m, bare: b };
    ratios[`c${c}`] = {
      move_vs_bare_p50: ratio(m.ms.p50, b.ms.p50),
      throughput_move_vs_bare: ratio(m.per_s, b.per_s),
      cpu_move_vs_bare: ratio(m.cpu_ms_per_op, b.cpu_ms_per_op),
    };
  }
  const p304 = agg(recs.filter((x) => x.mode === '304'));
  const pfull = agg(recs.filter((x) => x.mode === 'full'));
  const c1 = moves.c1 as { move: ReturnType<typeof agg>; bare: ReturnType<typeof agg> };
  await pglite.close();
  return {
    database: 'PGlite in-process',
    move_ms_p50: c1.move.ms.p50,
    bare_ms_p50: c1.bare.ms.p50,
    move_vs_bare_ratio: ratio(c1.move.ms.p50, c1.bare.ms.p50),
    poll304_ms_p50: p304.ms.p50,
    poll_full_ms_p50: pfull.ms.p50,
    poll304_vs_full_ratio: ratio(p304.ms.p50, pfull.ms.p50),
    poll304_vs_full_cpu_ratio: ratio(p304.cpu_ms_per_op, pfull.cpu_ms_per_op),
    ratios,
    moves,
    polls: { poll_304: p304, full: pfull },
    profile_moves: prof,
    setup: { rounds: ROUNDS, per_lane_per_block: PER_LANE },
  };
}

const out = await main();
const json = JSON.stringify(out, null, 2);
if (process.argv[2]) writeFileSync(process.argv[2], json);
else console.log(json);
log('done');
await sleep(10);
process.exit(0);
