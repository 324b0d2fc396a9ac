/**
 * RESULTS.md's measured scale section (bench/scale-db.ts): the table of figures at each size as
 * ratios to the smallest size of the same run (bench/scale-table.ts computes it), seeding times,
 * sizes, storage per month, and the plans of the figures that grew beyond the limit.
 */
import { RATIO_LIMIT, scaleTable, type SizeFigures } from './scale-table';

type J = Record<string, any>;

const n0 = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '-');
const n1 = (x: unknown) =>
  typeof x === 'number' && Number.isFinite(x) ? (Math.abs(x) >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1)) : '-';
const mib = (x: unknown) => (typeof x === 'number' ? `${(x / 1024 / 1024).toFixed(1)} MiB` : '-');
const gb = (x: unknown) => (typeof x === 'number' ? `${(x / 1e9).toFixed(2)} GB` : '-');

/** Games started per month for section 6's 10,000 concurrent games (each lasting its days). */
export function gamesPerMonthOf(paper: J | undefined): number | undefined {
  const days = paper?.per_game?.days;
  const concurrent = paper?.assumptions?.concurrent_games;
  return typeof days === 'number' && days > 0 && typeof concurrent === 'number' ? (concurrent * 30) / days : undefined;
}

/** The sequential scans a plan text reads more than 1,000 rows with: `users (55,001 rows, 24.0 ms)` plus the statement's first words. */
export function seqScansOf(plans: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of plans) {
    const query = /Query Text:\s*(.{0,80})/.exec(p)?.[1]?.trim() ?? '';
    for (const m of p.matchAll(/Seq Scan on (\S+).*?actual time=[\d.]+\.\.([\d.]+) rows=(\d+)/g)) {
      if (Number(m[3]) > 1000) out.push(`${m[1]} (${n0(Number(m[3]))} rows, ${Number(m[2]).toFixed(1)} ms) in \`${query} ...\``);
    }
  }
  return out;
}

