/**
 * What 1,000 active games cost a month, from the figures of a bench run (bench/results.json):
 * Worker requests and CPU per player-day (section 6, `scaleOnPaper`, from the server section's
 * measured CPU per move, 304 and full answer), PostgreSQL CPU per player-day measured the same
 * way, bytes per game measured by the scale section, the Durable Object requests each request
 * makes (counted from the code, below), and list prices named with their date. Pure (results
 * in, table out), so a test can check the table is the run's.
 */

/** List prices used, as published on the date given (check before quoting). */
export const PRICES = {
  as_of: '2026-12-04',
  /** Cloudflare Workers Paid (Standard): $5 a month with 10 M requests and 30 M CPU-ms, then these. */
  workers: { base_per_month: 5, per_million_requests: 0.3, per_million_cpu_ms: 0.02, included_requests: 10e6, included_cpu_ms: 30e6 },
  /** Durable Objects on Workers Paid: requests (RPC calls and alarms), duration at 128 MB, SQLite rows written and stored GB. */
  durable_objects: {
    per_million_requests: 0.15,
    per_million_gb_s: 12.5,
    per_million_rows_written: 1.0,
    per_gb_month: 0.2,
    included_requests: 1e6,
    included_gb_s: 400_000,
  },
  /** Neon Launch plan: compute per CU-hour (1 CU = 1 vCPU, 4 GB), storage per GB-month. */
  neon_launch: { per_cu_hour: 0.106, per_gb_month: 0.35 },
  sources: [
    'https://developers.cloudflare.com/workers/platform/pricing/',
    'https://developers.cloudflare.com/durable-objects/platform/pricing/',
    'https://neon.com/docs/introduction/plans (updated 2026-11-12: $0.106/CU-hour and $0.35/GB-month on Launch)',
  ],
} as const;

/** What the table assumes beyond the run's figures; each is written into the table. */
export const COST_ASSUMPTIONS = {
  games: 1000,
  days_per_month: 30,
  hours_per_month: 730,
  /**
   * Durable Object requests per request, counted from the code: before it commits, a move tells
   * the game's one object (GameTimer) its version, the notices it holds and its clocks' next
   * instant in one call, and the cron's next instant (DueClock) in another; a 304 is one lookup in
   * the game's object; a full answer tells it what it read; a page load's other requests touch none.
   */
  do_requests: { move: 2, poll_304: 1, full_state: 1, other: 0 },
  /**
   * A turn passed queues the next seat's notices, which wait out the grace in the game's timer:
   * one batch per turn (section 6's turns a player-day), one Durable Object request each (the
   * alarm that delivers; the hand-over rides on the move's own call), the alarm active for as
   * long as the email API takes to answer (its delivery is Durable Object duration, not Worker CPU).
   */
  do_requests_per_notice_batch: 1,
  do_active_ms_per_delivery: 300,
  /**
   * Clock events (a reminder or a clock's end) per player-day in a timed game, and the Durable
   * Object requests each costs: the alarm, WorkGate enter and leave, the wake of a pass that
   * waited, and its commit's DueClock note (its version note is a method call inside the object).
   * Its Worker and PostgreSQL CPU are taken as a move's (it commits an event the same way).
   */
  clock_events_per_player_day: 1,
  do_requests_per_clock_event: 5,
  /** Wall time a Durable Object request keeps its object active (billed duration), at 128 MB. */
  do_active_ms_per_request: 5,
  do_memory_gb: 0.128,
  /** SQLite rows a Durable Object writes per move (the version and the seat's mark; the timer's alarm). */
  do_rows_written_per_move: 2,
  do_bytes_per_game: 2048,
  /**
   * Neon bills a compute's size for every hour it is up: with games played all day it never
   * scales to zero, so the smallest size (0.25 CU) runs the whole month; the CPU the run measured
   * is billed only where it needs more, at this average utilisation of the compute.
   */
  neon_min_cu: 0.25,
  neon_utilisation: 0.5,
} as const;

