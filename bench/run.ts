/**
 * `npm run bench`: every benchmark on this machine, each section in its own process with its own
 * time limit, then bench/results.json and the readable bench/RESULTS.md.
 *
 *   npm run bench                      all sections (about 5-8 minutes on 2 busy cores)
 *   npm run bench -- engines client    only these sections; the others keep their last results
 *   BENCH_QUICK=1 npm run bench        fewer repetitions (a smoke run; numbers are rougher)
 *   npm run bench -- --report-only     rewrite RESULTS.md (and the scale estimate) from results.json
 *
 * Sections: engines (bench/engines.ts), server (bench/server.ts: the Worker in workerd + real
 * PostgreSQL, through PgBouncer when installed), server_direct (the same, shorter, without the
 * pooler), inprocess (bench/inprocess.ts: createApp + PGlite), client (bench/client.ts:
 * bundle and first render in Chromium), clocks (bench/clocks.ts: the delay from a clock's end to
 * its effect), worker_cpu (bench/worker-cpu.ts: the Worker's own CPU per request on real games, its
 * profile, and 1 to 64 games moving at once with the server pinned apart from the load generator), due (bench/due.ts: 10,000 clocks due within the same minute, then 10,000 notices due at once; by name only),
 * scale (bench/scale-db.ts: the same requests at 1,000, 10,000 and 100,000 seeded games;
 * BENCH_SCALE_SIZES to choose; not part of a run without named sections, it takes long). Nothing
 * here is part of `npm test`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib/records';
import { machineInfo } from './lib/proc';
import { renderMarkdown } from './report';
import { scaleOnPaper } from './scale';
import { gamesPerMonthOf } from './report-scale';
import { scaleTable } from './scale-table';
import { costPer1000Games } from './cost';

interface Section {
  name: string;
  file: string;
  /** Hard limit for the process, ms (it budgets itself well below this). */
  limitMs: number;
  /** Extra environment for the section's process. */
  env?: Record<string, string>;
  /** Runs only when named on the command line (too long for the default run). */
  byNameOnly?: boolean;
}

const SECTIONS: Section[] = [
  { name: 'engines', file: 'bench/engines.ts', limitMs: 180_000 },
  // Through PgBouncer when installed, as a Worker reaches Neon's pooled endpoint in production...
  { name: 'server', file: 'bench/server.ts', limitMs: 420_000 },
  // ... and a shorter run straight to PostgreSQL (a new server backend per request), to compare.
  {
    name: 'server_direct',
    file: 'bench/server.ts',
    limitMs: 200_000,
    env: { BENCH_POOLER: '0', BENCH_QUICK: '1', BENCH_SERVER_BUDGET_MS: '120000' },
  },
  { name: 'inprocess', file: 'bench/inprocess.ts', limitMs: 200_000 },
  // Three games, each loaded throttled and not: a few minutes on 2 busy cores.
  { name: 'client', file: 'bench/client.ts', limitMs: 420_000 },
  // Clocks that run out, applied by each game's alarm: the delay from the instant to the effect.
  { name: 'clocks', file: 'bench/clocks.ts', limitMs: 180_000 },
  // The Worker's own CPU per request on real games, its profile, and 1 to 64 games at once, pinned and not.
  { name: 'worker_cpu', file: 'bench/worker-cpu.ts', limitMs: 420_000 },
  // 10,000 clocks due within a minute, then 10,000 notices: the games' alarms and the drain lanes on real PostgreSQL.
  { name: 'due', file: 'bench/due.ts', limitMs: 1_800_000, byNameOnly: true },
  // Seeds up to 100,000 games and measures at each size: run by name only (`npm run bench -- scale`).
  { name: 'scale', file: 'bench/scale-db.ts', limitMs: 50 * 60_000, byNameOnly: true },
];
/** The whole run stops starting sections after this long. */
const TOTAL_MS = 14 * 60_000;

const resultsFile = path.join(root, 'bench', 'results.json');

/** What the load average before the run says about the absolute times (2 cores: above 1.5, something else was running). */
function busyNote(load1m: number): string {
  return load1m > 1.5
    ? 'busy machine: other processes were running; compare ratios measured in the same run, not absolute times'
    : 'idle machine before the run; ratios compare variants measured in the same run';
}
const markdownFile = path.join(root, 'bench', 'RESULTS.md');

/**
 * Ctrl-C (SIGINT) or SIGTERM: the running section is told to stop (SIGTERM to its process group,
 * so it shuts down the servers it started and removes their folders), no further section starts,
 * results.json is left as it was, and the run exits 130. A second Ctrl-C kills the section at once.
 */
