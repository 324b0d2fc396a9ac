/**
 * accessibility and symbols, in Debian's Chromium against `npm start`. Each game is played a
 * few moves against a bot through the API (quick), then its page is checked as the seated player
 * sees it, at 1280x800 and on a 375x740 touch phone:
 *
 * - axe-core (wcag2a, wcag2aa, wcag21aa; it reads Lit's open shadow roots) finds nothing serious
 *   or critical on each game page with its Key open, on the landing page, My games, the settings
 *   page and the replay view; everything milder is printed. The phone run uses the dark theme,
 *   so both palettes are checked.
 * - Symbols explained: every board has a "Key" that names its symbols; a tip opens on a tap
 *   (touch) and says what the symbol means; a tapped piece of an SVG board says what it is.
 * - Stone cubes stand 3:1 apart from the light panel they sit on; the keyboard focus ring is
 *   3px, blue, and unlike the amber "selected" mark; the log is a named, focusable log region;
 *   the first Tab on a game page reaches "Skip to your moves", which moves focus to the turn bar.
 */
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { hasChromium, newPlayerContext, pageAtVersion, phone, postAs, signIn, useServerAndBrowser, warnNoBrowser } from './support';
import { pause } from '../support/wait';

warnNoBrowser('test/e2e/accessibility.test.ts');

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
const WAIT = 45_000;

const GAMES = [
  { type: 'big-thunder', board: 'bt-mountain-board', symbol: 'Gold Nugget' },
  { type: 'snowdonia', board: 'sn-mountain-board', symbol: 'Stone' },
  { type: 'space-mountain', board: 'sm-galaxy-board', symbol: '"!" token' },
] as const;

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: AxeNode[];
}

/** Runs axe-core on the page (injected each time: a navigation drops it); returns its violations. */
async function axe(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: AxeViolation[] }> } }).axe.run;
    const res = await run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] }, resultTypes: ['violations'] });
    return res.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** Checks a page with axe; prints every finding, returns the serious and critical ones as lines. */
