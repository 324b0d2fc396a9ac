/**
 * Sizes of the server bench (bench/server.ts) and the record of one measured block. BENCH_QUICK=1
 * shrinks every count so a whole run fits the shorter budget of the server_direct section.
 */
export const quick = process.env.BENCH_QUICK === '1';
/** Wall-clock budget of the whole run, ms; sections past it are skipped or cut short. */
export const BUDGET_MS = Number(process.env.BENCH_SERVER_BUDGET_MS ?? (quick ? 200_000 : 330_000));
/** Concurrent games (lanes) the move blocks run at. */
export const LEVELS = [1, 4, 16] as const;
/** Rounds of alternating blocks; each round rotates the order of the variants. */
export const ROUNDS = quick ? 2 : 8;
/** Moves per lane in one block, by concurrency level. */
export const PER_LANE: Record<number, number> = quick ? { 1: 8, 4: 3, 16: 2 } : { 1: 10, 4: 5, 16: 3 };
/** Polls in one sequential poll block. */
export const POLL_SEQ = quick ? 10 : 20;
/** Polls per lane in one block of 16 concurrent polls. */
export const POLL_C16_PER_LANE = quick ? 2 : 4;
/** Finished games, users and sessions inserted first so lookups go through indexes of a real size. */
export const FILLER_GAMES = quick ? 2000 : 10_000;
export const PLAYERS = 4;

/** A line on stderr prefixed with the seconds since the run began. */
export type Log = (msg: string) => void;

/** One measured block: its samples (ms), and the CPU (ms per process) and WAL (bytes) it cost. */
export interface BlockRecord {
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
