/**
 * The first sign-in asks for a display name: a small dialog with the server's suggestion filled
 * in; "Use this name" saves it (PATCH /api/me), the dialog goes and the header shows the name; it
 * is not asked again, and Settings can still change it.
 */
import { describe, expect, test } from 'vitest';
import { hasChromium, newPlayerContext, signIn, useServerAndBrowser, warnNoBrowser } from './support';

warnNoBrowser('test/e2e/board-name-dialog.test.ts');

describe.skipIf(!hasChromium)('a display name on first sign-in', () => {
  const suite = useServerAndBrowser();

  test('the suggestion is filled in, saved with one press, and not asked again', async () => {
    const { server, browser } = suite;
    const ctx = await newPlayerContext(browser, server.baseUrl);
    const page = await signIn(ctx, server.baseUrl, 'grace.hopper@example.test');
    const dialog = page.getByRole('dialog', { name: 'What should the other players call you?' });
    await dialog.waitFor();
    const me = await (await ctx.request.get(`${server.baseUrl}/api/me`)).json();
    expect(me.nameChosen).toBe(false);
    const field = dialog.getByLabel('Your display name');
    expect(await field.inputValue()).toBe(me.suggestedName);
    expect(me.suggestedName).toBe('Grace Hopper');
    await dialog.getByRole('button', { name: 'Use this name' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('header').getByText('Grace Hopper').waitFor();
    const after = await (await ctx.request.get(`${server.baseUrl}/api/me`)).json();
    expect([after.name, after.nameChosen]).toEqual(['Grace Hopper', true]);
    await page.reload();
    await page.getByRole('heading', { name: 'My games' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await ctx.close();
  }, 60_000);

  test('"Not now" puts the question off on this device', async () => {
    const { server, browser } = suite;
    const ctx = await newPlayerContext(browser, server.baseUrl);
    const page = await signIn(ctx, server.baseUrl, 'later@example.test');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'My games' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await ctx.close();
  }, 60_000);
});
