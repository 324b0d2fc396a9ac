/**
 * The cost part of bench/RESULTS.md: the idle hour, polls answered without the database, and
 * where a move's PostgreSQL time goes (from bench/results.json's server section).
 */
type J = Record<string, any>;

const f = (x: unknown, digits = 1) =>
  typeof x === 'number' && Number.isFinite(x) ? (Math.abs(x) >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(digits)) : '-';
const x2 = (x: unknown) => (typeof x === 'number' ? `${x.toFixed(2)}x` : '-');
const table = (head: string[], rows: (string | number)[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map((c) => String(c)).join(' | ')} |`),
  ].join('\n');

/** Markdown lines of the section "Idle, polls and the PostgreSQL time of a move". */
export function idleAndPolls(r: J): string[] {
  const sv: J = r.sections?.server ?? {};
  if (!sv.moves) return [];
  const out: string[] = ['## Idle, polls and the PostgreSQL time of a move', ''];
  const idle: J | null = sv.idle ?? null;
  const c1: J = sv.polls?.c1 ?? {};
  const m: J = sv.moves?.c1 ?? {};
  out.push('| measure | result | target |  |', '|---|---|---|---|');
  const met = (ok: boolean | null) => (ok === null ? '-' : ok ? 'met' : '**missed**');
  out.push(
    `| \`idle_pg_statements_per_hour\`: statements PostgreSQL ran during ${idle?.ticks ?? '-'} cron ticks (one hour of \`*/5\`) with nothing due | ${idle?.statements ?? '-'} | 0 | ${met(typeof r.idle_pg_statements_per_hour === 'number' ? r.idle_pg_statements_per_hour === 0 : null)} |`,
    `| \`poll304_vs_full_ratio\`: 304 vs full GET /state (p50, sequential) | ${x2(r.poll304_vs_full_ratio)} (${f(sv.poll304_ms_p50)} ms vs ${f(sv.poll_full_ms_p50)} ms) | <= 0.4x | ${met(typeof r.poll304_vs_full_ratio === 'number' ? r.poll304_vs_full_ratio <= 0.4 : null)} |`,
    `| \`pg_cpu_move_vs_bare_ratio\`: PostgreSQL CPU per move (its deferred notice delivery included) vs per bare transaction | ${x2(r.pg_cpu_move_vs_bare_ratio)} (${f(m.move?.cpu_ms_per_op?.postgres, 2)} ms vs ${f(m.bare_warm?.cpu_ms_per_op?.postgres, 2)} ms) | <= 2x | ${met(typeof r.pg_cpu_move_vs_bare_ratio === 'number' ? r.pg_cpu_move_vs_bare_ratio <= 2 : null)} |`,
    `| \`move_vs_bare_ratio\`: move vs bare transaction (p50, 1 game) | ${x2(r.move_vs_bare_ratio)} (${f(r.move_ms_p50)} ms vs ${f(r.bare_ms_p50)} ms) | <= 1.5x | ${met(typeof r.move_vs_bare_ratio === 'number' ? r.move_vs_bare_ratio <= 1.5 : null)} |`,
  );
  out.push('');
  out.push(
    `Load: ${sv.load_avg_1m_at_end !== undefined ? `the load average was ${sv.load_avg_1m_at_end} when this section ended` : `this run's load average was ${r.machine?.load_avg_1m_before} before and ${r.machine?.load_avg_1m_after} after`} on ${r.machine?.cores} cores; ` +
      'the ratios compare blocks measured alternately in the same run, and CPU times come from /proc (per process, so they do not count waiting for a CPU).',
  );
  out.push('');

  out.push('### Idle: the cron asks a Durable Object, not Postgres');
  out.push('');
  out.push(
    'The next instant the cron can have work (a reminder or deadline, an outbox row or retry, a digest, a bot that must act, a stored Idempotency-Key answer to forget) lives in the `DueClock` Durable Object (worker/clock/due-clock.ts, one object). ' +
      'Every commit (`appendEvent`) moves it to now before it writes (a commit may set a deadline, queue a notice, hand the turn to a bot), and a delivery that schedules a retry moves it to that retry; it only ever moves earlier from there. ' +
      'A tick asks the object (`claim`): nothing due, and the tick ends without creating a database pool. Otherwise it runs the usual pass, then recomputes the next instant from Postgres (worker/scheduled/next-due.ts: one aggregate statement plus the bot check) and `settle`s it, keeping any instant a commit noted during the pass.',
  );
  out.push('');
  if (idle && 'statements' in idle) {
    out.push(
      `Measured: the Worker of section 1 after its moves; ticks driven back to back through \`/__scheduled\` with \`log_min_duration_statement = 0\`, every logged statement counted (our own ALTER SYSTEM excluded). ` +
        `It took ${idle.settle_ticks} tick(s) after the last move to be idle (the first is the pass the commits asked for). Then ${idle.ticks} ticks: **${idle.statements} statements** (a tick ${f(idle.tick_ms_p50)} ms p50). ` +
        `After one more move, the next tick ran ${idle.busy_tick_statements} statements (its pass and the recompute): commits still make the cron look. ` +
        'That a deadline still fires within one tick of its time is a Worker test (test/worker/idle-and-polls.test.ts, "an idle tick opens no database connection, and a deadline fires on the first tick after it": the deadline 4 s away, three idle ticks open no connection at the bridge, the first tick after it ends the game).',
    );
    out.push('');
  }
  out.push(
    '**Why a Durable Object and not Workers KV.** The instant is written by concurrent commits as "the earlier of the two": KV has no compare-and-set, so two read-modify-writes that interleave can put back the later instant and lose a deadline; ' +
      'KV also allows about one write per second per key, and its reads are eventually consistent (other locations may serve a value up to 60 s old), so a deadline written just before a tick could be missed by that tick. ' +
      "A Durable Object runs one request at a time over transactional storage, so `earlier` is an atomic minimum, and every read sees the last write. Locally, Miniflare's KV is strongly consistent, so the KV failure cannot be shown here; " +
      `the DO's cost can: a poll answered by the per-game object (below) takes ${f(c1.poll_304?.ms?.p50)} ms against ${f(c1.health?.ms?.p50)} ms for GET /api/health, which asks nothing. ` +
      'A DO alarm could run the work at the exact instant instead of at the next tick; the cron stays the one runner (retries and batches as before), so a deadline fires at the first tick after it, as before.',
  );
  out.push('');

  out.push('### Polls: a per-game Durable Object answers 304');
  out.push('');
  out.push(
    "`GameVersions` (worker/clock/game-versions.ts, one object per game) holds the game's version, each seat's seen mark, and the session tokens (SHA-256) that got a database answer for the game in the last 5 minutes (`VIEWER_TRUST_MS`), with their user and seat. " +
      'A conditional GET /state is answered 304 by worker/middleware/known-version.ts when the ETag the database would give (version, seen mark, viewer) equals If-None-Match; no database pool is used. ' +
      "Consistency: `appendEvent` tells the object the new version (and the acting seat's mark) **before** it commits, and waits for it, so the object is never behind Postgres: a failed commit only leaves it ahead, which costs a full answer, never a stale 304. " +
      "Its state is in the object's storage, and the object answers only once the write is durable, so an object that restarts (eviction, deploy) between an announcement and the commit comes back with the announced version; kept in memory only, a restart could bring back an older version than the one just committed. " +
      'Every database answer (200, or a 304 that marked the version seen) writes the version and mark it read before the response goes out. A visible poll whose seat has not yet seen the version still goes to the database, which must write the seen mark. ' +
      'Tests: "a matching poll gets 304 with no database connection ..." (no connection opened at the bridge by three polls) and "no stale 304: after the mover has its answer, every poll sent carries the new version" (a poller polls without pause while 6 moves land).',
  );
  out.push('');
  if (c1.poll_304) {
    out.push(
      table(
        ['variant (1 at a time)', 'p50 ms', 'p95 ms', 'CPU ms per request: workerd + postgres'],
        [
          [
            "304 answered by the game's Durable Object",
            f(c1.poll_304.ms.p50),
            f(c1.poll_304.ms.p95),
            `${f(c1.poll_304.cpu_ms_per_op.worker, 2)} + ${f(c1.poll_304.cpu_ms_per_op.postgres, 2)}`,
          ],
          [
            'full 200 (database; then the object is told)',
            f(c1.full.ms.p50),
            f(c1.full.ms.p95),
            `${f(c1.full.cpu_ms_per_op.worker, 2)} + ${f(c1.full.cpu_ms_per_op.postgres, 2)}`,
          ],
          ...(c1.poll_304_real
            ? [
                [
                  '304 on a real game (Snowdonia, 4 players)',
                  f(c1.poll_304_real.ms.p50),
                  f(c1.poll_304_real.ms.p95),
                  `${f(c1.poll_304_real.cpu_ms_per_op.worker, 2)} + ${f(c1.poll_304_real.cpu_ms_per_op.postgres, 2)}`,
                ],
              ]
            : []),
          [
            'GET /api/health (no database, no object)',
            f(c1.health?.ms?.p50),
            f(c1.health?.ms?.p95),
            `${f(c1.health?.cpu_ms_per_op?.worker, 2)} + -`,
          ],
        ],
      ),
    );
    out.push('');
    out.push(
      "Why not the alternatives: KV with a version check has the consistency problem above (a poller elsewhere could be told 304 for up to 60 s after a move); Neon's HTTP query would still run a statement per poll on a Postgres that must then stay awake, and needs a local stand-in that measures nothing real. " +
        'The object costs one DO request per 304 (and one per full answer and per commit).',
    );
    out.push('');
  }

  out.push("### Where a move's PostgreSQL time goes");
  out.push('');
  const phases: J[] = sv.move_phases ?? [];
  if (phases.length) {
    const total = phases.reduce((a, p) => a + p.parse_ms + p.bind_ms + p.execute_ms, 0);
    const plan = phases.reduce((a, p) => a + p.parse_ms + p.bind_ms, 0);
    out.push(
      `Server time per move, by statement and phase, from the PostgreSQL log (log_min_duration_statement = 0; moves alternating \`bank\` and \`end\` through the pooler; durations are wall time inside the backend, so on a busy machine they include waiting for a CPU). ` +
        `Total ${f(total, 2)} ms per move, of which ${f(plan, 2)} ms (${f((plan / total) * 100, 0)}%) is parse and plan of the statements as sent (the driver sends unnamed statements, parsed and planned on every request; the statements inside a function are not logged: their time is in the call's execute).`,
    );
    out.push('');
    out.push(
      table(
        ['statement', 'per move', 'parse ms', 'plan (bind) ms', 'execute ms'],
        phases
          .slice(0, 10)
          .map((p) => [
            `\`${p.sql.replace(/\|/g, '\\|').slice(0, 80)}...\``,
            f(p.per_op, 2),
            f(p.parse_ms, 3),
            f(p.bind_ms, 3),
            f(p.execute_ms, 3),
          ]),
      ),
    );
    out.push('');
    out.push(
      "The move's two statements are calls of PL/pgSQL functions (db/migrations/0013_cached_plans.sql: `mp_game_request` reads the session, game row, seat, the Idempotency-Key's earlier event, the notice recipients and the seat's events; `mp_append_event` locks the game at its version, inserts the event, moves the game, marks the seat and queues the notices). " +
        "The call itself parses and plans in microseconds, and the statements inside it are planned on the first calls on a server connection and then run on kept plans: PL/pgSQL keeps them for the life of the connection, and behind the pooler (here PgBouncer; Neon's pooled endpoint in production) server connections outlive requests. " +
        "A turn change adds the delivery of its notice: the commit queues it already claimed for its game's timer (GameTimer), whose alarm at the grace's end (at once here) reads it by its dedupe key with everything the message needs (`mp_held_deliveries`, migration 0014, where it was a claim and five reads), and `mp_finish_deliveries` (0025; one a row from 0016) records the outcomes of the whole batch in one statement; the cron claims whatever else is due (`mp_claim_deliveries`).",
    );
    out.push('');
  }
  const mb = m.move?.cpu_ms_per_op;
  const bb = m.bare_warm?.cpu_ms_per_op;
  if (typeof mb?.postgres_backends === 'number') {
    out.push(
      `Of the PostgreSQL CPU per operation (1 game), the client backends that ran the statements spent ${f(mb.postgres_backends, 3)} ms per move and ${f(bb?.postgres_backends, 3)} ms per bare transaction (${x2(mb.postgres_backends / bb?.postgres_backends)}); ` +
        "the rest is its background processes (WAL writer, checkpointer, autovacuum). CPU is read from each thread's schedstat (nanoseconds): /proc/<pid>/stat counts 10 ms ticks, and a block of ten moves of about a millisecond each showed 0 or 10 ms, which made earlier runs of this figure noise.",
    );
    out.push('');
  }
  out.push(
    'What brought it down, each step measured on an otherwise idle machine (PostgreSQL CPU per move, its notice delivery included, against the bare transaction):',
  );
  out.push('');
  out.push(
    table(
      ['step', 'move vs bare'],
      [
        [
          'before: the read and the commit as unnamed statements, delivery in six statements, the sent email stored whole (d800bd0)',
          '3.83x (2.88 ms vs 0.75 ms; tick-based CPU)',
        ],
        ["the move's read and append as PL/pgSQL functions (0013)", 'without delivery 1.2-1.4 ms -> 0.6-0.75 ms per move'],
        ['delivery in two statements, the claim reading everything the message needs (0014)', '1.5 ms -> 1.1 ms per move'],
        [
          "emails through an email API as in production (the row keeps recipient and subject), bare notices never delivered by the moves' drains, schedstat CPU, pooled connections warmed before measuring",
          '2.03x',
        ],
        [
          "a move's answer reads only the unseen events; mp_finish_delivery; partial outbox indexes; row_to_json instead of to_jsonb",
          '1.84x',
        ],
        [
          "the read and the claim return one JSON value; a commit's notices held for its own drain and read by key (no claim to write, no scan of pending rows)",
          `${x2(r.pg_cpu_move_vs_bare_ratio)} (this run; 1.83x-2.15x over ten runs of the section in two sessions: the bare transaction's own CPU varies by a fifth between runs)`,
        ],
      ],
    ),
  );
  out.push('');
  if (typeof r.pg_cpu_move_vs_bare_ratio === 'number' && phases.length && typeof mb?.postgres_backends === 'number') {
    const logged = phases.reduce((a, p) => a + p.parse_ms + p.bind_ms + p.execute_ms, 0);
    const callPlan = phases.reduce((a, p) => a + p.parse_ms + p.bind_ms, 0);
    const met = r.pg_cpu_move_vs_bare_ratio <= 2;
    out.push(
      `**${met ? 'What is left of' : 'The floor that stops'} \`pg_cpu_move_vs_bare_ratio\` ${met ? '' : '<= 2x '}(${x2(r.pg_cpu_move_vs_bare_ratio)}).** ` +
        `Of the ${f(mb.postgres_backends, 2)} ms a move costs the backends, the statements' logged time is ${f(logged, 2)} ms; the rest, ${f(Math.max(0, mb.postgres_backends - logged), 2)} ms, is per-statement work outside it (protocol messages, the implicit transaction of each statement and its commit: a move commits two or three times where the bare transaction commits once). ` +
        `Parsing and planning the calls themselves is ${f(callPlan, 2)} ms per move; named prepared statements would remove it, through PgBouncer 1.21 or later (Neon's pooled endpoint), which Debian 12 does not have. ` +
        'What a move does beyond the bare writes is one read (session, seat, the Idempotency-Key, recipients, unseen events) and, every other move, the delivery of a notice (its context read and its outcome written), which the bare transaction never does; on this machine that work alone is about as much as the bare transaction.',
    );
    out.push('');
  }
  const mr: J | undefined = sv.explain?.move_read;
  const mrDirect: J | undefined = r.sections?.server_direct?.explain?.move_read;
  if (mr?.function_warm) {
    const first = mr.function_first_on_backend ?? mrDirect?.function_first_on_backend;
    out.push(
      `The move's read on a warm connection (EXPLAIN ANALYZE of the call, median of the last 6 of 12 runs): **${f(mr.function_warm.planning_ms, 3)} ms planning + ${f(mr.function_warm.execution_ms, 3)} ms execution**` +
        (first
          ? `; as the first call on a new server backend (straight to PostgreSQL, where every connection is one), ${f(first.planning_ms, 3)} ms + ${f(first.execution_ms, 3)} ms: the function is compiled and its statements planned once per server connection.`
          : '.') +
        " Before (the same read as one unnamed statement, measured on an idle machine on 2026-12-01 from d800bd0): 0.341 ms planning + 0.142 ms execution on every request; then a move cost 3.83x the bare transaction's PostgreSQL CPU (2.88 ms vs 0.75 ms), of which parse and plan were 75% of the logged statement time.",
    );
    out.push('');
  }
  const pr: J | undefined = sv.ratios?.c1?.move_vs_bare_warm_per_round;
  out.push(
    `**\`move_vs_bare_ratio\` (${x2(r.move_vs_bare_ratio)}).** Per round of alternating blocks it ranged ${x2(pr?.min)}-${x2(pr?.max)} (median ${x2(pr?.median)}) in this run. ` +
      `Against a bare transaction that also opens a connection, as the Worker must, a move is ${x2(r.move_vs_bare_cold_ratio)}. A move adds to the bare transaction's work the HTTP and Worker floor (GET /api/health), one Durable Object round trip before the commit (the two objects are told in parallel; a 304 answered by the object costs no more than GET /api/health), and the engine; ` +
      "the database part is two round trips against the bare transaction's five or six.",
  );
  out.push('');
  out.push(
    "**Why PL/pgSQL functions and not prepared statements.** A Worker opens a new connection for every request, so a plan can only be kept on the server side. Protocol-level prepared statements would do it through PgBouncer 1.21 or later (`max_prepared_statements`, which Neon's pooled endpoint runs), but the pooler here is Debian 12's PgBouncer 1.18, which cannot (a statement prepared on one server connection is unknown on the next), so that could not be measured; " +
      "a function's kept plans work behind any pooler, on Neon and in PGlite, and each read has one copy, in SQL. The cost: the first call on each new server backend compiles the function and plans its statements (above), so straight to PostgreSQL, where every request is a new backend, a move gains nothing (section 1, without the pooler). " +
      "The snapshot written per move is not where the time goes: the fixture's snapshot is a few hundred bytes and the real games' are 1.3-1.7 KB stored (section 3), already compressed by TOAST above 2 KB.",
  );
  out.push('');
  return out;
}
