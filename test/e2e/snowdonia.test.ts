/**
 * Snowdonia end to end, in Debian's Chromium against `npm start` (the real Worker in workerd,
 * PGlite in memory): Abe (desktop) creates a 2-player game through the New game form, Bud (a
 * 375 px phone) joins through the invite link, Abe starts it, and the two play the whole of
 * round 1 through the board's own controls (Action Area spaces, cubes in the Stock Yard, a
 * Contract in the Site Office), never through the page's plain move buttons:
 *
 *   Start Player S: A1, other player O: A2, S: F1, O: B1 (all four Labourers placed), then
 *   A1: S takes 2 Iron Ore + 1 Coal, A2: O takes 1 Iron Ore + 2 Stone and the Start Player
 *   token, B1: O excavates 3 Rubble (Work Rate 3 in round 1), F1: S takes a Contract.
 *
 * Round 2 then begins with O as Start Player; both screens show the round, whose turn it is and
 * every resource. The Start Player is drawn from the game's secret seed, so the test reads it
 * off the board rather than assuming it.
 */
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  hasChromium,
  newPlayerContext,
  phone,
  screenshotPath,
  seeText,
  setName,
  signIn,
  warnNoBrowser,
  watchPageErrors,
  createGameInUi,
  joinByInvite,
  useServerAndBrowser,
  fullPageShot,
} from './support';

warnNoBrowser('test/e2e/snowdonia.test.ts');

/** The machine is shared with other test runs: allow slow polls and slow renders. */
const SLOW = 45_000;

interface Player {
  name: string;
  page: Page;
  context: BrowserContext;
}

function board(page: Page): Locator {
  return page.locator('sn-mountain-board');
}

/** The board's status line, the turn bar's sentence ("Your turn: ...", "Waiting for ..."). */
function status(page: Page): Locator {
  return board(page).locator('[data-field="status"]');
}

async function waitForStatus(page: Page, text: string | RegExp, timeout = SLOW): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await status(page)
            .textContent({ timeout: 5_000 })
            .catch(() => '')
        )?.trim(),
      { timeout, interval: 250 },
    )
    .toMatch(typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : text);
}

async function roundOf(page: Page): Promise<string> {
  return ((await board(page).locator('[data-field="round"]').textContent()) ?? '').trim();
}

/** A resource count on a player's mat (as that page shows it). */
async function resource(page: Page, seat: number, field: string): Promise<number> {
  const text = await board(page).locator(`sn-player-mat article[data-seat="${seat}"] [data-field="${field}"]`).textContent();
  return Number(text?.trim());
}

/** Clicks a free Action Space on the board (a control of `sn-action-area`), by its name. */
async function place(p: Player, space: string): Promise<void> {
  const button = board(p.page).locator(`sn-action-area button[data-space="${space}"]`);
  await button.click();
  await expect.poll(() => button.count(), { timeout: SLOW }).toBe(0);
}

