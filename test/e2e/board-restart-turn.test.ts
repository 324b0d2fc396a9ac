/**
 * "Restart turn": in Big Thunder the player to act makes steps that reveal nothing (play a card,
 * take its actions) until three can be taken back; the turn bar offers "Restart turn (3 steps)",
 * and one press takes back all three in one request (`toTurnStart`), leaving nothing to undo.
 */
import { describe, expect, test } from 'vitest';
import { hasChromium, newPlayerContext, pageAtVersion, seeText, signIn, startedGame, useServerAndBrowser, warnNoBrowser } from './support';
import { moveAs, stateOf } from './board-helpers';
import { footUnderTurnBar } from './board-measure';

warnNoBrowser('test/e2e/board-restart-turn.test.ts');

describe.skipIf(!hasChromium)('Restart turn', () => {
  const suite = useServerAndBrowser();

  test('after three undoable steps one press takes them all back', async () => {
    const { server, browser } = suite;
    const base = server.baseUrl;
    const ctxs = [await newPlayerContext(browser, base), await newPlayerContext(browser, base)];
    await signIn(ctxs[0], base, 'restart-a@example.test');
    await signIn(ctxs[1], base, 'restart-b@example.test');
    // Steps that reveal nothing (no end of turn, no draw, no Resupply, which turns up a Market
    // card): a card, its actions. A dealt hand may offer fewer than three in a row: then a new table.
    const playSteps = async () => {
      const id = await startedGame(base, ctxs, 'big-thunder');
      const first = (await stateOf(ctxs[0], base, id)).activeSeats[0];
      const ctx = ctxs[first];
      let s = await stateOf(ctx, base, id);
      const start = s.version;
      const startMoves = s.legalMoves.map((m) => m.label);
      for (let i = 0; i < 12 && s.undoableSteps < 3; i++) {
        const lm = s.legalMoves.find((m) => m.effect !== 'none' && !/end|discard|draw|pass|resupply/i.test(m.move.type));
        if (!lm || !s.activeSeats.includes(first)) break;
        s = await moveAs(ctx, base, id, s.version, lm.move);
      }
      return { id, ctx, s, start, startMoves };
    };
    let played = await playSteps();
    for (let table = 1; table < 4 && played.s.undoableSteps < 3; table++) played = await playSteps();
    const { id, ctx, s, start, startMoves } = played;
    expect(s.undoableSteps, 'three steps that can be taken back').toBeGreaterThanOrEqual(3);
    const steps = s.undoableSteps;

    const page = await ctx.newPage();
    await page.goto(`/games/${id}`);
    await pageAtVersion(page, s.version);
    const restart = page.locator('mp-turn-bar').getByRole('button', { name: `Restart turn (${steps} steps)` });
    // On a phone the bar, fixed to the window's foot, is at its tallest now (Undo and Restart turn
    // beside the sentence): the page leaves it room, so the foot of the page can be read.
    const phone = await ctx.newPage();
    await phone.setViewportSize({ width: 375, height: 740 });
    await phone.goto(`/games/${id}`);
    await pageAtVersion(phone, s.version);
    await phone
      .locator('mp-turn-bar')
      .getByRole('button', { name: `Restart turn (${steps} steps)` })
      .waitFor();
    await expect.poll(() => footUnderTurnBar(phone), { message: 'the foot of the page under the turn bar' }).toBe('clear');
    await phone.close();
    const sent = page.waitForRequest((r) => r.url().endsWith(`/api/games/${id}/undo`));
    await restart.click();
    expect((await sent).postDataJSON()).toEqual({ version: s.version, toTurnStart: true });
    await seeText(page, `Your turn was restarted: ${steps} steps were taken back.`);
    const after = await stateOf(ctx, base, id);
    expect(after.version).toBe(s.version + steps);
    expect(after.undoableSteps).toBe(0);
    expect(after.canUndo).toBe(false);
    // The position is the turn's start again: the same moves are offered.
    expect(after.legalMoves.map((m) => m.label)).toEqual(startMoves);
    expect(after.version - start).toBe(2 * steps);
    // Undo is gone, and the bar says why.
    expect(await restart.count()).toBe(0);
    await page.locator('mp-turn-bar .undo-why').waitFor();
    for (const c of ctxs) await c.close();
  }, 120_000);
});