async function check(page: Page, where: string, found: Record<string, string>): Promise<string[]> {
  const violations = await axe(page);
  found[where] = violations.map((v) => `${v.impact} ${v.id} x${v.nodes.length}`).join(', ') || 'none';
  for (const v of violations) {
    console.log(`[axe ${where}] ${v.impact} ${v.id} (${v.nodes.length}): ${v.help}`);
    for (const n of v.nodes.slice(0, 5))
      console.log(`    ${JSON.stringify(n.target)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`);
  }
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.impact} ${v.id} on ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`);
}

interface StateJson {
  version: number;
  status: string;
  yourSeat: number | null;
  activeSeats: number[];
  legalMoves: { move: unknown; effect?: string }[];
}

async function stateOf(ctx: BrowserContext, base: string, id: string): Promise<StateJson> {
  const res = await ctx.request.get(`${base}/api/games/${id}/state`, { headers: { 'x-page-visible': '0' } });
  expect(res.status()).toBe(200);
  return (await res.json()) as StateJson;
}

/** A game against a bot, `moves` moves in (the bot answers on its own); returns its id. */
async function midGame(ctx: BrowserContext, base: string, type: string, moves: number): Promise<string> {
  const { id } = await postAs<{ id: string }>(ctx, base, '/api/games', { type, players: 2, bots: 1 });
  // Ends on the player's turn, so the page shows its controls.
  for (let played = 0, guard = 0; guard < 150; guard++) {
    const s = await stateOf(ctx, base, id);
    if (s.status !== 'active') break;
    if (s.yourSeat === null || !s.activeSeats.includes(s.yourSeat) || !s.legalMoves.length) {
      await pause(200);
      continue;
    }
    if (played >= moves) break;
    const pick = s.legalMoves.find((m) => m.effect !== 'none') ?? s.legalMoves[0];
    await postAs(ctx, base, `/api/games/${id}/moves`, { version: s.version, move: pick.move });
    played++;
  }
  return id;
}

/** Opens a game's page and waits until it has drawn the server's version and the board. */
async function openGame(page: Page, ctx: BrowserContext, base: string, id: string, board: string): Promise<void> {
  await page.goto(`/games/${id}`);
  await page.locator(board).waitFor({ timeout: WAIT });
  await pageAtVersion(page, (await stateOf(ctx, base, id)).version);
}

/** WCAG contrast ratio of two `rgb(...)` colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((x) => Number(x) / 255);
    const f = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(bl);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe.skipIf(!hasChromium)('accessibility and symbols', () => {
  const env = useServerAndBrowser();

  test('axe-core: 0 serious or critical findings on each game page, the landing page, My games, settings and the replay, at 1280x800 and 375x740', async () => {
    const base = env.server.baseUrl;
    const serious: string[] = [];
    const found: Record<string, string> = {};

    // Signed out: the landing page.
    const visitor = await newPlayerContext(env.browser, base, { viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const landing = await visitor.newPage();
    for (const vp of [
      { width: 1280, height: 800 },
      { width: 375, height: 740 },
    ]) {
      await landing.setViewportSize(vp);
      await landing.goto('/');
      await landing.getByRole('heading').first().waitFor();
      serious.push(...(await check(landing, `landing ${vp.width}`, found)));
    }
    await visitor.close();

    for (const [size, options] of [
      ['1280', { viewport: { width: 1280, height: 800 } }],
      ['375', { ...phone, colorScheme: 'dark' }],
    ] as const) {
      const ctx = await newPlayerContext(env.browser, base, { ...options, bypassCSP: true });
      const page = await signIn(ctx, base, `a11y-${size}@example.test`);
      serious.push(...(await check(page, `my games ${size}`, found)));
      for (const g of GAMES) {
        const id = await midGame(ctx, base, g.type, 3);
        await openGame(page, ctx, base, id, g.board);
        await page.locator(`${g.board} mp-board-key summary`).click();
        // The key's lines are a chunk loaded when it is opened: checked once they are drawn.
        await page.locator(`${g.board} mp-board-key dd`).first().waitFor({ timeout: WAIT });
        serious.push(...(await check(page, `${g.type} ${size}`, found)));
        if (g.type === 'big-thunder') {
          // The replay in the board's place.
          await page.getByRole('button', { name: 'Step through the game' }).click();
          await page.locator('mp-replay-viewer bt-mountain-board').waitFor({ timeout: WAIT });
          serious.push(...(await check(page, `replay ${size}`, found)));
        }
      }
      await page.goto('/settings');
      await page.getByRole('heading', { name: 'Settings' }).first().waitFor();
      serious.push(...(await check(page, `settings ${size}`, found)));
      await ctx.close();
    }
    console.log(
      `axe-core findings by page:\n${Object.entries(found)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join('\n')}`,
    );
    expect(serious, 'serious or critical axe-core findings').toEqual([]);
  }, 360_000);

  test('symbols explained: a Key on every board, tips that open on a tap, tapped pieces say what they are', async () => {
    const base = env.server.baseUrl;
    const ctx = await newPlayerContext(env.browser, base, phone);
    const page = await signIn(ctx, base, 'a11y-symbols@example.test');
    for (const g of GAMES) {
      const id = await midGame(ctx, base, g.type, 1);
      await openGame(page, ctx, base, id, g.board);
      const key = page.locator(`${g.board} mp-board-key`);
      await key.locator('summary').tap();
      await expect.poll(() => key.locator('dd').count(), { message: `${g.type}: lines in the Key` }).toBeGreaterThanOrEqual(8);
      expect(await key.locator('dd').allTextContents(), `${g.type}: the Key names its symbols`).toEqual(
        expect.arrayContaining([expect.stringContaining(g.symbol)]),
      );
    }

    // Snowdonia's Event track: the short name is a tip; a tap opens it with the event's text.
    const sn = await midGame(ctx, base, 'snowdonia', 0);
    await openGame(page, ctx, base, sn, 'sn-mountain-board');
    const tip = page.locator('sn-event-track mp-tip').first();
    await tip.tap();
    await expect.poll(() => tip.locator('[role="status"]').textContent()).toMatch(/^1\. .+: .{10,}/);
    expect(await tip.getByRole('button').getAttribute('aria-expanded')).toBe('true');
    await tip.tap();
    expect(((await tip.locator('[role="status"]').textContent()) ?? '').trim(), 'a second tap closes it').toBe('');
    // A Track card on the railway: tapped, it says what it is.
    await page.locator('sn-railway [data-track]').first().tap();
    await expect.poll(() => page.locator('sn-railway .detail').textContent()).toMatch(/^Track card \d+: \d+ VP/);

    // Space Mountain: a face-down token, tapped.
    const sm = await midGame(ctx, base, 'space-mountain', 0);
    await openGame(page, ctx, base, sm, 'sm-galaxy-board');
    await page.locator('sm-galaxy-map [data-token="face-down"]').first().tap();
    await expect.poll(() => page.locator('sm-galaxy-map .detail').textContent()).toMatch(/^Encounter token at [A-I]\d, face down$/);
    await ctx.close();
  }, 180_000);

  test('Stone cubes 3:1, focus ring apart from the selected mark, a keyboard log and a skip link to the turn bar', async () => {
    const base = env.server.baseUrl;
    const ctx = await newPlayerContext(env.browser, base, { viewport: { width: 1280, height: 800 } });
    const page = await signIn(ctx, base, 'a11y-keyboard@example.test');
    const id = await midGame(ctx, base, 'snowdonia', 0);
    await openGame(page, ctx, base, id, 'sn-mountain-board');

    // Stone on the Stock Yard panel: its edge stands 3:1 apart from the panel.
    const stone = page.locator('sn-stock-yard .cube.stone').first();
    const [edge, panel] = await stone.evaluate((el) => {
      let bg = 'rgba(0, 0, 0, 0)';
      for (let n: Element | null = el.parentElement; n && /rgba\(0, 0, 0, 0\)|transparent/.test(bg); ) {
        bg = getComputedStyle(n).backgroundColor;
        n = n.parentElement ?? ((n.getRootNode() as ShadowRoot).host || null);
      }
      return [getComputedStyle(el).borderTopColor, bg];
    });
    expect(contrast(edge, panel), `Stone edge ${edge} on ${panel}`).toBeGreaterThanOrEqual(3);

    // The skip link: the first Tab reaches it; Enter moves focus into the turn bar.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to your moves' });
    await expect.poll(() => skip.evaluate((a) => a.matches(':focus'))).toBe(true);
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page.evaluate(() => {
          let el: Element | null = document.activeElement;
          while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
          for (let n: Node | null = el; n; n = n.parentNode ?? (n as ShadowRoot).host ?? null) {
            if ((n as Element).id === 'turn-bar' || (n as Element).localName === 'mp-turn-bar') return true;
          }
          return false;
        }),
      )
      .toBe(true);

    // The focus ring: 3px, blue, outside; the amber target mark is another colour.
    const button = page.locator('sn-action-area button.space').first();
    await button.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const ring = await button.evaluate((el) => {
      const cs = getComputedStyle(el);
      return { width: cs.outlineWidth, style: cs.outlineStyle, colour: cs.outlineColor, border: cs.borderTopColor };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBe('3px');
    expect(ring.colour).toBe('rgb(26, 95, 180)');
    expect(ring.border, 'the target mark is not the focus colour').not.toBe(ring.colour);

    // The log: a named log region that a keyboard can reach (it scrolls).
    const log = page.getByRole('log', { name: 'Game log' });
    expect(await log.getAttribute('tabindex')).toBe('0');
    await ctx.close();
  }, 120_000);
});
