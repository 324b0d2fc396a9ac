/**
 * Tappable boards, per game at 1280x800 and at 375x740, over whole rounds: from the start of a
 * game to the first position of the round after them (moves played through the API, a fixed deal
 * per game, each player watching on a laptop and on a phone), at every position where the viewer must act, every enabled tappable element of the board and
 * the turn bar is at least 24x24 CSS px (WCAG 2.2 target size), a control of the step lies in the
 * viewport without scrolling (not under the turn bar a phone fixes at the bottom), no board text
 * is drawn under 11 CSS px, and no board text or piece (`data-piece`) covers another.
 * On a phone the turn bar at the foot of the window says the turn's sentence and the board does
 * not say it again, to the player to move or to one waiting.
 *
 * The deals are fixed (`startedGame`'s seed, POST /dev/games/:id/seed): a layout fault that shows
 * on one deal only shows on every run, and a failure names the version to look at
 * (test-results/screenshots/board-<game>-<size>-v<version>.png).
 */
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  hasChromium,
  newPlayerContext,
  pageAtVersion,
  phone,
  screenshotPath,
  signIn,
  startedGame,
  useServerAndBrowser,
  warnNoBrowser,
} from './support';
import { moveAs, stateOf, type SeatState } from './board-helpers';
import { type BoardMeasure, boxesIn, footUnderTurnBar, measureBoard, sentenceCount } from './board-measure';
import { pause } from '../support/wait';

warnNoBrowser('test/e2e/board-legibility.test.ts');

const SIZES = [
  { name: '1280x800', viewport: { width: 1280, height: 800 } },
  { name: '375x740', viewport: { width: 375, height: 740 } },
];

type Move = SeatState['legalMoves'][number]['move'];

/** What a game's walk steers by: the mover's seat, their public mat, and the view. */
interface Mover {
  seat: number;
  mat: Record<string, number> & { contracts?: unknown[] };
  /** Has the mover a Labourer on Action Area `area` this round? */
  on: (area: string) => boolean;
}

/** A game's plan: does the walk prefer `m` among `choices` for this mover? */
type Plan = (m: Move, mover: Mover, choices: Move[]) => boolean;

/**
 * Snowdonia's Lay Track and Build ask a player only when there is more than one way to take them
 * (the engine makes a lone choice itself), so a walk that chose at random never met them in three
 * rounds: seat 0 gathers Iron Ore (A), makes two Steel Bars at the Works (C) and lays track (D);
 * seat 1 takes a Contract (F), then Stone (A), and builds (E). Stations may be built at any time
 * (option `buildPrerequisite: 'none'`), so the Build prompt lists every Station's spaces.
 */
const snowdoniaPlan: Plan = (m, { seat, mat, on }, choices) => {
  if (m.type === 'lay-track' || m.type === 'build-station' || m.type === 'buy-train') return true;
  const want = seat === 0 ? 'iron' : 'stone';
  if (m.type === 'take-cubes') return m[want] === Math.max(...choices.filter((c) => c.type === 'take-cubes').map((c) => Number(c[want])));
  if (m.type === 'convert') return seat === 0 ? m.stone === 0 : Number(m.stone) > 0;
  if (m.type !== 'place') return false;
  if (seat === 0) {
    if (mat.steel >= 2 || (on('C') && mat.iron >= 6)) return m.area === 'D';
    return m.area === (mat.iron >= 6 ? 'C' : 'A');
  }
  if (!mat.contracts?.length) return m.area === 'F';
  return (m.area === 'E' && (mat.stone >= 2 || on('A'))) || (m.area === 'A' && mat.stone < 2);
};

/**
 * One deal per game, and how many rounds to walk, chosen for what they ask (with `step`'s
 * choices and a game's `plan`): `steps` are the kinds of move the walk must meet on the way.
 */
