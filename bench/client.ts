/**
 * The client: JavaScript bytes of the built bundle (raw, gzip, brotli) and per page as the
 * browser loads it, and the time from navigation to the first rendered board in headless
 * Debian Chromium, with 4x CPU throttling (CDP Emulation.setCPUThrottlingRate) and without,
 * against `npm start` (scripts/dev.ts: wrangler dev + PGlite in memory, fixture games) on a free
 * 127.0.0.1 port. Players sign in through the dev mailbox; for each game a 2-player game is
 * started and played some moves in through the API, then its page is opened again and again in a
 * fresh tab: HTTP cache off and the service worker bypassed, so every load is a first visit.
 *
 * Per game: the JS the page requested (gzip -9 of exactly those files: the main bundle and the
 * game's board chunk, plus anything else it loaded before the network went quiet after the board
 * was drawn), the board's first drawing (p50 of several loads), and the requests before it with
 * their start and end (the waterfall that sets the floor). `game_page_js_gzip_bytes` and
 * `first_render_ms_throttled` are the worst game's.
 *
 * `tsx bench/client.ts [out.json]`. BENCH_QUICK=1 for fewer repetitions.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildClient, clientOutfile } from '../scripts/build-client';
import { gameManifests } from '../client/games/list';
import { GENERIC_BOARD } from '../client/games/manifest';
import { hasChromium, launchBrowser, newPlayerContext, signIn, startDevServer, startedGame, type DevServer } from '../test/e2e/support';
import { ratio, round, roundSummary, sleep, summarize } from './lib/stats';

const quick = process.env.BENCH_QUICK === '1';
const REPS = quick ? 3 : 7;
/** The games measured: every game the client has a board for (its manifest), each with its own board chunk. */
const GAMES = gameManifests.map((g) => g.id);
/** Moves played into each game before its page is measured, so the board is a mid-game one. */
const MOVES_IN = quick ? 12 : 30;
const BOARD_TAGS = [...gameManifests.map((g) => g.tag), GENERIC_BOARD];
/**
 * Page-side check, every frame: a board element whose shadow tree (its own or its parts', e.g.
 * Big Thunder's <bt-mine>) already holds a drawn SVG.
 */
const BOARD_PROBE = `(() => {
  const tags = ${JSON.stringify(BOARD_TAGS)};
  const drawn = (root) => {
    if (root.querySelector('svg *')) return true;
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot && drawn(el.shadowRoot)) return true;
    return false;
  };
  const stack = [document];
  while (stack.length) {
    const root = stack.pop();
    for (const el of root.querySelectorAll('*')) {
      if (tags.includes(el.localName)) return el.shadowRoot && drawn(el.shadowRoot) ? performance.now() : false;
      if (el.shadowRoot) stack.push(el.shadowRoot);
    }
  }
  return false;
})()`;
const t0 = performance.now();
const log = (msg: string) => console.error(`[client +${((performance.now() - t0) / 1000).toFixed(1)}s] ${msg}`);

/** What must be stopped on the way out (also on SIGTERM from bench/run.ts). */
const live: { server: DevServer | null; browser: Browser | null } = { server: null, browser: null };
for (const sig of ['SIGTERM', 'SIGINT'] as const) {
  process.once(sig, () => {
    void Promise.race([Promise.allSettled([live.browser?.close(), live.server?.stop()]), sleep(15_000)]).then(() => process.exit(143));
  });
}

