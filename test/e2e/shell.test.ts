/**
 * The client shell end to end, in Chromium against `npm start` (the real Worker in workerd,
 * PGlite in memory, the fixture game "secret-dice"), one behaviour a test. The first group is
 * one table told in order (each test starts where the one before it ended): A signs in through
 * the dev mailbox, creates a 2-player game, copies the invite link; B signs in on a phone-sized
 * screen, opens the link and joins, which starts the game; A banks (and undoes, and banks
 * again), ends the turn; B sees by polling that it is B's turn, rolls in secret and ends the turn.
 */
import { afterAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
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

  describe('two players, from sign-in to the turn passing', () => {
    const errors: string[] = [];
    let ctxA: BrowserContext;
    let ctxB: BrowserContext;
    let a: Page;
    let b: Page;
    let inviteUrl: URL;

    afterAll(async () => {
      await ctxA?.close();
      await ctxB?.close();
    });

    test('a player signs in through the mailbox, takes a name and has no games yet', async () => {
      const { server, browser } = suite;
      ctxA = await newPlayerContext(browser, server.baseUrl, { viewport: { width: 1100, height: 900 } });
      a = await signIn(ctxA, server.baseUrl, 'ada@example.test');
      watchPageErrors(errors, 'A', a);
      await setName(a, 'Ada');
      await a.getByRole('link', { name: 'My games' }).click();
      await seeText(a, 'No games yet.');
    });

    test("the new-game form takes its fields from the game's options schema", async () => {
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
    });

    test('the invite link is copied to the clipboard and the game waits for its last seat', async () => {
      await a.getByRole('button', { name: 'Copy' }).click();
      await seeText(a, 'Copied to the clipboard.');
      const invite = await a.evaluate(() => navigator.clipboard.readText());
      expect(invite).toBe(await a.getByLabel(/Invite link/).inputValue());
      inviteUrl = new URL(invite);
      expect(inviteUrl.pathname).toMatch(/^\/games\/[^/]+$/);
      expect(inviteUrl.searchParams.get('invite')).toBeTruthy();
      await a.getByRole('link', { name: 'Go to the game' }).click();
      await seeText(a, 'Waiting for players');
      await seeText(a, '1 of 2 seats taken.');
      // the game starts by itself when the last seat is taken (no Start to press).
      await seeText(a, 'The game starts by itself when the last seat is taken');
    });

    test('a second player on a phone joins by the link, which starts the game for both', async () => {
      const { server, browser } = suite;
      ctxB = await newPlayerContext(browser, server.baseUrl, phone);
      b = await signIn(ctxB, server.baseUrl, 'bo@example.test');
      watchPageErrors(errors, 'B', b);
      await setName(b, 'Bo');
      await b.goto(inviteUrl.pathname + inviteUrl.search);
      await seeText(b, 'You were invited to this game.');
      await b.getByRole('button', { name: 'Join game' }).click();
      await seeText(b, 'You joined the game in seat 2.');
      expect(new URL(b.url()).search).toBe(''); // the invite code leaves the address bar
      await seeText(b, 'In progress');
      await seeText(a, 'Your turn.', 10_000); // A learns it by polling
      // the seed hash sits in the folded "About this game".
      await a.getByText('About this game', { exact: true }).click();
      await seeText(a, 'Seed hash');
    });

    test('a move, its undo and the end of the turn: the log says each, and the controls go', async () => {
      // labels come from legalMoves
      await a.getByRole('button', { name: 'Bank 1 point' }).click();
      await seeText(a, 'Seat 1 banked 1 point.');
      await a.getByRole('button', { name: 'Undo my last move' }).click();
      await seeText(a, 'Your last move was taken back.');
      await a.getByRole('button', { name: 'Bank 1 point' }).click();
      await a.getByRole('button', { name: 'End turn' }).click();
      await seeText(a, 'Waiting for Bo.');
      expect(await a.getByRole('button', { name: 'Bank 1 point' }).count()).toBe(0);
    });

    test('the other player, still on the page, learns of the turn by polling and rolls in secret', async () => {
      await seeText(b, 'Your turn.', 15_000);
      await seeText(b, 'Seat 1 ended the turn.');
      await b.getByRole('button', { name: 'Roll a die' }).click();
      await seeText(b, /You rolled [1-6]\./);
      await b.getByRole('button', { name: 'End turn' }).click();
      await seeText(b, 'Waiting for Ada.');
    });

    test('the first player sees that a die was rolled, but not its value', async () => {
      await seeText(a, 'Your turn.', 15_000);
      await seeText(a, 'Seat 2 rolled a die in secret.');
      expect(await a.getByText(/You rolled/).count()).toBe(0);
    });

    test('the phone layout never scrolls sideways', async () => {
      const overflow = await b.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await fullPageShot(a, 'shell.png');
      await fullPageShot(b, 'shell-phone.png');
    });

    test('the phone header shows every link whole (it wraps, never cuts one), in two rows on the game page', async () => {
      const links = b.getByRole('navigation', { name: 'Main' }).getByRole('link');
      const n = await links.count();
      expect(n).toBeGreaterThanOrEqual(5);
      const width = await b.evaluate(() => window.innerWidth);
      for (let i = 0; i < n; i++) {
        const box = (await links.nth(i).boundingBox())!;
        const name = (await links.nth(i).textContent()) ?? '';
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(width);
      }
      // On the game page it takes two rows, so the board starts high on the first screen; the
      // brand is its symbol there, still named.
      const header = (await b.locator('mp-app header').boundingBox())!;
      expect(header.height, 'the game page header on a phone').toBeLessThanOrEqual(72);
      await b.getByRole('link', { name: 'Mountain Post' }).waitFor();
    });

    test('My games puts the game that waits on the player first, marked "Your turn"', async () => {
      await a.getByRole('link', { name: 'My games' }).click();
      await seeText(a, 'Secret Dice (test fixture)');
      await a.getByText('Your turn', { exact: true }).waitFor();
      expect(errors).toEqual([]);
    });
  });

  test("a refused move shows the engine's reason (422), and a stale tab is brought up to date by the 409", async () => {
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

    // Hold tab 2's polls until its click has been answered, so the click carries the old version.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await tab2.route('**/state', async (route) => {
      await held;
      await route.continue().catch(() => {});
    });

    await tab1.getByRole('button', { name: 'Bank 1 point' }).click();
    await seeText(tab1, 'Seat 1 banked 1 point.');
    await tab2.getByRole('button', { name: 'Roll a die' }).click();
    await seeText(tab2, 'The game moved on, so your move was not applied: Seat 1 banked 1 point.');
    await seeText(tab2, 'Seat 1 banked 1 point.'); // the current position and log, from the 409 body
    release();
    await tab2.unroute('**/state');

    await ctxA.close();
    await ctxB.close();
  }, 120_000);

  test('a hidden tab stops polling, and polls at once when it is shown again', async () => {
    const { server, browser } = suite;
    const ctx = await newPlayerContext(browser, server.baseUrl);
    const other = await newPlayerContext(browser, server.baseUrl);
    await signIn(ctx, server.baseUrl, 'vi@example.test');
    await signIn(other, server.baseUrl, 'vo@example.test');
    const id = await startedGame(server.baseUrl, [ctx, other], 'secret-dice', { rounds: 1 });
    const tab = await ctx.newPage();
    // The page's timers run on a clock the test moves: minutes pass in no time, and nothing is
    // proved by waiting.
    await tab.clock.install();
    const polls: string[] = [];
    let inFlight = 0;
    const isPoll = (url: string) => url.endsWith(`/api/games/${id}/state`);
    tab.on('request', (r) => {
      if (!isPoll(r.url())) return;
      polls.push(r.headers()['x-page-visible'] ?? '');
      inFlight++;
    });
    const settle = (r: { url(): string }) => isPoll(r.url()) && inFlight--;
    tab.on('requestfinished', settle);
    tab.on('requestfailed', settle);
    await tab.goto(`/games/${id}`);
    await seeText(tab, 'Your turn.');
    const setVisibility = (state: 'hidden' | 'visible') =>
      tab.evaluate((s) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => s === 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);

    // The page schedules its next poll once an answer is in: move its clock in steps, each
    // after every poll sent so far has its answer.
    const elapse = async (ms: number, step: number) => {
      for (let t = 0; t < ms; t += step) {
        await expect.poll(() => inFlight).toBe(0);
        await tab.clock.runFor(step);
      }
      await expect.poll(() => inFlight).toBe(0);
    };
    await tab.clock.pauseAt(Date.now() + 1000);

    // Visible, the page polls about every 3 s: at least 3 in 12 s.
    const visibleFrom = polls.length;
    await elapse(12_000, 1_000);
    expect(polls.length - visibleFrom).toBeGreaterThanOrEqual(3);

    // Hidden, not once in two minutes (visible, that would be about 40 polls). A poll says
    // whether the page was visible when it left: one sent just before, whose request event
    // reaches this test a moment after, says so ('1') and is not the hidden tab's.
    await setVisibility('hidden');
    const hiddenFrom = polls.length;
    await elapse(120_000, 1_000);
    expect(polls.slice(hiddenFrom)).not.toContain('0');
    expect(polls.length - hiddenFrom).toBeLessThanOrEqual(1);

    // Shown again: one poll at once, without moving the clock, and it says the page is visible.
    const shownFrom = polls.length;
    await setVisibility('visible');
    await expect.poll(() => polls.length - shownFrom).toBe(1);
    expect(polls.at(-1)).toBe('1');
    await ctx.close();
    await other.close();
  }, 120_000);
});
