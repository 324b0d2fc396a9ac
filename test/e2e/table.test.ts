/**
 * Around the table, end to end in Chromium against `npm start` (the real Worker in workerd,
 * PGlite in memory, the fixture game "secret-dice"), one behaviour a test; the first group is one
 * table told in order, each test starting where the one before it ended:
 * Ari creates a Secret Dice game against one bot from the new-game form (it starts at once);
 * Wes, signed in on a phone, watches it: he sees the board, the log and the chat, no move
 * controls, and chats `<b>hi</b> @Ari`, which both see as literal text (Ari's mention
 * highlighted). Ari plays to the end while the bot answers server-side; she steps through the
 * replay (the banked points and the round change), downloads the record, checks it on /verify
 * (every check passes), changes the seed in the text and sees the seed-hash check fail, and asks
 * for a rematch, which opens a new running game. A signed-out visitor can watch the public game;
 * a private game tells a watcher it is private. A second test fills a seat with "Add a bot",
 * starts, and resigns (with the confirm step).
 *
 * The client ships only the real games' rules; to check a Secret Dice record the test hands the
 * verify page the fixture's rules (bundled here with esbuild) through its `extraGames` property.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  hasChromium,
  newPlayerContext,
  phone,
  postAs,
  root,
  screenshotPath,
  seeText,
  setName,
  signIn,
  useServerAndBrowser,
  warnNoBrowser,
  type DevServer,
  watchPageErrors,
} from './support';

warnNoBrowser('test/e2e/table.test.ts');

/** The test-only Secret Dice rules as a browser script that sets `window.__mpFixtureGames`. */
async function fixtureRulesScript(): Promise<string> {
  const out = await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, 'test', 'fixtures', 'secret-dice.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: '__mpSecretDice',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'warning',
  });
  return `${out.outputFiles[0].text}\nwindow.__mpFixtureGames = [__mpSecretDice.secretDice];`;
}

/**
 * records every Content-Security-Policy violation on the context's pages (a blocked
 * inline script, eval, a foreign source). Chromium reports some - zod's caught `new Function`
 * probe, say - only as an event, never on the console. Read with `cspViolations`.
 */
async function recordCspViolations(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __mpCsp: string[] }).__mpCsp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

/** The CSP violations of the page's current document. */
const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { __mpCsp?: string[] }).__mpCsp ?? ['(no recorder)']);

/** A value the generic board shows (`<dt>label</dt><dd>value</dd>`), inside `scope`. */
async function boardValue(scope: Locator, label: string): Promise<string> {
  return scope.locator('mp-generic-board').evaluate((board, label) => {
    const dl = [...(board.shadowRoot?.children ?? [])].find((e) => e.tagName === 'DL');
    const dts = [...(dl?.children ?? [])].filter((e) => e.tagName === 'DT');
    const dt = dts.find((d) => d.textContent?.trim() === label);
    return dt?.nextElementSibling?.textContent?.trim() ?? '(missing)';
  }, label);
}

const gameIdOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');

