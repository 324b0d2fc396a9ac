/**
 * Space Mountain end to end, in Debian's Chromium against `npm start` (the real Worker and
 * engine): Ace (desktop) creates a 2-player game with the new-game form, Bix (375 px phone) joins
 * through the invite link, Ace starts it, and both play at least two whole rounds through the
 * board's own controls (<sm-galaxy-board>): launching on a Starport (click it on the Galaxy
 * board, then a facing), Go / Refuel, left / right on Turn dice, Mission spaces for markers,
 * Starports after Return to Starport, facings after Wormholes - whatever the dice bring.
 *
 * Checked on the way: the round, Fuel Gauge and phase the board shows are the server's, and
 * while Ace's Step 1 choice is pending Bix sees only that she has decided - in his DOM, in the raw
 * JSON of GET /api/games/:id/state and in his log. Screenshots: docs/screenshots/space-mountain.png
 * (desktop) and space-mountain-phone.png (375 px).
 */
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  hasChromium,
  newPlayerContext,
  phone,
  setName,
  signIn,
  warnNoBrowser,
  watchPageErrors,
  createGameInUi,
  joinByInvite,
  seeText,
  useServerAndBrowser,
  fullPageShot,
} from './support';
import { pause } from '../support/wait';

warnNoBrowser('test/e2e/space-mountain.test.ts');

/** The machine running this may be busy: waits are generous, the test is sequential. */
const WAIT = 45_000;

interface Move {
  type: string;
  [k: string]: unknown;
}
interface StateJson {
  version: number;
  status: string;
  legalMoves: { label: string; move: Move }[];
  view: {
    round: number;
    phase: string;
    rollsThisRound: number;
    fuel: { level: number };
    lastDecisions: unknown;
    players: { seat: number; decided: boolean; decision: unknown; rocket: unknown }[];
  };
}

interface Player {
  who: string;
  seat: number;
  ctx: BrowserContext;
  page: Page;
}