export function scaleSection(r: J): string[] {
  const sc: J | undefined = r.sections?.scale;
  if (!sc?.sizes?.length) return [];
  const sizes = sc.sizes as SizeFigures[];
  const t = scaleTable(sizes, { gamesPerMonth: gamesPerMonthOf(r.scale) });
  const ns = sizes.map((s) => String(s.n));
  const out: string[] = [];
  out.push('## 5. Scale measured: the same requests at 1,000 to 100,000 games');
  out.push('');
  const full = t.keys_sizes?.full_sizes;
  const when = String(sc.measured_at ?? '')
    .slice(0, 16)
    .replace('T', ' ');
  out.push(
    `One run (\`npm run bench -- scale\`, bench/scale-db.ts, measured ${when} UTC) ${sc.interleaved ? 'holds each size in a database of its own in one' : 'grows one'} real ${sc.database ?? 'PostgreSQL'} ` +
      `(${sizes.map((s) => n0(s.n)).join(', ')} games seeded from the recorded games; bench/lib/seed.ts: per 100 games 12 waiting, 28 running, 60 finished, 2-5 seats, ` +
      'with their events, seats, endings, outbox rows, sessions, push devices and webhooks) and measures each size through a Worker of its own in workerd' +
      (sc.interleaved
        ? `, the sizes in alternating blocks of the same ${sc.rounds} rounds (a block per size and figure, the order turning each round), so the machine's load falls on every size alike${sc.pinned ? "; every size's Worker and PostgreSQL pinned to one CPU, and the bridge and the load generator to the other" : ''}. ` +
          "Before each block the games it uses are woken by untimed requests (the polled games' objects, a GET of each moved game), as a page that polls every few seconds keeps them: workerd here evicts an object idle for 10 s, about one round, and Cloudflare after 70-140 s, so without it a block's first request to each game paid its objects' start, more often at the sizes whose blocks ran longer. "
        : '. ') +
      `Each figure is a ratio to the same figure at ${n0(t.base_n)} games; p50 of ${sc.samples_per_figure} requests. ` +
      "The moves' notices wait in their games' timers past the run (as in production, where they come a grace later), so no block carries deliveries an earlier block set off; the drain is measured by itself below. " +
      `Load average ${sc.load_avg_1m_before} before, ${sc.load_avg_1m_measuring ?? '-'} when the measuring began, ${sc.load_avg_1m_after} after (2 cores${sc.load_avg_1m_before > 1.5 ? ': busy, other processes were running' : ''}).` +
      (full
        ? ''
        : ` **Sizes run: ${ns.map((n) => n0(Number(n))).join(', ')}** (not 100,000): the \`scale_*_ratio_100k_vs_1k\` keys in results.json compare ${n0(t.keys_sizes?.to)} with ${n0(t.keys_sizes?.from)} games, as \`scale_ratio_sizes\` says.`),
  );
  out.push('');
  const head = ['figure', ...ns.map((n) => `${n0(Number(n))} games`)];
  out.push(`| ${head.join(' | ')} |`);
  out.push(`|${head.map(() => '---').join('|')}|`);
  for (const row of t.rows) {
    const cells = ns.map((n, i) => {
      const v = row.values[n];
      const shown =
        row.unit === 'load'
          ? `${typeof v === 'number' ? v.toFixed(2) : '-'}`
          : row.unit === 'bytes'
            ? row.key === 'database_bytes'
              ? mib(v)
              : `${n0(v)} B`
            : `${n1(v)} ${row.unit}`;
      if (i === 0) return shown;
      if (row.unit === 'load') return shown.replace(' load', '');
      const ratio = row.ratios[n];
      const flag = row.perRequest && typeof ratio === 'number' && ratio > RATIO_LIMIT ? ' **over 1.2x**' : '';
      return `${typeof ratio === 'number' ? `${ratio.toFixed(2)}x` : '-'} (${shown})${flag}`;
    });
    out.push(`| ${row.label} | ${cells.join(' | ')} |`);
  }
  out.push('');
  out.push(
    t.over_limit.length
      ? `Per-request figures above ${RATIO_LIMIT}x at ${n0(t.largest_n)} games: ${t.over_limit.join(', ')} (their statements' plans below).`
      : `Every per-request figure (p50) at ${n0(t.largest_n)} games is within ${RATIO_LIMIT}x of its figure at ${n0(t.base_n)}.`,
  );
  out.push('');
  if (typeof t.db_free_control_ratio === 'number' && t.largest_n !== t.base_n) {
    const pg = Object.entries(t.pg_cpu_ratios)
      .filter(([, v]) => typeof v === 'number')
      .map(([f, v]) => `${f} ${(v as number).toFixed(2)}x`)
      .join(', ');
    out.push(
      `How to play touches no database, and took ${t.db_free_control_ratio.toFixed(2)}x its time at ${n0(t.base_n)} games when measured at ${n0(t.largest_n)}: that much of every wall-time ratio in that column is ` +
        (sc.interleaved
          ? "the Worker process of that size (each size has its own workerd on the same 2 busy cores), not the data; so is the 304's, which that Worker's GameVersions object answers without PostgreSQL. "
          : 'the machine (its load, other processes), not the data. ') +
        `PostgreSQL CPU per request, counted on a CPU and not on the wall, is the figure the load does not move: at ${n0(t.largest_n)} games vs ${n0(t.base_n)}, ${pg} ` +
        '(requests answered without the database have almost none, so their CPU ratios are noise).',
    );
    out.push('');
  }
  out.push(
    `Seeding: ${sizes.map((s) => `${n0(s.n)} games ${n1(s.seed.cumulative_seconds)} s in all (${n0(s.storage.events)} events, database ${mib(s.storage.database_bytes)})`).join('; ')}. ` +
      'Seeding writes with INSERT ... SELECT from templates replayed from the records, then VACUUM ANALYZE; times include both.',
  );
  const last = sizes[sizes.length - 1];
  const tables = Object.entries((last.storage as J).tables ?? {}) as [string, J][];
  if (tables.length) {
    out.push('');
    out.push(`Tables at ${n0(last.n)} games (heap + indexes):`);
    out.push('');
    out.push('| table | rows | heap | indexes | total | per game |');
    out.push('|---|---|---|---|---|---|');
    for (const [name, v] of tables)
      out.push(
        `| ${name} | ${n0(v.rows)} | ${mib(v.heap_bytes)} | ${mib(v.index_bytes)} | ${mib(v.total_bytes)} | ${n0(v.total_bytes / last.n)} B |`,
      );
  }
  if (t.storage_per_month) {
    out.push('');
    out.push(
      `Storage growth per month of play, from measured bytes: ${n0(t.storage_per_month.bytes_per_game)} B per game (all tables with their indexes, at ${n0(last.n)} games) x ` +
        `${n0(t.storage_per_month.games_per_month)} games a month (section 6's 10,000 concurrent games, each lasting its days) = **${gb(t.storage_per_month.bytes_per_month)} a month**.`,
    );
  }
  const plans = Object.entries((sc.plans ?? {}) as Record<string, string[]>);
  for (const [f, list] of plans) {
    out.push('');
    out.push(`Plans of ${f} at ${n0(t.largest_n)} games (auto_explain, ANALYZE + BUFFERS, slowest statements first):`);
    out.push('');
    if (list.length === 0) {
      out.push(
        'No PostgreSQL statement ran for this request (it is answered without the database), so its growth is not a query plan; compare its p95 and the load.',
      );
      continue;
    }
    const scans = seqScansOf(list);
    if (scans.length) {
      out.push(`Sequential scans of more than 1,000 rows in them: ${scans.join('; ')}.`);
      out.push('');
    }
    out.push('```');
    for (const p of list) out.push(p.trim());
    out.push('```');
  }
  out.push('');
  return out;
}
