import type { BenchDb, BenchWorker } from '../lib/env';
import type { IdleHour } from '../lib/idle';
import type { PhaseRow } from '../lib/phases';
import type { TracedSession } from '../lib/pgtrace';
import { ratio, round, roundSummary, summarize } from '../lib/stats';
import { FILLER_GAMES, LEVELS, PER_LANE, PLAYERS, ROUNDS, type BlockRecord } from './config';

/**
 * One request's statement trace for the JSON: per connection (the request's own first, then the
 * deferred work after the answer) its statements (SQL cut at 110 characters), server ms and
 * session ms.
 */
export function describeSessions(sessions: TracedSession[]) {
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

/**
 * The server section of bench/results.json from every measured block: per variant the latency
 * summary (ms), throughput (per s), CPU ms and WAL bytes per operation; the ratios the targets are
 * judged by (move vs bare transaction, 304 vs full GET, also round by round); and the evidence of
 * the other sections as given. bench/report.ts and bench/run.ts read these keys.
 */
export function summarizeAll(
  db: BenchDb,
  worker: BenchWorker,
  blocks: BlockRecord[],
  pollBlocks: BlockRecord[],
  extra: {
    idle: IdleHour | { error: string } | null;
    movePhases: PhaseRow[] | null;
    connectMs: number[];
    rttMs: number[];
    traces: unknown;
    explain: Record<string, unknown>;
    profiles: unknown;
    storage: unknown;
    realGame: Record<string, unknown>;
  },
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
      cpu_ms_per_op: {
        worker: cpu('worker'),
        postgres: cpu('postgres'),
        postgres_backends: cpu('postgres_backends'),
        bridge: cpu('bridge'),
        node_client: cpu('self'),
      },
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
    const serverCpu = (x: typeof m, client: boolean) =>
      x.cpu_ms_per_op.postgres + x.cpu_ms_per_op.bridge + (client ? x.cpu_ms_per_op.node_client : x.cpu_ms_per_op.worker);
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
    c16: {
      poll_304: agg(pollBlocks.filter((b) => b.c === 16 && b.mode === '304')),
      full: agg(pollBlocks.filter((b) => b.c === 16 && b.mode === 'full')),
    },
  };
  const c1 = moves.c1 as { move: ReturnType<typeof agg>; bare_warm: ReturnType<typeof agg>; bare_cold: ReturnType<typeof agg> };
  return {
    database: db.kind,
    database_version: db.serverVersion,
    pooler: db.pooler,
    setup: {
      db_start_ms: round(db.startMs),
      worker_start_ms: round(worker.startMs),
      rounds: ROUNDS,
      per_lane_per_block: PER_LANE,
      players_per_game: PLAYERS,
      filler_games: FILLER_GAMES,
    },
    move_ms_p50: c1.move.ms.p50,
    move_ms_p95: c1.move.ms.p95,
    bare_ms_p50: c1.bare_warm.ms.p50,
    bare_ms_p95: c1.bare_warm.ms.p95,
    bare_cold_ms_p50: c1.bare_cold.ms.p50,
    move_vs_bare_ratio: ratio(c1.move.ms.p50, c1.bare_warm.ms.p50),
    move_vs_bare_cold_ratio: ratio(c1.move.ms.p50, c1.bare_cold.ms.p50),
    // PostgreSQL CPU per move (deferred delivery of its notices included) vs per bare transaction.
    pg_cpu_move_vs_bare_ratio: ratio(c1.move.cpu_ms_per_op.postgres, c1.bare_warm.cpu_ms_per_op.postgres),
    idle_pg_statements_per_hour:
      extra.idle && 'statements' in extra.idle ? Math.round((extra.idle.statements * 12) / extra.idle.ticks) : null,
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
    poll304_vs_full_per_round: {
      median: round(pollRounds.p50),
      min: round(pollRounds.min),
      max: round(pollRounds.max),
      rounds: pollRounds.n,
    },
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
