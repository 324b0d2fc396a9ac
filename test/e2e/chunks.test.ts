/**
 * Page load in Chromium against `npm start`: what a game page loads.
 * - For each game, the page requests boot.js, the main bundle (app.js and the chunk it imports),
 *   its own board's chunk and, once the board is drawn, the chunk of the log and the chat: no other
 *   board, no screen it does not show (settings, new game, lobby, record checker...), none of the
 *   parts loaded on first use (dialogs, the folded sections, the board's key...). Those scripts
 *   are at most 60 KiB gzip together, and the board is drawn.
 * - Its first requests leave together: the game's metadata and state are asked for before the
 *   first of /api/me, metadata or state has answered (not one after another), and before the log
 *   and the chat; the chat asks once its element is there, before any poll interval of the page's
 *   own clock could pass (page time, on a paused Playwright clock: not how fast the machine is).
 * - Parts loaded on first use still open and draw: each board's key lists its symbols, and on one
 *   page "About this game" unfolds and a chat line's Report opens the report form.
 * - A screen left out of the main bundle still opens (Settings, from the game page).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEFAULT_TIMING } from '../../client/poll-controller';
import {
  hasChromium,
  newPlayerContext,
  pageTimeUntil,
  postAs,
  root,
  signIn,
  startedGame,
  useServerAndBrowser,
  warnNoBrowser,
  watchPageErrors,
} from './support';

warnNoBrowser('test/e2e/chunks.test.ts');

const BOARD_OF: Record<string, string> = {
  'big-thunder': 'bt-mountain-board',
  snowdonia: 'sn-mountain-board',
  'space-mountain': 'sm-galaxy-board',
};
/** Chunks of screens a game page never shows. */
const NOT_ON_A_GAME_PAGE =
  /^\/chunks\/(mp-settings-page|mp-new-game-form|mp-lobby|mp-landing|mp-game-list|mp-how-to-play|mp-play-bot|mp-sign-in|mp-verify-page|mp-replay-viewer|mp-waiting-room)-/;
/**
 * Parts of the game page most visits never show, each a chunk loaded the first time it is needed
 * (client/on-demand.ts): the move and chat confirm dialogs, the report form, the first sign-in's
 * name question, the pause notice, the votes on a late seat, the result of a finished game, the
 * step-through bar, the folded "About this game", game webhook and email replies, and each board's
 * key. A page that requested one of them while loading would carry code it did not draw.
 */
const LOADED_ON_FIRST_USE =
  /^\/chunks\/(mp-confirm-dialog|mp-report-dialog|mp-name-dialog|mp-pause-notice|mp-seat-votes|mp-game-over|mp-step-bar|mp-about-game|mp-game-hook|mp-game-email-replies|bt-key|sn-key|sm-key)-/;
/**
 * 60 KiB, what a phone on a slow network can take before the board: the page's own parts had
 * grown the Snowdonia page to 67.3 KiB, and it is back under 60 (about 59.5; Big Thunder 57.4,
 * Space Mountain 55.6) because what a running game shows on every visit (the board, the turn bar,
 * the move list, the seats and their clocks, what changed, the log and the chat) is all it loads:
 * the parts above (LOADED_ON_FIRST_USE) wait until a player opens or needs them. The budget keeps
 * the next growth a decision, not a drift.
 */
const BUDGET_GZIP = 60 * 1024;

/** The chunks `file` (under public/) imports statically. */
function staticImports(file: string): string[] {
  const code = readFileSync(path.join(root, 'public', file), 'utf8');
  return [...code.matchAll(/\b(?:import|from)\s*["'](\.\.?\/[^"']+\.js)["']/g)].map((m) => path.posix.join(path.posix.dirname(file), m[1]));
}

interface Seen {
  url: string;
  path: string;
  sentAt: number;
  doneAt: number | null;
}

/**
 * Opens `url` in a fresh page and records every request it makes (instants from the test's clock,
 * for their order). The page's own clock is installed and paused before it opens (see
 * `pageTimeUntil`); the caller resumes it.
 */
