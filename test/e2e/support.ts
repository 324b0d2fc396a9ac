/**
 * Shared helpers for browser tests: start the real dev server (`npm start`, wrangler dev on
 * 127.0.0.1 with the fixture game), launch Chromium (scripts/chromium.ts) through playwright-core, and sign a
 * player in through the dev mailbox. Board tests import these. The one test defined here is the
 * failing one `warnNoBrowser` registers under CI=true when no browser is installed.
 */
import { afterAll, beforeAll, inject, test } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import type { DevServer } from '../support/dev-server';
import { chromiumAvailable } from '../../scripts/chromium';
import { isLoopbackHost } from '../support/loopback';
import { noteRefused } from '../support/refusals';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Where screenshots of the UI go: test-results/screenshots (ignored by git), so a test run leaves
 * the tree clean; `npm run screenshots` (MP_SCREENSHOTS=docs) writes the README's docs/screenshots.
 */
export function screenshotPath(name: string): string {
  const dir =
    process.env.MP_SCREENSHOTS === 'docs' ? path.join(root, 'docs', 'screenshots') : path.join(root, 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

// ---------------------------------------------------------------------------------------------
// The browser

import { pause } from '../support/wait';
export { browserLaunchOptions, launchBrowser } from '../../scripts/chromium';

/** A browser is here: @sparticuz/chromium from npm, or CHROMIUM_PATH. */
export const hasChromium = chromiumAvailable();
export const browserMissingIsFatal = !hasChromium && process.env.CI === 'true';

/**
 * Says loudly that browser tests cannot run, and under CI=true registers a failing test: there a
 * missing browser is a failure, not a skip. Call it once at the top of each browser suite.
 */
export function warnNoBrowser(suite: string): void {
  if (hasChromium) return;
  const why = process.env.CHROMIUM_PATH
    ? `no browser at CHROMIUM_PATH=${process.env.CHROMIUM_PATH}`
    : 'no @sparticuz/chromium in node_modules';
  if (browserMissingIsFatal) {
    test('Chromium is present (required when CI=true)', () => {
      throw new Error(`${why}: run \`npm install\`, or set CHROMIUM_PATH.`);
    });
  }
  const bar = '!'.repeat(78);
  console.warn(
    `\n${bar}\n!! ${suite}: ${process.env.CI === 'true' ? 'FAILING (CI=true)' : 'SKIPPED'} - ${why}.\n` +
      `!! Run npm install (or set CHROMIUM_PATH). Under CI=true a missing browser is a failure, not a skip.\n${bar}\n`,
  );
}

/**
 * Each request of `context`'s pages (and service workers) for a host other than this machine is
 * noted, and fails the test that made it (test/support/no-outbound.ts); Chromium resolves no
 * other name anyway (scripts/chromium.ts), so the request itself goes nowhere.
 */
export function reportFarRequests(context: BrowserContext): void {
  context.on('request', (r) => {
    const url = new URL(r.url());
    if (/^(https?|wss?):$/.test(url.protocol) && !isLoopbackHost(url.hostname))
      noteRefused(url.host, `the browser (${url.href.slice(0, 120)})`);
  });
}

/**
 * Page time, logical: how many milliseconds of the page's own clock pass until `done()` is true,
 * on a page whose Playwright clock was installed and paused before it opened
 * (`page.clock.install()`, `page.clock.pauseAt(...)`). The clock is moved 20 ms at a time, and
 * only while no request of the page is on its way, so the figure counts what the page waited on
 * its own timers (a poll interval, an animation frame), never how slow the machine or the network
 * was. Returns the page time, with the clock still paused; throws after a minute of real time.
 */
export async function pageTimeUntil(page: Page, done: () => boolean): Promise<number> {
  let inFlight = 0;
  const up = () => inFlight++;
  const down = () => inFlight--;
  page.on('request', up);
  page.on('requestfinished', down);
  page.on('requestfailed', down);
  try {
    let pageMs = 0;
    const giveUp = Date.now() + 60_000;
    while (!done()) {
      if (Date.now() > giveUp) throw new Error(`not there after ${pageMs} ms of page time (a minute of real time)`);
      if (inFlight > 0) {
        await pause(20);
        continue;
      }
      await page.clock.runFor(20);
      pageMs += 20;
    }
    return pageMs;
  } finally {
    page.off('request', up);
    page.off('requestfinished', down);
    page.off('requestfailed', down);
  }
}

/**
 * A phone-sized context (375 px wide, touch), for checking the layout on a small screen. Drawn at
 * 2 device pixels per CSS pixel only when the screenshots are refreshed for the docs: the layout
 * in CSS pixels is the same, and Chromium rasterises a quarter of the pixels.
 */
export const phone: BrowserContextOptions = {
  viewport: { width: 375, height: 740 },
  deviceScaleFactor: process.env.MP_SCREENSHOTS === 'docs' ? 2 : 1,
  isMobile: true,
  hasTouch: true,
};

/**
 * The test's own API requests (`context.request`, `page.request`) are tried again when the
 * connection is reset before an answer (ECONNRESET, the only error Playwright's `maxRetries`
 * retries). They reuse kept-alive connections, and on a loaded machine the dev server's proxy
 * closed an idle one just as a request went out on it ("socket hang up" on `POST /api/games`,
 * once or twice a run); such a request never reached the Worker. Chromium retries its own page
 * requests in that case; this gives the test's requests the same. A server that is down still
 * fails at once: a refused connection is not retried.
 */
function retryResetRequests(context: BrowserContext): void {
  const request = context.request;
  for (const method of ['get', 'post', 'put', 'patch', 'delete', 'head', 'fetch'] as const) {
    const send = request[method].bind(request) as (url: unknown, options?: { maxRetries?: number }) => Promise<unknown>;
    Object.assign(request, { [method]: (url: unknown, options: { maxRetries?: number } = {}) => send(url, { maxRetries: 2, ...options }) });
  }
}

/**
 * A new isolated context (its own cookies = its own player), with clipboard access. It prefers
 * reduced motion, which every looping animation of the client honours: a pulse or a spinner
 * otherwise has Chromium paint 60 frames a second for as long as a test waits.
 */
export async function newPlayerContext(browser: Browser, baseUrl: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, reducedMotion: 'reduce', ...options });
  reportFarRequests(context);
  retryResetRequests(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  // Waits end as soon as the page is there; the limit only bounds a page that never gets there. The
  // browser layer runs four files at once beside the Worker layer, so a page can take a while.
  context.setDefaultTimeout(30_000);
  return context;
}

// ---------------------------------------------------------------------------------------------
// The server (test/support/dev-server.ts): one `npm start` for the whole layer, started by
// test/support/e2e-global-setup.ts; a file that needs a server of its own starts one.

export { type DevServer, freePort, startDevServer } from '../support/dev-server';

// ---------------------------------------------------------------------------------------------
// Signing in

interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  token?: string;
  at: string;
}