type J = Record<string, any>;

export interface CostRow {
  key: string;
  label: string;
  /** What a month of 1,000 games uses, in `unit`. */
  quantity: number;
  unit: string;
  /** How the quantity follows from the run's figures and the assumptions. */
  from: string;
  usd: number;
}

const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
const r2 = (x: number) => Math.round(x * 100) / 100;
const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** The bytes per game the scale section measured at its largest size (all tables with their indexes), else the paper estimate. */
function bytesPerGame(r: J): { bytes: number | null; from: string } {
  const sizes = r.sections?.scale?.sizes as J[] | undefined;
  const largest = sizes?.length ? [...sizes].sort((a, b) => b.n - a.n)[0] : null;
  const measured = num(largest?.storage?.bytes_per_game_all_tables);
  if (measured !== null) return { bytes: measured, from: `measured at ${largest!.n.toLocaleString('en-US')} games (scale section)` };
  return { bytes: num(r.scale?.per_game?.stored_bytes), from: 'estimated on paper (section 6)' };
}

/**
 * The month of 1,000 active games, priced: one row per resource with the quantity, where it comes
 * from and its cost at list prices with no free allowance deducted, the total, and the total
 * with Workers Paid's $5 base and its allowances (the bill if these games were all there is).
 * Null when the run has no per-player-day figures (section 6) to start from.
 */
