/**
 * The scale section's table from its figures: each figure at each size as a ratio to the same
 * figure at the smallest size of the same run, the per-request figures beyond the limit, the
 * headline keys of bench/results.json, and the storage growth of a month of play from measured
 * bytes. Pure (figures in, table out), so a test can check the table is the run's.
 */

/** The per-request figures, in the table's order. */
export const FIGURES = ['move', 'poll_304', 'state_full', 'lobby', 'my_games', 'how_to_play', 'record'] as const;
export type Figure = (typeof FIGURES)[number];

export const FIGURE_LABELS: Record<Figure, string> = {
  move: 'Move (POST /moves)',
  poll_304: 'Poll, 304 (GET /state + If-None-Match)',
  state_full: 'Full GET /state',
  lobby: 'Lobby (GET /api/lobby)',
  my_games: 'My games, 300 finished (GET /api/games)',
  how_to_play: 'How to play (GET /api/game-types/:id/rules)',
  record: 'Record of a finished game (GET /api/games/:id/record)',
};

/** A per-request figure at 100,000 games may be at most this many times its figure at 1,000. */
export const RATIO_LIMIT = 1.2;

/** The figures whose ratio is a headline key (`scale_<key>_ratio_100k_vs_1k`). */
export const KEYED: Partial<Record<Figure, string>> = {
  move: 'scale_move_ratio_100k_vs_1k',
  poll_304: 'scale_poll304_ratio_100k_vs_1k',
  state_full: 'scale_state_ratio_100k_vs_1k',
  lobby: 'scale_lobby_ratio_100k_vs_1k',
  my_games: 'scale_my_games_ratio_100k_vs_1k',
};

export interface Latency {
  p50: number;
  p95: number;
  pg_cpu_ms_per_op: number;
  worker_cpu_ms_per_op?: number;
}

export interface SizeFigures {
  n: number;
  seed: { seconds: number; vacuum_analyze_seconds: number; cumulative_seconds: number; [k: string]: unknown };
  storage: {
    database_bytes: number;
    tables_bytes_incl_indexes: number;
    events: number;
    bytes_per_game_all_tables: number;
    bytes_per_event_incl_indexes: number | null;
    [k: string]: unknown;
  };
  figures: Record<string, Latency>;
  /** The machine's load average when the size's figures were measured. */
  load_avg_1m?: { before: number; after: number };
  cron: { due_games: number; games_per_pass?: number; ms: { p50: number }; pg_cpu_ms_per_pass: number };
  drain: { rows: number; ms: { p50: number }; pg_cpu_ms_per_pass: number };
}

