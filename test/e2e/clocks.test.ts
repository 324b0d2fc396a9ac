/**
 * Clocks in the browser, against `npm start`, one behaviour a test, each starting where the one
 * before it ended: Ada (1280x800) creates a `fast` game of Secret Dice from the new-game form and
 * Bo (375x740, a phone) joins it; both clocks are on the game page and each player's own clock
 * in My games; Bo goes on vacation from Settings and Ada sees "on vacation until ..." on the
 * game page and in My games; with a second game waiting, "Next game" in the header opens the one
 * with the least time left, and after her move the turn bar offers the other; Ada proposes a
 * pause there and Bo agrees in his turn bar. The dev clock is never moved (the server is shared by
 * the whole layer).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  fullPageShot,
  hasChromium,
  newPlayerContext,
  phone,
  postAs,
  screenshotPath,
  seeText,
  setName,
  signIn,
  useServerAndBrowser,
  warnNoBrowser,
  watchPageErrors,
  type DevServer,
} from './support';

warnNoBrowser('test/e2e/clocks.test.ts');

const desktop = { viewport: { width: 1280, height: 800 } };
const gameIdOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');

/** The accessible names of the clocks (`role=timer`) on the page: "2 d 23 h left, running". */
async function clockLabels(page: Page): Promise<string[]> {
  const timers = page.getByRole('timer');
  await timers.first().waitFor();
  return Promise.all((await timers.all()).map(async (t) => (await t.getAttribute('aria-label')) ?? ''));
}

