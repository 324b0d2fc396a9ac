/**
 * What changed, on the board (client/game-page/board-marks.ts): Ada looks at a game of each kind
 * and leaves; moves are made; back on the page the board marks the pieces and tallies that
 * changed since she looked (dashed) and the last move (solid), the same as the card tells;
 * "Step through on the board" plays the events one at a time on the board's place, each with its
 * own changes marked, Back and Next, and "Back to the game" returns to the live board.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  fullPageShot,
  hasChromium,
  newPlayerContext,
  pageAtVersion,
  signIn,
  startedGame,
  useServerAndBrowser,
  warnNoBrowser,
} from './support';
import { moveAs, stateOf } from './board-helpers';

warnNoBrowser('test/e2e/board-marks.test.ts');

/** The marked elements of the board, through every shadow root: their kind and what they are. */
function marked(page: Page): Promise<{ kind: string; what: string }[]> {
  return page.locator('mp-board-area').evaluate((area) => {
    const out: { kind: string; what: string }[] = [];
    const walk = (root: Element | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        const kind = el.getAttribute('data-changed');
        if (kind) out.push({ kind, what: el.getAttribute('data-mark') ?? el.getAttribute('data-field') ?? el.tagName });
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(area);
    return out;
  });
}

/**
 * The scroll offsets (every 40 px, from the top to past the card) at which the turn bar covers
 * part of the "Since you last looked" card, with both boxes; the page is left at the top.
 */
async function barOverSinceCard(page: Page): Promise<string[]> {
  const boxes = () =>
    page.evaluate(() => {
      const find = (root: Document | ShadowRoot, tag: string): Element | null => {
        for (const el of Array.from(root.querySelectorAll('*'))) {
          if (el.tagName.toLowerCase() === tag) return el;
          const inner = el.shadowRoot && find(el.shadowRoot, tag);
          if (inner) return inner;
        }
        return null;
      };
      const [bar, card] = ['mp-turn-bar', 'mp-since-card'].map((t) => find(document, t)?.getBoundingClientRect());
      return { y: window.scrollY, bar: bar && [bar.top, bar.bottom], card: card && [card.top, card.bottom] };
    });
  const out: string[] = [];
  const first = await boxes();
  const end = (first.card?.[1] ?? 0) + (first.bar ? first.bar[1] - first.bar[0] : 0) + 200;
  for (let y = 0; y <= end; y += 40) {
    await page.evaluate((y) => window.scrollTo(0, y), y);
    const b = await boxes();
    if (b.bar && b.card && b.card[1] > b.bar[0] + 0.5 && b.card[0] < b.bar[1] - 0.5)
      out.push(`at ${b.y}: bar ${b.bar.map(Math.round).join('-')}, card ${b.card.map(Math.round).join('-')}`);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return out;
}

describe.skipIf(!hasChromium)('what changed, marked on the board', () => {
  const suite = useServerAndBrowser();

  // Fixed deals: with a random one, the last move could touch every piece the moves before it
  // touched, which leaves nothing marked only as changed since the last look.
  test.each([
    ['big-thunder', '5eed00000000000000000000000000a1'],
    ['snowdonia', '5eed00000000000000000000000000c3'],
    ['space-mountain', '5eed00000000000000000000000000b2'],
  ])(
    '%s: a return visit marks the changes and the last move; the step-through plays them on the board',
    async (type, seed) => {
      const { server, browser } = suite;
      const base = server.baseUrl;
      const ctxs = [
        await newPlayerContext(browser, base, { viewport: { width: 1280, height: 800 } }),
        await newPlayerContext(browser, base),
      ];
      await signIn(ctxs[0], base, `marks-${type}-a@example.test`);
      await signIn(ctxs[1], base, `marks-${type}-b@example.test`);
      const id = await startedGame(base, ctxs, type, {}, seed);

      // Ada looks once: the page keeps the view it drew.
      const first = await ctxs[0].newPage();
      await first.goto(`/games/${id}`);
      await pageAtVersion(first, (await stateOf(ctxs[0], base, id)).version);
      await expect
        .poll(() => first.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('mp:last-view:'))), { timeout: 15_000 })
        .toBe(true);
      await first.close();

      // While she is away: moves until Bo has made two.
      let bo = 0;
      for (let i = 0; i < 20 && bo < 2; i++) {
        const s = await stateOf(ctxs[0], base, id);
        const seat = s.activeSeats.includes(1) ? 1 : s.activeSeats[0];
        const mine = await stateOf(ctxs[seat], base, id);
        const lm = mine.legalMoves.find((m) => m.effect !== 'none') ?? mine.legalMoves[0];
        await moveAs(ctxs[seat], base, id, mine.version, lm.move);
        if (seat === 1) bo++;
      }
      expect(bo).toBe(2);

      const page = await ctxs[0].newPage();
      await page.goto(`/games/${id}`);
      const now = await stateOf(ctxs[0], base, id);
      await pageAtVersion(page, now.version);
      await page.locator('mp-since-card').getByRole('heading', { name: 'Since you last looked' }).waitFor();
      const area = page.locator('mp-board-area');
      // The last move's mark comes with the view before it (a replay frame), after the first drawing.
      const kinds = async () => [...new Set((await marked(page)).map((m) => m.kind))].sort();
      await expect.poll(kinds, { timeout: 15_000 }).toEqual(['last', 'since']);
      await fullPageShot(page, `board-marks-${type}-return.png`);
      // Scrolling down the page: the turn bar sticks to the top of the window only once the card
      // has gone above it, never over it.
      expect(await barOverSinceCard(page), 'the turn bar over "Since you last looked", scrolled by').toEqual([]);
      await expect(area.locator('.marks-key').textContent()).resolves.toMatch(
        /solid outline: the last move; dashed: changed since you last looked/,
      );

      // Step through: the first event on the board, with its own marks; Next; back to the game.
      await page.getByRole('button', { name: 'Step through on the board' }).click();
      const bar = page.locator('.step-bar');
      await expect.poll(() => bar.locator('p').textContent()).toMatch(/What happened, 1 of \d+:/);
      await expect.poll(async () => (await marked(page)).length, { timeout: 15_000 }).toBeGreaterThan(0);
      expect((await marked(page)).every((m) => m.kind === 'last')).toBe(true);
      await fullPageShot(page, `board-marks-${type}-step.png`);
      expect(await bar.getByRole('button', { name: 'Back', exact: true }).isDisabled()).toBe(true);
      const next = bar.getByRole('button', { name: 'Next' });
      if (!(await next.isDisabled())) {
        await next.click();
        await expect.poll(() => bar.locator('p').textContent()).toMatch(/What happened, 2 of /);
      }
      await bar.getByRole('button', { name: 'Back to the game' }).click();
      await expect.poll(() => bar.count()).toBe(0);
      await expect.poll(async () => Number((await area.getAttribute('data-marks')) ?? 0), { timeout: 15_000 }).toBeGreaterThan(0);
      for (const c of ctxs) await c.close();
    },
    150_000,
  );
});