const GAMES: {
  type: string;
  seed: string;
  rounds: number;
  steps: string[];
  options?: Record<string, unknown>;
  plan?: Plan;
}[] = [
  { type: 'big-thunder', seed: '5eed00000000000000000000000000a1', rounds: 1, steps: ['play', 'discard', 'move', 'resupply', 'endTurn'] },
  {
    type: 'snowdonia',
    seed: '5eed000000000000000000000000001c',
    rounds: 3,
    steps: ['place', 'take-cubes', 'take-contract', 'convert', 'activate-contract', 'lay-track', 'build-station'],
    options: { buildPrerequisite: 'none' },
    plan: snowdoniaPlan,
  },
  { type: 'space-mountain', seed: '5eed00000000000000000000000000b2', rounds: 1, steps: ['starport', 'go', 'turn', 'place', 'face'] },
];

/** Positions at most per walk: a guard against a game whose round never ends, not a target. */
const MAX_POSITIONS = 60;

/** The round a view is in: Big Thunder counts turns (two players: two turns a round), the others say. */
function roundOf(type: string, view: SeatState['view']): number {
  return type === 'big-thunder' ? Math.ceil(Number(view.turnNumber) / 2) : Number(view.round);
}

/** Moves that end a turn or a round early (or pass): played only when nothing else is left, so the round has more to see. */
const ENDING = ['endTurn', 'refuel', 'pass-contracts', 'skip'];

/**
 * Plays a useful move of the first active seat, a different one at each position (by version and
 * seat), so the walk meets more kinds of steps than the first listed move would show; among the
 * moves the game's `plan` prefers, when it prefers any.
 */
async function step(ctxs: BrowserContext[], base: string, id: string, plan?: Plan): Promise<void> {
  const s = await stateOf(ctxs[0], base, id);
  const seat = s.activeSeats[0];
  const mine = await stateOf(ctxs[seat], base, id);
  const useful = mine.legalMoves.filter((m) => m.effect !== 'none');
  const going = useful.filter((m) => !ENDING.includes(m.move.type));
  let choices = going.length ? going : useful.length ? useful : mine.legalMoves;
  if (plan) {
    const view = mine.view as { seats?: Mover['mat'][]; actionAreas?: { area: string; spaces: { seat: number | null }[] }[] };
    const mover: Mover = {
      seat,
      mat: view.seats?.[seat] ?? {},
      on: (area) => !!view.actionAreas?.find((a) => a.area === area)?.spaces.some((x) => x.seat === seat),
    };
    const moves = choices.map((c) => c.move);
    const planned = choices.filter((c) => plan(c.move, mover, moves));
    if (planned.length) choices = planned;
  }
  const lm = choices[(mine.version * 7 + seat * 3) % choices.length];
  await moveAs(ctxs[seat], base, id, mine.version, lm.move);
}

/** Measures the page at scroll 0 once its board has settled (a new position may take a moment to draw its controls). */
async function settledMeasure(page: Page): Promise<BoardMeasure> {
  const until = Date.now() + 3_000;
  for (;;) {
    await page.evaluate(() => window.scrollTo(0, 0));
    const m = await measureBoard(page);
    if ((m.controls > 0 && m.controlInView) || Date.now() > until) return m;
    await pause(150);
  }
}

