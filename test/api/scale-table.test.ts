/**
 * The scale section's table (bench/RESULTS.md, bench/results.json) is computed from the run's
 * figures: each figure at each size over the same figure at the smallest size, the figures over
 * 1.2x named, the contract keys from the largest size run, storage a month from measured bytes.
 */
import { describe, expect, it } from 'vitest';
import { FIGURES, scaleTable, type SizeFigures } from '../../bench/scale-table';

function size(n: number, p50: Partial<Record<(typeof FIGURES)[number], number>>, bytesPerGame = 80_000): SizeFigures {
  const figures = Object.fromEntries(FIGURES.map((f) => [f, { p50: p50[f] ?? 10, p95: (p50[f] ?? 10) * 2, pg_cpu_ms_per_op: 1 }]));
  return {
    n,
    seed: { seconds: n / 1000, vacuum_analyze_seconds: 1, cumulative_seconds: n / 1000 + 1 },
    storage: {
      database_bytes: n * bytesPerGame,
      tables_bytes_incl_indexes: n * bytesPerGame,
      events: n * 200,
      bytes_per_game_all_tables: bytesPerGame,
      bytes_per_event_incl_indexes: 400,
    },
    figures,
    cron: { due_games: n / 100, ms: { p50: 50 }, pg_cpu_ms_per_pass: 10 },
    drain: { rows: 200, ms: { p50: 3000 }, pg_cpu_ms_per_pass: 200 },
  };
}

describe('scale table', () => {
  it('gives each figure as a ratio to the smallest size, in any order of sizes', () => {
    const t = scaleTable([size(10_000, { move: 60, lobby: 150 }), size(1000, { move: 50, lobby: 50 })]);
    const move = t.rows.find((r) => r.key === 'move')!;
    expect(move.values).toEqual({ '1000': 50, '10000': 60 });
    expect(move.ratios).toEqual({ '1000': 1, '10000': 1.2 });
    expect(t.rows.find((r) => r.key === 'lobby')!.ratios['10000']).toBe(3);
    expect(t.base_n).toBe(1000);
    expect(t.largest_n).toBe(10_000);
  });

  it('names the per-request figures above 1.2x at the largest size, and 1.2x itself passes', () => {
    const t = scaleTable([size(1000, { move: 50, my_games: 40 }), size(100_000, { move: 60, my_games: 52 })]);
    expect(t.over_limit).toEqual(['my_games']);
  });

  it('writes the contract keys from the largest size run and says which sizes they compare', () => {
    const t = scaleTable([size(1000, { poll_304: 10, state_full: 40 }), size(10_000, { poll_304: 11, state_full: 44 })]);
    expect(t.keys).toEqual({
      scale_move_ratio_100k_vs_1k: 1,
      scale_poll304_ratio_100k_vs_1k: 1.1,
      scale_state_ratio_100k_vs_1k: 1.1,
      scale_lobby_ratio_100k_vs_1k: 1,
      scale_my_games_ratio_100k_vs_1k: 1,
    });
    expect(t.keys_sizes).toEqual({ from: 1000, to: 10_000, full_sizes: false });
    expect(scaleTable([size(1000, {}), size(100_000, {})]).keys_sizes?.full_sizes).toBe(true);
  });

  it('has no ratio keys from a single size, and turns measured bytes into a month of growth', () => {
    const one = scaleTable([size(1000, {})], { gamesPerMonth: 1500 });
    expect(Object.values(one.keys).every((v) => v === null)).toBe(true);
    expect(one.storage_per_month).toEqual({ games_per_month: 1500, bytes_per_game: 80_000, bytes_per_month: 120_000_000 });
  });
});