async function openAndRecord(ctx: BrowserContext, url: string): Promise<{ page: Page; seen: Seen[] }> {
  const page = await ctx.newPage();
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  const seen: Seen[] = [];
  page.on('request', (r) => seen.push({ url: r.url(), path: new URL(r.url()).pathname, sentAt: performance.now(), doneAt: null }));
  page.on('requestfinished', (r) => {
    const s = seen.find((x) => x.url === r.url() && x.doneAt === null);
    if (s) s.doneAt = performance.now();
  });
  await page.goto(url);
  return { page, seen };
}

describe.skipIf(!hasChromium)('a game page loads its own board only', () => {
  const suite = useServerAndBrowser();

  test('each game page requests main + its own board chunk, within 60 KiB gzip, parallel first requests; parts on first use and other screens still load', async () => {
    const { server, browser } = suite;
    const base = server.baseUrl;
    const errors: string[] = [];
    // No service worker: its install fetches every chunk, and this test is about what the page asks for.
    const a = await newPlayerContext(browser, base, { serviceWorkers: 'block' });
    const b = await newPlayerContext(browser, base, { serviceWorkers: 'block' });
    (await signIn(a, base, 'chunks-a@example.test')).close();
    (await signIn(b, base, 'chunks-b@example.test')).close();

    for (const [type, tag] of Object.entries(BOARD_OF)) {
      const id = await startedGame(base, [a, b], type);
      const { page, seen } = await openAndRecord(a, `/games/${id}`);
      watchPageErrors(errors, type, page);
      // The chat asks as soon as its element has the game id (its chunk upgrades it in a page
      // already drawn), not one poll interval (4 s) later: fewer ms of the page's own clock pass
      // before its first request than the shortest poll interval of any part of the page.
      const chatAfter = await pageTimeUntil(page, () => seen.some((x) => /\/chat$/.test(x.path)));
      await page.clock.resume();
      expect(chatAfter, `${type}: page time until the first chat request`).toBeLessThan(
        DEFAULT_TIMING.visibleMs * (1 - DEFAULT_TIMING.jitter),
      );
      // The board is drawn: its element's shadow tree holds SVG.
      await page.locator(`${tag} svg`).first().waitFor({ state: 'attached', timeout: 30_000 });
      // The parts beside the board come after it: wait for the chat's first request, then for quiet.
      await expect.poll(() => seen.some((x) => /\/chat$/.test(x.path)), { timeout: 20_000 }).toBe(true);
      await page.waitForLoadState('networkidle');

      const scripts = [...new Set(seen.filter((s) => s.path.endsWith('.js')).map((s) => s.path))];
      const boards = scripts.filter((p) => /^\/chunks\/(bt-mountain-board|sn-mountain-board|sm-galaxy-board)-/.test(p));
      expect(boards, `${type}: board chunks requested`).toHaveLength(1);
      expect(boards[0]).toMatch(new RegExp(`^/chunks/${tag}-[A-Z0-9]+\\.js$`));
      expect(
        scripts.filter((p) => NOT_ON_A_GAME_PAGE.test(p)),
        `${type}: screens it does not show`,
      ).toEqual([]);
      expect(
        scripts.filter((p) => LOADED_ON_FIRST_USE.test(p)),
        `${type}: parts loaded on first use`,
      ).toEqual([]);
      expect(scripts).toContain('/app.js');
      expect(scripts).toContain('/boot.js');
      // boot.js, main (app.js and the one chunk it imports), the board, the parts beside it: nothing else.
      const main = staticImports('/app.js');
      expect(main).toHaveLength(1);
      const extras = scripts.find((p) => /^\/chunks\/extras-/.test(p));
      expect(extras, `${type}: ${scripts.join(', ')}`).toBeTruthy();
      const allowed = new Set(['/boot.js', '/app.js', ...main, boards[0], extras!, ...staticImports(extras!)]);
      expect(
        scripts.filter((p) => !allowed.has(p)),
        `${type}: ${scripts.join(', ')}`,
      ).toEqual([]);
      // The parts beside the board are asked for after the board's chunk has arrived.
      const boardChunk = seen.find((x) => x.path === boards[0])!;
      expect(seen.find((x) => x.path === extras)!.sentAt).toBeGreaterThan(boardChunk.doneAt ?? Infinity);
      const gzip = scripts.reduce((sum, p) => sum + gzipSync(readFileSync(path.join(root, 'public', p)), { level: 9 }).length, 0);
      expect(gzip, `${type}: gzip bytes of ${scripts.join(', ')}`).toBeLessThanOrEqual(BUDGET_GZIP);

      // The first requests leave together, before the log and the chat.
      const first = (p: RegExp) => seen.find((s) => p.test(s.path));
      const me = first(/^\/api\/me$/)!;
      const meta = first(new RegExp(`^/api/games/${id}$`))!;
      const state = first(new RegExp(`^/api/games/${id}/state$`))!;
      const log = first(new RegExp(`^/api/games/${id}/log$`))!;
      const chat = first(new RegExp(`^/api/games/${id}/chat$`))!;
      for (const r of [me, meta, state, log, chat]) expect(r, `${type}: ${seen.map((s) => s.path).join(' ')}`).toBeTruthy();
      const firstAnswer = Math.min(...[me, meta, state].map((r) => r.doneAt ?? Infinity));
      expect(meta.sentAt).toBeLessThan(firstAnswer);
      expect(state.sentAt).toBeLessThan(firstAnswer);
      expect(state.sentAt).toBeLessThan(log.sentAt);
      expect(state.sentAt).toBeLessThan(chat.sentAt);
      // Each asked once: the app took the early answers instead of asking again.
      expect(seen.filter((s) => s.path === `/api/games/${id}/state`).length).toBeLessThanOrEqual(2); // + at most one 3 s poll
      expect(seen.filter((s) => s.path === '/api/me')).toHaveLength(1);

      // The board's key: its lines are a chunk of their own, drawn with the board's symbols once opened.
      const key = page.locator(`${tag} mp-board-key`);
      await key.locator('summary').click();
      await expect
        .poll(() => key.locator('dd').count(), { timeout: 15_000, message: `${type}: lines in the key` })
        .toBeGreaterThanOrEqual(8);
      expect(await key.locator('dt > *').count(), `${type}: symbols in the key`).toBeGreaterThanOrEqual(8);
      expect(seen.some((s) => /^\/chunks\/(bt|sn|sm)-key-/.test(s.path))).toBe(true);

      if (type === 'snowdonia') {
        // A folded section unfolds to its element, loaded then.
        await page.getByText('About this game', { exact: true }).click();
        await page.locator('mp-about-game').getByText('Seed hash').waitFor({ timeout: 15_000 });
        expect(seen.some((s) => /^\/chunks\/mp-about-game-/.test(s.path))).toBe(true);
        // The report form opens from a chat line, its chunk loaded on the first Report.
        const said = `a line to report ${Date.now()}`;
        await postAs(b, base, `/api/games/${id}/chat`, { text: said });
        const line = page.locator('mp-chat-panel li', { hasText: said });
        await line.waitFor({ timeout: 15_000 });
        expect(seen.some((s) => /^\/chunks\/mp-report-dialog-/.test(s.path))).toBe(false);
        await line.getByRole('button', { name: /^Report / }).click();
        const form = page.getByRole('dialog');
        await form.getByLabel('Harassment or abuse').waitFor({ timeout: 15_000 });
        expect(await form.getByRole('button', { name: 'Send report' }).isVisible()).toBe(true);
        expect(seen.some((s) => /^\/chunks\/mp-report-dialog-/.test(s.path))).toBe(true);
        await page.keyboard.press('Escape');
        await form.waitFor({ state: 'hidden' });
      }

      if (type === 'space-mountain') {
        // A screen outside the main bundle opens from here: its chunk loads on demand.
        await page.getByRole('link', { name: 'Settings' }).click();
        await page.getByLabel('Shown to the other players at your table').waitFor({ timeout: 15_000 });
        expect(seen.some((s) => /^\/chunks\/mp-settings-page-/.test(s.path))).toBe(true);
      }
      await page.close();
    }
    expect(errors).toEqual([]);
    await a.close();
    await b.close();
  }, 180_000);
});
