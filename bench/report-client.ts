/**
 * The client parts of bench/RESULTS.md, from results.json's `client` section written by
 * bench/client.ts: the summary rows, why a missed target was missed (with the measured floor), and
 * section 4 (bundle, per page and per game, the requests before the board is drawn).
 */
type J = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const fmt = (x: unknown, digits = 1): string => {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '-';
  return x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(digits);
};
const ms = (x: unknown) => (x === null || x === undefined ? '-' : `${fmt(x)} ms`);
const kb = (x: unknown) => (typeof x === 'number' ? `${(x / 1024).toFixed(1)} KiB` : '-');
const met = (m: unknown) => (m === true ? 'met' : m === false ? '**missed**' : '-');
const table = (head: string[], rows: (string | number)[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

/** Before the split into chunks (bench of 2026-11-29): one bundle with all three boards; requests one after another. */
const BEFORE = { js_gzip: '73.1 KiB', render_ms: '1,575 ms (Big Thunder only)' };

/** Rows of the summary table. */
export function clientSummaryRows(r: J): (string | number)[][] {
  const cl: J = r.sections?.client ?? {};
  const games = Object.entries((cl.per_game ?? {}) as J);
  if (!games.length) {
    return [
      ['Client JS loaded by the game page, gzip', `${kb(r.client_js_gzip_bytes)} (public/app.js raw ${kb(r.client_js_raw_bytes)})`, '', ''],
      [
        'First board render, 4x CPU throttling (p50)',
        `${ms(r.first_render_ms_throttled)} (unthrottled ${ms(r.first_render_ms_unthrottled)})`,
        '',
        '',
      ],
    ];
  }
  const perGameJs = games.map(([g, v]) => `${g} ${kb((v as J).js_gzip_bytes)}`).join(', ');
  const perGameMs = games
    .map(([g, v]) => `${g} ${fmt((v as J).throttled_4x?.board_ms?.p50)} / ${fmt((v as J).unthrottled?.board_ms?.p50)}`)
    .join(', ');
  return [
    [
      `JS the game page loads, gzip (worst game; was ${BEFORE.js_gzip} before the chunks)`,
      `**${kb(cl.game_page_js_gzip_bytes)}** (${perGameJs})`,
      '<= 60 KiB',
      met(r.targets?.game_page_js_gzip_bytes?.met),
    ],
    [
      `First board render, 4x CPU throttling, p50 (worst game; was ${BEFORE.render_ms} before the chunks)`,
      `**${ms(cl.first_render_ms_throttled)}** (ms throttled / unthrottled: ${perGameMs})`,
      '<= 1.0 s',
      met(r.targets?.first_render_ms_throttled?.met),
    ],
  ];
}

/** Why the render target was missed, from the worst game's figures; null when met or not measured. */
export function clientMissed(r: J): string | null {
  const cl: J = r.sections?.client ?? {};
  if (r.targets?.first_render_ms_throttled?.met !== false || !cl.first_render_worst_game) return null;
  const g = cl.per_game[cl.first_render_worst_game] as J;
  const t = g.throttled_4x;
  const u = g.unthrottled;
  const cpu = t.board_ms.p50 - u.board_ms.p50;
  return (
    `**First board render at 4x throttling (${ms(cl.first_render_ms_throttled)} p50 for ${cl.first_render_worst_game}; target 1.0 s).** ` +
    `What the page does is done: it loads ${g.scripts.length} scripts (boot.js, app.js, the one main chunk, its board's chunk: ${kb(g.js_gzip_bytes)} gzip), ` +
    `/api/me, the game's metadata and its state leave together from boot.js before app.js has run, the board's chunk as soon as an answer names the game, and the log and the chat after the board. ` +
    `The floor is in the same run: without throttling the same page draws its board at ${ms(u.board_ms.p50)} (p50), so network and server time alone take that long here ` +
    `(the state answered at ${ms(u.state_ms?.p50)} unthrottled, ${ms(t.state_ms?.p50)} throttled; the board's chunk at ${ms(u.board_js_ms?.p50)} / ${ms(t.board_js_ms?.p50)}); ` +
    `4x CPU adds ${ms(cpu)} on top (parsing and running ${kb(g.js_bytes)} of JS, then drawing the board). ` +
    `The requests before the board (section 4) show where the time goes: each static file and API answer from \`npm start\` (wrangler dev, PGlite) took ${ms(medianLatency(g.waterfall_throttled))} (median) on this shared machine ` +
    `(load average ${r.machine?.load_avg_1m_before} before, ${r.machine?.load_avg_1m_after} after the run), and the page needs three in a row: the HTML, app.js then its chunk (in parallel with the API requests), then the board's chunk. ` +
    `Below this floor needs a faster server per request (Cloudflare's edge over HTTP/2 rather than the local dev server), not less client work.`
  );
}

function medianLatency(waterfall: J[] | null | undefined): number | null {
  if (!Array.isArray(waterfall) || !waterfall.length) return null;
  const d = waterfall.map((w) => w.end - w.start).sort((a, b) => a - b);
  return d[Math.floor(d.length / 2)];
}

/** Section 4 of RESULTS.md. */
export function clientSection(r: J): string[] {
  const cl: J = r.sections?.client ?? {};
  const out: string[] = [];
  if (!cl.bundle) return out;
  out.push('## 4. Client');
  out.push('');
  out.push(
    `Built by scripts/build-client.ts (esbuild, ESM with code splitting): each game's board is a chunk of its own that the game page loads for its game only (\`loadBoard\`, client/games/index.ts); ` +
      `the screens the game page does not show (settings, new game, lobby, My games, sign-in, how to play, the record checker) and the waiting room and replay are chunks loaded when shown (client/screens.ts); ` +
      `everything the entry imports statically is ONE chunk (a build plugin, so the page does not fetch a dozen small shared chunks over the browser's 6 connections per host); ` +
      `public/boot.js (client/boot.ts${cl.bundle.files?.['/boot.js'] ? `, ${fmt(cl.bundle.files['/boot.js'].gzip, 0)} B gzip` : ''}) runs first and starts /api/me, the game's metadata and state, and (once an answer names the game) its board's chunk while app.js loads; ` +
      `the log, the chat and the other parts beside the board are a chunk asked for once the board has been drawn, and so are the log's and the chat's requests. ` +
      `Before the chunks the page loaded one bundle with all three boards (${BEFORE.js_gzip} gzip) and asked for /api/me, then the game, then its state, one after another (${BEFORE.render_ms} at 4x). ` +
      `All built JS: ${fmt(cl.bundle.all_js_raw_bytes, 0)} B raw, ${fmt(cl.bundle.all_js_gzip_bytes, 0)} B gzip in ${cl.bundle.all_js_files ?? 1} files (the record checker's chunk, with every engine and zod, is most of it). ` +
      `Per page, as the browser loaded it (a first visit: HTTP cache off, service worker bypassed), until its script requests stopped after the board was drawn:`,
  );
  out.push('');
  out.push(
    table(
      ['page', 'JS bytes (decoded)', 'JS gzip -9', 'scripts'],
      Object.entries((cl.per_page ?? {}) as J)
        .filter(([k]) => k !== 'game (/games/:id)')
        .map(([k, v]) => [
          k,
          fmt((v as J).js_bytes, 0),
          `${fmt((v as J).js_gzip_bytes, 0)} (${kb((v as J).js_gzip_bytes)})`,
          ((v as J).scripts ?? []).map((s: string) => s.replace(/-[A-Z0-9]{8}\.js$/, '.js')).join(', '),
        ]),
    ),
  );
  out.push('');
  const games = Object.entries((cl.per_game ?? {}) as J);
  if (games.length) {
    out.push(
      `First board render per game: ${cl.first_render?.server ?? 'npm start'}; ${cl.chromium ? `Chromium ${cl.chromium}` : 'Chromium'}; each page opened in a fresh tab, a first visit. ` +
        'Times from navigation start (page clock), p50 of the loads (n):',
    );
    out.push('');
    const rows: (string | number)[][] = [];
    for (const [g, v] of games) {
      const x = v as J;
      rows.push([
        x.game,
        `**${fmt(x.throttled_4x.board_ms.p50)}** / ${fmt(x.throttled_4x.board_ms.p95)}`,
        fmt(x.throttled_4x.state_ms?.p50),
        fmt(x.throttled_4x.board_js_ms?.p50),
        `${fmt(x.unthrottled.board_ms.p50)} / ${fmt(x.unthrottled.board_ms.p95)}`,
        x.throttled_4x.board_ms.n,
        (x.api_requests_before_board ?? []).join(', '),
      ]);
      void g;
    }
    out.push(
      table(
        [
          'game',
          '4x: board drawn p50 / p95 ms',
          '4x: state answered',
          "4x: board's chunk in",
          'unthrottled: board drawn p50 / p95',
          'loads',
          'API answers before the board',
        ],
        rows,
      ),
    );
    out.push('');
    const worst = cl.first_render_worst_game ? (cl.per_game[cl.first_render_worst_game] as J) : null;
    if (worst?.waterfall_throttled) {
      out.push(
        `The requests before the board was drawn, one throttled load of ${cl.first_render_worst_game} (ms from navigation start; the board was drawn after the last):`,
      );
      out.push('');
      out.push(
        table(
          ['request', 'start', 'end', 'ms'],
          (worst.waterfall_throttled as J[]).map((w) => [w.path, fmt(w.start), fmt(w.end), fmt(w.end - w.start)]),
        ),
      );
      out.push('');
    }
  } else if (cl.first_render?.skipped) out.push(`First render skipped: ${cl.first_render.skipped}\n`);
  if (cl.first_render?.failed_renders?.length) out.push(`Loads that failed and were retried: ${cl.first_render.failed_renders.length}.\n`);
  return out;
}
