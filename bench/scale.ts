/**
 * Scale on paper: requests, rows and bytes per player-day for a typical game, and what 10,000
 * concurrent games would cost in Worker requests, Worker CPU and database storage, from the
 * figures measured in this run. Every assumption is written down in the output.
 */
import { loadRecords } from './lib/records';
import { round } from './lib/stats';
import { PRICES } from './cost';

export const ASSUMPTIONS = {
  typical_game: 'big-thunder-3p',
  concurrent_games: 10_000,
  /** A play-by-mail player takes about two turns a day. */
  turns_per_player_day: 2,
  /** Visits to the game page a day (two to play, two to look), each visible this long. */
  visits_per_player_day: 4,
  visible_minutes_per_visit: 5,
  /** client/poll-controller.ts DEFAULT_TIMING: 3 s while visible, 3 min while hidden (notifications cover a background tab). */
  visible_poll_s: 3,
  hidden_poll_s: 180,
  /** A background tab left open this long a day, polling every 3 min. */
  hidden_tab_hours_per_day: 4,
  /** Share of the other players' moves a watching player receives as a full answer (the rest fall between polls). */
  others_moves_seen_share: 0.5,
  peak_to_average: 3,
  /** Cloudflare Workers Paid list prices (bench/cost.ts PRICES, dated there). */
  workers_prices_usd: PRICES.workers,
};

const num = (x: unknown, fallback = Number.NaN): number => (typeof x === 'number' && Number.isFinite(x) ? x : fallback);