/** The sign-in link of the newest email to `email` in the dev mailbox, as a path on baseUrl. */
export async function signInLink(baseUrl: string, email: string, since = 0, timeoutMs = 15_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await fetch(`${baseUrl}/dev/mailbox.json`);
    if (res.ok) {
      const mails = (await res.json()) as Mail[];
      const mail = mails.find((m) => m.to === email && Date.parse(m.at) >= since - 1000);
      if (mail) {
        const m = /\/auth\/callback\?token=[A-Za-z0-9_%.~-]+/.exec(`${mail.text}\n${mail.html ?? ''}`);
        if (m) return m[0];
        if (mail.token) return `/auth/callback?token=${encodeURIComponent(mail.token)}`;
        throw new Error(`the sign-in email to ${email} has no link: ${mail.text}`);
      }
    }
    await pause(200);
  }
  throw new Error(`no sign-in email to ${email} arrived in the dev mailbox`);
}

/**
 * Signs a player in through the UI: the sign-in form, the dev mailbox, the emailed link, then its
 * "Continue signing in" button (which sets the session cookie and lands on "My games"). Returns the page, signed in.
 */
export async function signIn(context: BrowserContext, baseUrl: string, email: string): Promise<Page> {
  const page = await context.newPage();
  const failed: string[] = [];
  page.on('requestfailed', (r) => failed.push(`${r.url()}: ${r.failure()?.errorText}`));
  page.on('response', (r) => void (r.status() >= 500 && failed.push(`${r.url()}: ${r.status()}`)));
  failedRequests.set(page, failed);
  await page.goto('/');
  const since = Date.now();
  await explained(page, page.getByLabel('Email address').fill(email));
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByText('Check your email').waitFor();
  const link = await signInLink(baseUrl, email, since);
  // Opening the link uses nothing (mail scanners open links too): its Continue button signs in.
  await page.goto(link);
  await page.getByRole('button', { name: 'Continue signing in' }).click();
  await explained(page, page.getByRole('heading', { name: 'My games' }).waitFor());
  return page;
}

/** The failed (or 5xx) requests of each page `signIn` opened. */
const failedRequests = new WeakMap<Page, string[]>();