let interrupted = false;
let interruptedAt = 0;
let current: { pid: number } | null = null;
function signalSection(sig: NodeJS.Signals) {
  if (!current) return;
  try {
    process.kill(-current.pid, sig);
  } catch {}
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    // npm and tsx relay the terminal's Ctrl-C, so one keypress arrives two or three times within
    // milliseconds: only a signal well after the first one means "kill it now".
    if (interrupted) return performance.now() - interruptedAt > 1500 ? signalSection('SIGKILL') : undefined;
    interrupted = true;
    interruptedAt = performance.now();
    console.error(`[bench] ${sig}: stopping ${current ? 'the running section' : ''} (again to kill it now)`);
    signalSection('SIGTERM');
  });
}

function runSection(s: Section, outFile: string, limitMs: number): Promise<{ ok: boolean; ms: number; error?: string }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [s.file, outFile], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true, // its own process group, so a hung section can be stopped with everything it started
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', ...s.env },
    });
    current = { pid: child.pid! };
    let timedOut = false;
    const term = setTimeout(() => {
      timedOut = true;
      console.error(`[bench] ${s.name}: over ${Math.round(limitMs / 1000)} s, stopping it`);
      signalSection('SIGTERM');
    }, limitMs);
    const kill = setTimeout(() => signalSection('SIGKILL'), limitMs + 25_000);
    child.on('exit', (code, signal) => {
      clearTimeout(term);
      clearTimeout(kill);
      current = null;
      const ms = performance.now() - t0;
      const ok = code === 0 && !timedOut && !interrupted && existsSync(outFile);
      const error = ok
        ? undefined
        : interrupted
          ? 'interrupted'
          : timedOut
            ? `timed out after ${Math.round(limitMs / 1000)} s`
            : `exit ${code ?? signal}`;
      resolve({ ok, ms, error });
    });
  });
}

function loadPrevious(): Record<string, any> {
  try {
    return JSON.parse(readFileSync(resultsFile, 'utf8'));
  } catch {
    return {};
  }
}

/**
 * The scale keys of results.json, computed from the section's figures. The names say 100k vs 1k
 * (a contract); `scale_ratio_sizes` says which sizes were compared when 100,000 was not run.
 */
function scaleKeys(sc: Record<string, any> | undefined): Record<string, unknown> {
  if (!sc?.sizes?.length) return {};
  const t = scaleTable(sc.sizes);
  return {
    ...t.keys,
    scale_sizes_run: sc.sizes.map((s: { n: number }) => s.n),
    scale_ratio_sizes: t.keys_sizes,
    scale_pg_cpu_ratios_100k_vs_1k: t.pg_cpu_ratios,
    scale_db_free_control_ratio: t.db_free_control_ratio,
    scale_over_limit: t.over_limit,
    scale_load_avg_1m: { before: sc.load_avg_1m_before, after: sc.load_avg_1m_after },
  };
}

function scaleStorage(sc: Record<string, any> | undefined, paper: Record<string, any>) {
  return sc?.sizes?.length ? scaleTable(sc.sizes, { gamesPerMonth: gamesPerMonthOf(paper) }).storage_per_month : null;
}

/**
 * The due section's keys: 10,000 clocks due within the same minute, seconds from the first end until every
 * one was applied (null unless the run had 10,000; the projection from its rate beside it).
 */
function dueKeys(due: Record<string, any> | undefined): Record<string, unknown> {
  return {
    due_10k_clear_seconds: due?.due_10k_clear_seconds ?? null,
    due_10k_clear_seconds_projected: due?.due_10k_clear_seconds_projected ?? null,
    due_games_measured: due?.games ?? null,
    due_load_avg_1m: due ? { before: due.load_avg_1m_before, after: due.load_avg_1m_after } : null,
  };
}

/** The cost of 1,000 active games a month from the run's figures (bench/cost.ts), and its headline key. */
function withCost(results: Record<string, any>): void {
  results.cost = costPer1000Games(results);
  results.cost_per_1000_games_month_usd = results.cost?.total_usd ?? null;
}