export interface TableRow {
  key: string;
  label: string;
  unit: string;
  /** Per request figures are held to RATIO_LIMIT; the others are shown. */
  perRequest: boolean;
  values: Record<string, number | null>;
  ratios: Record<string, number | null>;
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;
const ratioOf = (a: number | null | undefined, b: number | null | undefined): number | null =>
  typeof a === 'number' && typeof b === 'number' && Number.isFinite(a) && Number.isFinite(b) && b > 0 ? r3(a / b) : null;

/**
 * The table: rows of figures by size with their ratios to the smallest size; `over_limit` the
 * per-request figures (p50) whose ratio at the largest size is above RATIO_LIMIT; `keys` the
 * headline ratios (largest size vs smallest: named 100k_vs_1k by contract, `keys_sizes` says
 * which sizes they really compare). `gamesPerMonth` turns measured bytes into a month's growth.
 */
export function scaleTable(sizes: readonly SizeFigures[], opts: { gamesPerMonth?: number } = {}) {
  const sorted = [...sizes].sort((a, b) => a.n - b.n);
  if (sorted.length === 0)
    return {
      base_n: null,
      largest_n: null,
      rows: [] as TableRow[],
      over_limit: [] as Figure[],
      keys: {},
      keys_sizes: null,
      storage_per_month: null,
    };
  const base = sorted[0];
  const largest = sorted[sorted.length - 1];
  const rows: TableRow[] = [];
  const row = (key: string, label: string, unit: string, perRequest: boolean, get: (s: SizeFigures) => number | null | undefined) => {
    const values: Record<string, number | null> = {};
    const ratios: Record<string, number | null> = {};
    for (const s of sorted) {
      const v = get(s);
      values[String(s.n)] = typeof v === 'number' && Number.isFinite(v) ? v : null;
      ratios[String(s.n)] = ratioOf(get(s), get(base));
    }
    rows.push({ key, label, unit, perRequest, values, ratios });
  };
  for (const f of FIGURES) {
    row(f, `${FIGURE_LABELS[f]}, p50`, 'ms', true, (s) => s.figures[f]?.p50);
    row(`${f}_p95`, `${FIGURE_LABELS[f]}, p95`, 'ms', false, (s) => s.figures[f]?.p95);
    row(`${f}_pg_cpu`, `${FIGURE_LABELS[f]}, PostgreSQL CPU`, 'ms/request', false, (s) => s.figures[f]?.pg_cpu_ms_per_op);
  }
  row('cron', 'Cron pass, 1% of games due', 'ms', false, (s) => s.cron.ms.p50);
  row(
    'cron_per_game',
    'Cron pass, per due game it applied',
    'ms',
    false,
    (s) => s.cron.ms.p50 / Math.max(1, s.cron.games_per_pass ?? s.cron.due_games),
  );
  row('cron_pg_cpu', 'Cron pass, PostgreSQL CPU', 'ms/pass', false, (s) => s.cron.pg_cpu_ms_per_pass);
  row('drain', 'Outbox drain (cron pass, 200 emails due)', 'ms', false, (s) => s.drain.ms.p50);
  row('drain_pg_cpu', 'Outbox drain, PostgreSQL CPU', 'ms/pass', false, (s) => s.drain.pg_cpu_ms_per_pass);
  row('database_bytes', 'Database size', 'bytes', false, (s) => s.storage.database_bytes);
  row('bytes_per_game', 'Bytes per game (all tables, indexes included)', 'bytes', false, (s) => s.storage.bytes_per_game_all_tables);
  row('bytes_per_event', 'Bytes per event (game_events with its indexes)', 'bytes', false, (s) => s.storage.bytes_per_event_incl_indexes);
  row('load_before', 'Load average (1 min) when this size was measured, before', 'load', false, (s) => s.load_avg_1m?.before);
  row('load_after', '... and after', 'load', false, (s) => s.load_avg_1m?.after);
  row('seed_seconds', 'Seeding this size, s', 's', false, (s) => s.seed.seconds);

  const at = (f: Figure) => rows.find((r) => r.key === f)!.ratios[String(largest.n)];
  const over_limit = FIGURES.filter((f) => {
    const v = at(f);
    return v !== null && v > RATIO_LIMIT;
  });
  const keys: Record<string, number | null> = {};
  for (const [f, k] of Object.entries(KEYED)) keys[k!] = sorted.length > 1 ? at(f as Figure) : null;
  // PostgreSQL CPU per request is counted on a CPU, not on the wall: a busier machine does not
  // raise it, so it separates what the data costs from what the load costs.
  const pg_cpu_ratios = Object.fromEntries(
    FIGURES.map((f) => [f, sorted.length > 1 ? (rows.find((r) => r.key === `${f}_pg_cpu`)!.ratios[String(largest.n)] ?? null) : null]),
  );
  // How to play touches no database: its ratio is what the machine's load alone did to wall times.
  const db_free_control_ratio = sorted.length > 1 ? at('how_to_play') : null;
  const perGame = largest.storage.bytes_per_game_all_tables;
  const storage_per_month =
    opts.gamesPerMonth && perGame
      ? {
          games_per_month: Math.round(opts.gamesPerMonth),
          bytes_per_game: perGame,
          bytes_per_month: Math.round(perGame * opts.gamesPerMonth),
        }
      : null;
  return {
    base_n: base.n,
    largest_n: largest.n,
    rows,
    over_limit,
    keys,
    pg_cpu_ratios,
    db_free_control_ratio,
    keys_sizes: { from: base.n, to: largest.n, full_sizes: largest.n >= 100_000 && base.n === 1000 },
    storage_per_month,
  };
}
