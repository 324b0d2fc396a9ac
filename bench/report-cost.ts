/**
 * RESULTS.md's sections on background work and cost: many things due at once (bench/due.ts), and
 * the cost of 1,000 active games a month (bench/cost.ts, computed from the run's figures).
 */
import { costPer1000Games } from './cost';

type J = Record<string, any>;

const usd = (x: number) => (x >= 1 ? `$${x.toFixed(2)}` : `$${x.toFixed(4)}`);
const n = (x: unknown, d = 1) =>
  typeof x === 'number' && Number.isFinite(x) ? x.toLocaleString('en-US', { maximumFractionDigits: d }) : '-';

/** The summary rows: 10,000 due at once, and the cost per 1,000 games. */
export function costSummaryRows(r: J): string[][] {
  const d = r.sections?.due as J | undefined;
  const c = costPer1000Games(r);
  return [
    [
      'Clocks due within the same minute: seconds from the first end until all were applied (real PostgreSQL, workerd)',
      d
        ? `${n(d.clear_seconds)} s for ${n(d.games, 0)} (${n(d.games_per_s)} a second; load ${d.load_avg_1m_before} before, ${d.load_avg_1m_after} after); ` +
          (typeof r.due_10k_clear_seconds === 'number'
            ? `10,000: ${n(r.due_10k_clear_seconds)} s`
            : `10,000 not run; projected from this rate: ${n(d.due_10k_clear_seconds_projected)} s`)
        : '-',
      '<= 120 s for 10,000',
      typeof r.due_10k_clear_seconds === 'number'
        ? r.due_10k_clear_seconds <= 120
          ? 'met'
          : '**missed**'
        : typeof d?.due_10k_clear_seconds_projected === 'number'
          ? d.due_10k_clear_seconds_projected <= 120
            ? 'met (projected)'
            : '**missed (projected)**'
          : '-',
    ],
    [
      'Cost of 1,000 active games a month (list prices, no allowances)',
      c ? `**${usd(c.total_usd)}** (${usd(c.per_game_usd)} a game)` : '-',
      '',
      '',
    ],
  ];
}

/** "Many things due at once": the due section's figures. */
export function dueSection(r: J): string[] {
  const d = r.sections?.due as J | undefined;
  if (!d) return [];
  return [
    '## Many things due at once',
    '',
    `\`npm run bench -- due\` (bench/due.ts, by name only): ${n(d.games, 0)} copies of a started game on real PostgreSQL${d.pooler ? ` through ${d.pooler}` : ' (no pooler: a transaction starts a PostgreSQL backend)'}, the clocks ending within the same ${d.spread_s} s, each applied by the game's own alarm ` +
      `(GameTimer; WorkGate admits ${d.clock_passes_at_once} passes at once${d.workers > 1 ? `, shared among ${d.workers} Workers` : ''}) while one cron ticks every 30 s and a client keeps asking GET /api/health and a game's state; then ${n(d.notices, 0)} notices due at once, ` +
      "delivered by the cron's own batch of 200 and the drain lanes it starts (OutboxDrain, 8 lanes of 100 rows per invocation, each going on while it finds a full batch).",
    '',
    '| measure | result |',
    '|---|---|',
    `| all ${n(d.games, 0)} applied, from the first clock's end | ${n(d.clear_seconds)} s (${n(d.clear_seconds_after_last_end)} s after the last end; ${n(d.games_per_s)} games a second) |`,
    `| each applied exactly once | ${d.applied_exactly_once ? 'yes' : '**no**'} (${n(d.timeout_events, 0)} timeout events) |`,
    `| requests meanwhile (health + state, p50 / p95 / max) | ${n(d.requests_while_due_ms?.p50)} / ${n(d.requests_while_due_ms?.p95)} / ${n(d.requests_while_due_ms?.max)} ms |`,
    ...(d.cpu_ms_per_game
      ? [
          `| CPU per applied game (ms): workerd / PostgreSQL / PgBouncer / bridge / this process | ${n(d.cpu_ms_per_game.workerd, 2)} / ${n(d.cpu_ms_per_game.postgres, 2)} / ${n(d.cpu_ms_per_game.pooler, 2)} / ${n(d.cpu_ms_per_game.bridge, 2)} / ${n(d.cpu_ms_per_game.bench, 2)} |`,
        ]
      : []),
    ...(d.games === 10_000
      ? []
      : [
          `| 10,000 games, projected from this rate (the first application, then 10,000 at the rate measured) | ${n(d.due_10k_clear_seconds_projected)} s |`,
        ]),
    `| ${n(d.notices, 0)} notices due at once, all delivered | ${n(d.notices_clear_seconds)} s (${n(d.notices_per_s, 0)} a second) |`,
    `| load average (1 min) before / after, ${d.cores ?? 2} cores | ${d.load_avg_1m_before} / ${d.load_avg_1m_after} |`,
    '',
    "How it runs here: every Durable Object of a Worker lives in its one local workerd, on one thread, with its SQLite storage in files (on tmpfs here: on this machine's disk each object's fsync stopped that thread), " +
      'and one workerd keeps the objects of about 2,000 games awake at once: with 10,000 games in one Worker its SQLite failed with SQLITE_NOMEM at about 8,600 open files and 1.1 GB (2026-12-05; objects idle for 10 s are evicted, but a minute of clocks wakes them faster). ' +
      `So the games are shared among Workers of 2,000 (\`BENCH_DUE_PER_WORKER\`${d.workers > 1 ? `; ${d.workers} here` : ''}), one workerd each, as deployed objects are spread over machines, on the one database. ` +
      "Those Workers stand in for one namespace, so their crons step in only for games ten minutes late (`ALARM_SLACK_SECONDS=600`; 60 deployed): a cron stepping in for a game another Worker holds starts a second copy of its object there, where deployed its check finds the pending alarm and does nothing. With the 60 s slack, a run of 10,000 took 237 s, the first Worker's SQLite out of memory from those copies. " +
      "Each game has one object (`GameTimer`, which also keeps the game's versions for 304s): with two, a pass woke both. " +
      "What made the rate: a game that ends is recorded by its commit in one statement (it was a transaction of eleven statements over a WebSocket, 54 games a second before the next change); a pass reads the game, its recipients and the ending's inputs in one statement (71 a second); and a place at WorkGate that comes free goes at once to the pass waiting longest, whose timer is woken (86 a second: before, waiting passes asked again at estimated times, and a fifth of the CPU stood idle in the burst and more at its tail). " +
      "Everything shares the same 2 cores here, so the rate is the CPU per game above spread over them. Deployed, the Worker and the objects run on Cloudflare's machines, and what limits the rate is WorkGate (16 passes at once) and the database: PostgreSQL's share is the figure above.",
    '',
  ];
}