/**
 * Waits for `step`; when it fails (rarely, under load, a screen never appeared), the error says
 * what the page showed instead and which of its requests failed, so the cause can be read from
 * the report.
 */
async function explained(page: Page, step: Promise<unknown>): Promise<void> {
  await step.catch(async (err: Error) => {
    const shown = await page
      .evaluate(() => document.querySelector('mp-app')?.shadowRoot?.textContent?.replace(/\s+/g, ' ').slice(0, 300))
      .catch(() => '(could not be read)');
    const failed = failedRequests.get(page) ?? [];
    throw new Error(`${err.message}\nthe page at ${page.url()} showed: ${shown}\nfailed requests: ${failed.join('; ') || 'none'}`);
  });
}

/** Sets the player's display name on the settings screen. */
export async function setName(page: Page, name: string): Promise<void> {
  // Opened by its address, so the helper does not depend on My games having finished drawing; the
  // header's Settings link has its own tests (settings.test.ts).
  await page.goto('/settings');
  await explained(page, page.getByLabel('Shown to the other players at your table').fill(name));
  // Exact: the settings page has other Save buttons and status lines (notifications).
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved.', { exact: true }).waitFor();
}

/**
 * Waits until the game page has drawn at least `version` (its `data-version`, set after each
 * render). Compare a page with the server only after this: the page learns of other seats' moves
 * by polling, so right after a move elsewhere it may still show the position before it.
 */
export async function pageAtVersion(page: Page, version: number, timeout = 45_000): Promise<void> {
  const drawn = async () => Number((await gamePageAttribute(page, 'data-version')) ?? -1);
  const until = Date.now() + timeout;
  let last = -1;
  while (Date.now() < until) {
    last = await drawn();
    if (last >= version) return;
    await pause(200);
  }
  throw new Error(`the game page still shows version ${last} after ${timeout} ms; the server is at ${version}`);
}

/** Waits until `text` is visible on the page (polling the real UI, so allow a poll interval). */
export async function seeText(page: Page, text: string | RegExp, timeout = 15_000): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout });
}

// ---------------------------------------------------------------------------------------------
// Setting up a game quickly (through the API, with each player's session cookie)

/**
 * POSTs JSON as the signed-in player of `context` (same-origin, as the browser would). A move
 * carries an Idempotency-Key and is sent once more, with the same key, when the dev server's proxy
 * answers 503 because its Worker restarted mid-request (seen once on a loaded machine): the key
 * makes a move the Worker did apply answer as it first did, and append nothing.
 */
export async function postAs<T = unknown>(context: BrowserContext, baseUrl: string, path: string, body: unknown = {}): Promise<T> {
  const move = /\/api\/games\/[^/]+\/moves$/.test(path);
  const headers: Record<string, string> = { origin: baseUrl, ...(move ? { 'idempotency-key': crypto.randomUUID() } : {}) };
  let res = await context.request.post(`${baseUrl}${path}`, { data: body, headers });
  if (move && res.status() === 503 && /restarted mid-request/.test(await res.text()))
    res = await context.request.post(`${baseUrl}${path}`, { data: body, headers });
  if (!res.ok()) throw new Error(`POST ${path} -> ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Creates a game as the first context's player, seats every other context's player through the
 * invite, and starts it. Returns the game id; open `/games/<id>` in each player's page. With a
 * `seed` (32 or more lowercase hex digits) the game deals from it (`POST /dev/games/:id/seed`
 * before the last seat is taken, which starts the game), so the test sees the same deal every run.
 */
export async function startedGame(
  baseUrl: string,
  players: BrowserContext[],
  type: string,
  options: Record<string, unknown> = {},
  seed?: string,
): Promise<string> {
  const [creator, ...others] = players;
  const { id, inviteUrl } = await postAs<{ id: string; inviteUrl: string }>(creator, baseUrl, '/api/games', {
    type,
    players: players.length,
    options,
  });
  if (seed) await postAs(creator, baseUrl, `/dev/games/${id}/seed`, { seed });
  const invite = new URL(inviteUrl, baseUrl).searchParams.get('invite');
  for (const p of others) await postAs(p, baseUrl, `/api/games/${id}/join`, { invite });
  await postAs(creator, baseUrl, `/api/games/${id}/start`);
  return id;
}

/**
 * Collects a page's uncaught errors and console errors into `errors` (prefixed with `who`), so a
 * test can assert there were none. `expected` matches console lines that are part of the flow
 * (the browser logs refused requests such as a 401 before sign-in or a 409 on a stale tab).
 */
export function watchPageErrors(errors: string[], who: string, page: Page, expected = /status of 40[19]/): void {
  page.on('pageerror', (e) => errors.push(`${who}: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && !expected.test(m.text()) && errors.push(`${who}: ${m.text()}`));
}