describe.skipIf(!hasChromium)('clocks in a browser', () => {
  const suite = useServerAndBrowser();
  let server: DevServer;
  let browser: Browser;
  const errors: string[] = [];
  let ctxA: BrowserContext;
  let ctxB: BrowserContext;
  let a: Page;
  let b: Page;
  let first: string;
  let second: string;

  beforeAll(async () => {
    ({ server, browser } = suite);
    ctxA = await newPlayerContext(browser, server.baseUrl, { ...desktop, timezoneId: 'Europe/London', locale: 'en-GB' });
    ctxB = await newPlayerContext(browser, server.baseUrl, { ...phone, timezoneId: 'Europe/Berlin', locale: 'en-GB' });
    a = await signIn(ctxA, server.baseUrl, 'ada-clock@example.test');
    await setName(a, 'Ada Clock');
    b = await signIn(ctxB, server.baseUrl, 'bo-clock@example.test');
    await setName(b, 'Bo Clock');
    watchPageErrors(errors, 'Ada', a);
    watchPageErrors(errors, 'Bo', b);
  }, 90_000);

  afterAll(async () => {
    await ctxA?.close();
    await ctxB?.close();
  });

  test('a fast game created from the form shows both clocks on the game page, at both sizes', async () => {
    await a.getByRole('link', { name: 'New game' }).first().click();
    await a.getByLabel('Game', { exact: true }).selectOption('secret-dice');
    await a.getByLabel('Players', { exact: true }).selectOption('2');
    await a.getByLabel('Time control').selectOption('fast');
    await seeText(a, 'Each player starts with 72 hours; every finished turn adds 12, up to 120.');
    expect(await a.getByLabel("A player's vacation stops their clock here").isChecked()).toBe(true);
    await a.getByRole('group', { name: 'Time to move' }).screenshot({ path: screenshotPath('clocks-new-game.png') });
    const created = a.waitForResponse((r) => r.url().endsWith('/api/games') && r.request().method() === 'POST');
    await a.getByRole('button', { name: 'Create game' }).click();
    expect((await created).request().postDataJSON()).toMatchObject({ timeControl: 'fast', weekendPause: false, allowVacation: true });
    const invite = new URL(await a.getByLabel(/Invite link/).inputValue());
    first = decodeURIComponent(invite.pathname.split('/').pop()!);
    await postAs(ctxB, server.baseUrl, `/api/games/${first}/join`, { invite: invite.searchParams.get('invite') });

    await a.goto(`/games/${first}`);
    await b.goto(`/games/${first}`);
    for (const page of [a, b]) {
      const labels = await clockLabels(page);
      expect(labels).toHaveLength(2);
      expect(labels[0]).toMatch(/^2 d 23 h left, running$|^3 d 0 h left, running$/); // Ada moves first
      expect(labels[1]).toBe('3 d 0 h left');
      await seeText(page, 'Time control: Fast: 72 h, +12 h a turn, at most 120 h.');
    }
    await fullPageShot(a, 'clocks-game.png');
    await fullPageShot(b, 'clocks-game-phone.png');
  }, 60_000);

  test("My games shows each player's own clock", async () => {
    for (const page of [a, b]) {
      await page.getByRole('link', { name: 'My games' }).click();
      const row = page.locator('[data-clock]').first();
      await row.waitFor();
      expect(await row.textContent()).toContain('Your clock:');
    }
    expect((await clockLabels(a))[0]).toMatch(/left, running$/);
    expect(await clockLabels(b)).toEqual(['3 d 0 h left']);
  }, 30_000);

  test('Bo goes on vacation from Settings, and Ada sees it on the game page and in My games', async () => {
    await b.getByRole('link', { name: 'Settings' }).click();
    await b.getByRole('heading', { name: 'Vacation' }).waitFor();
    await b.getByLabel(/^Quiet hours/).check();
    expect(await b.getByLabel('From').inputValue()).toBe('22:00');
    expect(await b.getByLabel('Time zone', { exact: true }).inputValue()).toBe('Europe/Berlin');
    await b.getByRole('group', { name: 'Time', exact: true }).screenshot({ path: screenshotPath('clocks-settings-phone.png') });
    await seeText(b, /of vacation left/);
    const back = new Date(Date.now() + 5 * 24 * 3600_000).toISOString().slice(0, 10);
    await b.getByLabel('Back on').fill(back);
    await b.getByRole('button', { name: 'Go on vacation' }).click();
    await seeText(b, 'You are on vacation until');
    await b.locator('mp-vacation-form').scrollIntoViewIfNeeded();
    await b.screenshot({ path: screenshotPath('clocks-vacation-phone.png') });

    await a.goto(`/games/${first}`);
    await a.locator('[data-away]').first().waitFor({ timeout: 20_000 });
    expect(await a.locator('[data-away]').first().textContent()).toMatch(/^on vacation until /);
    await a.getByRole('link', { name: 'My games' }).click();
    await a.locator('[data-away]').first().waitFor();
    expect(await a.locator('[data-away]').first().textContent()).toMatch(/^Bo Clock is on vacation until /);
    await fullPageShot(a, 'clocks-my-games.png');
  }, 60_000);

  test('"Next game" opens the game with the least time left, and after a move the turn bar offers the other', async () => {
    const made = await postAs<{ id: string; inviteUrl: string }>(ctxA, server.baseUrl, '/api/games', {
      type: 'secret-dice',
      players: 2,
      timeControl: 'fast',
    });
    second = made.id;
    await postAs(ctxB, server.baseUrl, `/api/games/${second}/join`, { invite: new URL(made.inviteUrl).searchParams.get('invite') });
    await a.goto('/');
    const header = a.getByRole('link', { name: 'Next game (2 waiting)' });
    await header.waitFor({ timeout: 20_000 });
    await header.click();
    await a.waitForURL((u) => u.pathname === `/games/${first}`);
    expect(gameIdOf(a)).toBe(first);
    // On the game page the header's "Next game" is another game: the one on screen is left out.
    const onPage = a.locator('header').getByRole('link', { name: 'Next game (1 waiting)' });
    await onPage.waitFor();
    expect(await onPage.getAttribute('href')).toBe(`/games/${second}`);

    await a.getByRole('button', { name: 'Bank 1 point' }).click();
    await a.getByRole('button', { name: 'End turn' }).click();
    const offer = a.locator('mp-turn-bar').getByRole('link', { name: 'Next game (1 waiting)' });
    await offer.waitFor();
    await fullPageShot(a, 'clocks-next-game.png');
    await offer.click();
    await a.waitForURL((u) => u.pathname === `/games/${second}`);
    expect(gameIdOf(a)).toBe(second);
    expect(errors).toEqual([]);
  }, 60_000);

  test('a pause by consent: the proposer reads it once, in the turn bar; the other agrees there, and both see the table paused', async () => {
    await a.goto(`/games/${second}`);
    await a.getByRole('button', { name: 'Propose a pause' }).click();
    const proposal = a.locator('mp-turn-bar [data-pause-proposal]');
    await proposal.waitFor();
    expect((await proposal.textContent())?.replace(/\s+/g, ' ').trim()).toMatch(
      /^You proposed pausing the game for \d+ days?; waiting for the others to agree\.$/,
    );
    // Said once: no second line about the proposal anywhere on the page.
    expect(await a.getByText(/propos/i).count()).toBe(1);
    await fullPageShot(a, 'clocks-pause-proposed.png');

    await b.goto(`/games/${second}`);
    const asked = b.locator('mp-turn-bar [data-pause-proposal]');
    await asked.waitFor();
    expect(await asked.textContent()).toContain('Ada Clock proposes pausing the game');
    await b.getByRole('button', { name: 'Agree' }).click();
    await b.locator('mp-turn-bar [data-pause]').waitFor();
    expect(await b.locator('mp-turn-bar [data-pause]').textContent()).toContain('Paused by agreement until');
    await a.locator('mp-turn-bar [data-pause]').waitFor({ timeout: 20_000 });
    expect(await a.getByRole('button', { name: 'Resume now' }).count()).toBe(1);
    expect(errors).toEqual([]);
  }, 60_000);
});