async function main() {
  if (process.argv.includes('--report-only')) {
    const results = loadPrevious();
    if (!results.sections) throw new Error(`no ${path.relative(root, resultsFile)} to report from; run npm run bench first`);
    results.scale = scaleOnPaper(results);
    Object.assign(results, scaleKeys(results.sections.scale));
    results.scale_storage_per_month = scaleStorage(results.sections.scale, results.scale);
    Object.assign(results, dueKeys(results.sections.due));
    withCost(results);
    writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(markdownFile, renderMarkdown(results));
    console.error(`[bench] rewrote ${path.relative(root, markdownFile)} from ${path.relative(root, resultsFile)}`);
    return;
  }
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = wanted.filter((w) => !SECTIONS.some((s) => s.name === w));
  if (unknown.length) {
    console.error(`unknown section(s) ${unknown.join(', ')}; choose from ${SECTIONS.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  const chosen = wanted.length ? SECTIONS.filter((s) => wanted.includes(s.name)) : SECTIONS.filter((s) => !s.byNameOnly);
  // A long section named on the command line brings its own time.
  const totalMs = TOTAL_MS + chosen.filter((s) => s.byNameOnly).reduce((a, s) => a + s.limitMs, 0);
  const previous = loadPrevious();
  const sections: Record<string, any> = { ...(previous.sections ?? {}) };
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'mp-bench-'));
  const t0 = performance.now();
  const loadBefore = os.loadavg();
  const runs: Record<string, unknown> = {};
  try {
    for (const s of chosen) {
      if (interrupted) break;
      const left = totalMs - (performance.now() - t0);
      if (left < 30_000) {
        console.error(`[bench] ${s.name}: skipped, the run is out of time`);
        runs[s.name] = { ok: false, error: 'skipped: out of time' };
        continue;
      }
      console.error(`[bench] ${s.name} ...`);
      const out = path.join(tmp, `${s.name}.json`);
      const r = await runSection(s, out, Math.min(s.limitMs, left));
      runs[s.name] = { ok: r.ok, seconds: Math.round(r.ms / 100) / 10, error: r.error };
      if (r.ok) sections[s.name] = { ...JSON.parse(readFileSync(out, 'utf8')), measured_at: new Date().toISOString() };
      else console.error(`[bench] ${s.name} failed: ${r.error}`);
      console.error(`[bench] ${s.name}: ${r.ok ? 'done' : 'FAILED'} in ${(r.ms / 1000).toFixed(0)} s`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  if (interrupted) {
    console.error('[bench] interrupted: results.json and RESULTS.md are unchanged');
    process.exit(130);
  }

  const e = sections.engines ?? {};
  const sv = sections.server ?? {};
  const cl = sections.client ?? {};
  const machine = {
    ...machineInfo(),
    cores: os.cpus().length,
    memory_gb: Math.round(os.totalmem() / 1e8) / 10,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    load_avg_1m_before: Math.round(loadBefore[0] * 100) / 100,
    load_avg_1m_after: Math.round(os.loadavg()[0] * 100) / 100,
    note: busyNote(loadBefore[0]),
  };
  const results: Record<string, any> = {
    date: new Date().toISOString(),
    machine,
    quick: process.env.BENCH_QUICK === '1',
    // The headline keys.
    move_vs_bare_ratio: sv.move_vs_bare_ratio ?? null,
    poll304_vs_full_ratio: sv.poll304_vs_full_ratio ?? null,
    poll304_vs_full_ratio_real_game: sv.poll304_vs_full_ratio_real_game ?? null,
    // statements PostgreSQL ran in a simulated idle hour; PostgreSQL CPU per move vs bare.
    idle_pg_statements_per_hour: sv.idle_pg_statements_per_hour ?? null,
    pg_cpu_move_vs_bare_ratio: sv.pg_cpu_move_vs_bare_ratio ?? null,
    move_ms_p50: sv.move_ms_p50 ?? null,
    bare_ms_p50: sv.bare_ms_p50 ?? null,
    replay_ms: e.replay_ms ?? null,
    playouts_per_s: e.playouts_per_s ?? null,
    // gzip bytes of the JS the game page loads (entry + any chunks it imports); the entry alone is client.bundle.gzip_bytes
    client_js_gzip_bytes: cl.per_page?.['game (/games/:id)']?.js_gzip_bytes ?? cl.bundle?.gzip_bytes ?? null,
    // the worst game's figures (JS its page loads, gzip; first board render at 4x CPU throttling, p50), each game's beside them.
    game_page_js_gzip_bytes: cl.game_page_js_gzip_bytes ?? null,
    first_render_ms_throttled: cl.first_render_ms_throttled ?? cl.first_render?.throttled_4x?.board_ms?.p50 ?? null,
    game_page_js_gzip_bytes_per_game: cl.per_game
      ? Object.fromEntries(Object.entries(cl.per_game).map(([g, v]: [string, any]) => [g, v.js_gzip_bytes]))
      : null,
    first_render_ms_throttled_per_game: cl.per_game
      ? Object.fromEntries(Object.entries(cl.per_game).map(([g, v]: [string, any]) => [g, v.throttled_4x?.board_ms?.p50 ?? null]))
      : null,
    // More headline figures.
    move_vs_bare_cold_ratio: sv.move_vs_bare_cold_ratio ?? null,
    move_ms_p95: sv.move_ms_p95 ?? null,
    bare_ms_p95: sv.bare_ms_p95 ?? null,
    poll304_ms_p50: sv.poll304_ms_p50 ?? null,
    poll_full_ms_p50: sv.poll_full_ms_p50 ?? null,
    moves_per_s: sv.moves ? Object.fromEntries(Object.entries(sv.moves).map(([c, v]: [string, any]) => [c, v.move.per_s])) : null,
    inprocess_move_vs_bare_ratio: sections.inprocess?.move_vs_bare_ratio ?? null,
    pooler: sv.pooler ?? null,
    direct_move_vs_bare_ratio: sections.server_direct?.move_vs_bare_ratio ?? null,
    direct_poll304_vs_full_ratio: sections.server_direct?.poll304_vs_full_ratio ?? null,
    client_js_raw_bytes: cl.bundle?.raw_bytes ?? null,
    // From a clock's end to its effect (the game's own alarm; no cron tick).
    deadline_delay_p50_ms: sections.clocks?.deadline_delay_p50_ms ?? null,
    deadline_delay_p95_ms: sections.clocks?.deadline_delay_p95_ms ?? null,
    ...dueKeys(sections.due),
    first_render_ms_unthrottled: cl.first_render?.unthrottled?.board_ms?.p50 ?? null,
    // The Worker's own CPU per request (its workerd process, less a request the fixture answers before the app).
    worker_cpu_ms_per_move: sections.worker_cpu?.worker_cpu_ms_per_move ?? null,
    worker_cpu_ms_per_state_full: sections.worker_cpu?.worker_cpu_ms_per_state_full ?? null,
    worker_cpu_ms_per_poll_304: sections.worker_cpu?.worker_cpu_ms_per_poll_304 ?? null,
    // The scale section's ratios (largest size run vs 1,000 games; scale_ratio_sizes names them).
    ...scaleKeys(sections.scale),
    targets: {
      move_vs_bare_ratio: { target: '<= 1.5', met: typeof sv.move_vs_bare_ratio === 'number' ? sv.move_vs_bare_ratio <= 1.5 : null },
      poll304_vs_full_ratio: {
        target: '<= 0.4',
        met: typeof sv.poll304_vs_full_ratio === 'number' ? sv.poll304_vs_full_ratio <= 0.4 : null,
      },
      deadline_delay_p95_ms: {
        target: '<= 10000',
        met: typeof sections.clocks?.deadline_delay_p95_ms === 'number' ? sections.clocks.deadline_delay_p95_ms <= 10_000 : null,
      },
      worker_cpu_ms_per_move: {
        target: '<= 3',
        met: typeof sections.worker_cpu?.worker_cpu_ms_per_move === 'number' ? sections.worker_cpu.worker_cpu_ms_per_move <= 3 : null,
      },
      due_10k_clear_seconds: {
        target: '<= 120',
        met: typeof sections.due?.due_10k_clear_seconds === 'number' ? sections.due.due_10k_clear_seconds <= 120 : null,
      },
      idle_pg_statements_per_hour: {
        target: '0',
        met: typeof sv.idle_pg_statements_per_hour === 'number' ? sv.idle_pg_statements_per_hour === 0 : null,
      },
      pg_cpu_move_vs_bare_ratio: {
        target: '<= 2',
        met: typeof sv.pg_cpu_move_vs_bare_ratio === 'number' ? sv.pg_cpu_move_vs_bare_ratio <= 2 : null,
      },
      game_page_js_gzip_bytes: {
        target: '<= 61440 (60 KiB), every game',
        met: typeof cl.game_page_js_gzip_bytes === 'number' ? cl.game_page_js_gzip_bytes <= 60 * 1024 : null,
      },
      first_render_ms_throttled: {
        target: '<= 1000 ms p50, every game',
        met: typeof cl.first_render_ms_throttled === 'number' ? cl.first_render_ms_throttled <= 1000 : null,
      },
      poll304_touches_one_indexed_row: {
        target: 'index scan, 1 row',
        met: sv.explain?.poll_304 ? !sv.explain.poll_304.seq_scan && sv.explain.poll_304.rows === 1 && !!sv.explain.poll_304.index : null,
      },
      replay_ms: {
        target: '< 5 ms per game (longest record)',
        met: e.replay_ms ? Object.fromEntries(Object.entries(e.replay_ms).map(([g, ms]) => [g, (ms as number) < 5])) : null,
        met_cpu_time: e.replay ? Object.fromEntries(Object.entries(e.replay).map(([g, r]: [string, any]) => [g, r.cpu_ms.p50 < 5])) : null,
      },
    },
    runs,
    sections,
  };
  results.scale = scaleOnPaper(results);
  results.scale_storage_per_month = scaleStorage(sections.scale, results.scale);
  withCost(results);
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(markdownFile, renderMarkdown(results));
  console.error(
    `[bench] wrote ${path.relative(root, resultsFile)} and ${path.relative(root, markdownFile)} in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  const failed = Object.entries(runs).filter(([, r]: [string, any]) => !r.ok);
  process.exit(failed.length ? 1 : 0);
}

await main();