describe.skipIf(!hasChromium)('around the table in a browser', () => {
  // The shared server's cron runs every 3 s: a bot's reply that waits behind the notification
  // grace in the deferred queue (and is dropped by a `wrangler dev` reload) is caught up by the
  // cron's bot pass, as it is in production every 5 minutes.
  const suite = useServerAndBrowser();
  let server: DevServer;
  let browser: Browser;
  let fixtureJs: string;

  beforeAll(async () => {
    ({ server, browser } = suite);
    fixtureJs = await fixtureRulesScript();
  }, 60_000);

  describe('a game against a bot, watched, replayed, verified and played again', () => {
    const errors: string[] = [];
    const watch = (who: string, page: Page) => watchPageErrors(errors, who, page, /status of 40[1349]/);
    let ctxA: BrowserContext;
    let ctxW: BrowserContext;
    let a: Page;
    let w: Page;
    let id: string;
    let replay: Locator;
    let total: number;
    let endRound: string;
    let endBanked: string;
    let file: string;
    let record: { seed: string };
    let verdict: Locator;

    afterAll(async () => {
      await ctxA?.close();
      await ctxW?.close();
    });
    test('a game against a bot made in the new-game form starts at once, with the bot in its seat', async () => {
      // Ari creates a 2-player Secret Dice game (2 rounds) against 1 bot: it starts at once.
      ctxA = await newPlayerContext(browser, server.baseUrl, { viewport: { width: 1100, height: 900 }, acceptDownloads: true });
      await recordCspViolations(ctxA);
      a = await signIn(ctxA, server.baseUrl, 'ada.table@example.test');
      watch('A', a);
      await setName(a, 'Ari');
      await a.getByRole('link', { name: 'New game' }).first().click();
      await a.getByLabel('Game', { exact: true }).selectOption('secret-dice');
      await a.getByLabel('Players', { exact: true }).selectOption('2');
      await a.getByLabel('Rounds', { exact: true }).fill('2');
      await a.getByLabel('Play against bots').selectOption('1');
      expect(await a.getByLabel('Public: anyone with the link may watch and chat').isChecked()).toBe(true);
      await a.getByLabel('A bot takes over the seat').check();
      await a.getByRole('button', { name: 'Create and start' }).click();
      await seeText(a, 'Your turn.');
      id = gameIdOf(a);
      expect(id).toBeTruthy();
      await seeText(a, 'In progress');
      await a.locator('mp-seat-list').getByText('Bot', { exact: true }).waitFor();
    });
    test('a signed-in watcher on a phone sees the board, the log and the chat, and no move controls', async () => {
      // Wes watches on a phone: board, log and chat, but no move controls.
      ctxW = await newPlayerContext(browser, server.baseUrl, phone);
      await recordCspViolations(ctxW);
      w = await signIn(ctxW, server.baseUrl, 'wes.table@example.test');
      watch('W', w);
      await setName(w, 'Wes');
      await w.goto(`/games/${id}`);
      await seeText(w, 'You are watching.');
      await w.locator('mp-game-page mp-generic-board').first().waitFor();
      await expect.poll(() => boardValue(w.locator('section.board'), 'Round')).toBe('1');
      await w.getByRole('heading', { name: 'Log' }).waitFor();
      await w.getByRole('heading', { name: 'Chat' }).waitFor();
      expect(await w.locator('mp-move-buttons').count()).toBe(0);
      expect(await w.getByRole('button', { name: 'Bank 1 point' }).count()).toBe(0);
      expect(await w.getByRole('button', { name: /Resign/ }).count()).toBe(0);
    });
    test('chat shows markup as text, highlights a mention for the one mentioned, and reaches the other side by polling', async () => {
      // Wes chats markup and a mention: both see it as text; Ari's mention is highlighted for her.
      await w.getByLabel('Chat message').fill('<b>hi</b> @Ari');
      await w.getByRole('button', { name: 'Send' }).click();
      const wChat = w.locator('mp-chat-panel');
      await wChat.getByText('<b>hi</b> @Ari').waitFor();
      expect(await wChat.locator('p.text b').count()).toBe(0);
      expect(await wChat.getByText('watching').count()).toBeGreaterThan(0);
      const aChat = a.locator('mp-chat-panel');
      await aChat.getByText('<b>hi</b>').waitFor({ timeout: 15_000 }); // by polling
      expect(await aChat.locator('p.text b').count()).toBe(0);
      expect(await aChat.locator('mark.mention.you').textContent()).toBe('@Ari');
      // Ari answers; Wes gets it by polling.
      await a.getByLabel('Chat message').fill('welcome, @Wes');
      await a.keyboard.press('Enter');
      await wChat.getByText('welcome, @Wes').waitFor({ timeout: 15_000 });
    });
    test('a signed-out visitor may watch a public game and is asked to sign in to chat', async () => {
      // A signed-out visitor may watch the public game too, and is asked to sign in to chat.
      const ctxV = await newPlayerContext(browser, server.baseUrl);
      await recordCspViolations(ctxV);
      const v = await ctxV.newPage();
      watch('V', v);
      await v.goto(`/games/${id}`);
      await seeText(v, 'You are watching.');
      await v.locator('mp-game-page mp-generic-board').first().waitFor();
      await v.locator('mp-chat-panel').getByText('to chat.').waitFor();
      expect(await v.getByLabel('Chat message').count()).toBe(0);
      expect(await cspViolations(v)).toEqual([]);
      await ctxV.close();
    });
    test('the bot answers each turn on the server until the game is over, and the watcher follows', async () => {
      // Ari plays: bank and end each turn; the bot answers server-side.
      for (let turn = 0; turn < 10; turn++) {
        const bank = a.getByRole('button', { name: 'Bank 1 point' });
        await bank
          .or(a.getByText(/^Game over/))
          .first()
          .waitFor({ timeout: 30_000 });
        if ((await a.getByText(/^Game over/).count()) > 0) break;
        await bank.click();
        await a.getByRole('button', { name: 'End turn' }).click();
        await a.getByRole('button', { name: 'End turn' }).waitFor({ state: 'detached' });
      }
      await seeText(a, /^Game over\. Seat \d wins with \d+\./, 30_000);
      await seeText(w, /^Game over/, 15_000); // the watcher follows by polling
      expect(await a.getByRole('button', { name: /Resign/ }).count()).toBe(0);
    }, 120_000);
    test('the replay opens at the last step, steps back through rounds and banked points, and forward to the end', async () => {
      // The replay: it opens at the last step; stepping back changes the round and the banked
      // points, stepping forward again brings the end back.
      await a.getByRole('button', { name: 'Step through the game' }).click();
      replay = a.locator('mp-replay-viewer');
      const where = replay.getByText(/^Step \d+ of \d+$/);
      await where.waitFor();
      const [, last, all] = /^Step (\d+) of (\d+)$/.exec((await where.textContent())!.trim())!.map(Number);
      total = all;
      expect(last).toBe(total);
      await replay.locator('mp-generic-board').waitFor();
      await expect.poll(() => boardValue(replay, 'Round')).not.toBe('(missing)');
      endRound = await boardValue(replay, 'Round');
      endBanked = await boardValue(replay, 'Banked');
      expect(endRound).toBe('3'); // after round 2 of 2
      const back = replay.getByRole('button', { name: '◀ Back' });
      const settled = async (step: number) => {
        await replay.getByText(`Step ${step} of ${total}`).waitFor();
        await expect
          .poll(async () => (await replay.locator('.board-area.loading').count()) + (await replay.getByText(/^Loading step/).count()))
          .toBe(0);
      };
      let steps = 0;
      let roundChanged = false;
      let bankedChanged = false;
      while (!(roundChanged && bankedChanged) && steps < total - 2) {
        await back.click();
        steps++;
        await settled(total - steps);
        roundChanged ||= (await boardValue(replay, 'Round')) !== endRound;
        bankedChanged ||= (await boardValue(replay, 'Banked')) !== endBanked;
      }
      expect({ roundChanged, bankedChanged }).toEqual({ roundChanged: true, bankedChanged: true });
      await replay.getByText('What happened at this step').waitFor();
      for (let i = steps - 1; i >= 0; i--) {
        await replay.getByRole('button', { name: 'Forward ▶' }).click();
        await settled(total - i);
      }
      expect(await boardValue(replay, 'Banked')).toBe(endBanked);
      expect(await boardValue(replay, 'Round')).toBe(endRound);
      // Once over, any seat's view: the bot's.
      await replay.getByLabel('Show the game as seen by').selectOption({ label: 'Seat 2: Bot' });
      await replay.getByText('seen by Bot').waitFor();
      await a.screenshot({ path: screenshotPath('table-replay.png'), fullPage: true });
    }, 120_000);
    test('the downloaded record passes every check on /verify', async () => {
      // The record: download it, check it on /verify (all checks pass).
      const [download] = await Promise.all([a.waitForEvent('download'), a.getByRole('link', { name: 'Download record' }).click()]);
      expect(download.suggestedFilename()).toBe(`mountain-post-${id}.json`);
      // The browser runs as a server this process connects to: save the file here.
      file = path.join(await mkdtemp(path.join(tmpdir(), 'mp-record-')), download.suggestedFilename());
      await download.saveAs(file);
      record = JSON.parse(await readFile(file, 'utf8'));
      expect(record).toMatchObject({ format: 'mountain-post-record/1', id, type: 'secret-dice', status: 'finished' });
      expect(record.seed).toMatch(/^[0-9a-f]{32,}$/);

      await a.getByRole('link', { name: 'Verify', exact: true }).click();
      await a.getByRole('heading', { name: 'Verify a game record' }).waitFor();
      // The fixture's rules, run through the browser's devtools protocol: the page's CSP (script-src
      // 'self') rightly refuses an inline <script>, and the service worker fetches same-origin
      // scripts itself, past Playwright's request routing.
      await a.evaluate(fixtureJs);
      await a.locator('mp-verify-page').evaluate((el) => {
        (el as unknown as { extraGames: unknown[] }).extraGames = (window as unknown as { __mpFixtureGames: unknown[] }).__mpFixtureGames;
      });
      await a.getByLabel('Upload a record file').setInputFiles(file);
      verdict = a.locator('mp-verify-page .verdict');
      await verdict.getByText(/^Verified: every check passed/).waitFor();
      const checks = a.locator('mp-verify-page ul.checks li');
      expect(await checks.count()).toBeGreaterThanOrEqual(5);
      expect(await a.locator('mp-verify-page ul.checks li.fail').count()).toBe(0);
      for (const name of ['seed hash', 'rules version', 'replay', 'result', 'final state']) {
        expect(await a.locator(`mp-verify-page li.pass[data-check="${name}"]`).count()).toBe(1);
      }
      await a.screenshot({ path: screenshotPath('table-verify.png'), fullPage: true });
    });
    test("a record with a changed seed fails the seed-hash check, under the page's CSP", async () => {
      // Someone changes the seed in the record: the seed-hash check fails.
      const textarea = a.getByLabel('…or paste the record (JSON)');
      const text = await textarea.inputValue();
      expect(text).toContain(record.seed);
      const forged = (record.seed[0] === '0' ? '1' : '0') + record.seed.slice(1);
      await textarea.fill(text.replace(record.seed, forged));
      await a.getByRole('button', { name: 'Verify record' }).click();
      await verdict.getByText(/^Not verified/).waitFor();
      expect(await a.locator('mp-verify-page li.fail[data-check="seed hash"]').count()).toBe(1);
      // /verify works under the client's CSP, and nothing on the page broke it.
      expect((await a.request.get('/verify')).headers()['content-security-policy']).toMatch(/script-src 'self';/);
      expect(await cspViolations(a)).toEqual([]);
    });
    test('Play again opens a new running game with the same seats', async () => {
      // Play again: a new running game with the same seats.
      await a.goto(`/games/${id}`);
      await a.getByRole('button', { name: 'Play again' }).click();
      await a.waitForURL((u) => /^\/games\/[^/]+$/.test(u.pathname) && !u.pathname.endsWith(`/${encodeURIComponent(id)}`));
      const rematch = gameIdOf(a);
      expect(rematch).not.toBe(id);
      await seeText(a, 'In progress');
      await seeText(a, 'Your turn.');
      await a.getByText('Rematch of an earlier game').waitFor();
      await a.getByRole('button', { name: 'Bank 1 point' }).waitFor();
    });
    test('a private game tells a watcher it is private instead of showing the board', async () => {
      // A private game: the watcher gets a clear message instead of the board.
      const priv = await postAs<{ id: string }>(ctxA, server.baseUrl, '/api/games', {
        type: 'secret-dice',
        players: 2,
        bots: 1,
        public: false,
      });
      await w.goto(`/games/${priv.id}`);
      await seeText(w, 'This game is private: only its players can watch it.');
      expect(await w.locator('mp-generic-board').count()).toBe(0);
      expect(await w.locator('mp-chat-panel').count()).toBe(0);
    });
    test("the watcher's phone layout of the finished game never scrolls sideways", async () => {
      // The phone layout has no sideways scrolling.
      await w.goto(`/games/${id}`);
      await seeText(w, /^Game over/);
      await w.getByRole('button', { name: 'Step through the game' }).click();
      await w.locator('mp-replay-viewer mp-generic-board').waitFor();
      const overflow = await w.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await w.screenshot({ path: screenshotPath('table-watcher-phone.png'), fullPage: true });
    });

    test('no page error and no Content-Security-Policy violation on any page of the table', async () => {
      expect(errors).toEqual([]);
      for (const page of [a, w]) expect(await cspViolations(page)).toEqual([]);
    });
  });

  test('add a bot to an empty seat, start, and resign to the bot', async () => {
    const ctx = await newPlayerContext(browser, server.baseUrl);
    const p = await signIn(ctx, server.baseUrl, 'cy.table@example.test');
    const { id } = await postAs<{ id: string }>(ctx, server.baseUrl, '/api/games', {
      type: 'secret-dice',
      players: 2,
      options: { rounds: 2 },
    });
    await p.goto(`/games/${id}`);
    await seeText(p, '1 of 2 seats taken.');
    await p.getByRole('button', { name: 'Add a bot to seat 2' }).click();
    await seeText(p, 'A bot took seat 2.');
    await seeText(p, '2 of 2 seats taken.');
    expect(await p.getByRole('button', { name: /Add a bot/ }).count()).toBe(0);
    await p.getByRole('button', { name: 'Start game' }).click();
    await seeText(p, 'Your turn.');

    // Resign asks first; "Keep playing" changes nothing.
    await p.getByRole('button', { name: 'Resign…' }).click();
    await seeText(p, 'The built-in bot plays your seat from now on');
    await p.getByRole('button', { name: 'Keep playing' }).click();
    await p.getByRole('button', { name: 'Bank 1 point' }).waitFor();
    await p.getByRole('button', { name: 'Resign…' }).click();
    await p.getByRole('button', { name: 'Yes, resign' }).click();
    await seeText(p, 'You resigned. A bot plays your seat now');
    await seeText(p, 'You are watching.');
    expect(await p.getByRole('button', { name: 'Bank 1 point' }).count()).toBe(0);
    // The bots play it out.
    await seeText(p, /^Game over/, 30_000);
    await ctx.close();
  }, 120_000);
});
