/**
 * The cost of 1,000 active games a month (bench/RESULTS.md, results.json `cost_per_1000_games_month_usd`)
 * is computed from the run's figures: each line follows its measured input, the total is the sum
 * of its lines, and a run without the figures gives no table rather than typed-in numbers.
 */
import { describe, expect, it } from 'vitest';
import { COST_ASSUMPTIONS, costPer1000Games, PRICES } from '../../bench/cost';

/** A run's results with the figures the table reads. */
function run(o: { cpuPerDay?: number; requestsPerDay?: number; pgPerDay?: number; bytesPerGame?: number; moveCpu?: number } = {}) {
  return {
    scale: {
      assumptions: { players: 3, turns_per_player_day: 2 },
      per_game: { days: 7, stored_bytes: 800_000 },
      inputs: { worker_cpu_ms_per_move: o.moveCpu ?? 1.5 },
      per_player_day: {
        moves: 16,
        polls_304: 440,
        full_state_gets: 40,
        other_api_requests_on_page_loads: 12,
        worker_requests: o.requestsPerDay ?? 508,
        worker_cpu_ms: o.cpuPerDay ?? 250,
        postgres_cpu_ms_local: o.pgPerDay ?? 50,
      },
    },
    sections: {
      server: { moves: { c1: { move: { cpu_ms_per_op: { postgres: 1 } } } } },
      scale: {
        sizes: [
          { n: 1000, storage: { bytes_per_game_all_tables: 90_000 } },
          { n: 100_000, storage: { bytes_per_game_all_tables: o.bytesPerGame ?? 85_000 } },
        ],
      },
    },
  };
}

const row = (t: ReturnType<typeof costPer1000Games>, key: string) => t!.rows.find((r) => r.key === key)!;

describe('cost of 1,000 active games a month', () => {
  it('prices each resource from the run: 3 players x 1,000 games x 30 days of player-days', () => {
    const t = costPer1000Games(run())!;
    expect(t.player_days).toBe(90_000);
    // (508 requests + 1 clock event) a player-day.
    expect(row(t, 'worker_requests').quantity).toBeCloseTo((509 * 90_000) / 1e6, 3);
    expect(row(t, 'worker_requests').usd).toBeCloseTo(((509 * 90_000) / 1e6) * PRICES.workers.per_million_requests, 3);
    // 250 ms a player-day plus a move's 1.5 ms per clock event.
    expect(row(t, 'worker_cpu').quantity).toBeCloseTo((251.5 * 90_000) / 1e6, 3);
    // Durable Objects: 16 moves x 2, 440 304s, 40 full answers, 5 for the clock event, 2 notice batches x 1.
    const doRequests = (16 * 2 + 440 + 40 + 5 + 2 * 1) * 90_000;
    expect(row(t, 'do_requests').quantity).toBeCloseTo(doRequests / 1e6, 3);
    // Each delivering alarm is active while the email API answers; every other request briefly.
    const deliveries = 2 * 90_000;
    expect(row(t, 'do_duration').quantity).toBeCloseTo(
      (((doRequests - deliveries) * COST_ASSUMPTIONS.do_active_ms_per_request + deliveries * COST_ASSUMPTIONS.do_active_ms_per_delivery) *
        COST_ASSUMPTIONS.do_memory_gb) /
        1000 /
        1e6,
      4,
    );
    // Storage reads the largest size the scale section measured, not the paper estimate.
    const games = 1000 + (1000 * 30) / 7;
    expect(row(t, 'db_storage').quantity).toBeCloseTo((games * 85_000) / 1e9, 3);
    expect(t.total_usd).toBeCloseTo(
      t.rows.reduce((a, r) => a + r.usd, 0),
      1,
    );
  });

  it('follows the measured figures: more Worker CPU or bytes per game cost more, and the database floor holds until the CPU needs more', () => {
    const base = costPer1000Games(run())!;
    const cpu = costPer1000Games(run({ cpuPerDay: 500 }))!;
    expect(row(cpu, 'worker_cpu').usd).toBeGreaterThan(row(base, 'worker_cpu').usd);
    expect(costPer1000Games(run({ bytesPerGame: 170_000 }))!.rows.find((r) => r.key === 'db_storage')!.usd).toBeCloseTo(
      row(base, 'db_storage').usd * 2,
      3,
    );
    const floor = COST_ASSUMPTIONS.neon_min_cu * COST_ASSUMPTIONS.hours_per_month;
    expect(row(base, 'db_compute').quantity).toBe(floor);
    // 100x the PostgreSQL CPU: 5,000 ms a player-day is 125 CPU-hours, at 50% use 250 CU-hours, above the floor.
    const busy = costPer1000Games(run({ pgPerDay: 5000 }))!;
    expect(row(busy, 'db_compute').quantity).toBeGreaterThan(floor);
  });

  it('gives no table when the run has no per-player-day figures', () => {
    expect(costPer1000Games({})).toBeNull();
    expect(costPer1000Games({ scale: { error: 'no record' } })).toBeNull();
  });
});
