/**
 * A refusal that helps: the same player in two tabs; tab 1 banks a point, tab 2 (still showing the
 * position before) rolls. The roll is refused (409: the game moved on); tab 2's turn bar says
 * what changed in one line ("Seat 1 banked 1 point") and offers "Try again", which sends the same
 * roll, now legal, and it is applied.
 */
import { describe, expect, test } from 'vitest';
import { hasChromium, newPlayerContext, seeText, signIn, startedGame, useServerAndBrowser, warnNoBrowser } from './support';

warnNoBrowser('test/e2e/board-refusal.test.ts');

describe.skipIf(!hasChromium)('a refused move says what changed and offers it again', () => {
  const suite = useServerAndBrowser();

  test('"Try again" after a stale move re-sends it and it is applied', async () => {
    const { server, browser } = suite;
    const ctxA = await newPlayerContext(browser, server.baseUrl);
    const ctxB = await newPlayerContext(browser, server.baseUrl);
    await signIn(ctxA, server.baseUrl, 'refusal-a@example.test');
    await signIn(ctxB, server.baseUrl, 'refusal-b@example.test');
    const id = await startedGame(server.baseUrl, [ctxA, ctxB], 'secret-dice', { rounds: 1 });
    const tab1 = await ctxA.newPage();
    const tab2 = await ctxA.newPage();
    await tab1.goto(`/games/${id}`);
    await tab2.goto(`/games/${id}`);
    await seeText(tab1, 'Your turn.');
    await seeText(tab2, 'Your turn.');
    // Tab 2 hears nothing until its click is answered, so the click carries the old version.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await tab2.route('**/state', async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await tab1.getByRole('button', { name: 'Bank 1 point' }).click();
    await seeText(tab1, 'Seat 1 banked 1 point.');

    const refused = tab2.waitForResponse((r) => r.url().endsWith(`/api/games/${id}/moves`));
    await tab2.getByRole('button', { name: 'Roll a die' }).click();
    expect((await refused).status()).toBe(409);
    const bar = tab2.locator('mp-turn-bar');
    const line = bar.locator('.refusal p');
    await line.waitFor();
    expect((await line.textContent())?.trim()).toBe('The game moved on, so your move was not applied: Seat 1 banked 1 point.');
    release();
    await tab2.unroute('**/state');

    const again = tab2.waitForResponse((r) => r.url().endsWith(`/api/games/${id}/moves`));
    await bar.getByRole('button', { name: 'Try again' }).click();
    expect((await again).status()).toBe(200);
    await seeText(tab2, /You rolled [1-6]\./);
    expect(await bar.locator('.refusal').count()).toBe(0);
    await ctxA.close();
    await ctxB.close();
  }, 120_000);
});
