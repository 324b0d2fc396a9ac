/**
 * Parts of the game page loaded on first use (client/on-demand.ts) whose chunk could not be
 * loaded, in Chromium on a phone against `npm start`. Chromium keeps a failed `import()` in the
 * page's module map and fails every later import of that URL without a request; the page imports
 * the chunk again at a URL of its own (at once, and on each later ask), so each part opens once the
 * network lets it through, without a reload. Each chunk here fails twice (the import and that
 * first retry), then loads:
 *
 * - "About this game": the fold says it could not be loaded (not "Loading…" for ever) and opens
 *   on "Try again".
 * - The board's key: closing and opening it again, as its note says, loads its lines.
 * - A move that asks first: with the confirm dialog's chunk failing, the browser's own question
 *   asks, and the move is sent.
 * - A chat line's Report: the panel says the form could not be loaded; Report again opens it.
 * - The chat's first request leaves with the page's first requests, not a poll interval later
 *   (in page time, on a paused Playwright clock).
 */
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { DEFAULT_TIMING } from '../../client/poll-controller';
import { stateOf, moveAs, sendFromPage } from './board-helpers';
import {
  hasChromium,
  newPlayerContext,
  pageAtVersion,
  pageTimeUntil,
  phone,
  postAs,
  signIn,
  startedGame,
  useServerAndBrowser,
  warnNoBrowser,
  watchPageErrors,
} from './support';

warnNoBrowser('test/e2e/on-demand-retry.test.ts');

/**
 * Aborts the first two requests for each chunk matching `pattern` (the import, and the page's own
 * retry at a URL of its own), then lets them through; records every request.
 */
async function failTwice(page: Page, pattern: RegExp): Promise<{ aborted: string[]; seen: { path: string }[] }> {
  const aborted: string[] = [];
  const seen: { path: string }[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    seen.push({ path: u.pathname + u.search });
  });
  await page.route(
    (url) => pattern.test(url.pathname),
    (route: Route) => {
      const name = new URL(route.request().url()).pathname.replace(/-[A-Z0-9]+\.js$/, '');
      if (aborted.filter((n) => n === name).length >= 2) return route.continue();
      aborted.push(name);
      return route.abort('internetdisconnected');
    },
  );
  return { aborted, seen };
}

/** Plays moves through the API (the first useful one each time) until `seat`'s player has a move that asks first. */
async function untilAMoveAsks(ctxs: BrowserContext[], base: string, id: string, seat: number) {
  for (let i = 0; i < 120; i++) {
    const states = await Promise.all(ctxs.map((c) => stateOf(c, base, id)));
    const mine = states[seat];
    if (mine.status !== 'active') return null;
    if (mine.activeSeats.includes(seat)) {
      const asks = mine.legalMoves.find((m) => m.effect === 'none' || (m as { warning?: string }).warning);
      if (asks) return asks;
    }
    const s = states.find((x) => x.yourSeat !== null && x.activeSeats.includes(x.yourSeat) && x.legalMoves.length);
    if (!s) return null;
    const useful = s.legalMoves.filter((m) => m.effect !== 'none' && !(m as { warning?: string }).warning);
    await moveAs(ctxs[s.yourSeat!], base, id, s.version, (useful[0] ?? s.legalMoves[0]).move);
  }
  return null;
}

