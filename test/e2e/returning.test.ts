/**
 * the game page for coming back later, in Debian's Chromium against `npm start`. Games are
 * made and the opponent's moves played through the API (quick); the returning player's page is
 * the real UI.
 *
 * - Each game: Ann looks at the page (its visible poll marks what she has seen), leaves, Bob plays,
 *   Ann comes back: the "Since you last looked" card lists the lines after her mark in order, with
 *   names, and what changed on the board for Bob; the log has the "You left off here" divider; the turn bar is inside the viewport at 1280x800 and
 *   375x740 without scrolling, and still after scrolling to the bottom.
 * - Space Mountain: 10 Step 1 decisions (Go / Refuel), clicked on two pages at the same time
 *   from the turn bar: no move is refused as stale (409).
 * - Big Thunder against a bot: 20 moves from the page's move list: none refused as stale. Then
 *   the replay in the board's place (no frame says "Your turn"), and offline: the banner and a
 *   board that takes no clicks; back online it polls at once and the banner goes.
 */
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page, Response } from 'playwright-core';
import {
  hasChromium,
  newPlayerContext,
  pageAtVersion,
  postAs,
  screenshotPath,
  setName,
  signIn,
  startedGame,
  useServerAndBrowser,
  warnNoBrowser,
  watchPageErrors,
} from './support';
import { pause } from '../support/wait';

warnNoBrowser('test/e2e/returning.test.ts');

const WAIT = 45_000;

interface LogLine {
  seq: number;
  seat: number | null;
  text: string;
  undone?: boolean;
}
interface StateJson {
  version: number;
  status: string;
  yourSeat: number | null;
  activeSeats: number[];
  legalMoves: { label: string; move: unknown; effect?: string }[];
  view: { phase?: string } | null;
  botsToMove?: boolean;
  sinceLastSeen?: { fromVersion: number; entries: LogLine[] } | null;
}

/** The state as `ctx`'s player sees it; `visible` marks it seen (like an open tab). */
async function stateOf(ctx: BrowserContext, base: string, id: string, visible = false): Promise<StateJson> {
  const res = await ctx.request.get(`${base}/api/games/${id}/state`, { headers: { 'x-page-visible': visible ? '1' : '0' } });
  expect(res.status()).toBe(200);
  return (await res.json()) as StateJson;
}

/** A legal move worth playing through the API: not a no-op when anything else is open. */
function pick(s: StateJson): unknown {
  const useful = s.legalMoves.filter((m) => m.effect !== 'none');
  return (useful[0] ?? s.legalMoves[0]).move;
}

/** Plays up to `n` moves as `ctx` while its seat is to act; returns how many it played. */
async function play(ctx: BrowserContext, base: string, id: string, n: number): Promise<number> {
  let played = 0;
  while (played < n) {
    const s = await stateOf(ctx, base, id);
    if (s.status !== 'active' || s.yourSeat === null || !s.activeSeats.includes(s.yourSeat) || !s.legalMoves.length) break;
    await postAs(ctx, base, `/api/games/${id}/moves`, { version: s.version, move: pick(s) });
    played++;
  }
  return played;
}

/** The log line as the page writes it: names for the `{{p:N}}` markers, no full stop. */
function named(text: string, names: string[]): string {
  return text
    .replace(/\{\{p:(\d+)\}\}/g, (_, n: string) => names[Number(n)] ?? `Seat ${Number(n) + 1}`)
    .replace(/[.]+$/, '')
    .trim();
}