export function scaleOnPaper(results: Record<string, any>) {
  const A = ASSUMPTIONS;
  const sv = results.sections?.server ?? {};
  const cl = results.sections?.client ?? {};
  const rec = loadRecords().find((r) => r.file.endsWith(`${A.typical_game}.json`))?.record;
  if (!rec) return { error: `no record ${A.typical_game}` };
  const moves = rec.events.filter((e) => e.kind === 'move');
  const turns = Math.max(1, moves.filter((e) => (e.move as { type?: string })?.type === 'endTurn').length);
  const players = rec.players;
  const movesPerTurn = moves.length / turns;
  const gameDays = turns / players / A.turns_per_player_day;

  // Per player-day
  const movesPD = A.turns_per_player_day * movesPerTurn;
  const visiblePolls = (A.visits_per_player_day * A.visible_minutes_per_visit * 60) / A.visible_poll_s;
  const hiddenPolls = (A.hidden_tab_hours_per_day * 3600) / A.hidden_poll_s;
  const polls = visiblePolls + hiddenPolls;
  // A full answer follows each own move (the page drops its ETag after a move), each visit's first
  // load and return to visibility, and the other players' moves the page happens to catch.
  const fullGets = Math.min(polls, movesPD + A.visits_per_player_day + A.others_moves_seen_share * movesPD * (players - 1));
  const polls304 = polls - fullGets;
  const apiPerLoad = Array.isArray(cl.first_render?.api_requests_before_board) ? cl.first_render.api_requests_before_board.length : 5;
  const loadRequests = A.visits_per_player_day * Math.max(0, apiPerLoad - 1); // the state request is counted in fullGets
  const requestsPD = movesPD + polls + loadRequests;

  const c1 = sv.moves?.c1?.move ?? {};
  // The Worker's own CPU (section worker_cpu, its own workerd process) where the run has it; the
  // server section's figure read wrangler's dev proxy in front of the Worker, not the Worker.
  const wc = results.sections?.worker_cpu ?? {};
  const cpuMove = num(wc.worker_cpu_ms_per_move, num(c1.cpu_ms_per_op?.worker));
  const cpu304 = num(wc.worker_cpu_ms_per_poll_304, num(sv.polls?.c16?.poll_304?.cpu_ms_per_op?.worker));
  const cpuFull = num(wc.worker_cpu_ms_per_state_full, num(sv.polls?.c16?.full?.cpu_ms_per_op?.worker));
  const workerCpuPD = movesPD * cpuMove + polls304 * cpu304 + (fullGets + loadRequests) * cpuFull;
  const pgCpuPD =
    movesPD * num(c1.cpu_ms_per_op?.postgres) +
    polls304 * num(sv.polls?.c16?.poll_304?.cpu_ms_per_op?.postgres) +
    (fullGets + loadRequests) * num(sv.polls?.c16?.full?.cpu_ms_per_op?.postgres);

  // Rows and bytes: each move inserts its event, updates the game row and the seat; each turn
  // start queues one email row for the next player; the game's end one per player.
  const outboxPD = A.turns_per_player_day + 1 / gameDays;
  const typical = sv.storage?.[rec.type] ?? {};
  const played = sv.storage?.['secret-dice (played here)'] ?? {};
  const indexPerEvent = Math.max(0, num(played.game_events_total_bytes_per_row_incl_indexes, 0) - num(played.event_row_bytes, 0));
  const eventBytes = num(typical.event_stored_bytes_per_move) + 40 /* row header, ids, seq, kind, timestamps */ + indexPerEvent;
  const eventBytesNoResponse = eventBytes - num(typical.response_stored_bytes_per_move, 0);
  const outboxBytes = num(played.outbox_total_bytes_per_row_incl_indexes, 1200);
  const bytesPD = movesPD * eventBytes + outboxPD * outboxBytes;
  const walPD = movesPD * num(c1.wal_bytes_per_op);

  // 10,000 concurrent games
  const playerDays = A.concurrent_games * players;
  const reqDay = requestsPD * playerDays;
  const reqMonth = reqDay * 30;
  const cpuMonth = workerCpuPD * playerDays * 30;
  const P = A.workers_prices_usd;
  const workersUsd =
    P.base_per_month +
    (Math.max(0, reqMonth - P.included_requests) / 1e6) * P.per_million_requests +
    (Math.max(0, cpuMonth - P.included_cpu_ms) / 1e6) * P.per_million_cpu_ms;
  const storageDay = bytesPD * playerDays;
  const perGameBytes = moves.length * eventBytes + num(typical.snapshot_stored_bytes, 0) + (players + 1) * outboxBytes;
  const connectionsPerS = ((movesPD * 2.5 + polls + loadRequests) * playerDays) / 86_400; // a move opens 2-3 connections (request + deferred work), a read 1

  const r0 = (x: number) => Math.round(x);
  return {
    assumptions: {
      ...A,
      players,
      record_moves: moves.length,
      record_turns: turns,
      moves_per_turn: round(movesPerTurn),
      game_days: round(gameDays),
    },
    per_player_day: {
      moves: round(movesPD),
      polls: r0(polls),
      polls_304: r0(polls304),
      full_state_gets: r0(fullGets),
      other_api_requests_on_page_loads: r0(loadRequests),
      worker_requests: r0(requestsPD),
      worker_cpu_ms: round(workerCpuPD),
      postgres_cpu_ms_local: round(pgCpuPD),
      rows_inserted: round(movesPD + outboxPD),
      rows_updated: round(2 * movesPD + Math.min(fullGets, visiblePolls)),
      stored_bytes: r0(bytesPD),
      stored_bytes_without_event_response: r0(movesPD * eventBytesNoResponse + outboxPD * outboxBytes),
      wal_bytes: Number.isFinite(walPD) ? r0(walPD) : null,
    },
    per_game: { moves: moves.length, stored_bytes: r0(perGameBytes), days: round(gameDays) },
    concurrent_10k_games: {
      players: playerDays,
      worker_requests_per_day: r0(reqDay),
      worker_requests_per_month: r0(reqMonth),
      worker_requests_per_s_average: round(reqDay / 86_400),
      worker_requests_per_s_peak: round((reqDay / 86_400) * A.peak_to_average),
      share_of_requests_that_are_polls: round(polls / requestsPD),
      worker_cpu_ms_per_month: r0(cpuMonth),
      workers_usd_per_month: round(workersUsd),
      moves_per_s_average: round((movesPD * playerDays) / 86_400),
      db_connections_opened_per_s_average: round(connectionsPerS),
      /** PostgreSQL CPU at this machine's per-request figures (mostly backend start-up per connection). */
      db_cpu_cores_average_local_figures: round((pgCpuPD * playerDays) / 86_400_000),
      db_storage_growth_gb_per_day: round(storageDay / 1e9),
      db_storage_growth_gb_per_month: round((storageDay * 30) / 1e9),
      db_storage_growth_gb_per_month_without_event_response: round(
        ((movesPD * eventBytesNoResponse + outboxPD * outboxBytes) * playerDays * 30) / 1e9,
      ),
      db_live_games_gb: round((A.concurrent_games * perGameBytes) / 2 / 1e9),
    },
    inputs: {
      worker_cpu_ms_per_move: cpuMove,
      worker_cpu_ms_per_304: cpu304,
      worker_cpu_ms_per_full_get: cpuFull,
      event_bytes_per_move_incl_index: round(eventBytes),
      event_response_bytes_per_move: num(typical.response_stored_bytes_per_move),
      outbox_bytes_per_row_incl_index: outboxBytes,
      api_requests_per_page_load: apiPerLoad,
    },
  };
}