describe.skipIf(!hasChromium)('Space Mountain in a browser', () => {
  const suite = useServerAndBrowser();

  test('two players play two rounds through the board', async () => {
    const { server, browser } = suite;
    const base = server.baseUrl;
    const errors: string[] = [];
    const watch = (who: string, page: Page) => watchPageErrors(errors, who, page);

    // Ace (desktop) signs in, creates a 2-player game and takes the invite link.
    const ctxA = await newPlayerContext(browser, base, { viewport: { width: 1100, height: 900 } });
    ctxA.setDefaultTimeout(WAIT);
    const a = await signIn(ctxA, base, 'ada.sm@example.test');
    watch('A', a);
    await setName(a, 'Ace');
    const { invite, id } = await createGameInUi(a, 'space-mountain', 2, WAIT);

    // Bix (phone) signs in, opens the invite and joins.
    const ctxB = await newPlayerContext(browser, base, phone);
    ctxB.setDefaultTimeout(WAIT);
    const b = await signIn(ctxB, base, 'bo.sm@example.test');
    watch('B', b);
    await setName(b, 'Bix');
    await joinByInvite(b, invite, 2, WAIT);

    // Bix's join took the last seat and started the game.
    await seeText(a, 'In progress', WAIT);
    const A: Player = { who: 'Ace', seat: 0, ctx: ctxA, page: a };
    const B: Player = { who: 'Bix', seat: 1, ctx: ctxB, page: b };

    const board = (p: Player): Locator => p.page.locator('sm-galaxy-board');
    const stateAs = async (p: Player): Promise<{ json: StateJson; raw: string }> => {
      const res = await p.ctx.request.get(`${base}/api/games/${id}/state`);
      expect(res.status()).toBe(200);
      const raw = await res.text();
      return { json: JSON.parse(raw) as StateJson, raw };
    };
    const logAs = async (p: Player): Promise<string[]> => {
      const res = await p.ctx.request.get(`${base}/api/games/${id}/log?after=0`);
      expect(res.status()).toBe(200);
      return ((await res.json()) as { entries: { text: string }[] }).entries.map((e) => e.text);
    };
    /** Waits until a locator's text satisfies `ok` (the page polls every few seconds). */
    const waitText = async (loc: Locator, ok: (t: string) => boolean, what: string, timeout = WAIT) => {
      const until = Date.now() + timeout;
      let last = '';
      while (Date.now() < until) {
        last = (await loc.textContent({ timeout }).catch(() => '')) ?? '';
        if (ok(last.replace(/\s+/g, ' ').trim())) return last;
        await pause(250);
      }
      throw new Error(`${what}: still "${last.replace(/\s+/g, ' ').trim()}"`);
    };
    /** All text of a page, through every shadow root (innerText stops at them). */
    const deepText = (page: Page): Promise<string> =>
      page.evaluate(() => {
        const out: string[] = [];
        const walk = (n: Node) => {
          if (n.nodeType === Node.TEXT_NODE) out.push(n.textContent ?? '');
          const root = (n as Element).shadowRoot;
          if (root) walk(root);
          n.childNodes.forEach(walk);
        };
        walk(document.body);
        return out.join(' ').replace(/\s+/g, ' ');
      });
    /** The board shows the server's round, fuel and phase. */
    const showsState = async (p: Player, s: StateJson) => {
      const bd = board(p);
      await waitText(bd.locator('[data-testid="round"]'), (t) => t === `Round ${s.view.round}`, `${p.who}'s round`);
      await waitText(bd.locator('[data-testid="fuel"]'), (t) => t === String(s.view.fuel.level), `${p.who}'s fuel`);
      await expect.poll(() => bd.locator('[data-testid="phase"]').getAttribute('data-phase'), { timeout: WAIT }).toBe(s.view.phase);
    };

    // Both boards are up: round 1, fuel 6, Rockets to launch.
    const first = (await stateAs(A)).json;
    expect(first.view).toMatchObject({ round: 1, phase: 'launch', fuel: { level: 6 } });
    await showsState(A, first);
    await showsState(B, first);
    await waitText(board(A).locator('[data-testid="phase"]'), (t) => /Launch/.test(t), 'phase text');

    let turnNo = 0;
    let facingNo = 0;
    let hiddenChecks = 0;
    const counts: Record<string, number> = {};

    /** A Step 1 policy that keeps rounds short but varied: Ace flies 3 rolls a round, Bix 2. */
    const wantsGo = (p: Player, s: StateJson) => s.view.rollsThisRound < (p.seat === 0 ? 3 : 2);

    /** One move through the board's controls; returns the answer's status (409 = the page was behind). */
    const act = async (p: Player, s: StateJson): Promise<number> => {
      const bd = board(p);
      const type = s.legalMoves[0].move.type;
      const posted = p.page.waitForResponse((r) => r.url().endsWith(`/api/games/${id}/moves`) && r.request().method() === 'POST', {
        timeout: WAIT * 2,
      });
      let chose = type;
      switch (type) {
        case 'go':
        case 'refuel':
          if (wantsGo(p, s)) {
            await bd.locator('[data-control="go"]').click();
            chose = 'go';
          } else {
            await bd.locator('[data-control="refuel"]').last().click(); // flips as many completed Missions as allowed
            chose = 'refuel';
          }
          break;
        case 'turn':
          await bd.locator(`[data-control="turn"][data-dir="${turnNo++ % 2 ? 'right' : 'left'}"]`).click();
          break;
        case 'place':
          await bd.locator('[data-control="place"]').first().click();
          break;
        case 'starport': {
          // Click a highlighted Starport on the Galaxy board, then a facing.
          const targets = bd.locator('[data-control="starport-target"]');
          await targets.first().waitFor();
          const n = await targets.count();
          const offered = new Set(s.legalMoves.map((m) => m.move.starport));
          expect(n).toBe(offered.size); // exactly the Starports the server allows are highlighted
          await targets.nth(facingNo % n).click();
          await bd
            .locator('[data-control="facing"]')
            .nth(facingNo++ % 4)
            .click();
          break;
        }
        case 'face':
          await bd
            .locator('[data-control="facing"]')
            .nth(facingNo++ % 4)
            .click();
          break;
        default:
          throw new Error(`unexpected move type ${type}`);
      }
      const res = await posted;
      if (res.status() === 200) counts[chose] = (counts[chose] ?? 0) + 1;
      return res.status();
    };

    /** Ace has decided, Bix not yet: Bix must not see her choice anywhere. */
    const checkHidden = async (before: { lastDecisions: unknown; reveals: number; ownChoices: number }) => {
      const { json, raw } = await stateAs(B);
      expect(json.view.phase).toBe('plan');
      expect(json.view.players[0]).toMatchObject({ decided: true, decision: null });
      expect(json.view.lastDecisions).toEqual(before.lastDecisions); // nothing new revealed
      // Bix's own legal moves mention go/refuel; nothing else in his JSON may, beyond past reveals.
      const scrubbed = JSON.stringify({ ...json, legalMoves: [], view: { ...json.view, legalMoves: [], lastDecisions: null } });
      expect(scrubbed).not.toMatch(/"(go|refuel)"/);
      expect(raw).not.toMatch(/You chose/);
      const log = await logAs(B);
      expect(log.filter((t) => t.startsWith('Decisions:'))).toHaveLength(before.reveals);
      expect(log.filter((t) => /You chose/.test(t))).toHaveLength(before.ownChoices); // only Bix's own, from earlier turns
      // Bix's page: Ace has decided, and that is all it says.
      const adaMat = board(B).locator('sm-player-mat article[data-seat="0"]');
      await waitText(adaMat.locator('[data-testid="decision"]'), (t) => t === 'Decided (secret until all are in)', "Bix's view of Ace");
      const text = (await adaMat.textContent()) ?? '';
      expect(text).not.toMatch(/All Systems Go|Refuel|chose/);
      const page = await deepText(B.page); // the whole page, shadow roots included (log, seats, board)
      expect(page).toContain('Decided (secret until all are in)');
      expect(page.match(/You chose/g)?.length ?? 0).toBeLessThanOrEqual(before.ownChoices);
      expect(page.match(/Decisions:/g)?.length ?? 0).toBeLessThanOrEqual(before.reveals);
      // ... while Ace sees her own choice.
      await waitText(
        board(A).locator('sm-player-mat article[data-seat="0"] [data-testid="decision"]'),
        (t) => /^You chose /.test(t),
        "Ace's own choice",
      );
      hiddenChecks++;
    };

    let moves = 0;
    for (;;) {
      expect(moves, 'move cap').toBeLessThan(400);
      const sa = (await stateAs(A)).json;
      const sb = (await stateAs(B)).json;
      expect(sa.status).toBe('active');
      if (sa.view.round >= 3 && sa.view.phase === 'plan') break; // two whole rounds played, Rockets launched again
      const actor = sa.legalMoves.length ? A : sb.legalMoves.length ? B : null;
      expect(actor, `nobody may move at version ${sa.version}`).not.toBeNull();
      const s = actor === A ? sa : sb;
      const bothDeciding = actor === A && sa.view.phase === 'plan' && sb.legalMoves.some((m) => m.move.type === 'go');
      const logB = bothDeciding ? await logAs(B) : [];
      const before = bothDeciding
        ? {
            lastDecisions: sb.view.lastDecisions,
            reveals: logB.filter((t) => t.startsWith('Decisions:')).length,
            ownChoices: logB.filter((t) => /You chose/.test(t)).length,
          }
        : null;
      const status = await act(actor!, s);
      if (status === 409) continue; // the page was a poll behind; it now shows the current position
      expect(status, `${actor!.who}'s move`).toBe(200);
      moves++;
      if (before && hiddenChecks < 4) await checkHidden(before);
      // The mover's own board shows the new round, fuel and phase at once.
      await showsState(actor!, (await stateAs(actor!)).json);
    }

    // Round 3 has begun on both screens.
    const end = (await stateAs(A)).json;
    expect(end.view.round).toBe(3);
    await showsState(A, end);
    await showsState(B, end);
    console.log(`space-mountain e2e: ${moves} moves through the board: ${JSON.stringify(counts)}; hidden-choice checks: ${hiddenChecks}`);
    expect(hiddenChecks).toBeGreaterThanOrEqual(1);
    expect(counts.go).toBeGreaterThanOrEqual(2);
    expect(counts.starport).toBeGreaterThanOrEqual(4); // two launches each

    // The phone layout has no sideways scrolling; the Galaxy board fits the screen.
    expect(await b.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const svgBox = await board(B).locator('sm-galaxy-map svg').boundingBox();
    expect(svgBox!.width).toBeLessThanOrEqual(375);

    await fullPageShot(a, 'space-mountain.png');
    await fullPageShot(b, 'space-mountain-phone.png');

    expect(errors).toEqual([]);
    await ctxA.close();
    await ctxB.close();
  }, 1_200_000);
});