describe.skipIf(!hasChromium)('Snowdonia in a browser', () => {
  const suite = useServerAndBrowser();

  test('two players create, join and start a game, and play round 1 on the board', async () => {
    const { server, browser } = suite;
    const errors: string[] = [];
    const watch = (who: string, page: Page) => watchPageErrors(errors, who, page);

    // Abe signs in on a desktop screen and creates a 2-player Snowdonia game.
    const ctxA = await newPlayerContext(browser, server.baseUrl, { viewport: { width: 1280, height: 900 } });
    ctxA.setDefaultTimeout(SLOW);
    const a = await signIn(ctxA, server.baseUrl, 'ada.snowdon@example.test');
    watch('Abe', a);
    await setName(a, 'Abe');
    const { invite } = await createGameInUi(a, 'snowdonia', 2, SLOW);
    await seeText(a, '1 of 2 seats taken.', SLOW);

    // Bud signs in on a phone, opens the invite and joins.
    const ctxB = await newPlayerContext(browser, server.baseUrl, phone);
    ctxB.setDefaultTimeout(SLOW);
    const b = await signIn(ctxB, server.baseUrl, 'bo.snowdon@example.test');
    watch('Bud', b);
    await setName(b, 'Bud');
    await joinByInvite(b, invite, 2, SLOW);

    // Bud's join took the last seat and started the game; both boards appear.
    await seeText(a, 'In progress', SLOW);
    await board(a).waitFor({ timeout: SLOW });
    await board(b).waitFor({ timeout: SLOW });
    expect(await roundOf(a)).toBe('1');

    // Who is the Start Player? The one whose board says it is their turn.
    const ada: Player = { name: 'Abe', page: a, context: ctxA };
    const bo: Player = { name: 'Bud', page: b, context: ctxB };
    await expect
      .poll(
        async () => (await status(a).getAttribute('data-yours')) === 'true' || (await status(b).getAttribute('data-yours')) === 'true',
        {
          timeout: SLOW,
        },
      )
      .toBe(true);
    const adaFirst = (await status(a).getAttribute('data-yours')) === 'true';
    const [S, O] = adaFirst ? [ada, bo] : [bo, ada];
    const sSeat = adaFirst ? 0 : 1;
    const oSeat = 1 - sSeat;
    console.log(`Start Player of round 1: ${S.name}`);
    await waitForStatus(S.page, 'Your turn: place a Labourer.');
    await waitForStatus(O.page, `Waiting for ${S.name} to place a Labourer.`);
    expect((await board(S.page).locator('[data-field="start-player"]').first().textContent())?.trim()).toBe('you');

    // 1 Assign Labourers, through the Action Area spaces (never the page's plain buttons).
    expect(await board(S.page).locator('sn-action-area button[data-control="place"]').count()).toBe(10); // A1-2 B1-2 C1 D1 E1-2 F1 G1
    expect(await board(O.page).locator('sn-action-area button[data-control="place"]').count()).toBe(0);
    await place(S, 'A1');
    await waitForStatus(O.page, 'Your turn: place a Labourer.');
    await place(O, 'A2');
    await waitForStatus(S.page, 'Your turn: place a Labourer.');
    await place(S, 'F1');
    await waitForStatus(O.page, 'Your turn: place a Labourer.');
    // Bud's phone: the Labourers so far are drawn in the Action Areas.
    await expect
      .poll(() => board(O.page).locator(`sn-action-area [data-space="A1"][data-seat="${sSeat}"]`).count(), { timeout: SLOW })
      .toBe(1);
    await place(O, 'B1');

    // 2 Resolve Actions. A1: S chooses 2 Iron Ore and 1 Coal among the Stock Yard's cubes.
    await waitForStatus(S.page, 'Your turn: take cubes from the Stock Yard (A1).');
    expect(await roundOf(S.page)).toBe('1');
    const yardS = board(S.page).locator('sn-stock-yard');
    expect(await yardS.locator('[data-field="yard-iron"]').textContent()).toBe('7');
    expect(await yardS.locator('[data-field="yard-stone"]').textContent()).toBe('4');
    expect(await yardS.locator('[data-field="yard-coal"]').textContent()).toBe('1');
    await yardS.getByRole('button', { name: 'Choose Iron Ore' }).first().click();
    await yardS.getByRole('button', { name: 'Choose Iron Ore' }).first().click();
    await yardS.getByRole('button', { name: 'Choose Coal' }).first().click();
    expect(await yardS.getByRole('button', { name: 'Choose Iron Ore' }).first().isDisabled()).toBe(true); // 3 cubes chosen
    await yardS.getByRole('button', { name: 'Take 2 Iron Ore, 1 Coal' }).click();

    // A2: O takes 1 Iron Ore and 2 Stone (the last Coal is gone) and becomes Start Player.
    await waitForStatus(O.page, 'Your turn: take cubes from the Stock Yard (A2).');
    const yardO = board(O.page).locator('sn-stock-yard');
    expect(await yardO.locator('[data-field="yard-iron"]').textContent()).toBe('5');
    expect(await yardO.locator('[data-field="yard-coal"]').textContent()).toBe('0');
    await yardO.getByRole('button', { name: 'Choose Iron Ore' }).first().click();
    await yardO.getByRole('button', { name: 'Choose Stone' }).first().click();
    await yardO.getByRole('button', { name: 'Choose Stone' }).first().click();
    await O.page.screenshot({ path: screenshotPath('snowdonia-stock-yard.png'), fullPage: false });
    await yardO.getByRole('button', { name: 'Take 1 Iron Ore, 2 Stone' }).click();

    // B1 (O excavates) runs by itself; F1: S takes the first Contract of the Site Office.
    await waitForStatus(S.page, 'Your turn: take a Contract from the Site Office (F1).');
    const office = board(S.page).locator('sn-site-office');
    const first = office.locator('sn-contract article[data-contract]').first();
    const contractId = await first.getAttribute('data-contract');
    await first.getByRole('button', { name: /^Take "/ }).click();

    // Round 2: O took the Start Player token at A2, so O places first.
    await waitForStatus(O.page, 'Your turn: place a Labourer.');
    await waitForStatus(S.page, `Waiting for ${O.name} to place a Labourer.`);
    expect(await roundOf(S.page)).toBe('2');
    expect(await roundOf(O.page)).toBe('2');
    for (const page of [S.page, O.page]) {
      await expect.poll(() => resource(page, sSeat, 'iron'), { timeout: SLOW }).toBe(2);
      expect(await resource(page, sSeat, 'coal')).toBe(1);
      expect(await resource(page, sSeat, 'stone')).toBe(0);
      expect(await resource(page, oSeat, 'iron')).toBe(1);
      expect(await resource(page, oSeat, 'stone')).toBe(2);
      expect(await resource(page, oSeat, 'rubble')).toBe(3);
      expect(await resource(page, oSeat, 'labourers')).toBe(2);
      expect(await board(page).locator(`sn-player-mat article[data-seat="${oSeat}"] [data-field="start-player"]`).count()).toBe(1);
      expect(
        await board(page).locator(`sn-player-mat article[data-seat="${sSeat}"] sn-contract article[data-contract="${contractId}"]`).count(),
      ).toBe(1);
    }
    expect((await board(O.page).locator('.top [data-field="start-player"]').textContent())?.trim()).toBe('you');
    expect((await board(S.page).locator('.top [data-field="start-player"]').textContent())?.trim()).toBe(O.name);
    // The Rubble O dug came off the railway: the first Track card shows less than it started with.
    const track1 = board(O.page).locator('sn-railway [data-track="1"] title').first();
    expect(await track1.textContent()).toMatch(/Track card 1: \d VP; (\d of \d Rubble left|cleared, waiting for track|track laid by .*)/);

    // Round 2 begins: a Labourer each, so the screenshots show both colours on the board.
    await place(O, 'C1');
    await waitForStatus(S.page, 'Your turn: place a Labourer.');
    await place(S, 'A1');
    await waitForStatus(O.page, 'Your turn: place a Labourer.');

    // The phone layout has no sideways scrolling, and the page's plain buttons were never needed.
    const overflow = await b.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await fullPageShot(a, 'snowdonia.png');
    await fullPageShot(b, 'snowdonia-phone.png');

    expect(errors).toEqual([]);
    await ctxA.close();
    await ctxB.close();
  }, 420_000);
});
