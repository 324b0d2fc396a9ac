/**
 * The installable app in Chromium against `npm start`: the installable app and its offline shell.
 * - The service worker (public/sw.js) registers from the app bundle and controls the page.
 * - The manifest has what installing needs, its icons are real PNGs of the stated sizes, and
 *   Chromium's own installability check (CDP `Page.getInstallabilityErrors`) finds nothing.
 * - "My games" counts the games waiting for you in the tab title.
 * - Offline: the game page shows the banner and turns its move buttons off; a reload with no
 *   network opens the cached shell with the banner; no API answer is ever in the cache; back
 *   online, the page recovers by itself.
 * - Settings: the push section. With push keys on the server: the "Turn on push" button, a device
 *   registered through the API on the list, its test send and its removal (Chromium's own
 *   subscription needs its push service, which a test cannot reach). Without keys: one line and no
 *   button. Screenshots at 375x740 and 1280x800.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, onTestFinished, test } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import {
  browserLaunchOptions,
  hasChromium,
  newPlayerContext,
  postAs,
  screenshotPath,
  seeText,
  signIn,
  useServerAndBrowser,
  warnNoBrowser,
  watchPageErrors,
} from './support';
import { startPushService } from '../support/push-service';

warnNoBrowser('test/e2e/pwa.test.ts');

/** Width and height of a PNG from its IHDR chunk. */
function pngSize(b: Buffer): { width: number; height: number } {
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

async function waitForController(page: Page): Promise<void> {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30_000 });
}