/** The turn bar lies wholly inside the viewport. */
async function barInView(page: Page, what: string): Promise<void> {
  const box = await page.locator('mp-turn-bar .bar').boundingBox();
  const vp = page.viewportSize()!;
  expect(box, `${what}: the turn bar is drawn`).not.toBeNull();
  expect(box!.y, `${what}: top of the turn bar`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what}: bottom of the turn bar`).toBeLessThanOrEqual(vp.height + 0.5);
}

/** Counts the page's move answers by status. */
function moveAnswers(page: Page): Map<number, number> {
  const counts = new Map<number, number>();
  page.on('response', (r: Response) => {
    if (r.request().method() === 'POST' && /\/api\/games\/[^/]+\/moves$/.test(r.url()))
      counts.set(r.status(), (counts.get(r.status()) ?? 0) + 1);
  });
  return counts;
}

/**
 * Clicks a move button; when the page asks first (a move marked as doing nothing, or with a
 * warning), answers Send. Returns once the move is on its way.
 */
async function clickMove(page: Page, button: ReturnType<Page['locator']>): Promise<void> {
  const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/games\/[^/]+\/moves$/.test(r.url()), { timeout: WAIT });
  await button.click();
  const send = page.locator('mp-confirm-dialog dialog[open]').getByRole('button', { name: 'Send anyway' });
  const opened = send.waitFor({ timeout: WAIT }).then(
    () => true,
    () => false,
  );
  const asked = await Promise.race([sent.then(() => false), opened]);
  if (asked) {
    await send.click();
    await sent;
  }
}

describe.skipIf(!hasChromium)('coming back to a game', () => {
  const env = useServerAndBrowser();

  test('since you last looked, the turn bar on screen, simultaneous decisions and a bot without stale refusals', async () => {
    const base = env.server.baseUrl;
    const errors: string[] = [];
    const ctxA = await newPlayerContext(env.browser, base, { viewport: { width: 1280, height: 800 } });
    const ctxB = await newPlayerContext(env.browser, base, { viewport: { width: 1280, height: 800 } });
    const a = await signIn(ctxA, base, 'ada-returning@example.test');
    await setName(a, 'Ann');
    const b = await signIn(ctxB, base, 'bo-returning@example.test');
    await setName(b, 'Bob');
    watchPageErrors(errors, 'Ann', a);
    watchPageErrors(errors, 'Bob', b);
    const names = ['Ann', 'Bob'];

    for (const type of ['space-mountain', 'big-thunder', 'snowdonia']) {
      const id = await startedGame(base, [ctxA, ctxB], type);
      // Ann plays until the turn is Bob's alone, then looks (a visible read is her mark).
      for (let i = 0; i < 40; i++) {
        const s = await stateOf(ctxB, base, id);
        if (s.yourSeat !== null && s.activeSeats.includes(s.yourSeat) && !s.activeSeats.includes(0)) break;
        if (!(await play(ctxA, base, id, 1))) await play(ctxB, base, id, 1);
      }
      // Ann looks at the page (its visible poll is her mark; it keeps the view it drew), then leaves.
      const mark = await stateOf(ctxA, base, id);
      await a.goto(`/games/${id}`);
      await pageAtVersion(a, mark.version);
      await a.goto('/');
      // Bob plays while Ann is away.
      expect(await play(ctxB, base, id, 3), `${type}: Bob has moves`).toBeGreaterThan(0);
      const since = (await stateOf(ctxA, base, id)).sinceLastSeen;
      expect(since, `${type}: the server says what happened since Ann looked`).toBeTruthy();
      expect(since!.fromVersion).toBe(mark.version);
      const bo = since!.entries.filter((e) => e.seat === 1);
      expect(bo.length, `${type}: Bob's moves are in sinceLastSeen`).toBeGreaterThan(0);

      // Ann comes back: the card lists the lines in order, named.
      await a.setViewportSize({ width: 1280, height: 800 });
      await a.goto(`/games/${id}`);
      const card = a.locator('mp-since-card');
      await card.getByRole('heading', { name: 'Since you last looked' }).waitFor({ timeout: WAIT });
      const lines = (await card.locator('ol.since-lines > li:not(.muted)').allTextContents()).map((t) => t.trim());
      // The card follows the log from Ann's mark: the newest eight lines of the others, oldest first.
      const others = since!.entries.filter((e) => e.seat !== 0);
      const shown = others.slice(-lines.length);
      expect(lines.length).toBe(Math.min(8, others.length));
      for (const [i, e] of shown.entries()) expect(lines[i], `${type}: line ${i + 1} of the card`).toContain(named(e.text, names));
      expect(lines.join('\n')).not.toMatch(/\{\{p:/);
      const boLines = lines.filter((_, i) => shown[i].seat === 1);
      expect(boLines.length).toBeGreaterThan(0);
      for (const l of boLines) expect(l, `${type}: Bob's line names him`).toMatch(/Bob\b/);
      await a.locator('mp-game-log').getByText('You left off here').waitFor();
      // The board's changes since the view she last saw: Bob's row at least (cards, Labourers).
      const changes = card.getByRole('list', { name: 'What changed on the board' });
      const changed = (await changes.count()) ? ((await changes.textContent()) ?? '').replace(/\s+/g, ' ').trim() : '';
      console.log(`${type}: changes since Ann looked: ${changed || '(none countable)'}`);
      if (type !== 'space-mountain') {
        expect(changed, `${type}: Bob's changes are listed`).toMatch(/Bob:/);
        await a.locator('mp-seat-list li.changed').first().waitFor();
      }

      // The turn bar is on screen without scrolling, on a laptop and a phone, and stays there.
      await barInView(a, `${type} 1280x800`);
      await a.screenshot({ path: screenshotPath(`returning-${type}.png`) });
      await a.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await barInView(a, `${type} 1280x800 scrolled to the bottom`);
      await a.setViewportSize({ width: 375, height: 740 });
      await a.evaluate(() => window.scrollTo(0, 0));
      await barInView(a, `${type} 375x740`);
      // The card is two lines on a phone: "Step through on the board" is there without opening More.
      const step = (await card.getByRole('button', { name: 'Step through on the board' }).boundingBox())!;
      expect(step.y + step.height, `${type}: "Step through on the board" on a phone's first screen`).toBeLessThanOrEqual(740);
      await a.screenshot({ path: screenshotPath(`returning-${type}-phone.png`) });
      await a.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await barInView(a, `${type} 375x740 scrolled to the bottom`);
      const overflow = await a.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${type}: no sideways scrolling on a phone`).toBeLessThanOrEqual(0);
    }

    // Space Mountain: Step 1 decisions from both pages at once, from the turn bar.
    await a.setViewportSize({ width: 1280, height: 800 });
    const answersA = moveAnswers(a);
    const answersB = moveAnswers(b);
    let smId = '';
    let decisions = 0;
    for (let guard = 0; decisions < 10 && guard < 1500; guard++) {
      // A game may end before ten decisions (the dice): then another one.
      if (!smId || (await stateOf(ctxA, base, smId)).status !== 'active') {
        smId = await startedGame(base, [ctxA, ctxB], 'space-mountain');
        await a.goto(`/games/${smId}`);
        await b.goto(`/games/${smId}`);
      }
      const sA = await stateOf(ctxA, base, smId);
      if (sA.view?.phase === 'plan' && sA.activeSeats.includes(0) && sA.activeSeats.includes(1)) {
        await pageAtVersion(a, sA.version);
        await pageAtVersion(b, sA.version);
        // Both pressed together. Mostly both go, so both stay in the round and decide again at
        // the next roll; every third time Bob refuels, so a Refuel is among the decisions too.
        const label = (t: string) =>
          sA.legalMoves.find(
            (m) => (m.move as { type: string; flip?: unknown[] }).type === t && !(m.move as { flip?: unknown[] }).flip?.length,
          )!.label;
        const goA = a.locator('mp-turn-bar').getByRole('button', { name: label('go'), exact: true });
        const goB = b.locator('mp-turn-bar').getByRole('button', { name: label(decisions % 6 === 4 ? 'refuel' : 'go'), exact: true });
        await Promise.all([goA.waitFor(), goB.waitFor()]);
        await Promise.all([clickMove(a, goA), clickMove(b, goB)]);
        const after = async (p: Page) =>
          pageAtVersion(p, sA.version + 2).catch((e: Error) => {
            throw new Error(`${e.message}; move answers Ann ${JSON.stringify([...answersA])}, Bob ${JSON.stringify([...answersB])}`);
          });
        await after(a);
        await after(b);
        decisions += 2;
        continue;
      }
      // A Step 1 with one Rocket flying: it refuels through the API, which ends the round, so the
      // next round starts with both deciding again (rather than flying on until the fuel runs out).
      if (sA.view?.phase === 'plan') {
        const refuel = { type: 'refuel', flip: [] };
        if (sA.activeSeats.includes(0)) await postAs(ctxA, base, `/api/games/${smId}/moves`, { version: sA.version, move: refuel });
        else if (sA.activeSeats.includes(1)) await postAs(ctxB, base, `/api/games/${smId}/moves`, { version: sA.version, move: refuel });
        continue;
      }
      // The flights between two Step 1s: whoever must act, through the API.
      const acted = (await play(ctxA, base, smId, 1)) + (await play(ctxB, base, smId, 1));
      if (!acted) await pause(200);
    }
    console.log(
      `Space Mountain: ${decisions} simultaneous decisions; move answers Ann ${JSON.stringify([...answersA])}, Bob ${JSON.stringify([...answersB])}`,
    );
    expect(decisions).toBeGreaterThanOrEqual(10);
    expect(answersA.get(409) ?? 0, 'stale refusals on Ann’s page').toBe(0);
    expect(answersB.get(409) ?? 0, 'stale refusals on Bob’s page').toBe(0);

    // Big Thunder against a bot: 20 moves from the page, each as soon as the page offers it.
    const { id: botGame } = await postAs<{ id: string }>(ctxA, base, '/api/games', { type: 'big-thunder', players: 2, bots: 1 });
    await a.goto(`/games/${botGame}`);
    let moves = 0;
    let sawBot = false;
    const prompt = a.locator('mp-turn-bar .prompt');
    for (let guard = 0; moves < 20 && guard < 200; guard++) {
      const s = await stateOf(ctxA, base, botGame);
      if (s.status !== 'active') break;
      if (!s.activeSeats.includes(0)) {
        sawBot ||= /Bot is playing/.test((await prompt.textContent()) ?? '');
        await pause(250);
        continue;
      }
      await pageAtVersion(a, s.version);
      const list = a.locator('details.move-list');
      if (!(await list.evaluate((d) => (d as HTMLDetailsElement).open))) await list.locator('summary').click();
      const answer = a.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/games/${botGame}/moves`), {
        timeout: WAIT,
      });
      await clickMove(a, list.locator('mp-move-buttons button').first());
      const res = await answer;
      expect(res.status(), `move ${moves + 1} against the bot`).toBe(200);
      moves++;
      const after = (await res.json()) as StateJson;
      if (after.botsToMove) sawBot = true;
      await pageAtVersion(a, after.version);
    }
    console.log(
      `Big Thunder against a bot: ${moves} moves; move answers ${JSON.stringify([...answersA])}; saw "Bot is playing": ${sawBot}`,
    );
    expect(moves).toBe(20);
    expect(answersA.get(409) ?? 0, 'stale refusals against the bot').toBe(0);

    // The replay takes the live board's place, and none of its frames says "Your turn".
    await a.getByRole('button', { name: 'Step through the game' }).click();
    const replay = a.locator('mp-replay-viewer');
    await replay.locator('bt-mountain-board').waitFor();
    expect(await a.locator('section.board > .board-area').count(), 'the live board is gone while the replay is open').toBe(0);
    for (let i = 0; i < 4; i++) {
      const where = ((await replay.getByText(/^Step \d+ of \d+$/).textContent()) ?? '').trim();
      await expect
        .poll(async () => (await replay.locator('.board-area.loading').count()) + (await replay.getByText(/^Loading step/).count()))
        .toBe(0);
      expect(await replay.locator('bt-mountain-board').textContent(), `replay ${where}`).not.toMatch(/Your turn/);
      await replay.getByRole('button', { name: '◀ Back' }).click();
    }
    await a.getByRole('button', { name: 'Hide the replay' }).click();
    await a.locator('section.board > .board-area bt-mountain-board').waitFor();

    // Offline: the banner, a board that takes no clicks; back online: a poll at once, no banner.
    const polls: number[] = [];
    a.on('request', (r) => r.url().endsWith(`/api/games/${botGame}/state`) && polls.push(Date.now()));
    // A request on its way when the network goes is refused by the browser, which says so in the
    // console: that line is what going offline means, not an error of the page.
    const offlineAt = errors.length;
    await ctxA.setOffline(true);
    await a.locator('[data-offline]').waitFor();
    expect(await a.locator('section.board > .board-area').getAttribute('inert')).not.toBeNull();
    const back = Date.now();
    await ctxA.setOffline(false);
    errors.splice(
      offlineAt,
      Number.POSITIVE_INFINITY,
      ...errors.slice(offlineAt).filter((e) => !e.endsWith('net::ERR_INTERNET_DISCONNECTED')),
    );
    await a.locator('[data-offline]').waitFor({ state: 'detached' });
    await expect.poll(() => polls.filter((t) => t >= back).length, { timeout: 2_000 }).toBeGreaterThan(0);
    await expect.poll(() => a.locator('section.board > .board-area').getAttribute('inert')).toBeNull();
    expect(errors).toEqual([]);
    await ctxA.close();
    await ctxB.close();
  }, 600_000);
});