/** "Cost of 1,000 active games a month": the table bench/cost.ts computes from this run. */
export function costSection(r: J): string[] {
  const c = costPer1000Games(r);
  if (!c) return [];
  const out = [
    '## Cost of 1,000 active games a month',
    '',
    `From this run's figures (bench/cost.ts; a test checks the table is computed from them, test/api/cost-table.test.ts): ${n(c.players_per_game, 0)} players a game, ${n(c.player_days, 0)} player-days a month, ` +
      `requests and CPU per player-day from section 6 (whose per-request CPU the server section measured), PostgreSQL CPU per request as measured here (a new backend per connection included), bytes per game from the scale section. ` +
      `List prices as of ${c.prices.as_of}: Workers Paid $${c.prices.workers.per_million_requests}/M requests and $${c.prices.workers.per_million_cpu_ms}/M CPU-ms; Durable Objects $${c.prices.durable_objects.per_million_requests}/M requests, ` +
      `$${c.prices.durable_objects.per_million_gb_s}/M GB-s, $${c.prices.durable_objects.per_million_rows_written}/M rows written, $${c.prices.durable_objects.per_gb_month}/GB-month; ` +
      `Neon Launch $${c.prices.neon_launch.per_cu_hour}/CU-hour and $${c.prices.neon_launch.per_gb_month}/GB-month (${c.prices.sources.join('; ')}).`,
    '',
    '| resource | a month of 1,000 games | from | list price |',
    '|---|---|---|---|',
    ...c.rows.map((row) => `| ${row.label} | ${n(row.quantity, 3)} ${row.unit} | ${row.from} | ${usd(row.usd)} |`),
    `| **total** | | | **${usd(c.total_usd)}** (${usd(c.per_game_usd)} a game) |`,
    '',
    `No free allowance is deducted above. Were these 1,000 games all there is, the bill with Workers Paid's $5 base and its allowances (10 M requests, 30 M CPU-ms, 1 M Durable Object requests, 400,000 GB-s) would be ${usd(c.bill_with_allowances_usd)}. ` +
      `The database compute is most of it, and it is a floor: the smallest Neon compute (${c.assumptions.neon_min_cu} CU) running all month, which would serve many times these games before the measured CPU needs more. ` +
      `Assumptions: ${c.assumptions.clock_events_per_player_day} clock event (a reminder or a clock's end) a player-day at ${c.assumptions.do_requests_per_clock_event} Durable Object requests and a move's CPU; ` +
      `Durable Object requests per move ${c.assumptions.do_requests.move}, per 304 ${c.assumptions.do_requests.poll_304}, per full answer ${c.assumptions.do_requests.full_state} (counted from the code); ` +
      `a turn's notices wait out the grace in the game's timer, ${c.assumptions.do_requests_per_notice_batch} Durable Object request a turn (the delivering alarm; the hand-over rides on the move's own call), the alarm active ${c.assumptions.do_active_ms_per_delivery} ms while the email API answers (Durable Object duration, not Worker CPU); ` +
      `${c.assumptions.do_active_ms_per_request} ms of Durable Object duration per other request at ${c.assumptions.do_memory_gb * 1000} MB; Neon at ${c.assumptions.neon_utilisation * 100}% average use of its compute.`,
    '',
  ];
  return out;
}
