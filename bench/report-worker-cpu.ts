/**
 * RESULTS.md's section on the Worker's own CPU (bench/worker-cpu.ts): CPU per request of the
 * Worker's workerd process less the floor, what a move's CPU is made of, the profile's top
 * entries, and 1 to 64 games moving at once with the server pinned apart from the load generator.
 */
type J = Record<string, any>;

const f = (x: unknown, d = 2) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(d) : '-');
const table = (head: string[], rows: (string | number)[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

const OP_NAMES: Record<string, string> = {
  move: 'move (POST /moves, the next move of a recorded game)',
  move_gzip:
    "the same moves, asked with gzip (the dev harness then compresses the answer in the Worker's process, as Cloudflare's front line does after a deployed Worker)",
  state_full: 'full GET /state',
  poll_304: '304 (GET /state, If-None-Match)',
  how_to_play: 'How to play (no database)',
  health: 'GET /api/health (no database)',
  noop: 'floor: answered by the fixture before the app',
  db_probe: 'probe: a new database connection and `select 1` (what a transaction opens)',
  sql_probe: 'probe: `select 1` as an HTTP query (how every other statement goes)',
  notes_probe: "probe: a commit's two Durable Object calls",
  ping_probe: 'probe: one call of an object method that does nothing',
};

/** Median over rounds of op's block less the same round's floor (what results.json's own figures are). */
function ownOf(pr: J, op: string): number {
  const blocks = (pr[op]?.worker_cpu_ms_per_block ?? []) as number[];
  const floor = (pr.noop?.worker_cpu_ms_per_block ?? []) as number[];
  const d = blocks.map((x, i) => x - (floor[i] ?? 0)).sort((a, b) => a - b);
  if (!d.length) return Number.NaN;
  const mid = d.length >> 1;
  return Math.max(0, d.length % 2 ? d[mid] : (d[mid - 1] + d[mid]) / 2);
}

/** ", while the isolate itself ..." from the profile: the JavaScript's share of a move, what Cloudflare counts as CPU time. */
function isolate(w: J): string {
  const busy = w.profile?.moves?.busy_ms_per_request;
  return typeof busy === 'number'
    ? `, while the isolate itself (the JavaScript: what Cloudflare counts as a request's CPU time) was busy ${f(busy)} ms a move in the profile`
    : '';
}

/** "Targets missed" item when the Worker's own CPU per move is over 3 ms, or null. */
export function workerCpuMissed(r: J): string | null {
  const w: J | undefined = r.sections?.worker_cpu;
  if (!w?.per_request || r.targets?.worker_cpu_ms_per_move?.met !== false) return null;
  const stmt = w.db_http_statement_cpu_ms as number | undefined;
  const rest = w.worker_cpu_ms_per_move - w.worker_cpu_ms_per_health - w.clock_notes_cpu_ms;
  return (
    `**The Worker's own CPU per move (${f(w.worker_cpu_ms_per_move)} ms; target 3 ms).** ` +
    'Cut: statements now go as HTTP queries instead of over a WebSocket connection opened per request ' +
    `(a connection with its first statement ${f(w.db_connection_cpu_ms)} ms; a statement over HTTP ${f(stmt)} ms on a connection kept alive as Neon's endpoint keeps them, the fetch and the driver's parsing), the configuration is validated once per isolate, a move serialises its answer once, legal moves are compared without copies, and a move's notices wait out the grace in its game's timer, whose alarm delivers them, instead of in the request (their read, send and record were about 1.3 ms of a move). ` +
    `What stays (section "The Worker's own CPU per request"): the app around any route ${f(w.worker_cpu_ms_per_health)} ms; the commit's two Durable Object calls ${f(w.clock_notes_cpu_ms)} ms; ` +
    `and ${f(rest)} ms of the move's own work: its two statements (the request's context, the append with its version check), the engine (legal moves, apply), the answer (view, legal moves and their labels, JSON) ` +
    "(a move's notices and its clocks' next instant go to the game's object in the same call as its version; the delivery itself is the timer's alarm, measured apart). " +
    `Each statement costs workerd about ${f(stmt, 1)} ms here, most of it outside the isolate (sockets, HTTP)${isolate(w)}; under 3 ms would need fewer round trips than reading the game and appending with its version check allows.` +
    inspectorNote(w)
  );
}

/** " With the dev inspector attached ..." when the run measured it beside. */
function inspectorNote(w: J): string {
  const d: J | undefined = w.with_dev_inspector;
  if (!d) return '';
  return (
    ` Measured on a Worker without the dev inspector: attached (as \`wrangler dev\` runs it), a move cost ${f(d.worker_cpu_ms_per_move)} ms and a statement ${f(d.db_http_statement_cpu_ms)} ms ` +
    'in the same run, workerd encoding and sending the inspector a notification for every subrequest, which a deployed Worker never does (figures before this run were taken with it attached).'
  );
}

/** The summary table's row for `worker_cpu_ms_per_move`. */
export function workerCpuSummaryRows(r: J): string[][] {
  const w: J | undefined = r.sections?.worker_cpu;
  if (!w?.per_request) return [];
  const met = r.targets?.worker_cpu_ms_per_move?.met;
  return [
    [
      "Worker's own CPU per move (real games; its workerd process less the floor)",
      `${f(w.worker_cpu_ms_per_move)} ms (full GET ${f(w.worker_cpu_ms_per_state_full)} ms, 304 ${f(w.worker_cpu_ms_per_poll_304)} ms)`,
      '<= 3 ms',
      met === true ? 'met' : met === false ? '**missed**' : '-',
    ],
  ];
}

/** The parts table's row for the notices' delivery by the games' timers, measured apart from the moves. */
function deliveryRows(w: J): string[][] {
  const d: J | undefined = w.timer_deliveries;
  if (!d?.batches) return [];
  return [
    [
      `not in the move: its notices' delivery by the game's timer (${d.batches} batches of ${d.notices} notices)`,
      `${f(d.worker_cpu_ms_per_batch)} a batch (${f(d.worker_cpu_ms_per_notice)} a notice)`,
      "each batch's alarm run by the fixture's hook, the hook's floor taken off",
      `the alarm at the grace's end (${w.notice_grace_s} s in this section, so none ran inside a block): the batch read by its keys, rendered, sent to the email, push and webhook stand-ins, the outcomes recorded; Durable Object duration in production (${f(d.wall_ms?.p50, 1)} ms a batch here), not this Worker's CPU`,
    ],
  ];
}

export function workerCpuSection(r: J): string[] {
  const w: J | undefined = r.sections?.worker_cpu;
  if (!w?.per_request) return [];
  const pr = w.per_request as J;
  const out: string[] = [];
  out.push("## The Worker's own CPU per request");
  out.push('');
  out.push(
    `bench/worker-cpu.ts, measured ${String(w.measured_at ?? '')
      .slice(0, 16)
      .replace(
        'T',
        ' ',
      )} UTC; load average ${w.load_avg_1m_before} before, ${w.load_avg_1m_after} after, on ${r.machine?.cores ?? '?'} cores. ` +
      `${w.seeded_games} games seeded from the recorded games (bench/lib/seeded-lanes.ts) on ${w.database}${w.pooler ? ` through ${w.pooler}` : " (no pooler installed: HTTP queries reuse the stand-in's connections; a transaction starts a PostgreSQL backend)"}; a move is the next move of a running game's record, a full GET and a 304 read another running game as its seat 0. ` +
      `Requests go straight to the Worker's own workerd process: \`unstable_startWorker\` answers at wrangler's ProxyWorker, a dev server in a workerd process of its own that forwards each request, and that process is the one found first, so the "workerd CPU" of the server and scale sections before this section existed was the proxy's (a move's proxy CPU is listed below), not the Worker's. ` +
      `CPU is the Worker process's threads' time on a CPU (/proc schedstat, so waiting for a CPU is not counted), one request at a time, ${w.per_block} per block, ${w.rounds} rounds with the kinds alternating, the median block; ` +
      `the Worker and PostgreSQL ${w.per_request_pinned ? 'pinned to one CPU and this load generator and the bridge to the other' : 'unpinned (taskset failed)'}. ` +
      "**Own** is the block less the same round's floor: a request the fixture answers before the app (workerd's HTTP, Miniflare's entry worker and wrangler's dev middleware: none of it the Worker's work). " +
      (w.inspector_attached === false
        ? `The Worker runs without the dev inspector (attached, workerd sends it a notification for every subrequest: a move ${f(w.with_dev_inspector?.worker_cpu_ms_per_move)} ms own, a statement ${f(w.with_dev_inspector?.db_http_statement_cpu_ms)} ms, measured the same way on a second Worker after this one; the profile below is taken there). ` +
          "The bridge's HTTP query stand-in keeps connections alive as Neon's endpoint does (up to 32 open). "
        : '') +
      (typeof w.worker_cpu_ms_per_move_answer_gzipped === 'number'
        ? `Answers are asked for as the Worker sends them (\`Accept-Encoding: identity\`): asked with gzip, Miniflare's entry worker compresses them in the Worker's own process, as Cloudflare's front line does after a deployed Worker, outside its CPU time (the same moves asked with gzip: ${f(w.worker_cpu_ms_per_move_answer_gzipped)} ms own; figures before this run were taken so). `
        : '') +
      "The bridge (WebSocket to TCP and the HTTP query endpoint's stand-in, dev only; Neon runs its own proxy) is its own process and never in these figures; the Worker side of the database requests is (in production it also pays TLS). The Durable Objects' storage is on tmpfs.",
  );
  out.push('');
  out.push(
    table(
      ['request', 'p50 ms', 'Worker process CPU ms', '**own** CPU ms', 'PostgreSQL CPU ms', 'bridge CPU ms', "wrangler's proxy CPU ms"],
      Object.keys(OP_NAMES)
        .filter((op) => pr[op])
        .map((op) => [
          OP_NAMES[op],
          f(pr[op].ms.p50, 1),
          f(pr[op].cpu_ms.worker),
          op === 'noop' ? '-' : `**${f(ownOf(pr, op))}**`,
          f(pr[op].cpu_ms.postgres),
          f(pr[op].cpu_ms.bridge),
          f(pr[op].cpu_ms.proxy),
        ]),
    ),
  );
  out.push('');
  const move = w.worker_cpu_ms_per_move as number;
  const app = w.worker_cpu_ms_per_health as number;
  const conn = w.db_connection_cpu_ms as number;
  const notes = w.clock_notes_cpu_ms as number;
  const calls = Math.min(notes, 2 * (w.object_call_cpu_ms as number));
  const rest = move - app - notes;
  out.push(`What a move's ${f(move)} ms of its own CPU is made of (each part measured by itself in the same rounds):`);
  out.push('');
  out.push(
    table(
      ['part', 'ms', 'measured as', 'can it go?'],
      [
        [
          'the app around any route: routing, the middleware, the context',
          f(app),
          'GET /api/health less the floor',
          'already cut: the configuration was validated with zod on every request (now once per isolate)',
        ],
        [
          'not paid any more: a new database connection and its first statement',
          f(conn),
          'probe: connection + `select 1` less the floor',
          "statements go as HTTP queries (below); only a transaction opens a connection (a move's append is one statement, with its version check inside)",
        ],
        [
          'one statement as an HTTP query (a move makes two)',
          f(w.db_http_statement_cpu_ms),
          'probe: `select 1` over HTTP less the floor',
          "the fetch (workerd's HTTP client, mostly outside the isolate) and the driver's JSON and type parsing",
        ],
        [
          "the commit's two Durable Object calls (the game's object: version, held notices, clocks' next instant; DueClock.earlier), both sides",
          f(notes),
          'probe: the same two calls less the floor',
          `the calls themselves ${calls < 0.05 ? 'too little to tell from the floor' : `${f(calls)} ms`} (2 x a call of a method that does nothing); the rest, ${f(notes - calls)} ms, is the objects' own storage writes, which in production run in the objects (billed as Durable Object time, not this Worker's CPU); the calls keep 304s from ever confirming an older version`,
        ],
        [
          "the move's own work: its two statements, validation, the engine (legal moves, apply), the answer (view, legal moves and their labels, JSON), the commit's parameters",
          f(rest),
          'the rest',
          'see the profile below',
        ],
        ['**move, own CPU**', `**${f(move)}**`, 'POST /moves less the floor', ''],
        ...deliveryRows(w),
        [
          'not counted: the floor every request pays here',
          f(pr.noop.cpu_ms.worker),
          'a request the fixture answers before the app',
          "workerd's HTTP server, Miniflare's entry worker and wrangler's dev middleware: the dev harness, not the Worker",
        ],
      ],
    ),
  );
  out.push('');
  const p: J | null = w.profile;
  if (p && !p.error) {
    out.push(
      `Profile of the Worker's isolate (V8 inspector, every ${p.interval_us} us) over ${p.requests} moves, then ${p.requests} full GETs. Shares count samples (each sample alike; on a loaded machine a sample's wall-time weight follows where the scheduler preempted the thread, not where the CPU went) and cover the isolate's JavaScript only: workerd's own work outside the isolate (sockets, the HTTP and WebSocket machinery, the objects' SQLite) is not sampled.`,
    );
    out.push('');
    for (const [name, s] of [
      ['moves', p.moves],
      ['full GETs', p.state_full],
    ] as [string, J][]) {
      out.push(
        `${name}: top files ${(s.top_files as J[])
          .slice(0, 8)
          .map((x) => `${x.file} ${f(x.self_pct, 1)}%`)
          .join(', ')}.`,
      );
      out.push('');
      out.push(
        table(
          ['function', 'module', 'self %'],
          (s.top_functions as J[]).slice(0, 12).map((x) => [`\`${x.fn}\``, x.where, f(x.self_pct, 1)]),
        ),
      );
      out.push('');
      out.push(
        `Our own code by inclusive share (${name}): ${((s.top_own_inclusive ?? []) as J[])
          .slice(0, 10)
          .map((x) => `\`${x.fn}\` (${x.where}) ${f(x.total_pct, 1)}%`)
          .join(', ')}.`,
      );
      out.push('');
    }
  } else if (p?.error) out.push(`(profile failed: ${p.error})\n`);
  out.push(...concurrencySection(w));
  return out;
}

function concurrencySection(w: J): string[] {
  const cc: J | undefined = w.concurrency;
  if (!cc?.levels?.length) return [];
  const out: string[] = [];
  out.push("## Many games at once: where a move's time goes");
  out.push('');
  out.push(
    `The same real moves, 1, 4, 16 and 64 games at once (each game one client moving without pause), ${cc.rounds} rounds per level, each round running both variants in alternating order: ` +
      `**pinned**, the Worker's workerd and PostgreSQL on CPU ${cc.cpus - 1} and this load generator, the bridge and wrangler's proxy on CPU ${cc.cpus - 2} (\`taskset\`; only ${cc.cpus} CPUs, and other jobs ran on both), and **shared**, every process free on every CPU. ` +
      'CPU and run-queue wait (time runnable but not running, from /proc schedstat) per move; PostgreSQL lock waits sampled every 100 ms. ' +
      "The CPU bound: c games at once cannot average less than c times a move's CPU on the CPUs it queues for (pinned: the Worker and PostgreSQL on one CPU; shared: every process on every CPU), nor less than a move alone; **vs bound** is the mean over the larger of the two, the part no CPU limit explains.",
  );
  out.push('');
  const rows = (cc.levels as J[]).map((x) => [
    x.c,
    x.variant,
    x.moves,
    `${f(x.ms.p50, 1)} / ${f(x.ms.p95, 1)}`,
    f(x.ms.mean, 1),
    f(x.per_s, 1),
    `${f(x.per_move.worker.cpu)} + ${f(x.per_move.postgres.cpu)} + ${f(x.per_move.bridge.cpu)} + ${f(x.per_move.generator.cpu)}`,
    `${f(x.per_move.worker.wait)} / ${f(x.per_move.postgres.wait)}`,
    f(x.cpu_bound_ms, 1),
    `${f(x.mean_vs_alone)}x`,
    `**${f(x.mean_vs_bound)}x**`,
    f(x.lock_waiting_backends_avg),
  ]);
  out.push(
    table(
      [
        'games at once',
        'variant',
        'moves',
        'p50 / p95 ms',
        'mean ms',
        'moves/s',
        'CPU ms per move: Worker + PostgreSQL + bridge + generator',
        'run-queue wait ms per move: Worker / PostgreSQL',
        'CPU bound ms',
        'mean vs alone',
        'vs bound',
        'backends waiting on a lock',
      ],
      rows,
    ),
  );
  out.push('');
  const at = (c: number, v: string) => (cc.levels as J[]).find((x) => x.c === c && x.variant === v);
  const v = at(16, 'pinned') ? 'pinned' : 'shared';
  const c16 = at(16, v);
  const c1 = at(1, v);
  if (c16 && c1) {
    const pg = c16.per_move.postgres.cpu as number;
    const wk = c16.per_move.worker.cpu as number;
    const locks = Math.max(...(cc.levels as J[]).map((x) => x.lock_waiting_backends_avg as number));
    out.push(
      `**16 games at once (${v})**: a move took ${f(c16.ms.mean, 0)} ms on average against ${f(c1.ms.mean, 0)} ms alone (${f(c16.mean_vs_alone, 1)}x), and ${f(c16.per_s, 1)} moves/s against ${f(c1.per_s, 1)}. ` +
        `Each move needs ${f(wk + pg, 1)} ms of CPU on the server's CPU (Worker ${f(wk, 1)} ms, PostgreSQL ${f(pg, 1)} ms), so 16 at once cannot average less than ${f(c16.cpu_bound_ms, 0)} ms there: the measured mean is **${f(c16.mean_vs_bound, 2)}x** that bound, ` +
        `${(c16.mean_vs_bound as number) <= 2 ? "within 2x once the machine's limit is taken out" : "more than 2x even with the machine's limit taken out"}. ` +
        `Where the time goes: queueing for the CPU (a move is runnable and waiting ${f(c16.per_move.worker.wait, 1)} ms in the Worker's thread and ${f(c16.per_move.postgres.wait, 1)} ms in PostgreSQL's, against ${f(c1.per_move.worker.wait, 1)} and ${f(c1.per_move.postgres.wait, 1)} alone; the rest of the wait is behind the other moves in the same single-threaded Worker); ` +
        `PostgreSQL's CPU (${f(pg, 1)} ms a move, ${f((pg / (wk + pg)) * 100, 0)}% of the server's: ${w.pooler ? 'through the pooler' : "no pooler here: the HTTP queries reuse the stand-in's connections, and only a transaction starts a backend"}); ` +
        `the bridge (${f(c16.per_move.bridge.cpu, 1)} ms a move, on the other CPU when pinned); the Durable Object calls (${f(w.clock_notes_cpu_ms, 1)} ms of the Worker's CPU a commit, one request at a time; DueClock is one object for all games, so its calls queue behind each other); ` +
        `locks: at most ${f(locks, 2)} PostgreSQL backends waiting on a lock on average at any level (each game is its own row, so moves of different games never wait for each other).`,
    );
    out.push('');
  }
  return out;
}
