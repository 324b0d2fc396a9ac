/**
 * rocket colours, in Debian's Chromium against `npm start`: Ada creates a 2-player Space
 * Mountain game with the new-game form, flying the Green Rocket, then changes to Blue in the waiting room; Bo, on a
 * phone, opens the invite link, sees Blue taken (named, and disabled), picks Yellow by its name
 * and joins, which starts the game; both boards show each player's Rocket, and the page's seat
 * colour of Bo's seat is yellow.
 */
import { describe, expect, test } from 'vitest';
import {
  gamePageAttribute,
  hasChromium,
  newPlayerContext,
  phone,
  screenshotPath,
  seeText,
  signIn,
  useServerAndBrowser,
  warnNoBrowser,
  watchPageErrors,
} from './support';

warnNoBrowser('test/e2e/rocket-colours.test.ts');

describe.skipIf(!hasChromium)('rocket colours (browser)', () => {
  const suite = useServerAndBrowser();

  test('rocket colours: choose in the waiting room, pick a free one when joining, the board follows', async () => {
    const { server, browser } = suite;
    const errors: string[] = [];
    const ctxA = await newPlayerContext(browser, server.baseUrl, { viewport: { width: 1280, height: 800 } });
    const a = await signIn(ctxA, server.baseUrl, 'ada.rockets@example.test');
    watchPageErrors(errors, 'Ada', a);
    // The new-game form offers the creator's Rocket.
    await a.getByRole('link', { name: 'New game' }).first().click();
    await a.getByLabel('Game', { exact: true }).selectOption('space-mountain');
    await a.getByLabel('Players', { exact: true }).selectOption('2');
    await a.getByRole('radio', { name: /Green Rocket/ }).check();
    await a.getByRole('button', { name: 'Create game' }).click();
    await seeText(a, 'Game created');
    const inviteUrl = await a.getByLabel(/Invite link/).inputValue();
    await a.getByRole('link', { name: 'Go to the game' }).click();
    const id = decodeURIComponent(new URL(a.url()).pathname.split('/').pop()!);
    await seeText(a, 'Choose your Rocket');
    expect(await a.getByRole('radio', { name: /Green Rocket/ }).isChecked()).toBe(true);
    await a.getByRole('radio', { name: /Blue Rocket/ }).check();
    await seeText(a, 'You chose the Blue Rocket.');

    const ctxB = await newPlayerContext(browser, server.baseUrl, phone);
    const b = await signIn(ctxB, server.baseUrl, 'bo.rockets@example.test');
    watchPageErrors(errors, 'Bo', b);
    const invite = new URL(inviteUrl, server.baseUrl);
    await b.goto(invite.pathname + invite.search);
    await seeText(b, 'Choose your Rocket');
    // The meta Bo read may predate Ada's change for one poll: wait until Blue shows as taken.
    const blue = b.getByRole('radio', { name: /Blue Rocket \(taken by / });
    await blue.waitFor();
    expect(await blue.isDisabled()).toBe(true);
    expect(await b.getByRole('radio', { name: /Green Rocket/ }).isDisabled()).toBe(false);
    await b.getByRole('radio', { name: /Yellow Rocket/ }).check();
    await b.screenshot({ path: screenshotPath('rocket-colours-join-phone.png'), fullPage: true });
    await b.getByRole('button', { name: 'Join game' }).click();

    // The last seat starts the game: the board shows each player's Rocket.
    await b.locator('[data-seat="1"][aria-label$="Yellow Rocket"]').first().waitFor({ timeout: 30_000 });
    await a.locator('[data-seat="0"][aria-label$="Blue Rocket"]').first().waitFor({ timeout: 30_000 });
    const meta = (await (await ctxA.request.get(`${server.baseUrl}/api/games/${id}`)).json()) as {
      status: string;
      options: { rockets: string[] };
    };
    expect(meta).toMatchObject({ status: 'active', options: { rockets: ['blue', 'yellow'] } });
    const seatColour = await gamePageAttribute(b, 'style:--mp-seat-1');
    expect(seatColour).toBe('#f2b134');
    await a.screenshot({ path: screenshotPath('rocket-colours-board.png') });
    expect(errors).toEqual([]);
    await ctxA.close();
    await ctxB.close();
  }, 180_000);
});
