/**
 * "Since you last looked" follows the live game: Ada looks at a game, leaves, and Bo acts; back
 * on the page, the card lists his line; while she watches he acts again and the new line is
 * appended without a reload; "Got it" folds the card to one line naming the latest.
 */
import { describe, expect, test } from 'vitest';
import { hasChromium, newPlayerContext, pageAtVersion, signIn, startedGame, useServerAndBrowser, warnNoBrowser } from './support';
import { moveAs, stateOf } from './board-helpers';

warnNoBrowser('test/e2e/board-since-follows.test.ts');

describe.skipIf(!hasChromium)('"Since you last looked" while watching', () => {
  const suite = useServerAndBrowser();

  test('new lines append while the player watches, and the read card is one line', async () => {
    const { server, browser } = suite;
    const base = server.baseUrl;
    const ctxs = [await newPlayerContext(browser, base), await newPlayerContext(browser, base)];
    await signIn(ctxs[0], base, 'follow-a@example.test');
    await signIn(ctxs[1], base, 'follow-b@example.test');
    const id = await startedGame(base, ctxs, 'secret-dice', { rounds: 2 });
    // Ada ends her turn and looks (a visible read is her mark).
    let s = await stateOf(ctxs[0], base, id);
    s = await moveAs(ctxs[0], base, id, s.version, { type: 'bank' });
    s = await moveAs(ctxs[0], base, id, s.version, { type: 'end' });
    await stateOf(ctxs[0], base, id, true);
    // Bo banks while she is away.
    let b = await stateOf(ctxs[1], base, id);
    b = await moveAs(ctxs[1], base, id, b.version, { type: 'bank' });

    const page = await ctxs[0].newPage();
    await page.goto(`/games/${id}`);
    const card = page.locator('mp-since-card');
    await card.getByRole('heading', { name: 'Since you last looked' }).waitFor();
    const lines = () => card.locator('ol.since-lines > li').allTextContents();
    await expect.poll(lines).toEqual([expect.stringContaining('Seat 2 banked 1 point')]);

    // Bo ends his turn while Ada watches: the card gains the line, no reload.
    b = await moveAs(ctxs[1], base, id, b.version, { type: 'end' });
    await pageAtVersion(page, b.version);
    await expect
      .poll(lines, { timeout: 15_000 })
      .toEqual([expect.stringContaining('banked 1 point'), expect.stringContaining('Seat 2 ended the turn')]);

    await card.getByRole('button', { name: 'Got it' }).click();
    const folded = card.getByRole('region', { name: 'Since you last looked' });
    await folded.waitFor();
    expect((await folded.locator('p').textContent())?.replace(/\s+/g, ' ').trim()).toMatch(
      /^Since you last looked: 2 things happened; latest: .*Seat 2 ended the turn\.$/,
    );
    const box = await folded.boundingBox();
    expect(box!.height, 'one line').toBeLessThan(60);
    for (const c of ctxs) await c.close();
  }, 120_000);
});