/** Raw and gzip bytes of every built JS file under public/ (app.js and chunks/). */
async function jsFileSizes(): Promise<Record<string, { raw: number; gzip: number }>> {
  const out: Record<string, { raw: number; gzip: number }> = {};
  const dir = path.dirname(clientOutfile);
  const names = [
    'app.js',
    'boot.js',
    ...(existsSync(path.join(dir, 'chunks'))
      ? readdirSync(path.join(dir, 'chunks'))
          .filter((f) => f.endsWith('.js'))
          .map((f) => `chunks/${f}`)
      : []),
  ];
  for (const name of names) {
    const buf = await readFile(path.join(dir, name)).catch(() => null);
    if (buf) out[`/${name}`] = { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  }
  return out;
}

interface Render {
  game: string;
  throttled: boolean;
  /** Navigation start to the first frame with the board's SVG drawn, ms (page clock). */
  board_ms: number;
  /** Navigation start to app.js fully received, and to the first /state answer, ms. */
  app_js_ms: number | null;
  state_ms: number | null;
  /** Navigation start to the board's chunk received, ms. */
  board_js_ms: number | null;
  js_bytes: number;
  js_transfer_bytes: number;
  /** API requests the page made before the board was drawn. */
  api_requests: string[];
  /** JS files the page loaded (paths), until the network went quiet after the board was drawn. */
  scripts: string[];
  /** Of those, the ones requested before the board was drawn. */
  scripts_before_board: string[];
  /** Every request that started before the board was drawn: path, start and end (ms from navigation start). */
  waterfall: { path: string; start: number; end: number }[];
}

/** Raw and gzip -9 bytes of each script a measured page received, by path. */
const served = new Map<string, { raw: number; gzip: number }>();

/** Resource entries of the page (page clock). */
const RESOURCES = `performance.getEntriesByType('resource').map((e) => ({ name: e.name, start: e.startTime, end: e.responseEnd, size: e.decodedBodySize, transfer: e.encodedBodySize }))`;
type Resource = { name: string; start: number; end: number; size: number; transfer: number };
const pathOf = (u: string) => new URL(u).pathname;
const isJs = (u: string) => /\.m?js$/.test(pathOf(u));
/** A path with the game id left out, to compare loads of different games. */
const shortPath = (u: string) =>
  pathOf(u)
    .replace(/g_[0-9a-f]+/, ':id')
    .replace(/-[A-Z0-9]{8}\.js$/, '.js');

/**
 * One navigation to the game page in a fresh tab: HTTP cache off and the service worker
 * bypassed (a first visit); times measured by the page clock. After the board is drawn it waits
 * for the page's script requests to stop (nothing new for 0.8 s, at most 4 s), so chunks loaded
 * just after the drawing count too.
 */
async function measureRender(page: Page, url: string, game: string, throttled: boolean): Promise<Render> {
  // The bytes as served, kept by path (others may rebuild public/ in this shared checkout meanwhile).
  page.on('response', (r) => {
    const p = pathOf(r.url());
    if (isJs(r.url()) && r.ok() && !served.has(p))
      void r.body().then(
        (b) => served.set(p, { raw: b.length, gzip: gzipSync(b, { level: 9 }).length }),
        () => {},
      );
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttled ? 4 : 1 });
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  // A string, not a function: the TypeScript loader would wrap inner functions in helpers the page lacks.
  const handle = await page.waitForFunction(BOARD_PROBE, undefined, { polling: 'raf', timeout: 30_000 });
  const boardMs = (await handle.jsonValue()) as number;
  let res = (await page.evaluate(RESOURCES)) as Resource[];
  for (let quiet = 0, waited = 0; quiet < 800 && waited < 4000; waited += 200) {
    await sleep(200);
    const now = (await page.evaluate(RESOURCES)) as Resource[];
    quiet = now.filter((r) => isJs(r.name)).length === res.filter((r) => isJs(r.name)).length ? quiet + 200 : 0;
    res = now;
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => {});
  await cdp.detach().catch(() => {});
  const js = res.filter((r) => isJs(r.name));
  const app = res.find((r) => pathOf(r.name) === '/app.js');
  const state = res.find((r) => /\/api\/games\/[^/]+\/state$/.test(pathOf(r.name)));
  const board = res.find((r) => /^\/chunks\/(bt-mountain-board|sn-mountain-board|sm-galaxy-board)-/.test(pathOf(r.name)));
  return {
    game,
    throttled,
    board_ms: boardMs,
    app_js_ms: app ? app.end : null,
    state_ms: state ? state.end : null,
    board_js_ms: board ? board.end : null,
    js_bytes: js.reduce((a, r) => a + r.size, 0),
    js_transfer_bytes: js.reduce((a, r) => a + r.transfer, 0),
    scripts: [...new Set(js.map((r) => pathOf(r.name)))],
    scripts_before_board: [...new Set(js.filter((r) => r.start <= boardMs).map((r) => pathOf(r.name)))],
    api_requests: res.filter((r) => pathOf(r.name).startsWith('/api/') && r.end <= boardMs).map((r) => shortPath(r.name)),
    waterfall: res
      .filter((r) => r.start <= boardMs)
      .sort((x, y) => x.start - y.start)
      .map((r) => ({ path: shortPath(r.name) + (new URL(r.name).search ? '?…' : ''), start: round(r.start), end: round(r.end) })),
  };
}

/**
 * Plays up to `moves` moves into game `id` through the API, each by the seat to act, taking a
 * spread of its legal moves (not always the first), so the page shows a mid-game board.
 * Returns the moves made.
 */
async function playMovesIn(base: string, players: BrowserContext[], id: string, moves: number): Promise<number> {
  let made = 0;
  for (let round = 0; made < moves && round < moves * 2; round++) {
    let moved = false;
    for (const p of players) {
      const s = (await (await p.request.get(`${base}/api/games/${id}/state`)).json()) as {
        status: string;
        version: number;
        yourSeat: number | null;
        activeSeats: number[];
        legalMoves: { move: unknown }[];
      };
      if (s.status !== 'active') return made;
      if (s.yourSeat === null || !s.activeSeats.includes(s.yourSeat) || !s.legalMoves.length) continue;
      const pick = s.legalMoves[(made * 7 + 3) % s.legalMoves.length];
      const r = await p.request.post(`${base}/api/games/${id}/moves`, {
        data: { version: s.version, move: pick.move },
        headers: { origin: base },
      });
      if (r.ok()) {
        made++;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return made;
}

async function main() {
  // 1. The bundle (entry public/app.js, plus public/chunks/ when the build splits code).
  await buildClient({ log: false });
  const code = await readFile(clientOutfile);
  const files = await jsFileSizes();
  const sizes = {
    file: 'public/app.js',
    raw_bytes: code.length,
    gzip_bytes: gzipSync(code, { level: 9 }).length,
    brotli_bytes: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    all_js_files: Object.keys(files).length,
    all_js_raw_bytes: Object.values(files).reduce((a, f) => a + f.raw, 0),
    all_js_gzip_bytes: Object.values(files).reduce((a, f) => a + f.gzip, 0),
    files,
  };
  log(
    `bundle: app.js ${sizes.raw_bytes} B raw, ${sizes.gzip_bytes} B gzip; all JS ${sizes.all_js_raw_bytes} B in ${sizes.all_js_files} files`,
  );
  if (!hasChromium) return { bundle: sizes, first_render: { skipped: 'no Chromium (npm install, or CHROMIUM_PATH)' } };

  // 2. The server and two players with a started game.
  const server = (live.server = await startDevServer({ env: { MP_SKIP_BUILD: '1' }, timeoutMs: 150_000 }));
  log(`dev server at ${server.baseUrl}`);
  const browser = (live.browser = await launchBrowser());
  const base = server.baseUrl;
  // bypassCSP: the probe below polls a string function, which the app's CSP (no eval) would refuse.
  const a = await newPlayerContext(browser, base, { bypassCSP: true });
  const b = await newPlayerContext(browser, base);
  const pa = await signIn(a, base, `bench-a-${process.pid}@example.test`);
  const pb = await signIn(b, base, `bench-b-${process.pid}@example.test`);
  const games: Record<string, { id: string; moves: number }> = {};
  for (const type of GAMES) {
    const id = await startedGame(base, [a, b], type);
    games[type] = { id, moves: await playMovesIn(base, [a, b], id, MOVES_IN) };
  }
  log(
    `players signed in, games started and played in: ${Object.entries(games)
      .map(([t, g]) => `${t} ${g.moves} moves`)
      .join(', ')}`,
  );

  // JS per page as the browser loads it (fresh tab, cache disabled): the signed-out start page here,
  // the game pages from the render samples below.
  const perPage: Record<string, { js_bytes: number; js_transfer_bytes: number; scripts: string[] }> = {};
  {
    const anon = await newPlayerContext(browser, base);
    const page = await anon.newPage();
    const cdp = await anon.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(`${base}/`, { waitUntil: 'load' });
    await page.waitForSelector('mp-landing', { timeout: 30_000 }).catch(() => {});
    await sleep(1000);
    const r = ((await page.evaluate(RESOURCES)) as Resource[]).filter((e) => isJs(e.name));
    perPage['sign-in (/)'] = {
      js_bytes: r.reduce((x, e) => x + e.size, 0),
      js_transfer_bytes: r.reduce((x, e) => x + e.transfer, 0),
      scripts: [...new Set(r.map((e) => pathOf(e.name)))],
    };
    await anon.close();
  }
  await pa.close();
  await pb.close();

  // 3. First board render of each game, throttled and not, alternating; a fresh tab each time.
  const renders: Render[] = [];
  const failures: string[] = [];
  const deadline = performance.now() + (quick ? 120_000 : 210_000);
  // Others may rebuild public/ in this shared checkout meanwhile (a chunk briefly missing): a
  // render that fails is recorded and retried, within the count and time bounds.
  for (let i = 0; i < REPS && performance.now() < deadline; i++) {
    for (const type of GAMES) {
      for (const throttled of i % 2 === 0 ? [true, false] : [false, true]) {
        for (let tries = 0; tries < 3 && performance.now() < deadline; tries++) {
          const page = await a.newPage();
          const errors: string[] = [];
          page.on('pageerror', (e) => errors.push(String(e).slice(0, 200)));
          try {
            renders.push(await measureRender(page, `${base}/games/${games[type].id}`, type, throttled));
            break;
          } catch (e) {
            failures.push(
              `${type} ${throttled ? 'throttled' : 'unthrottled'}: ${String((e as Error).message).split('\n')[0]}${errors.length ? ` (page error: ${errors[0]})` : ''}`,
            );
            log(`render failed: ${failures[failures.length - 1]}`);
          } finally {
            await page.close();
          }
        }
      }
    }
  }
  if (renders.length === 0) throw new Error(`no board render succeeded: ${failures.join('; ')}`);
  // gzip -9 of exactly the files each page loaded (the dev server's own compression aside).
  const now = await jsFileSizes();
  const sizeOf = (x: string) => served.get(x) ?? now[x];
  const gzipOf = (scripts: string[]) => (scripts.every((x) => sizeOf(x)) ? scripts.reduce((acc, x) => acc + sizeOf(x).gzip, 0) : null);
  const sum = (list: Render[], k: 'board_ms' | 'app_js_ms' | 'state_ms' | 'board_js_ms') =>
    roundSummary(summarize(list.map((r) => r[k]).filter((x): x is number => x !== null)));
  const perGame: Record<string, any> = {};
  for (const type of GAMES) {
    const mine = renders.filter((r) => r.game === type);
    if (!mine.length) continue;
    const t = mine.filter((r) => r.throttled);
    const u = mine.filter((r) => !r.throttled);
    const last = mine[mine.length - 1];
    // The largest set of scripts any load of this game requested (a slow load may fetch a lazy part a fast one did not yet).
    const widest = mine.reduce((x, y) => (y.scripts.length > x.scripts.length ? y : x));
    const lastThrottled = t[t.length - 1];
    perGame[type] = {
      game: `${type}, 2 players, ${games[type].moves} moves in, viewed by seat 0`,
      js_gzip_bytes: gzipOf(widest.scripts),
      js_gzip_bytes_before_board: gzipOf(last.scripts_before_board),
      js_bytes: widest.js_bytes,
      js_transfer_bytes: widest.js_transfer_bytes,
      scripts: widest.scripts,
      scripts_before_board: last.scripts_before_board,
      throttled_4x: {
        board_ms: sum(t, 'board_ms'),
        app_js_ms: sum(t, 'app_js_ms'),
        state_ms: sum(t, 'state_ms'),
        board_js_ms: sum(t, 'board_js_ms'),
      },
      unthrottled: {
        board_ms: sum(u, 'board_ms'),
        app_js_ms: sum(u, 'app_js_ms'),
        state_ms: sum(u, 'state_ms'),
        board_js_ms: sum(u, 'board_js_ms'),
      },
      throttled_vs_unthrottled: ratio(sum(t, 'board_ms').p50, sum(u, 'board_ms').p50),
      api_requests_before_board: last.api_requests,
      waterfall_throttled: lastThrottled?.waterfall ?? null,
      samples: mine.map((r) => ({
        throttled: r.throttled,
        board_ms: round(r.board_ms),
        state_ms: r.state_ms === null ? null : round(r.state_ms),
        board_js_ms: r.board_js_ms === null ? null : round(r.board_js_ms),
      })),
    };
  }
  const worst = <K extends string>(pick: (g: any) => number | null | undefined): { game: K | null; value: number | null } => {
    let best: { game: K | null; value: number | null } = { game: null, value: null };
    for (const [g, v] of Object.entries(perGame)) {
      const x = pick(v);
      if (typeof x === 'number' && (best.value === null || x > best.value)) best = { game: g as K, value: x };
    }
    return best;
  };
  const worstJs = worst((g) => g.js_gzip_bytes);
  const worstRender = worst((g) => g.throttled_4x.board_ms.p50);
  const pages: Record<string, { js_bytes: number; js_transfer_bytes: number; scripts: string[]; js_gzip_bytes: number | null }> = {};
  for (const [k, v] of Object.entries(perPage)) pages[k] = { ...v, js_gzip_bytes: gzipOf(v.scripts) };
  for (const [g, v] of Object.entries(perGame))
    pages[`game (/games/:id), ${g}`] = {
      js_bytes: v.js_bytes,
      js_transfer_bytes: v.js_transfer_bytes,
      scripts: v.scripts,
      js_gzip_bytes: v.js_gzip_bytes,
    };
  // The old key: the worst game's page.
  if (worstJs.game) pages['game (/games/:id)'] = pages[`game (/games/:id), ${worstJs.game}`];
  const fr = worstRender.game ? perGame[worstRender.game] : null;
  const result = {
    bundle: sizes,
    per_page: pages,
    chromium: browser.version(),
    // headline figures: the worst game's.
    game_page_js_gzip_bytes: worstJs.value,
    game_page_js_gzip_worst_game: worstJs.game,
    first_render_ms_throttled: worstRender.value,
    first_render_worst_game: worstRender.game,
    first_render_ms_unthrottled: fr ? fr.unthrottled.board_ms.p50 : null,
    per_game: perGame,
    // The worst game's render, in the shape earlier runs had.
    first_render: fr
      ? {
          api_requests_before_board: fr.api_requests_before_board,
          game: `${fr.game} (a fresh tab, HTTP cache disabled, service worker bypassed)`,
          server: 'npm start (scripts/dev.ts: wrangler dev + PGlite in memory), MP_FIXTURES=1',
          throttled_4x: fr.throttled_4x,
          unthrottled: fr.unthrottled,
          throttled_vs_unthrottled: fr.throttled_vs_unthrottled,
          failed_renders: failures,
          samples: fr.samples,
        }
      : { skipped: 'no render', failed_renders: failures },
  };
  log(
    `first board render p50 (4x throttled / unthrottled) and page JS gzip: ${Object.entries(perGame)
      .map(([g, v]) => `${g} ${v.throttled_4x.board_ms.p50} / ${v.unthrottled.board_ms.p50} ms, ${v.js_gzip_bytes} B`)
      .join('; ')}`,
  );
  return result;
}

let out: unknown;
try {
  out = await main();
} finally {
  await live.browser?.close().catch(() => {});
  await live.server?.stop().catch(() => {});
}
const json = JSON.stringify(out, null, 2);
if (process.argv[2]) writeFileSync(process.argv[2], json);
else console.log(json);
log('done');
process.exit(0);
