/**
 * Measures a game page as a player sees it (through every shadow root): the enabled tappable
 * elements of the board and the turn bar smaller than 24x24 CSS px, the board's text drawn
 * under 11 CSS px (HTML by its computed size, SVG text by its size times the drawing's scale),
 * and whether a control of the step lies in the viewport without scrolling. Used by the board
 * browser tests (test/e2e/board-*.test.ts).
 */
import type { Page } from 'playwright-core';

/** What `measureBoard` found. */
export interface BoardMeasure {
  /** Tappable elements under 24x24: a short description and their size. */
  small: string[];
  /** Text under 11 px: the text and its size. */
  tinyText: string[];
  /** Enabled controls counted. */
  controls: number;
  /** Some enabled move control (a button or a tappable piece of the board or the bar, not a toggletip) lies wholly in the viewport at this scroll. */
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
      const cs = getComputedStyle(el);
      return cs.visibility !== 'hidden' && cs.display !== 'none' && Number(cs.opacity) > 0;
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
    const small: string[] = [];
    let controls = 0;
    let controlInView = false;
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    for (const el of all) {
      if (!tappable(el) || !visible(el)) continue;
      controls++;
      const r = el.getBoundingClientRect();
      if (r.width < 23.5 || r.height < 23.5) small.push(`${describe(el)} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
      // A control of the step: a button or a tappable piece, not a toggletip's symbol, a fold or a link.
      const tip = (el.getRootNode() as ShadowRoot).host?.tagName === 'MP-TIP';
      const move = !tip && (el.tagName === 'BUTTON' || el.getAttribute('role') === 'button' || el.hasAttribute('data-control'));
      if (move && r.top >= 0 && r.left >= 0 && r.bottom <= vh + 0.5 && r.right <= vw + 0.5) controlInView = true;
    }
    const tinyText: string[] = [];
    const board = roots.find((r) => r.tagName === 'MP-BOARD-AREA');
    const boardEls = all.filter((el) => board && (board.contains(el) || board.shadowRoot?.contains(el) || el.getRootNode() !== document));
    for (const el of boardEls) {
      if (!visible(el)) continue;
      const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && (n.textContent ?? '').trim());
      if (!own) continue;
      let size = Number.parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGElement) {
        const m = (el as SVGGraphicsElement).getScreenCTM?.();
        if (m) size *= Math.hypot(m.a, m.b);
      }
      if (size < 10.95) tinyText.push(`"${(el.textContent ?? '').trim().slice(0, 30)}" ${size.toFixed(1)}px`);
    }
    return { small, tinyText, controls, controlInView };
  });
}
