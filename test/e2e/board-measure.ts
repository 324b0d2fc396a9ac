/**
 * Measures a game page as a player sees it (through every shadow root): the enabled tappable
 * elements of the board and the turn bar smaller than 24x24 CSS px, the board's text drawn
 * under 11 CSS px (HTML by its computed size, SVG text by its size times the drawing's scale),
 * the board's texts and pieces that cover one another, and whether a control of the step lies in
 * the viewport without scrolling (and not under the turn bar fixed to the bottom of a phone). Used by the board browser tests (test/e2e/board-*.test.ts).
 *
 * A piece is an element a board marks with `data-piece` (a marble, a Mine Cart, a Rocket, an
 * Encounter token, a cube...): its box is its symbol. Two boxes overlap when they share more than
 * a sliver (1.5 px each way), and neither holds the other in the DOM (a token's own label is part
 * of the token).
 */
import type { Page } from 'playwright-core';

/** What `measureBoard` found. */
export interface BoardMeasure {
  /** Tappable elements under 24x24: a short description and their size. */
  small: string[];
  /** Text under 11 px: the text, its size and the component drawing it. */
  tinyText: string[];
  /** Board texts and pieces that cover one another: both, and the component of each. */
  overlaps: string[];
  /** Enabled controls counted. */
  controls: number;
  /**
   * Some enabled move control (a button or a tappable piece of the board, not a toggletip; a move
   * button of the turn bar) lies wholly in the viewport at this scroll, not under the turn bar a
   * phone fixes over the bottom of the window, nor cut off by a box that scrolls (the railway strip).
   */
  controlInView: boolean;
}