// ---------------------------------------------------------------------------------------------
// One browser suite's setup, and a game made through the UI

/**
 * The layer's shared dev server and browser (test/support/e2e-global-setup.ts), for one test
 * file: the browser is connected in `beforeAll` and let go in `afterAll`. Read `.server` and
 * `.browser` inside the tests. Each file makes its own players and games, so files do not meet.
 */
export function useServerAndBrowser(): {
  readonly server: DevServer;
  readonly browser: Browser;
} {
  let browser: Browser | undefined;
  const server = sharedServer();
  beforeAll(async () => {
    browser = await chromium.connect(inject('browserWsEndpoint'));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  }, 30_000);
  return {
    get server() {
      return server;
    },
    get browser() {
      return browser!;
    },
  };
}

/** The layer's shared `npm start` (its `stop` does nothing: the global teardown stops it). */
export function sharedServer(): DevServer {
  const baseUrl = inject('devServerUrl');
  return { baseUrl, port: Number(new URL(baseUrl).port), output: () => '(see the global setup)', stop: async () => {} };
}

/**
 * A full-page screenshot from the top of the page: the turn bar sticks to the top of the window
 * (fixed at the bottom on a phone), so a page scrolled down would draw it over the board.
 */
export async function fullPageShot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

/**
 * An attribute (or, with `style:` before the name, a CSS custom property) of the page's
 * `mp-game-page`, found through the shadow roots; null when there is none.
 */
export async function gamePageAttribute(page: Page, name: string): Promise<string | null> {
  return page.evaluate((name) => {
    const find = (root: Document | ShadowRoot): HTMLElement | null => {
      const hit = root.querySelector<HTMLElement>('mp-game-page');
      if (hit) return hit;
      for (const el of Array.from(root.querySelectorAll('*'))) {
        const inner = el.shadowRoot && find(el.shadowRoot);
        if (inner) return inner;
      }
      return null;
    };
    const el = find(document);
    if (!el) return null;
    return name.startsWith('style:') ? el.style.getPropertyValue(name.slice(6)) : el.getAttribute(name);
  }, name);
}

/**
 * Through the New game form: creates a game of `type` for `players`, takes the invite link and
 * goes to the game's page. `selects` picks options by their select's label and the choice's
 * label (e.g. `{ 'First player': 'creator' }`). Returns the invite link and the game's id.
 */
export async function createGameInUi(
  page: Page,
  type: string,
  players: number,
  timeout = 15_000,
  selects: Record<string, string> = {},
): Promise<{ invite: URL; id: string }> {
  await page.getByRole('link', { name: 'New game' }).first().click();
  await page.getByLabel('Game', { exact: true }).selectOption(type);
  await page.getByLabel('Players', { exact: true }).selectOption(String(players));
  for (const [label, choice] of Object.entries(selects)) await page.getByLabel(label, { exact: true }).selectOption({ label: choice });
  await page.getByRole('button', { name: 'Create game' }).click();
  await seeText(page, 'Game created', timeout);
  const invite = new URL(await page.getByLabel(/Invite link/).inputValue());
  await page.getByRole('link', { name: 'Go to the game' }).click();
  await seeText(page, 'Waiting for players', timeout);
  return { invite, id: decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!) };
}

/** Opens an invite link and joins; `seat` is the seat it should give, counted from 1. */
export async function joinByInvite(page: Page, invite: URL, seat: number, timeout = 15_000): Promise<void> {
  await page.goto(invite.pathname + invite.search);
  await page.getByRole('button', { name: 'Join game' }).click();
  await seeText(page, `You joined the game in seat ${seat}.`, timeout);
}

/** The creator's page: waits until all `players` seats are taken, then starts the game. */
export async function startWhenFull(page: Page, players: number, timeout = 15_000): Promise<void> {
  await seeText(page, `${players} of ${players} seats taken.`, timeout);
  await page.getByRole('button', { name: 'Start game' }).click();
}

/** A signed-in player with a display name of their own: their context, page and account id. */
export async function namedPlayer(
  browser: Browser,
  baseUrl: string,
  email: string,
  name: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; id: string }> {
  const context = await newPlayerContext(browser, baseUrl, options);
  const page = await signIn(context, baseUrl, email);
  await setName(page, name);
  const me = (await (await context.request.get(`${baseUrl}/api/me`)).json()) as { id: string };
  return { context, page, id: me.id };
}