describe.skipIf(!hasChromium)('boards are tappable, with the step in view', () => {
  const suite = useServerAndBrowser();

  for (const { type, seed, rounds, steps, options, plan } of GAMES) {
    const span = rounds === 1 ? 'a whole round' : `${rounds} whole rounds`;
    test(`${type} at ${SIZES.map((z) => z.name).join(' and ')}: targets at least 24x24 and the step's controls on screen, for ${span}`, async () => {
      const { server, browser } = suite;
      const base = server.baseUrl;
      // Each player signs in at both sizes (a laptop and a phone): one walk measures both, and the
      // wait for a page to learn of the last move is spent once per position, not once per size.
      const seats = [0, 1].map((seat) => ({
        email: `legible-${type}-${seat}@example.test`,
        pages: [] as Page[],
        ctxs: [] as BrowserContext[],
      }));
      for (const p of seats) {
        for (const size of SIZES) {
          const ctx = await newPlayerContext(browser, base, size.name === '375x740' ? phone : { viewport: size.viewport });
          await signIn(ctx, base, p.email);
          p.ctxs.push(ctx);
        }
      }
      const api = seats.map((p) => p.ctxs[0]);
      const id = await startedGame(base, api, type, options, seed);
      for (const p of seats) {
        p.pages = await Promise.all(p.ctxs.map((c) => c.newPage()));
        for (const page of p.pages) await page.goto(`/games/${id}`);
      }
      let measured = 0;
      let nextRound = false;
      const seen = new Set<string>();
      while (measured < MAX_POSITIONS) {
        const s = await stateOf(api[0], base, id);
        if (s.status !== 'active') break;
        const pages = seats[s.activeSeats[0]].pages;
        for (const lm of (await stateOf(api[s.activeSeats[0]], base, id)).legalMoves) seen.add(lm.move.type);
        // "Back online" makes a page poll at once (client/poll-controller.ts) instead of within 3 s:
        // what it then draws is the same, and the walk takes half the time.
        await Promise.all(
          pages.map(async (page) => {
            await page.evaluate(() => window.dispatchEvent(new Event('online')));
            await pageAtVersion(page, s.version);
          }),
        );
        for (const [i, page] of pages.entries()) {
          const tag = `${type}-${SIZES[i].name}`;
          const m = await settledMeasure(page);
          const where = `${tag} at version ${s.version}`;
          const ok = m.controls > 0 && m.controlInView && !m.small.length && !m.tinyText.length && !m.overlaps.length;
          if (!ok) await page.screenshot({ path: screenshotPath(`board-${tag}-v${s.version}.png`) });
          expect(m.controls, `${where}: controls drawn`).toBeGreaterThan(0);
          expect(m.small, `${where}: targets under 24x24`).toEqual([]);
          expect(m.controlInView, `${where}: a control of the step in the viewport without scrolling`).toBe(true);
          expect(m.tinyText, `${where}: board text under 11 px`).toEqual([]);
          expect(m.overlaps, `${where}: board texts and pieces covering one another`).toEqual([]);
          if (measured === 0) await page.screenshot({ path: screenshotPath(`board-${tag}.png`) });
        }
        measured++;
        // The first position of the next round is the last: it shows what the end of the round did.
        if (roundOf(type, s.view) > rounds) {
          nextRound = true;
          break;
        }
        await step(api, base, id, plan);
      }
      console.log(`${type}: ${measured} positions at each size, steps ${[...seen].sort().join(', ')}`);
      expect(nextRound, `${type}: the walk reached round ${rounds + 1} (${measured} positions)`).toBe(true);
      // The deal still asks what it was chosen for (a change of the rules or of `step` may change the walk).
      expect([...seen].sort(), `${type}: the kinds of step the walk met`).toEqual(expect.arrayContaining(steps));
      for (const p of seats) for (const c of p.ctxs) await c.close();
    }, 240_000);
  }

  /** The turn bar's sentence, and how many times the page says it where it can be seen. */
  const said = async (page: Page) => {
    const text = ((await page.locator('mp-turn-bar .prompt').textContent()) ?? '').trim();
    return `${text} (said ${text ? await sentenceCount(page, text) : 0} times)`;
  };

  // A deal where the third die flips an Any Item token for Bo (seat 1) after seven moves, each
  // the first listed that is not a Refuel: twelve Mission spaces take the marker. As a list of
  // buttons they filled a phone's first two screens and pushed the Galaxy map below them.
  test("space-mountain at 375x740 and 1280x800: an Any Item marker's twelve Mission spaces on the first screen, the Galaxy map within two; the player waiting reads the sentence once", async () => {
    const { server, browser } = suite;
    const base = server.baseUrl;
    const adaPhone = await newPlayerContext(browser, base, phone);
    const boPhone = await newPlayerContext(browser, base, phone);
    const boLaptop = await newPlayerContext(browser, base, { viewport: SIZES[0].viewport });
    await signIn(adaPhone, base, 'any-item-ada@example.test');
    await signIn(boPhone, base, 'any-item-bo@example.test');
    await signIn(boLaptop, base, 'any-item-bo@example.test');
    const api = [adaPhone, boLaptop];
    const id = await startedGame(base, api, 'space-mountain', {}, '5eed0000000000000000000000000107');
    let s = await stateOf(api[1], base, id);
    for (let i = 0; i < 20 && !(s.activeSeats[0] === 1 && s.legalMoves[0]?.move.type === 'place'); i++) {
      const seat = (await stateOf(api[0], base, id)).activeSeats[0];
      const mine = await stateOf(api[seat], base, id);
      const lm = mine.legalMoves.find((m) => m.move.type !== 'refuel') ?? mine.legalMoves[0];
      await moveAs(api[seat], base, id, mine.version, lm.move);
      s = await stateOf(api[1], base, id);
    }
    expect(s.legalMoves.map((m) => m.move.type)).toEqual(Array(12).fill('place'));

    for (const [i, ctx] of [boLaptop, boPhone].entries()) {
      const size = SIZES[i];
      const vh = size.viewport.height;
      const page = await ctx.newPage();
      await page.goto(`/games/${id}`);
      await pageAtVersion(page, s.version);
      const m = await settledMeasure(page);
      await page.screenshot({ path: screenshotPath(`board-space-mountain-any-item-${size.name}.png`) });
      expect(m.small, `${size.name}: targets under 24x24`).toEqual([]);
      expect(m.controlInView, `${size.name}: a control of the step on screen`).toBe(true);
      // The first screen ends where a phone's turn bar begins (it is fixed over the foot of the window).
      const [bar] = await boxesIn(page, 'mp-game-page', 'mp-turn-bar');
      const firstScreen = size.name === '375x740' ? bar.top : vh;
      const places = await boxesIn(page, 'sm-move-panel', '[data-control="place"]');
      expect(places.length, `${size.name}: the step's Mission spaces`).toBe(12);
      expect(
        places.filter((b) => b.bottom > firstScreen + 0.5).map((b) => b.what),
        `${size.name}: Mission spaces below the first screen (it ends at ${firstScreen} px)`,
      ).toEqual([]);
      const [map] = await boxesIn(page, 'sm-galaxy-board', 'sm-galaxy-map');
      expect(map.bottom, `${size.name}: the foot of the Galaxy map, within two screens (${2 * vh} px)`).toBeLessThanOrEqual(2 * vh);
      await page.close();
    }

    // Ada waits: her phone says so once, in the turn bar at the foot of the window.
    const ada = await adaPhone.newPage();
    await ada.goto(`/games/${id}`);
    await pageAtVersion(ada, s.version);
    await expect.poll(() => said(ada)).toMatch(/^Waiting for .+ to place an Any Item marker on a Mission\. \(said 1 times\)$/);
    for (const c of [adaPhone, boPhone, boLaptop]) await c.close();
  }, 120_000);

  test('every game at 375x740: the turn bar says the sentence and the board does not say it again, to the player to move and to the one waiting', async () => {
    const { server, browser } = suite;
    const base = server.baseUrl;
    for (const type of ['big-thunder', 'snowdonia', 'space-mountain']) {
      const ctxs = [await newPlayerContext(browser, base, phone), await newPlayerContext(browser, base, phone)];
      await signIn(ctxs[0], base, `once-${type}-ada@example.test`);
      await signIn(ctxs[1], base, `once-${type}-bo@example.test`);
      const id = await startedGame(base, ctxs, type);
      const s = await stateOf(ctxs[0], base, id);
      for (const [seat, ctx] of ctxs.entries()) {
        const page = await ctx.newPage();
        await page.goto(`/games/${id}`);
        await pageAtVersion(page, s.version);
        const yours = s.activeSeats.includes(seat);
        await expect
          .poll(() => said(page), { message: `${type}, seat ${seat}` })
          .toMatch(yours ? /^Your turn.+ \(said 1 times\)$/ : /^.+ \(said 1 times\)$/);
        if (!yours) await page.screenshot({ path: screenshotPath(`board-${type}-waiting-375x740.png`) });
        // Scrolled to the end, the page's last part ends above the fixed turn bar, however tall the bar is.
        await expect
          .poll(() => footUnderTurnBar(page), { message: `${type}, seat ${seat}: the foot of the page under the turn bar` })
          .toBe('clear');
      }
      for (const c of ctxs) await c.close();
    }
  }, 120_000);
});
