/**
 * Tappable boards, per game at 1280x800 and at 375x740: at the start of a game and after each of
 * the next moves (played through the API) while the viewer has moves, every enabled tappable
 * element of the board and the turn bar is at least 24x24 CSS px (WCAG 2.2 target size), and a
 * control of the step lies in the viewport without scrolling, no board text is drawn under 11 CSS
 * px, and no board text or piece (`data-piece`) covers another.
 */
import { describe, expect, test } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import {
  hasChromium,
  newPlayerContext,
  pageAtVersion,
  phone,
  screenshotPath,
  signIn,
  startedGame,
  useServerAndBrowser,
  warnNoBrowser,
} from './support';
import { moveAs, stateOf } from './board-helpers';
import { measureBoard } from './board-measure';

warnNoBrowser('test/e2e/board-legibility.test.ts');

const SIZES = [
  { name: '1280x800', viewport: { width: 1280, height: 800 } },
  { name: '375x740', viewport: { width: 375, height: 740 } },
];
/** Positions measured per game and size: the start and the next few moves. */
const POSITIONS = 4;

/** Plays the first useful move of the first active seat. */
async function step(ctxs: BrowserContext[], base: string, id: string): Promise<void> {
  const s = await stateOf(ctxs[0], base, id);
  const seat = s.activeSeats[0];
  const mine = await stateOf(ctxs[seat], base, id);
  const lm = mine.legalMoves.find((m) => m.effect !== 'none') ?? mine.legalMoves[0];
  await moveAs(ctxs[seat], base, id, mine.version, lm.move);
}

describe.skipIf(!hasChromium)('boards are tappable, with the step in view', () => {
  const suite = useServerAndBrowser();

  for (const type of ['big-thunder', 'snowdonia', 'space-mountain']) {
    for (const size of SIZES) {
      test(`${type} at ${size.name}: targets at least 24x24 and the step's controls on screen`, async () => {
        const { server, browser } = suite;
        const base = server.baseUrl;
        const tag = `${type}-${size.name}`;
        const options = size.name === '375x740' ? phone : { viewport: size.viewport };
        const ctxs = [await newPlayerContext(browser, base, options), await newPlayerContext(browser, base, options)];
        await signIn(ctxs[0], base, `legible-${tag}-a@example.test`);
        await signIn(ctxs[1], base, `legible-${tag}-b@example.test`);
        const id = await startedGame(base, ctxs, type);
        const pages = await Promise.all(ctxs.map((c) => c.newPage()));
        for (const p of pages) await p.goto(`/games/${id}`);
        let measured = 0;
        for (let i = 0; i < POSITIONS * 3 && measured < POSITIONS; i++) {
          const s = await stateOf(ctxs[0], base, id);
          if (s.status !== 'active') break;
          const seat = s.activeSeats[0];
          const page = pages[seat];
          await pageAtVersion(page, s.version);
          await page.evaluate(() => window.scrollTo(0, 0));
          const m = await measureBoard(page);
          const where = `${tag} at version ${s.version}`;
          expect(m.controls, `${where}: controls drawn`).toBeGreaterThan(0);
          expect(m.small, `${where}: targets under 24x24`).toEqual([]);
          expect(m.controlInView, `${where}: a control of the step in the viewport without scrolling`).toBe(true);
          expect(m.tinyText, `${where}: board text under 11 px`).toEqual([]);
          expect(m.overlaps, `${where}: board texts and pieces covering one another`).toEqual([]);
          if (measured === 0) await page.screenshot({ path: screenshotPath(`board-${tag}.png`) });
          measured++;
          await step(ctxs, base, id);
        }
        expect(measured).toBe(POSITIONS);
        for (const c of ctxs) await c.close();
      }, 180_000);
    }
  }
});