/** Every URL stored in this origin's caches, by cache name. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((r) => new URL(r.url).pathname);
    }
    return out;
  });
}

describe.skipIf(!hasChromium)('installable app, offline shell, push settings', () => {
  const suite = useServerAndBrowser();
  let ctx: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  test('the service worker registers from the bundle and controls the page', async () => {
    const { server, browser } = suite;
    ctx = await newPlayerContext(browser, server.baseUrl, { viewport: { width: 1280, height: 800 } });
    page = await signIn(ctx, server.baseUrl, 'pwa@example.test');
    // Offline trouble is expected later in this file; anything else is an error.
    watchPageErrors(errors, 'P', page, /status of 40[19]|ERR_INTERNET_DISCONNECTED|Failed to fetch/);
    const reg = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.ready;
      return { scope: r.scope, script: r.active?.scriptURL ?? null };
    });
    expect(reg.scope).toBe(`${server.baseUrl}/`);
    expect(reg.script).toBe(`${server.baseUrl}/sw.js`);
    await waitForController(page);
    // No inline script anywhere: the page's scripts all come from files ('self' under the CSP).
    const inline = await page.evaluate(() => Array.from(document.scripts).filter((s) => !s.src).length);
    expect(inline).toBe(0);
  }, 90_000);

  test('the manifest is valid and Chromium finds the app installable', async () => {
    const { server } = suite;
    const res = await ctx.request.get(`${server.baseUrl}/manifest.webmanifest`);
    expect(res.status()).toBe(200);
    const m = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(m).toMatchObject({ name: 'Mountain Post', start_url: '/', scope: '/', display: 'standalone' });
    expect(m.short_name.length).toBeGreaterThan(0);
    // Under a home-screen icon about 12 characters fit (Lighthouse's old rule); ours is "Mountain Post".
    expect(m.short_name.length).toBeLessThanOrEqual(13);
    expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const pngs = m.icons.filter((i) => i.type === 'image/png');
    expect(pngs.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of pngs) {
      const r = await ctx.request.get(`${server.baseUrl}${icon.src}`);
      expect(r.status(), icon.src).toBe(200);
      const [w, h] = icon.sizes.split('x').map(Number);
      expect(pngSize(await r.body()), icon.src).toEqual({ width: w, height: h });
    }
    expect(await page.evaluate(() => document.querySelector('link[rel=manifest]')?.getAttribute('href'))).toBe('/manifest.webmanifest');

    // Chromium never offers to install from an incognito profile (every newContext() is one), so
    // its own check runs in a persistent profile of its own.
    const profile = await mkdtemp(path.join(tmpdir(), 'mp-pwa-'));
    const persistent = await chromium.launchPersistentContext(profile, { ...(await browserLaunchOptions()), baseURL: server.baseUrl });
    try {
      const p = persistent.pages()[0] ?? (await persistent.newPage());
      await p.goto('/');
      await waitForController(p);
      const cdp = await persistent.newCDPSession(p);
      const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
      expect(parsed.url).toBe(`${server.baseUrl}/manifest.webmanifest`);
      expect(parsed.errors).toEqual([]);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await persistent.close();
      await rm(profile, { recursive: true, force: true });
    }
  }, 60_000);

  let gameId = '';

  test('the tab title counts the games waiting for you', async () => {
    const { server } = suite;
    // Against a bot, the game starts at once with the first seat (ours) to play.
    ({ id: gameId } = await postAs<{ id: string }>(ctx, server.baseUrl, '/api/games', { type: 'secret-dice', players: 2, bots: 1 }));
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'My games' }).click();
    await page.getByText('Your turn', { exact: true }).waitFor();
    await page.waitForFunction(() => document.title === '(1) Mountain Post', null, { timeout: 20_000 });
  }, 60_000);

  test('offline: the banner, no moves, the shell from the cache, never an API answer', async () => {
    await page.goto(`/games/${encodeURIComponent(gameId)}`);
    await seeText(page, 'Your turn.');
    const bank = page.getByRole('button', { name: 'Bank 1 point' });
    await bank.waitFor();
    expect(await bank.isDisabled()).toBe(false);
    // The title keeps the count in front of the game's own title. The count comes from its own
    // request, which may answer after the board's: wait for it (CI once read the title between).
    await expect.poll(() => page.title(), { timeout: 20_000 }).toMatch(/^\(1\) \(Your turn\) .* · Mountain Post$/);

    await ctx.setOffline(true);
    await seeText(page, 'You are offline.');
    expect(await bank.isDisabled()).toBe(true);

    // Reloaded with no network: the cached shell, the banner, and no sign-in form.
    await page.reload();
    await page.getByRole('link', { name: 'Mountain Post' }).waitFor();
    await seeText(page, 'You are offline.');
    await seeText(page, 'The server cannot be reached');
    expect(await page.getByLabel('Email address').count()).toBe(0);
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

    const cached = await cachedUrls(page);
    const names = Object.keys(cached);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^mp-shell-[0-9a-f]{16}$/);
    const urls = cached[names[0]];
    for (const f of ['/', '/app.js', '/styles.css', '/manifest.webmanifest', '/icons/icon-192.png']) expect(urls).toContain(f);
    expect(urls.filter((u) => /^\/(api|auth|dev)\//.test(u))).toEqual([]);

    // Back online: the page finds its player and the game again by itself, without a reload.
    await ctx.setOffline(false);
    await seeText(page, 'Your turn.');
    expect(await page.getByText('You are offline.').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Bank 1 point' }).isDisabled()).toBe(false);
  }, 90_000);

  test('settings: push for this device and its device list, or one line when the server has no push keys', async () => {
    const { server, browser } = suite;
    const key = await ctx.request.get(`${server.baseUrl}/api/push/public-key`);
    const pushService = await startPushService();
    onTestFinished(() => pushService.close());
    const configured = key.status() === 200;
    if (!configured) expect([404, 503]).toContain(key.status());

    /**
     * The settings page's push section, with one device on the list when the server has push
     * keys. Chromium's own subscription needs its push service, out of reach here, so the device
     * is registered through the API as that browser would (same body, same player).
     */
    const openPushSection = async (p: Page, c: BrowserContext) => {
      if (configured) {
        // Incognito contexts deny notifications unless granted (the player's click grants it on a
        // phone); the packaged headless shell reports 'denied' whatever was granted, so the page
        // is told what a browser that asks would say before the click.
        await c.grantPermissions(['notifications'], { origin: server.baseUrl });
        await c.addInitScript(() => Object.defineProperty(Notification, 'permission', { configurable: true, get: () => 'default' }));
        await p.reload();
        // A device of the suite's own push service on 127.0.0.1 (the test send goes there, never to a browser vendor's).
        await postAs(c, server.baseUrl, '/api/me/push-subscriptions', pushService.newDevice().subscription);
      }
      await p.getByRole('link', { name: 'Settings' }).click();
      const section = p.locator('mp-push-settings');
      await section.getByRole('heading', { name: 'Push notifications', exact: true }).waitFor();
      if (configured) {
        await section.getByRole('button', { name: 'Turn on push for this device' }).waitFor();
        await section.getByRole('button', { name: /^Remove / }).waitFor();
      } else {
        await section.getByText('Push notifications are not set up on this server.').waitFor();
        expect(await section.getByRole('button').count()).toBe(0);
      }
      await section.scrollIntoViewIfNeeded();
      return section;
    };

    const section = await openPushSection(page, ctx);
    await section.screenshot({ path: screenshotPath('settings-push-desktop.png') });
    if (configured) {
      await section.getByRole('button', { name: /^Send a test notification to / }).click();
      await section.getByText(/^Test notification sent to /).waitFor();
      await section.getByRole('button', { name: /^Remove / }).click();
      await section.getByText('No device gets push notifications yet.').waitFor();
      const list = await ctx.request.get(`${server.baseUrl}/api/me/push-subscriptions`);
      expect(((await list.json()) as { subscriptions: unknown[] }).subscriptions).toEqual([]);
    }

    const phoneCtx = await newPlayerContext(browser, server.baseUrl, {
      viewport: { width: 375, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const phonePage = await signIn(phoneCtx, server.baseUrl, 'pwa-phone@example.test');
    await openPushSection(phonePage, phoneCtx);
    // Nothing wider than the phone.
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phonePage.screenshot({ path: screenshotPath('settings-push-phone.png') });
    await phoneCtx.close();

    // The browser logs the key's 404 or 503 (push_not_configured) when the server has no push keys.
    expect(errors.filter((e) => configured || !/status of (404|503)/.test(e))).toEqual([]);
    await ctx.close();
  }, 90_000);
});
