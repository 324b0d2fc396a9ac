/**
 * Big Thunder Mountain Railroad in the browser, against `npm start` (the real Worker in workerd,
 * PGlite in memory), in Debian's Chromium:
 * Ava (desktop) creates a 2-player game with the new-game form (First player: creator), Ben (a
 * 375 px phone) joins through the invite link, which starts the game, and both play two full
 * turns each through the board: a click on a hand card plays it, a click on a highlighted mine
 * shaft moves the Mine Cart, a click on a marble picks or pans it, Town's "All for points" sells, "End turn and draw" passes the turn;
 * a Claim Jumper is answered with a click on a card. After every move the values drawn (scores,
 * cart loads, Town Tokens, whose turn) are compared with the server's view, and Ben's page and
 * Ben's raw /state JSON are searched for Ava's hand. Screenshots: docs/screenshots/big-thunder.png
 * (desktop) and big-thunder-phone.png (375 px).
 *
 * The seed is secret and random, so the turns adapt to the cards and marbles dealt: the test
 * picks among the moves the server lists, and clicks the board's control for it.
 */
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { BigThunderView, CardView } from '../../client/games/big-thunder/types';
import { buildControls, marbleKey, sellAllFor } from '../../client/games/big-thunder/controls';
import type { GameState, LegalMove } from '../../client/api-types';
import {
  createGameInUi,
  hasChromium,
  newPlayerContext,
  phone,
  setName,
  signIn,
  warnNoBrowser,
  watchPageErrors,
  joinByInvite,
  seeText,
  useServerAndBrowser,
  pageAtVersion,
  fullPageShot,
} from './support';
import { pause } from '../support/wait';

warnNoBrowser('test/e2e/big-thunder.test.ts');

/** The machine running this may be busy: be patient with the server and the page's polling. */
const SLOW = 45_000;

interface Player {
  name: string;
  seat: number;
  ctx: BrowserContext;
  page: Page;
  board: Locator;
}

type BtState = Omit<GameState, 'view'> & { view: BigThunderView };

/** Waits until `locator`'s text contains `text` (Lit renders after the state arrives). */
async function shows(locator: Locator, text: string | RegExp, what: string, timeout = SLOW): Promise<void> {
  const until = Date.now() + timeout;
  let last = '';
  while (Date.now() < until) {
    last = (
      (await locator
        .first()
        .textContent({ timeout: 5_000 })
        .catch(() => '')) ?? ''
    ).replace(/\s+/g, ' ');
    if (typeof text === 'string' ? last.includes(text) : text.test(last)) return;
    await pause(250);
  }
  throw new Error(`${what}: expected "${String(text)}", the page shows "${last}"`);
}

/** Every text and labelling attribute of the page, through shadow roots (what a player can read). */
function pageText(page: Page): Promise<{ text: string; cardIds: number[] }> {
  return page.evaluate(() => {
    const parts: string[] = [];
    const ids: number[] = [];
    const walk = (root: Node) => {
      for (const n of Array.from(root.childNodes)) {
        if (n.nodeType === Node.TEXT_NODE) parts.push(n.textContent ?? '');
        if (n instanceof Element) {
          for (const a of ['aria-label', 'title', 'value']) {
            const v = n.getAttribute(a);
            if (v) parts.push(v);
          }
          const id = n.getAttribute('data-card-id');
          if (id !== null) ids.push(Number(id));
          if (n.shadowRoot) walk(n.shadowRoot);
          walk(n);
        }
      }
    };
    walk(document.body);
    return { text: parts.join('\n'), cardIds: ids };
  });
}

/** Every Supplies card object (id + actions) anywhere in a JSON value. */
function cardsIn(value: unknown, out: CardView[] = []): CardView[] {
  if (Array.isArray(value)) for (const v of value) cardsIn(v, out);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.id === 'number' && Array.isArray(o.actions) && typeof o.name === 'string') out.push(o as unknown as CardView);
    for (const v of Object.values(o)) cardsIn(v, out);
  }
  return out;
}