/** Measures the page (at its current scroll). */
export function measureBoard(page: Page): Promise<BoardMeasure> {
  return page.evaluate(() => {
    const all: Element[] = [];
    const walk = (root: Document | ShadowRoot | Element) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        all.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    const roots: Element[] = [];
    const find = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        if (el.tagName === 'MP-BOARD-AREA' || el.tagName === 'MP-TURN-BAR') roots.push(el);
        else if (el.shadowRoot) find(el.shadowRoot);
      }
    };
    find(document);
    for (const r of roots) {
      if (r.shadowRoot) walk(r.shadowRoot);
      walk(r);
    }
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      // What a closed <details> holds is laid out but not drawn (checkVisibility misses SVG in it).
      let prev: Element = el;
      for (let n = el.parentElement; n; prev = n, n = n.parentElement)
        if (n.tagName === 'DETAILS' && !(n as HTMLDetailsElement).open && prev.tagName !== 'SUMMARY') return false;
      return true;
    };
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-control') ? `[${el.getAttribute('data-control')}]` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const tappable = (el: Element) => {
      if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') return false;
      const tag = el.tagName.toLowerCase();
      if (tag === 'button' || tag === 'select' || tag === 'summary' || (tag === 'input' && (el as HTMLInputElement).type !== 'hidden'))
        return true;
      if (tag === 'a' && el.hasAttribute('href')) return true;
      return (
        el.getAttribute('role') === 'button' ||
        (el.hasAttribute('tabindex') && el.getAttribute('tabindex') !== '-1' && el.getAttribute('role') !== 'log')
      );
    };
    // Does `a` hold `b`, through shadow roots (a piece drawn by a component inside it)?
    const holds = (a: Element, b: Element) => {
      for (let n: Node | null = b; n; n = n.parentNode ?? (n as ShadowRoot).host ?? null) if (n === a) return true;
      return false;
    };
    const small: string[] = [];
    let controls = 0;
    let controlInView = false;
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    // On a phone the turn bar is fixed over the bottom of the window: a board control under it cannot be tapped.
    const bar = roots.find((r) => r.tagName === 'MP-TURN-BAR');
    const barBox = bar && getComputedStyle(bar).position === 'fixed' ? bar.getBoundingClientRect() : null;
    // Is the whole of `r` shown by every box around `el` that clips what overflows it (a strip
    // that scrolls sideways hides the cards beyond its edges)?
    const unclipped = (el: Element, r: DOMRect) => {
      for (let n: Node | null = el.parentNode; n; n = n.parentNode ?? (n as ShadowRoot).host ?? null) {
        // HTML boxes only: an <svg> clips too, but a control's focus ring may reach past its edge.
        if (!(n instanceof HTMLElement)) continue;
        const style = getComputedStyle(n);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const c = n.getBoundingClientRect();
        if (r.left < c.left - 0.5 || r.right > c.right + 0.5 || r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5) return false;
      }
      return true;
    };
    for (const el of all) {
      if (!tappable(el) || !visible(el)) continue;
      controls++;
      const r = el.getBoundingClientRect();
      if (r.width < 23.5 || r.height < 23.5) small.push(`${describe(el)} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
      // A control of the step: a button or a tappable piece, not a toggletip's symbol, a fold or a
      // link; in the turn bar only its move buttons (Undo is always there, whatever the step).
      const tip = (el.getRootNode() as ShadowRoot).host?.tagName === 'MP-TIP';
      const inBar = !!bar && holds(bar, el);
      const move = inBar
        ? el.hasAttribute('data-control')
        : !tip && (el.tagName === 'BUTTON' || el.getAttribute('role') === 'button' || el.hasAttribute('data-control'));
      const covered =
        !inBar && !!barBox && r.bottom > barBox.top + 0.5 && r.top < barBox.bottom && r.right > barBox.left && r.left < barBox.right;
      if (move && !covered && unclipped(el, r) && r.top >= 0 && r.left >= 0 && r.bottom <= vh + 0.5 && r.right <= vw + 0.5)
        controlInView = true;
    }
    const tinyText: string[] = [];
    const board = roots.find((r) => r.tagName === 'MP-BOARD-AREA');
    const boardEls = all.filter((el) => board && (board.contains(el) || board.shadowRoot?.contains(el) || el.getRootNode() !== document));
    // The component drawing an element: the custom element whose shadow root holds it.
    const owner = (el: Element) => ((el.getRootNode() as ShadowRoot).host?.tagName ?? 'page').toLowerCase();
    const texts: { el: Element; rects: DOMRect[]; what: string }[] = [];
    for (const el of boardEls) {
      if (!visible(el)) continue;
      const own = Array.from(el.childNodes).filter((n) => n.nodeType === 3 && (n.textContent ?? '').trim());
      if (own.length === 0) continue;
      // Text for screen readers only (a 1 px clipped box) is not drawn.
      const box = el.getBoundingClientRect();
      if (box.width <= 1.5 || box.height <= 1.5) continue;
      let size = Number.parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGElement) {
        const m = (el as SVGGraphicsElement).getScreenCTM?.();
        if (m) size *= Math.hypot(m.a, m.b);
      }
      const what = `"${(el.textContent ?? '').trim().slice(0, 30)}" (${owner(el)})`;
      if (size < 10.95) tinyText.push(`${what} ${size.toFixed(1)}px`);
      // HTML text by its line boxes (a block's own box is wider than its words); SVG text by its box.
      let rects: DOMRect[];
      if (el instanceof SVGElement) rects = [el.getBoundingClientRect()];
      else
        rects = own.flatMap((n) => {
          const range = document.createRange();
          range.selectNodeContents(n);
          return Array.from(range.getClientRects());
        });
      texts.push({ el, rects: rects.filter((r) => r.width > 0 && r.height > 0), what });
    }
    const pieces = boardEls
      .filter((el) => el.hasAttribute('data-piece') && visible(el))
      .map((el) => ({
        el,
        rects: [el.getBoundingClientRect()],
        what: `${el.getAttribute('data-piece') || el.getAttribute('aria-label') || 'piece'} (${owner(el)})`,
      }));
    const SLIVER = 1.5;
    const meet = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > SLIVER && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > SLIVER;
    const overlaps: string[] = [];
    // Only the board's own: the turn bar is fixed over the page, so it covers whatever scrolls under it.
    const items = [...texts, ...pieces].filter((t) => board && holds(board, t.el));
    for (let i = 0; i < items.length; i++) {
      for (let j = i + 1; j < items.length; j++) {
        const a = items[i];
        const b = items[j];
        if (holds(a.el, b.el) || holds(b.el, a.el)) continue;
        if (a.rects.some((ra) => b.rects.some((rb) => meet(ra, rb)))) overlaps.push(`${a.what} and ${b.what}`);
      }
    }
    return { small, tinyText, overlaps, controls, controlInView };
  });
}

/** Where something lies on the page, in CSS px from the top of the document (not of the window). */
export interface PageBox {
  what: string;
  top: number;
  bottom: number;
  width: number;
  height: number;
}

/**
 * The boxes, in document coordinates, of the visible elements matching `selector` in the shadow
 * root of any `host` element (through every shadow root): where a part of a board lies on the
 * page, whatever the scroll.
 */
export function boxesIn(page: Page, host: string, selector: string): Promise<PageBox[]> {
  return page.evaluate(
    ({ host, selector }) => {
      const out: { what: string; top: number; bottom: number; width: number; height: number }[] = [];
      const walk = (root: Document | ShadowRoot, inHost: boolean) => {
        for (const el of Array.from(root.querySelectorAll('*'))) {
          if (inHost && el.matches(selector) && el.checkVisibility()) {
            const r = el.getBoundingClientRect();
            const what = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
            out.push({ what, top: r.top + window.scrollY, bottom: r.bottom + window.scrollY, width: r.width, height: r.height });
          }
          if (el.shadowRoot) walk(el.shadowRoot, inHost || el.tagName.toLowerCase() === host);
        }
      };
      walk(document, false);
      return out;
    },
    { host, selector },
  );
}

/**
 * How many visible elements of the page (through every shadow root) say `sentence` as their own
 * text (white space folded): a sentence the turn bar says and the board says again counts 2.
 */
export function sentenceCount(page: Page, sentence: string): Promise<number> {
  return page.evaluate((sentence) => {
    const fold = (s: string) => s.replace(/\s+/g, ' ').trim();
    const want = fold(sentence);
    let n = 0;
    const walk = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        const own = Array.from(el.childNodes)
          .filter((c) => c.nodeType === 3)
          .map((c) => c.textContent ?? '')
          .join('');
        if (fold(own) === want && el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) n++;
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return n;
  }, sentence);
}

/**
 * Scrolls the game page to its end and says whether its last part ends above the turn bar (fixed
 * to the foot of a phone's window): 'clear', or what the bar covers; 'the foot not drawn yet'
 * until the page's last part (the "Replies by email" fold) and the chat above it (drawn from a
 * chunk loaded after the board) have a height.
 */
export async function footUnderTurnBar(page: Page): Promise<string> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const parts = await boxesIn(page, 'mp-game-page', '.layout > :not(mp-turn-bar), .side > *');
  const [bar] = await boxesIn(page, 'mp-game-page', 'mp-turn-bar');
  const chat = await boxesIn(page, 'mp-game-page', 'mp-chat-panel');
  const lastFold = parts.some((p) => p.what.startsWith('details "Replies by email') && p.height > 0);
  if (!lastFold || !chat.some((c) => c.height > 0)) return 'the foot not drawn yet';
  const last = parts.reduce((a, b) => (b.bottom > a.bottom ? b : a));
  return last.bottom > bar.top + 1 ? `${last.what} ends at ${Math.round(last.bottom)}, the bar begins at ${Math.round(bar.top)}` : 'clear';
}
