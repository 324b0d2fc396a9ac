/**
 * Space Mountain Step 4 ("all players can move their Rockets at the same time"): both players'
 * pages send a choice at the same version at the same moment, ten times in a row; both are
 * applied (200), neither refused as stale. The game is brought to each such moment through the API.
 */
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { hasChromium, newPlayerContext, pageAtVersion, signIn, startedGame, useServerAndBrowser, warnNoBrowser } from './support';
import { moveAs, sendFromPage, stateOf, type SeatState } from './board-helpers';

warnNoBrowser('test/e2e/board-step4-together.test.ts');

/** Plays the first legal move of the first active seat until both Rockets wait for their owners in Step 4. */
async function untilBothMove(ctxs: BrowserContext[], base: string, id: string): Promise<SeatState[] | null> {
  for (let i = 0; i < 400; i++) {
    const s = [await stateOf(ctxs[0], base, id), await stateOf(ctxs[1], base, id)];
    if (s[0].status !== 'active') return null;
    if (s[0].view.phase === 'move' && s[0].activeSeats.length === 2 && s[0].version === s[1].version) return s;
    const seat = s[0].activeSeats[0];
    await moveAs(ctxs[seat], base, id, s[seat].version, s[seat].legalMoves[0].move);
  }
  throw new Error('the game never got to Step 4 with both Rockets moving');
}

describe.skipIf(!hasChromium)('Space Mountain Step 4 at the same time', () => {
  const suite = useServerAndBrowser();

  test('two players act at the same version and both get 200, ten times in a row', async () => {
    const { server, browser } = suite;
    const base = server.baseUrl;
    let times = 0;
    for (let game = 0; times < 10 && game < 4; game++) {
      const ctxs = [await newPlayerContext(browser, base), await newPlayerContext(browser, base)];
      await signIn(ctxs[0], base, `together-${game}-a@example.test`);
      await signIn(ctxs[1], base, `together-${game}-b@example.test`);
      const id = await startedGame(base, ctxs, 'space-mountain');
      const pages: Page[] = [];
      for (const c of ctxs) {
        const p = await c.newPage();
        await p.goto(`/games/${id}`);
        pages.push(p);
      }
      while (times < 10) {
        const s = await untilBothMove(ctxs, base, id);
        if (!s) break;
        const v = s[0].version;
        await Promise.all(pages.map((p) => pageAtVersion(p, v)));
        const answers = pages.map((p) => p.waitForResponse((r) => r.url().endsWith(`/api/games/${id}/moves`)));
        await Promise.all(pages.map((p, seat) => sendFromPage(p, s[seat].legalMoves[0].move)));
        const statuses = await Promise.all(answers.map(async (a) => (await a).status()));
        expect(statuses, `Step 4 pair ${times + 1} at version ${v}`).toEqual([200, 200]);
        times++;
      }
      for (const c of ctxs) await c.close();
    }
    expect(times).toBe(10);
  }, 600_000);
});
