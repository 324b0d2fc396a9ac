/**
 * The client shell end to end, in Debian's Chromium against `npm start` (the real Worker in
 * workerd, PGlite in memory, the fixture game "secret-dice"):
 * A signs in through the dev mailbox, creates a 2-player game, copies the invite link; B signs
 * in on a phone-sized screen, opens the link and joins, which starts the game; A banks
 * (and undoes, and banks again), ends the turn; B sees by polling that it is B's turn, rolls in secret and ends the turn.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  hasChromium,
  newPlayerContext,
  phone,
  seeText,
  setName,
  signIn,
  startedGame,
  warnNoBrowser,
  watchPageErrors,
  useServerAndBrowser,
  fullPageShot,
} from './support';

warnNoBrowser('test/e2e/shell.test.ts');

describe.skipIf(!hasChromium)('client shell in a browser', () => {
  const suite = useServerAndBrowser();

  test('two players: sign in, create, invite, join, start, move, see the turn pass', async () => {
    const { server, browser } = suite;
    const errors: string[] = [];
    const watch = (who: string, page: Page) => watchPageErrors(errors, who, page);

    // A signs in (desktop) and takes a name.
    const ctxA = await newPlayerContext(browser, server.baseUrl, { viewport: { width: 1100, height: 900 } });
    const a = await signIn(ctxA, server.baseUrl, 'ada@example.test');
    watch('A', a);
    await setName(a, 'Ada');
    await a.getByRole('link', { name: 'My games' }).click();
    await seeText(a, 'No games yet.');

    // A creates a 2-player Secret Dice game with 2 rounds.
    await a.getByRole('link', { name: 'New game' }).first().click();
    await a.getByLabel('Game', { exact: true }).selectOption('secret-dice');
    await a.getByLabel('Players', { exact: true }).selectOption('2');
    const rounds = a.getByLabel('Rounds', { exact: true });
    expect(await rounds.inputValue()).toBe('3'); // the schema's default
    expect(await rounds.getAttribute('min')).toBe('1');
    expect(await rounds.getAttribute('max')).toBe('10');
    await rounds.fill('2');
    await a.getByRole('button', { name: 'Create game' }).click();
    await seeText(a, 'Game created');

    // ... and copies the invite link.
    await a.getByRole('button', { name: 'Copy' }).click();
    await seeText(a, 'Copied to the clipboard.');
    const invite = await a.evaluate(() => navigator.clipboard.readText());
    expect(invite).toBe(await a.getByLabel(/Invite link/).inputValue());
    const inviteUrl = new URL(invite);
    expect(inviteUrl.pathname).toMatch(/^\/games\/[^/]+$/);
    expect(inviteUrl.searchParams.get('invite')).toBeTruthy();

    await a.getByRole('link', { name: 'Go to the game' }).click();
    await seeText(a, 'Waiting for players');
    await seeText(a, '1 of 2 seats taken.');
    // the game starts by itself when the last seat is taken (no Start to press).
    await seeText(a, 'The game starts by itself when the last seat is taken');

    // B signs in on a phone and opens the invite link.
    const ctxB = await newPlayerContext(browser, server.baseUrl, phone);
    const b = await signIn(ctxB, server.baseUrl, 'bo@example.test');
    watch('B', b);
    await setName(b, 'Bo');
    await b.goto(inviteUrl.pathname + inviteUrl.search);
    await seeText(b, 'You were invited to this game.');
    await b.getByRole('button', { name: 'Join game' }).click();
    await seeText(b, 'You joined the game in seat 2.');
    expect(new URL(b.url()).search).toBe(''); // the invite code leaves the address bar
    // B took the last seat, so the game has started; A learns it by polling.
    await seeText(b, 'In progress');
    await seeText(a, 'Your turn.', 10_000);
    // the seed hash sits in the folded "About this game".
    await a.getByText('About this game', { exact: true }).click();
    await seeText(a, 'Seed hash');

    // A banks, takes it back, banks again, and ends the turn (labels come from legalMoves).
    await a.getByRole('button', { name: 'Bank 1 point' }).click();
    await seeText(a, 'Seat 1 banked 1 point.');
    await a.getByRole('button', { name: 'Undo my last move' }).click();
    await seeText(a, 'Your last move was taken back.');
    await a.getByRole('button', { name: 'Bank 1 point' }).click();
    await a.getByRole('button', { name: 'End turn' }).click();
    await seeText(a, 'Waiting for Bo.');
    expect(await a.getByRole('button', { name: 'Bank 1 point' }).count()).toBe(0);

    // B, still on the game page, learns by polling that it is B's turn, and rolls in secret.
    await seeText(b, 'Your turn.', 15_000);
    await seeText(b, 'Seat 1 ended the turn.');
    await b.getByRole('button', { name: 'Roll a die' }).click();
    await seeText(b, /You rolled [1-6]\./);
    await b.getByRole('button', { name: 'End turn' }).click();
    await seeText(b, 'Waiting for Ada.');

    // Back to A by polling; A sees that B rolled, but not what.
    await seeText(a, 'Your turn.', 15_000);
    await seeText(a, 'Seat 2 rolled a die in secret.');
    expect(await a.getByText(/You rolled/).count()).toBe(0);

    // The phone layout has no sideways scrolling.
    const overflow = await b.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // My games puts A's game first with "Your turn".
    await fullPageShot(a, 'shell.png');
    await fullPageShot(b, 'shell-phone.png');
    await a.getByRole('link', { name: 'My games' }).click();
    await seeText(a, 'Secret Dice (test fixture)');
    await a.getByText('Your turn', { exact: true }).waitFor();

    expect(errors).toEqual([]);
    await ctxA.close();
    await ctxB.close();
  }, 180_000);

  test('a stale tab is brought up to date (409), a refused move shows the reason (422)', async () => {
    const { server, browser } = suite;
    const ctxA = await newPlayerContext(browser, server.baseUrl);
    const ctxB = await newPlayerContext(browser, server.baseUrl);
    await signIn(ctxA, server.baseUrl, 'cy@example.test');
    await signIn(ctxB, server.baseUrl, 'di@example.test');
    const id = await startedGame(server.baseUrl, [ctxA, ctxB], 'secret-dice', { rounds: 1 });

    // The same player in two tabs, both showing version v.
    const tab1 = await ctxA.newPage();
    const tab2 = await ctxA.newPage();
    await tab1.goto(`/games/${id}`);
    await tab2.goto(`/games/${id}`);
    await seeText(tab1, 'Your turn.');
    await seeText(tab2, 'Your turn.');
    // A move that is not legal now (ending the turn before acting), sent the way a board sends
    // it, is refused (422) with the engine's reason.
    const refused = tab1.waitForResponse((r) => r.url().endsWith(`/api/games/${id}/moves`));
    await tab1
      .locator('mp-generic-board')
      .evaluate((board) =>
        board.dispatchEvent(new CustomEvent('mp-move', { detail: { move: { type: 'end' } }, bubbles: true, composed: true })),
      );
    expect((await refused).status()).toBe(422);
    await tab1.getByRole('alert').waitFor();
    const message = (await tab1.getByRole('alert').textContent())?.trim();
    expect(message).toMatch(/\w/);
    expect(message).not.toMatch(/^The server answered/); // the API's own words, not a fallback
    console.log(`refused move shows: ${message}`);

    // Slow tab 2's polls down, so its next click is sure to carry the old version.
    await tab2.route('**/state', async (route) => {
      await new Promise((r) => setTimeout(r, 10_000));
      await route.continue().catch(() => {});
    });

    await tab1.getByRole('button', { name: 'Bank 1 point' }).click();
    await seeText(tab1, 'Seat 1 banked 1 point.');
    await tab2.getByRole('button', { name: 'Roll a die' }).click();
    await seeText(tab2, 'The game moved on before your move arrived, so it was not applied.');
    await seeText(tab2, 'Seat 1 banked 1 point.'); // the current position and log, from the 409 body
    await tab2.unroute('**/state');

    // Polling slows down while the tab is hidden and catches up as soon as it is shown again.
    const polls: number[] = [];
    tab1.on('request', (r) => r.url().endsWith(`/api/games/${id}/state`) && polls.push(Date.now()));
    const setVisibility = (state: 'hidden' | 'visible') =>
      tab1.evaluate((s) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => s === 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await setVisibility('hidden');
    await tab1.waitForTimeout(500); // a poll already on its way may still land
    polls.length = 0;
    await tab1.waitForTimeout(7_000);
    expect(polls.length).toBe(0); // visible, this would have been 2 polls
    const shownAt = Date.now();
    await setVisibility('visible');
    await tab1.waitForTimeout(1_000);
    expect(polls.filter((t) => t >= shownAt).length).toBeGreaterThanOrEqual(1);

    await ctxA.close();
    await ctxB.close();
  }, 120_000);
});
