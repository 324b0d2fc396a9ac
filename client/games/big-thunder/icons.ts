/**
 * Drawn pieces of the Big Thunder board as SVG fragments (no images, nothing from the network):
 * card action icons, marbles and Mine Carts. Fragments, not elements: they are placed inside the
 * SVG of the part that draws them.
 */
import { nothing, svg, type SVGTemplateResult } from 'lit';
import { seatColor } from '../../seat-colours';
import type { CardAction, MarbleKind } from './types';

/** The icon of one card action in a 24 x 24 box at (x, y). */
export function actionIcon(a: CardAction, x = 0, y = 0): SVGTemplateResult {
  const at = `translate(${x} ${y})`;
  switch (a.kind) {
    case 'move':
      return svg`<g transform=${at} class="icon">
        <path d="M2 15 h14" stroke="currentColor" stroke-width="2.4" fill="none" stroke-linecap="round" />
        <path d="M13 10.5 l5.5 4.5 -5.5 4.5 z" fill="currentColor" />
        <circle cx="6" cy="20.5" r="1.8" fill="currentColor" />
        <circle cx="12" cy="20.5" r="1.8" fill="currentColor" />
        <text x="20" y="10" text-anchor="middle" font-size="11" font-weight="700" fill="currentColor">${a.spaces}</text>
      </g>`;
    case 'pick':
      return svg`<g transform=${at} class="icon">
        <path d="M4 8 Q12 1 21 7" stroke="currentColor" stroke-width="2.6" fill="none" stroke-linecap="round" />
        <path d="M12.5 5 L7 22" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" />
        <circle cx="18" cy="19" r="3" class="marble-gold" stroke-width="1" />
      </g>`;
    case 'pan':
      return svg`<g transform=${at} class="icon">
        <path d="M2 12 Q11 22 20 12 Z" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linejoin="round" />
        <path d="M20 12 L23 9" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" />
        <circle cx="8" cy="14" r="2" class="marble-gold" stroke-width="0.8" />
        <circle cx="13" cy="15" r="2" class="marble-gold" stroke-width="0.8" />
        <path d="M3 6 q2 -2 4 0 t4 0 t4 0" stroke="var(--bt-water)" stroke-width="1.8" fill="none" />
      </g>`;
    case 'bail':
      return svg`<g transform=${at} class="icon">
        <path d="M4 9 h13 l-2 12 h-9 z" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linejoin="round" />
        <path d="M4 9 q6.5 -7 13 0" stroke="currentColor" stroke-width="1.6" fill="none" />
        <path d="M19.5 4 q-2.5 4 0 5 q2.5 -1 0 -5 z" fill="var(--bt-water)" stroke="var(--bt-water-edge)" stroke-width="0.8" />
        <circle cx="10.5" cy="15.5" r="2.6" fill="var(--bt-water)" stroke="var(--bt-water-edge)" stroke-width="0.8" />
      </g>`;
    case 'resupply':
      return svg`<g transform=${at} class="icon">
        <rect x="3" y="4" width="12" height="17" rx="2" fill="none" stroke="currentColor" stroke-width="2" />
        <rect x="8" y="2" width="12" height="17" rx="2" fill="#f6ead2" stroke="currentColor" stroke-width="2" />
        <path d="M14 6.5 v8 M10 10.5 h8" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" />
      </g>`;
    case 'crosscut':
      return svg`<g transform=${at} class="icon">
        <path d="M2 22 V12 a10 9 0 0 1 20 0 V22" fill="none" stroke="currentColor" stroke-width="2.2" />
        <path d="M7 22 V13 a5 5 0 0 1 10 0 V22 z" fill="currentColor" opacity="0.8" />
        <circle cx="12" cy="19" r="2.4" fill="#f6ead2" />
      </g>`;
  }
}

/** A marble of `kind` centred at (cx, cy). */
export function marble(kind: MarbleKind, cx: number, cy: number, r: number): SVGTemplateResult {
  return svg`<circle class="marble-${kind}" data-piece="${kind} marble" cx=${cx} cy=${cy} r=${r} stroke-width=${Math.max(0.8, r / 6)} />`;
}

/**
 * The least size of a Mine Cart's number, in the drawing's units: the mine and Town are drawn
 * at 0.9 of their size on a phone, and the number must read at 11 CSS px there.
 */
const CART_DIGIT = 12.5;

/**
 * A Mine Cart of seat `seat` with its load, `w` wide with its top-left corner at (x, y): a
 * trapezoid body in the player colour with the seat number, wheels, and up to four marbles
 * heaped on top (Gold Nuggets first).
 */
export function mineCart(
  seat: number,
  load: { gold: number; ore: number },
  x: number,
  y: number,
  w: number,
  /** Where it stands ("town", "shaft-3"): marks a moved or loaded cart (client/game-page/board-marks.ts); none in the key. */
  where?: string,
): SVGTemplateResult {
  const h = w * 0.5;
  const inset = w * 0.12;
  const r = w * 0.11;
  const heap: ('gold' | 'ore')[] = [...Array(load.gold).fill('gold'), ...Array(load.ore).fill('ore')].slice(0, 4);
  const mr = w * 0.11;
  const mark = where === undefined ? undefined : `cart-${seat}`;
  return svg`<g class="cart" data-piece="Mine Cart ${seat + 1}" data-mark=${mark ?? nothing} data-mark-value=${mark ? `${where}:${load.gold}:${load.ore}` : nothing}>
    ${heap.map((k, i) => marble(k, x + w * 0.2 + i * w * 0.2, y + mr * 0.4, mr))}
    <path d="M${x} ${y + mr} h${w} l${-inset} ${h} h${-(w - 2 * inset)} z" fill=${seatColor(seat)} stroke="#1c2430" stroke-width=${w * 0.04} stroke-linejoin="round" />
    <text x=${x + w / 2} y=${y + mr + h * 0.5 + Math.max(h * 0.62, CART_DIGIT) * 0.36} text-anchor="middle" font-size=${Math.max(h * 0.62, CART_DIGIT)} font-weight="700" fill="#fff" stroke="rgba(0,0,0,.55)" stroke-width=${h * 0.06} paint-order="stroke">${seat + 1}</text>
    <circle cx=${x + w * 0.27} cy=${y + mr + h + r * 0.6} r=${r} fill="#1c2430" />
    <circle cx=${x + w * 0.73} cy=${y + mr + h + r * 0.6} r=${r} fill="#1c2430" />
  </g>`;
}
