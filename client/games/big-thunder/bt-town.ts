import { LitElement, css, html, nothing, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { mineLayout, type Choice } from './controls';
import { onKey } from '../move-event';
import { chooseOrSend } from './events';
import { mineCart } from './icons';
import { seatColor } from '../../seat-colours';
import { btStyles } from './styles';
import type { CartOnSpace } from './bt-mine-shaft';

/** How much wider the Town column is than a mine shaft's (the mine's grid uses the same ratio). */
export const TOWN_WIDTH = 1.4;

/**
 * Town, the track space before mine shaft 1: one Town space per player in its colour ("each Mine
 * Cart has its own Town space"), with the carts standing there and their loads. The whole of
 * Town is the click target when a listed Move of the card in play ends in Town.
 */
@customElement('bt-town')
export class BtTown extends LitElement {
  static override styles = [
    btStyles,
    css`
      :host {
        min-width: 0;
      }
      svg {
        width: 100%;
        height: auto;
      }
      .label {
        font: 700 12.5px system-ui, sans-serif;
        fill: var(--mp-text);
      }
      .target .outline {
        stroke: var(--bt-target);
        stroke-width: 2;
        stroke-dasharray: 4 3;
        fill: color-mix(in srgb, var(--bt-target) 12%, transparent);
      }
      .target:hover .outline {
        fill: color-mix(in srgb, var(--bt-target) 28%, transparent);
      }
      .open {
        fill: var(--mp-accent);
      }
    `,
  ];

  @property({ attribute: false }) rows = 3;
  @property({ attribute: false }) players = 2;
  /** The carts in Town (position 0), by seat. */
  @property({ attribute: false }) carts: CartOnSpace[] = [];
  @property({ attribute: false }) yourSeat: number | null = null;
  /** Listed Moves of the card in play that end in Town. */
  @property({ attribute: false }) moveHere: Choice[] = [];
  /** The active player is on a Town visit (Town actions may be taken). */
  @property({ attribute: false }) open = false;

  override render() {
    const L = mineLayout(this.rows);
    const W = L.width * TOWN_WIDTH;
    const top = L.tubeTop - 4;
    const slotH = (L.height - 4 - top) / Math.max(1, this.players);
    const cartW = Math.min(34, (slotH - 3) / 0.82);
    const target = this.moveHere.length > 0;
    const label = this.moveHere.length === 1 ? this.moveHere[0].move.label : 'Move to Town';
    const run = () => chooseOrSend(this, 'Town', this.moveHere);
    const here = this.carts.map((c) => `Mine Cart ${c.seat + 1} with ${c.gold} Gold Nugget and ${c.ore} Raw Ore`);
    return html`<svg viewBox="0 0 ${W} ${L.height}" role="group" aria-label="Town: ${here.length ? here.join('; ') : 'no Mine Carts'}" data-shaft="0">
      <path d="M${W / 2 - 9} 10 l9 -8 l9 8 z" fill="var(--bt-rock-dark)" />
      <text class="label" x=${W / 2} y="21" text-anchor="middle">Town</text>
      ${this.open ? svg`<circle class="open" cx=${W - 5} cy="6" r="3.5"><title>Town is open: Town actions may be taken</title></circle>` : nothing}
      ${Array.from({ length: this.players }, (_, seat) => {
        const y = top + seat * slotH;
        const cart = this.carts.find((c) => c.seat === seat);
        return svg`<g data-town-space=${seat}>
          <rect x="2" y=${y + 1} width=${W - 4} height=${slotH - 2} rx="4" fill="color-mix(in srgb, ${seatColor(seat)} 18%, transparent)"
            stroke=${seatColor(seat)} stroke-width=${seat === this.yourSeat ? 2 : 1.2} stroke-dasharray=${cart ? 'none' : '3 2'} />
          ${cart ? mineCart(seat, cart, (W - cartW) / 2, y + 2, cartW, 'town') : nothing}
        </g>`;
      })}
      ${
        target
          ? svg`<g class="target" role="button" tabindex="0" aria-label=${label} data-target="0" @click=${run} @keydown=${onKey(run)}>
            <title>${label}</title>
            <rect class="outline" x="1" y="1" width=${W - 2} height=${L.height - 2} rx="6" />
            <rect class="focus-ring" x="0" y="0" width=${W} height=${L.height} rx="7" />
          </g>`
          : nothing
      }
    </svg>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bt-town': BtTown;
  }
}