export function costPer1000Games(r: J) {
  const p = r.scale?.per_player_day as J | undefined;
  const players = num(r.scale?.assumptions?.players);
  const days = num(r.scale?.per_game?.days);
  const requests = num(p?.worker_requests);
  const cpu = num(p?.worker_cpu_ms);
  const pgCpu = num(p?.postgres_cpu_ms_local);
  const moveCpu = num(r.scale?.inputs?.worker_cpu_ms_per_move);
  const movePg = num(r.sections?.server?.moves?.c1?.move?.cpu_ms_per_op?.postgres);
  const { bytes, from: bytesFrom } = bytesPerGame(r);
  if (!p || players === null || days === null || requests === null || cpu === null || pgCpu === null || bytes === null) return null;
  const A = COST_ASSUMPTIONS;
  const P = PRICES;
  const playerDays = A.games * players * A.days_per_month;
  const clockEvents = A.clock_events_per_player_day * playerDays;
  const moves = num(p.moves) ?? 0;
  const rows: CostRow[] = [];
  const add = (key: string, label: string, quantity: number, unit: string, from: string, usd: number) =>
    rows.push({ key, label, quantity: r4(quantity), unit, from, usd: r4(usd) });

  const workerRequests = (requests + A.clock_events_per_player_day) * playerDays;
  add(
    'worker_requests',
    'Worker requests',
    workerRequests / 1e6,
    'M requests',
    `${requests} a player-day (section 6) + ${A.clock_events_per_player_day} clock event, x ${playerDays.toLocaleString('en-US')} player-days`,
    (workerRequests / 1e6) * P.workers.per_million_requests,
  );
  const workerCpu = cpu * playerDays + clockEvents * (moveCpu ?? 0);
  add(
    'worker_cpu',
    'Worker CPU',
    workerCpu / 1e6,
    'M CPU-ms',
    `${cpu} ms a player-day from the measured CPU per move, 304 and full answer, + ${moveCpu ?? 0} ms per clock event (a move's)`,
    (workerCpu / 1e6) * P.workers.per_million_cpu_ms,
  );
  const batches = num(r.scale?.assumptions?.turns_per_player_day) ?? 0;
  const deliveries = batches * playerDays;
  const doRequests =
    (moves * A.do_requests.move +
      (num(p.polls_304) ?? 0) * A.do_requests.poll_304 +
      (num(p.full_state_gets) ?? 0) * A.do_requests.full_state +
      (num(p.other_api_requests_on_page_loads) ?? 0) * A.do_requests.other +
      A.clock_events_per_player_day * A.do_requests_per_clock_event +
      batches * A.do_requests_per_notice_batch) *
    playerDays;
  add(
    'do_requests',
    'Durable Object requests',
    doRequests / 1e6,
    'M requests',
    `per player-day: ${moves} moves x ${A.do_requests.move}, ${p.polls_304} 304s x 1, ${p.full_state_gets} full answers x 1, ${A.clock_events_per_player_day} clock event x ${A.do_requests_per_clock_event}, ${batches} notice batches x ${A.do_requests_per_notice_batch}`,
    (doRequests / 1e6) * P.durable_objects.per_million_requests,
  );
  const gbS = (((doRequests - deliveries) * A.do_active_ms_per_request + deliveries * A.do_active_ms_per_delivery) * A.do_memory_gb) / 1000;
  add(
    'do_duration',
    'Durable Object duration',
    gbS / 1e6,
    'M GB-s',
    `${A.do_active_ms_per_request} ms active per request, ${A.do_active_ms_per_delivery} ms per delivering alarm, at ${A.do_memory_gb * 1000} MB`,
    (gbS / 1e6) * P.durable_objects.per_million_gb_s,
  );
  const doRows = moves * A.do_rows_written_per_move * playerDays;
  const doGb = (A.games * A.do_bytes_per_game) / 1e9;
  add(
    'do_storage',
    'Durable Object storage (rows written; stored GB)',
    doRows / 1e6,
    'M rows',
    `${A.do_rows_written_per_move} rows per move; ${A.do_bytes_per_game} B per game stored`,
    (doRows / 1e6) * P.durable_objects.per_million_rows_written + doGb * P.durable_objects.per_gb_month,
  );
  const pgCpuHours = (pgCpu * playerDays + clockEvents * (movePg ?? 0)) / 3.6e6;
  const cuHours = Math.max(A.neon_min_cu * A.hours_per_month, pgCpuHours / A.neon_utilisation);
  add(
    'db_compute',
    'Database compute (Neon)',
    cuHours,
    'CU-hours',
    `PostgreSQL CPU measured: ${r2(pgCpuHours)} CPU-hours (${pgCpu} ms a player-day, ${movePg ?? 0} ms per clock event) at ${A.neon_utilisation * 100}% use, ` +
      `but at least ${A.neon_min_cu} CU all ${A.hours_per_month} h (never idle long enough to scale to zero)`,
    cuHours * P.neon_launch.per_cu_hour,
  );
  // The games played this month: the 1,000 running ones and those that finished (each lasts `days`).
  const gamesStored = A.games + (A.games * A.days_per_month) / days;
  const gb = (gamesStored * bytes) / 1e9;
  add(
    'db_storage',
    'Database storage (Neon)',
    gb,
    'GB-month',
    `${Math.round(bytes).toLocaleString('en-US')} B per game ${bytesFrom}, x ${Math.round(gamesStored).toLocaleString('en-US')} games (the running ones and the month's finished ones, a game lasting ${days} days); it accumulates month by month`,
    gb * P.neon_launch.per_gb_month,
  );
  const total = rows.reduce((a, x) => a + x.usd, 0);
  const W = P.workers;
  const D = P.durable_objects;
  const billed =
    W.base_per_month +
    (Math.max(0, workerRequests - W.included_requests) / 1e6) * W.per_million_requests +
    (Math.max(0, workerCpu - W.included_cpu_ms) / 1e6) * W.per_million_cpu_ms +
    (Math.max(0, doRequests - D.included_requests) / 1e6) * D.per_million_requests +
    (Math.max(0, gbS - D.included_gb_s) / 1e6) * D.per_million_gb_s +
    rows.filter((x) => x.key === 'do_storage' || x.key.startsWith('db_')).reduce((a, x) => a + x.usd, 0);
  return {
    games: A.games,
    players_per_game: players,
    player_days: playerDays,
    rows,
    total_usd: r2(total),
    per_game_usd: r4(total / A.games),
    bill_with_allowances_usd: r2(billed),
    assumptions: A,
    prices: P,
  };
}