describe.skipIf(!hasChromium)('Big Thunder board in a browser', () => {
  const suite = useServerAndBrowser();

  test('two players create, join, start and play two full turns each through the board', async () => {
    const { server, browser } = suite;
    const base = server.baseUrl;
    const errors: string[] = [];
    const watch = (who: string, page: Page) => watchPageErrors(errors, who, page);

    // --- Sign in, create, invite, join, start: all through the UI -------------------------
    const ctxA = await newPlayerContext(browser, base, { viewport: { width: 1280, height: 1000 } });
    const ctxB = await newPlayerContext(browser, base, phone);
    ctxA.setDefaultTimeout(SLOW);
    ctxB.setDefaultTimeout(SLOW);
    const [pageA, pageB] = await Promise.all([signIn(ctxA, base, 'bt-ada@example.test'), signIn(ctxB, base, 'bt-bo@example.test')]);
    watch('A', pageA);
    watch('B', pageB);
    await setName(pageA, 'Ava');
    await setName(pageB, 'Ben');

    // Rules version 2 draws the first player at random; the story below (Ava, Ben, Ava, Ben) has
    // the creator begin, chosen in the form's First player select (by the option's words).
    const { invite, id } = await createGameInUi(pageA, 'big-thunder', 2, SLOW, { 'First player': "the game's creator" });
    await joinByInvite(pageB, invite, 2, SLOW);
    // the last join started the game.
    await seeText(pageA, 'In progress', SLOW);

    const ada: Player = { name: 'Ava', seat: 0, ctx: ctxA, page: pageA, board: pageA.locator('bt-mountain-board') };
    const bo: Player = { name: 'Ben', seat: 1, ctx: ctxB, page: pageB, board: pageB.locator('bt-mountain-board') };
    const players = [ada, bo];
    await ada.board.waitFor({ timeout: SLOW });
    await bo.board.waitFor({ timeout: SLOW * 2 }); // B learns of the start by polling

    const stateOf = async (p: Player): Promise<{ state: BtState; raw: string }> => {
      const res = await p.ctx.request.get(`${base}/api/games/${encodeURIComponent(id)}/state`);
      expect(res.status()).toBe(200);
      const raw = await res.text();
      return { state: JSON.parse(raw) as BtState, raw };
    };

    /** The values each player's mat shows match the server's view. */
    const checkShown = async (p: Player, view: BigThunderView) => {
      for (const s of view.seats) {
        const mat = p.board.locator(`bt-player-mat article[data-seat="${s.seat}"]`);
        await shows(mat.locator('[data-field="score"]'), new RegExp(`^ ?${s.score} points`), `${p.name} sees seat ${s.seat + 1}'s score`);
        await shows(
          mat.locator('[data-field="cart-load"]'),
          `${s.cart.gold + s.cart.ore}/4`,
          `${p.name} sees seat ${s.seat + 1}'s cart load`,
        );
        await shows(mat.locator('[data-field="cart"]'), `${s.cart.gold} Gold Nugget`, `${p.name} sees seat ${s.seat + 1}'s Gold Nuggets`);
        await shows(mat.locator('[data-field="cart"]'), `${s.cart.ore} Raw Ore`, `${p.name} sees seat ${s.seat + 1}'s Raw Ore`);
        await shows(
          mat.locator('[data-field="tokens"]'),
          new RegExp(`^ ?${s.tokens} ?$`),
          `${p.name} sees seat ${s.seat + 1}'s Town Tokens`,
        );
      }
    };

    /** Clicks a board control and waits for the page's POST of the move; returns the new state. */
    const act = async (p: Player, control: Locator, what: string): Promise<BtState> => {
      let res: Awaited<ReturnType<Page['waitForResponse']>> | undefined;
      let body = '';
      // A 409 means the page was a poll behind (the other seat answered a simultaneous Claim
      // Jumper meanwhile): the page takes the current position from the 409 body, so click again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const posted = p.page.waitForResponse(
          (r) => r.url().endsWith(`/api/games/${encodeURIComponent(id)}/moves`) && r.request().method() === 'POST',
          {
            timeout: SLOW * 2,
          },
        );
        await control.first().click();
        // a card part of which would do nothing now is asked about first ("Send anyway").
        const confirm = p.page.getByRole('button', { name: 'Send anyway' });
        const first = await Promise.race([
          posted.then(() => 'posted'),
          confirm.waitFor({ timeout: SLOW }).then(
            () => 'asked',
            () => 'none',
          ),
        ]);
        if (first === 'asked') await confirm.click();
        res = await posted;
        body = await res.text();
        if (res.status() !== 409) break;
      }
      expect(res!.status(), `${p.name}: ${what} -> ${body.slice(0, 300)}`).toBe(200);
      const s = JSON.parse(body) as BtState;
      console.log(`${p.name}: ${what}`);
      await checkShown(p, s.view);
      return s;
    };

    /** Whoever must discard to a Claim Jumper does, with a click on a card of their board. */
    const settleClaimJumpers = async () => {
      for (let round = 0; round < 3; round++) {
        let acted = false;
        for (const p of players) {
          const { state } = await stateOf(p);
          if (state.view.pending?.kind !== 'claimJumper' || !state.activeSeats.includes(p.seat)) continue;
          const lm = state.legalMoves.find((m) => (m.move as { type: string }).type === 'claimJumper')!;
          const cardId = (lm.move as { card: number }).card;
          await shows(p.board.locator('[data-field="status"]'), 'Claim Jumper!', `${p.name} is asked to discard`);
          await act(p, p.board.locator(`bt-hand [data-hand-card="${cardId}"] button.card-btn`), lm.label);
          acted = true;
        }
        if (!acted) return;
      }
    };

    /** Ava's hand is nowhere in what Ben is sent or shown (and the other way round). */
    const checkHidden = async (owner: Player, viewer: Player) => {
      const mine = (await stateOf(owner)).state.view;
      const { state: theirs, raw } = await stateOf(viewer);
      // The viewer's page learns of the owner's last move by polling: until it has drawn this
      // version it may still show a Market card the owner has since taken into their hand.
      await pageAtVersion(viewer.page, theirs.version);
      const hand = mine.hand ?? [];
      expect(hand.length).toBeGreaterThan(0);
      const handIds = new Set(hand.map((c) => c.id));
      // The raw JSON: no card object with an id of the owner's hand, no hand or share values of theirs.
      const sent = cardsIn(JSON.parse(raw));
      expect(
        sent.filter((c) => handIds.has(c.id)),
        `${viewer.name}'s /state carries ${owner.name}'s hand`,
      ).toEqual([]);
      for (const c of hand) expect(raw).not.toMatch(new RegExp(`"id":${c.id},"name"`));
      expect(theirs.view.seats[owner.seat].shares).toBeNull();
      expect(theirs.view.hand?.map((c) => c.id).some((x) => handIds.has(x))).toBe(false);
      // Names are not unique (every colour has the same Starting Supplies), so a name is checked
      // when the viewer has no other way to read it: not in their /state (their own hand, the
      // Market, discard piles, texts) nor in their log (cards played earlier).
      const log = await viewer.ctx.request.get(`${base}/api/games/${encodeURIComponent(id)}/log?after=0`);
      const logText = ((await log.json()) as { entries: { text: string }[] }).entries.map((e) => e.text).join('\n');
      const secretNames = [...new Set(hand.map((c) => c.name))].filter((n) => !raw.includes(n) && !logText.includes(n));
      // The viewer's page: no card element of the owner's hand, no secret name.
      const shown = await pageText(viewer.page);
      expect(shown.cardIds.filter((x) => handIds.has(x))).toEqual([]);
      for (const n of secretNames) expect(shown.text).not.toContain(n);
      console.log(
        `hidden: ${owner.name}'s hand (ids ${[...handIds].join(',')}) absent from ${viewer.name}'s page and /state; names only in that hand: ${secretNames.join(', ') || 'none'}`,
      );
    };

    const moveLabel = /to (?:mine shaft (\d)|Town)$/;
    const typeOf = (lm: LegalMove) => (lm.move as { type: string }).type;

    /**
     * Ava's page (desktop) and Ben's (phone) during Ava's second turn, once Ben's page has polled
     * its way to the same position (`inPlay`: the name of Ava's card in play).
     */
    let shot = false;
    const screenshots = async (inPlay: string | null) => {
      await shows(bo.board.locator('[data-field="status"]'), "Ava's turn", 'Ben follows the turn');
      if (inPlay) await shows(bo.board.locator('bt-card-in-play bt-card .name'), inPlay, 'Ben sees the card Ava plays');
      await fullPageShot(pageA, 'big-thunder.png');
      await fullPageShot(pageB, 'big-thunder-phone.png');
      shot = true;
    };

    let sales = 0;

    /** One full turn of `p` through the board. */
    const playTurn = async (p: Player, other: Player, turn: number) => {
      // Wait for the turn (and for Claim Jumpers raised by its marble run).
      // A Claim Jumper makes every seat active at once: the turn is only ready once it is settled.
      const ready = (x: BtState) => x.view.turn === p.seat && x.activeSeats.includes(p.seat) && x.view.pending?.kind !== 'claimJumper';
      let s = (await stateOf(p)).state;
      for (let i = 0; i < 60 && !ready(s); i++) {
        await settleClaimJumpers();
        s = (await stateOf(p)).state;
        if (!ready(s)) await pause(500);
      }
      expect(s.view.turn).toBe(p.seat);
      await shows(p.board.locator('[data-field="status"]'), `Turn ${s.view.turnNumber} · Your turn`, `${p.name} sees it is their turn`);
      await shows(other.board.locator('[data-field="status"]'), `${p.name}'s turn`, `${other.name} sees whose turn it is`);
      await checkShown(p, s.view);
      const cardsPlayed: string[] = [];

      const load = () => s.view.seats[p.seat].cart.gold + s.view.seats[p.seat].cart.ore;
      const listed = (type: string) => s.legalMoves.filter((m) => typeOf(m) === type);
      const mat = (field: string) => p.board.locator(`bt-player-mat article[data-seat="${p.seat}"] [data-field="${field}"]`);

      /** In Town with gold: Sell Gold, everything for points, with the Town form's shortcut. */
      const trySell = async () => {
        const sale = sellAllFor(listed('sell'), 'points');
        if (!sale) return;
        const before = s.view.seats[p.seat].score;
        const points = Number(/for (\d+) points?$/.exec(sale.label)![1]);
        s = await act(
          p,
          p.board.locator('bt-town-actions button', { hasText: 'All for points' }),
          `${sale.label} (Town form: All for points)`,
        );
        expect(s.view.seats[p.seat].score).toBe(before + points);
        expect(load()).toBe(0);
        await shows(mat('score'), new RegExp(`^ ?${before + points} points`), `${p.name}'s score after selling`);
        await shows(
          p.board.locator(`bt-score-track [data-score-seat="${p.seat}"]`),
          `${before + points} pts`,
          `${p.name}'s Locomotive on the score track`,
        );
        sales++;
      };

      /** Clicks the highlighted space of a listed Move: Town if it is in reach, else the farthest short of passing it. */
      const clickMove = async (towardTown: boolean) => {
        const here = s.view.seats[p.seat].position;
        const moves = listed('move');
        const toTown = moves.find((m) => m.label.endsWith(' to Town'));
        const short = moves.filter((m) => !towardTown || here === 0 || (m.move as { spaces: number }).spaces < 8 - here);
        const pick =
          (towardTown && toTown) ||
          (short.length ? short : moves).reduce((a, b) =>
            (b.move as { spaces: number }).spaces > (a.move as { spaces: number }).spaces ? b : a,
          );
        const m = moveLabel.exec(pick.label)!;
        const dest = m[1] ? Number(m[1]) : 0;
        const target = dest === 0 ? p.board.locator('bt-town [data-target="0"]') : p.board.locator(`bt-mine-shaft [data-target="${dest}"]`);
        s = await act(p, target, `${pick.label} (a click on ${dest === 0 ? 'Town' : `mine shaft ${dest}`})`);
        if (s.view.pending?.kind !== 'claimJumper') {
          const where = s.view.seats[p.seat].position;
          await shows(mat('cart'), where === 0 ? 'in Town' : `in mine shaft ${where}`, `${p.name}'s cart position`);
        }
      };

      /** Plays a card with a click on it in the hand. */
      const playCard = async (c: CardView) => {
        s = await act(p, p.board.locator(`bt-hand [data-hand-card="${c.id}"] button.card-btn`), `play ${c.name}`);
        cardsPlayed.push(c.name);
        expect(s.view.current?.card.id).toBe(c.id);
        await shows(p.board.locator('bt-card-in-play bt-card .name'), c.name, `${p.name} sees the card in play`);
        // The screenshots: Ava's second turn, a Move card in play and its spaces highlighted.
        if (turn === 3 && !shot && listed('move').length) await screenshots(c.name);
      };
      const moverInHand = () =>
        (s.view.hand ?? []).find(
          (c) =>
            c.actions.some((a) => a.kind === 'move') &&
            s.legalMoves.some((m) => typeOf(m) === 'play' && (m.move as { card: number }).card === c.id),
        );

      await trySell();
      if (load() > 0) {
        // Gold in the cart: head for Town (Move actions, then Discard to Move) and sell there.
        for (let i = 0; i < 8 && s.view.seats[p.seat].position !== 0; i++) {
          const mover = moverInHand();
          if (listed('move').length) await clickMove(true);
          else if (mover) await playCard(mover);
          else if (listed('discardToMove').length) {
            const d2m = listed('discardToMove')[0];
            const card = (d2m.move as { card: number }).card;
            s = await act(
              p,
              p.board.locator(`bt-hand [data-hand-card="${card}"] button.small`, { hasText: 'Discard to move' }),
              `${d2m.label} (Discard to move)`,
            );
          } else break;
          await trySell();
        }
      } else {
        // An empty cart: play a card that moves (a click on the card), then click the farthest highlighted space.
        const mover = moverInHand();
        if (mover) {
          await playCard(mover);
          await clickMove(false);
          await trySell();
        }

        // Take gold with the card in play or the next Pick / Pan card: a tap on the shaft's tube,
        // then, when the tube could mean several listed moves, the one asked for.
        for (let tries = 0; tries < 3; tries++) {
          let take = s.legalMoves.find((m) => typeOf(m) === 'pick' || typeOf(m) === 'pan');
          if (!take) {
            const digger = (s.view.hand ?? []).find((c) => c.actions.some((a) => a.kind === 'pick' || a.kind === 'pan'));
            const here = s.view.seats[p.seat].position;
            const shaft = s.view.mine.find((x) => x.shaft === here);
            if (!digger || !shaft || shaft.gold + shaft.ore === 0 || !listed('play').length) break;
            await playCard(digger);
            take = s.legalMoves.find((m) => typeOf(m) === 'pick' || typeOf(m) === 'pan');
            if (!take) continue; // Water in the shaft for a Pick, or none for a Pan: the card stays unused
          }
          const { shaft } = take.move as { shaft: number };
          const before = load();
          const tube = p.board.locator(`bt-mine-shaft svg[data-shaft="${shaft}"] [data-take="${shaft}"]`);
          // What the tube offers: as the board builds it (one choice per marble colour and action kind).
          const c = buildControls(s.view, s.legalMoves);
          const here = [
            ...(c.take.get(marbleKey(shaft, 'gold')) ?? []),
            ...(c.take.get(marbleKey(shaft, 'ore')) ?? []),
            ...(c.bail && s.view.seats[p.seat].position === shaft ? [{ move: c.bail, text: c.bail.label }] : []),
          ];
          if (here.length === 1) s = await act(p, tube, `${take.label} (a tap on the tube)`);
          else {
            const chosen = here.find((ch) => ch.move.label === take!.label) ?? here[0];
            await tube.click();
            s = await act(
              p,
              p.board.locator(`bt-mine .chooser button[title="${chosen.move.label}"]`),
              `${chosen.move.label} (the tube, then the choice)`,
            );
          }
          expect(load()).toBe(before + 1);
          await shows(mat('cart-load'), `${before + 1}/4`, `${p.name}'s cart load after taking gold`);
        }
      }

      if (turn === 3 && !shot) await screenshots(null);

      // 4. End the turn with the board's button.
      s = (await stateOf(p)).state;
      if (s.view.pending?.kind === 'claimJumper') await settleClaimJumpers();
      s = (await stateOf(p)).state;
      expect(s.legalMoves.some((m) => typeOf(m) === 'endTurn')).toBe(true);
      s = await act(p, p.board.locator('[data-control="end-turn"]'), 'End turn and draw');
      expect(s.view.turn).toBe(other.seat);
      await shows(
        p.board.locator('[data-field="status"]'),
        s.view.pending?.kind === 'claimJumper' ? 'Claim Jumper' : `${other.name}'s turn`,
        `${p.name} sees the turn pass`,
      );
      const me = s.view.seats[p.seat];
      expect(me.handCount).toBe(4); // drew up to four
      await shows(p.board.locator('bt-hand h3'), '(4)', `${p.name} holds four cards again`);
      console.log(
        `turn ${turn} (${p.name}): played ${cardsPlayed.join(', ') || 'nothing'}; score ${me.score}, cart ${me.cart.gold}+${me.cart.ore}, in ${me.position === 0 ? 'Town' : `shaft ${me.position}`}`,
      );
    };

    // Two full turns each (Ava, Ben, Ava, Ben), and on until someone has sold gold in Town.
    for (let turn = 1; turn <= 4 || (sales === 0 && turn <= 16); turn++) {
      const p = turn % 2 === 1 ? ada : bo;
      const other = p === ada ? bo : ada;
      await playTurn(p, other, turn);
      await checkHidden(ada, bo);
      await checkHidden(bo, ada);
    }
    await settleClaimJumpers();

    // Both boards agree with the server at the end, whose turn included.
    const end = (await stateOf(ada)).state;
    expect(end.view.turnNumber).toBeGreaterThanOrEqual(5);
    await checkShown(ada, end.view);
    await checkShown(bo, (await stateOf(bo)).state.view);
    const next = players[end.view.turn];
    const waiting = players[1 - end.view.turn];
    await shows(next.board.locator('[data-field="status"]'), 'Your turn', `${next.name} has the turn`);
    await shows(waiting.board.locator('[data-field="status"]'), `${next.name}'s turn`, `${waiting.name} sees whose turn it is`);
    console.log(
      `${end.view.turnNumber - 1} turns played; gold sold in Town ${sales} time(s); scores ${end.view.seats.map((x) => x.score).join(' / ')}`,
    );

    // The phone layout has no sideways scrolling.
    const overflow = await pageB.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    expect(errors).toEqual([]);
    await ctxA.close();
    await ctxB.close();
  }, 900_000);
});