describe.skipIf(!hasChromium)('a part whose chunk failed once opens when asked again', () => {
  const suite = useServerAndBrowser();

  test('About this game, the board key, Report and a move that asks first recover without a reload; the chat asks at once', async () => {
    const { server, browser } = suite;
    const base = server.baseUrl;
    const errors: string[] = [];
    // No service worker: it would serve the chunks from its cache, and this is about the network.
    const a = await newPlayerContext(browser, base, { ...phone, serviceWorkers: 'block' });
    const b = await newPlayerContext(browser, base, { serviceWorkers: 'block' });
    (await signIn(a, base, 'retry-a@example.test')).close();
    (await signIn(b, base, 'retry-b@example.test')).close();
    const id = await startedGame(base, [a, b], 'big-thunder');

    const page = await a.newPage();
    // The aborted chunks are logged as failed loads by Chromium: expected here.
    watchPageErrors(errors, 'Ada', page, /status of 40[19]|Failed to load resource|dynamically imported module/);
    const { aborted, seen } = await failTwice(page, /^\/chunks\/(mp-about-game|bt-key|mp-report-dialog|mp-confirm-dialog)-/);
    // The page's own clock, paused: page time until the chat's first request (see pageTimeUntil).
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.goto(`/games/${id}`);

    // The chat's first request leaves with the page's first ones (it waited a 4 s poll interval):
    // before any poll interval of the page's own clock has passed.
    const chatAfter = await pageTimeUntil(page, () => seen.some((s) => s.path.startsWith(`/api/games/${id}/chat`)));
    await page.clock.resume();
    expect(chatAfter, 'page time until the first chat request').toBeLessThan(DEFAULT_TIMING.visibleMs * (1 - DEFAULT_TIMING.jitter));
    expect(seen.findIndex((s) => s.path === `/api/games/${id}/state`)).toBeLessThan(
      seen.findIndex((s) => s.path.startsWith(`/api/games/${id}/chat`)),
    );
    await page.locator('bt-mountain-board svg').first().waitFor({ state: 'attached' });

    // About this game: the failure is said, and "Try again" loads it.
    await page.getByText('About this game', { exact: true }).click();
    const about = page.locator('details.fold', { hasText: 'About this game' });
    await about.getByText('could not be loaded').waitFor();
    await about.getByRole('button', { name: 'Try again' }).click();
    await page.locator('mp-about-game').getByText('Seed hash').waitFor();
    expect(seen.some((s) => /^\/chunks\/mp-about-game-[A-Z0-9]+\.js\?retry=\d+$/.test(s.path))).toBe(true);

    // The board's key: closed and opened again, as its note says, it lists its symbols.
    const key = page.locator('bt-mountain-board mp-board-key');
    await key.locator('summary').click();
    await key.getByText('The key could not be loaded').waitFor();
    expect(await key.getByText('close it and open it again').count()).toBe(1);
    await key.locator('summary').click();
    await key.locator('summary').click();
    await expect.poll(() => key.locator('dd').count(), { message: 'lines in the key' }).toBeGreaterThanOrEqual(8);

    // A move that asks first, its dialog's chunk failing: the browser's own question asks, and Send sends it.
    const mySeat = (await stateOf(a, base, id)).yourSeat!;
    const asks = await untilAMoveAsks([a, b], base, id, mySeat);
    expect(asks, 'a move that asks first came up').toBeTruthy();
    await pageAtVersion(page, (await stateOf(a, base, id)).version);
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.accept();
    });
    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/games/${id}/moves`));
    await sendFromPage(page, asks!.move);
    const res = await posted;
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/anyway\?$/);
    expect(res.status()).toBe(200);

    // Report on a chat line: the panel says the form could not be loaded; Report again opens it.
    // (After the move: the report form's chunk defines the confirm dialog too.)
    const said = `a line to report ${Date.now()}`;
    await postAs(b, base, `/api/games/${id}/chat`, { text: said });
    const line = page.locator('mp-chat-panel li', { hasText: said });
    await line.waitFor();
    await line.getByRole('button', { name: /^Report / }).click();
    await page.locator('mp-chat-panel').getByText('The report form could not be loaded').waitFor();
    await line.getByRole('button', { name: /^Report / }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Harassment or abuse').waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    expect(await page.locator('mp-chat-panel').getByText('could not be loaded').count()).toBe(0);

    expect([...new Set(aborted)].sort()).toEqual([
      '/chunks/bt-key',
      '/chunks/mp-about-game',
      '/chunks/mp-confirm-dialog',
      '/chunks/mp-report-dialog',
    ]);
    expect(errors).toEqual([]);
    await a.close();
    await b.close();
  }, 180_000);
});
