import { LitElement, css, html, nothing, svg, type SVGTemplateResult } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { LegalMove } from '../../api-types';
import { MARBLE_NAMES } from '../../../engine/games/big-thunder/words';
import { mineLayout, type Choice } from './controls';
import { onKey } from '../move-event';
import { chooseOrSend } from './events';
import { marble, mineCart } from './icons';
import { btStyles } from './styles';
import type { Gold, MarbleKind } from './types';

/** A Mine Cart standing on a space, with its load. */
export interface CartOnSpace {
  seat: number;
  gold: number;
  ore: number;
}

/**
 * One mine shaft (1..7) of the track: its marbles by colour (Gold Nuggets, Raw Ore, Water, and
 * the Fate marble while its card resolves), the marbles that ran in this turn, and the Mine Cart
 * standing at it. Clickable where a listed move says so: the whole shaft when a Move of the card
 * in play ends here, and the tube when a marble in it can be taken (a Gold Nugget or Raw Ore for
 * Pick / Pan for Gold, a Water for Bail Water). A marble alone is too small to tap on a phone (16
 * units of a 40-unit shaft), so the tube is the one target; when it could mean several moves, it
 * asks which under the track. The takeable marbles keep their halo.
 */
@customElement('bt-mine-shaft')
export class BtMineShaft extends LitElement {
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
      .target-area {
        fill: transparent;
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
      .takeable .halo {
        fill: none;
        stroke: var(--bt-target);
        stroke-width: 2.2;
      }
      .tube .tube-area {
        fill: transparent;
      }
      .tube:hover .tube-area {
        fill: color-mix(in srgb, var(--bt-target) 18%, transparent);
      }
      .label {
        font: 700 12.5px system-ui, sans-serif;
        fill: var(--mp-text);
      }
      .more {
        font: 700 12.5px system-ui, sans-serif;
        fill: #fff;
      }
      .you-ring {
        fill: none;
        stroke: var(--mp-text);
        stroke-width: 1.5;
        stroke-dasharray: 2 2;
      }
    `,
  ];

  /** The shaft's number and marbles. */
  @property({ attribute: false }) shaft = { shaft: 1, gold: 0, ore: 0, water: 0 };
  /** Rows of marbles every shaft is drawn with (see `shaftRows`). */
  @property({ attribute: false }) rows = 3;
  /** The Fate marble ran in here and waits for its card. */
  @property({ attribute: false }) fate = false;
  @property({ attribute: false }) cart: CartOnSpace | null = null;
  /** The viewer's cart is the one here. */
  @property({ attribute: false }) yours = false;
  /** Marbles run into this shaft by the last marble run. */
  @property({ attribute: false }) fresh: MarbleKind[] = [];
  /** Listed Moves of the card in play that end here. */
  @property({ attribute: false }) moveHere: Choice[] = [];
  /** Listed Pick / Pan for Gold moves taking a marble of each colour here. */
  @property({ attribute: false }) take: Record<Gold, Choice[]> = { gold: [], ore: [] };
  /** Bail Water, when this is your shaft and it is listed. */
  @property({ attribute: false }) bail: LegalMove | null = null;

  private marbles(): { kind: MarbleKind; cx: number; cy: number }[] {
    const L = mineLayout(this.rows);
    const kinds: MarbleKind[] = [
      ...Array<MarbleKind>(this.shaft.gold).fill('gold'),
      ...Array<MarbleKind>(this.shaft.ore).fill('ore'),
      ...Array<MarbleKind>(this.shaft.water).fill('water'),
      ...(this.fate ? (['fate'] as MarbleKind[]) : []),
    ];
    return kinds.map((kind, i) => ({
      kind,
      cx: i % 2 === 0 ? 12 : 28,
      cy: L.tubeBottom - 2 - L.r - 1 - Math.floor(i / 2) * L.pitch,
    }));
  }

  /** Marbles of `kind` here stand for a listed move (drawn above the Move target, so both can be clicked). */
  private clickable(kind: MarbleKind): boolean {
    if (kind === 'gold' || kind === 'ore') return this.take[kind].length > 0;
    return kind === 'water' && this.bail !== null;
  }

  /** The listed moves that take a marble from this shaft: Pick / Pan for Gold, then Bail Water. */
  private tubeChoices(): Choice[] {
    return [...this.take.gold, ...this.take.ore, ...(this.bail ? [{ move: this.bail, text: this.bail.label }] : [])];
  }

  /** The marbles of `kind`, with a halo when one of them can be taken. */
  private group(kind: MarbleKind, items: { kind: MarbleKind; cx: number; cy: number }[], r: number): SVGTemplateResult | typeof nothing {
    const mine = items.filter((m) => m.kind === kind);
    if (!mine.length) return nothing;
    const drawn = mine.map((m) => marble(kind, m.cx, m.cy, r));
    if (!this.clickable(kind)) return svg`<g>${drawn}</g>`;
    return svg`<g class="takeable" data-marble=${kind}>
      ${mine.map((m) => svg`<circle class="halo" cx=${m.cx} cy=${m.cy} r=${r + 2.2} />`)}
      ${drawn}
    </g>`;
  }

  /** The tube as the one target of the listed moves that take a marble here (nothing when none is listed). */
  private tube(L: ReturnType<typeof mineLayout>): SVGTemplateResult | typeof nothing {
    const choices = this.tubeChoices();
    if (!choices.length) return nothing;
    const n = this.shaft.shaft;
    const label = choices.length === 1 ? choices[0].move.label : `Take a marble from mine shaft ${n}`;
    const run = () => chooseOrSend(this, `Mine shaft ${n}`, choices);
    return svg`<g class="tube" role="button" tabindex="0" aria-label=${label} data-take=${n}
        @click=${(e: Event) => {
          e.stopPropagation();
          run();
        }}
        @keydown=${onKey(run)}>
      <title>${label}</title>
      <rect class="tube-area" x="3" y=${L.tubeTop} width=${L.width - 6} height=${L.tubeBottom - L.tubeTop} rx="7" />
      <rect class="focus-ring" x="2" y=${L.tubeTop - 1} width=${L.width - 4} height=${L.tubeBottom - L.tubeTop + 2} rx="8" />
    </g>`;
  }

  override render() {
    const L = mineLayout(this.rows);
    const n = this.shaft.shaft;
    const items = this.marbles();
    const room = this.rows * 2;
    const shown = items.length > room ? items.slice(0, room - 1) : items;
    const hidden = items.length - shown.length;
    const last = items.length > room ? { cx: 28, cy: L.tubeBottom - 2 - L.r - 1 - (this.rows - 1) * L.pitch } : null;
    const target = this.moveHere.length > 0;
    const kinds: MarbleKind[] = ['gold', 'ore', 'water', 'fate'];
    const moveLabel = this.moveHere.length === 1 ? this.moveHere[0].move.label : `Move to mine shaft ${n}`;
    const moveRun = () => chooseOrSend(this, `Mine shaft ${n}`, this.moveHere);
    const counts = [
      this.shaft.gold ? `${this.shaft.gold} ${MARBLE_NAMES.gold}` : '',
      this.shaft.ore ? `${this.shaft.ore} ${MARBLE_NAMES.ore}` : '',
      this.shaft.water ? `${this.shaft.water} ${MARBLE_NAMES.water}` : '',
      this.fate ? 'the Fate marble' : '',
    ].filter(Boolean);
    const desc = `Mine shaft ${n}: ${counts.length ? counts.join(', ') : 'empty'}${this.cart ? `; Mine Cart ${this.cart.seat + 1} with ${this.cart.gold} ${MARBLE_NAMES.gold} and ${this.cart.ore} ${MARBLE_NAMES.ore}` : ''}`;
    return html`<svg viewBox="0 0 ${L.width} ${L.height}" role="group" aria-label=${desc} data-shaft=${n} data-mark="shaft-${n}" data-mark-value=${counts.join(',')}>
      <text class="label" x=${L.width / 2} y="12" text-anchor="middle">${n}</text>
      ${this.fresh.slice(0, 4).map((k, i, all) => marble(k, L.width / 2 + (i - (all.length - 1) / 2) * 7, 19, 2.8))}
      <rect x="3" y=${L.tubeTop} width=${L.width - 6} height=${L.tubeBottom - L.tubeTop} rx="7" fill="var(--bt-shaft)" stroke="var(--bt-rock-dark)" stroke-width="1.5" />
      ${kinds.filter((k) => !this.clickable(k)).map((k) => this.group(k, shown, L.r))}
      ${
        last && hidden > 0
          ? svg`<circle cx=${last.cx} cy=${last.cy} r=${L.r} fill="#555" /><text class="more" x=${last.cx} y=${last.cy + 4.5} text-anchor="middle">+${hidden + 1}</text>`
          : nothing
      }
      <line x1="0" x2=${L.width} y1=${L.height - 3} y2=${L.height - 3} stroke="var(--bt-rock-dark)" stroke-width="2" />
      ${this.cart ? mineCart(this.cart.seat, this.cart, 5, L.cartTop, 30, `shaft-${n}`) : nothing}
      ${this.cart && this.yours ? svg`<rect class="you-ring" x="2" y=${L.cartTop - 3} width=${L.width - 4} height="28" rx="4" />` : nothing}
      ${
        target
          ? svg`<g class="target" role="button" tabindex="0" aria-label=${moveLabel} data-target=${n} @click=${moveRun} @keydown=${onKey(moveRun)}>
            <title>${moveLabel}</title>
            <rect class="outline" x="1" y="1" width=${L.width - 2} height=${L.height - 2} rx="6" />
            <rect class="focus-ring" x="0" y="0" width=${L.width} height=${L.height} rx="7" />
          </g>`
          : nothing
      }
      ${kinds.filter((k) => this.clickable(k)).map((k) => this.group(k, shown, L.r))}
      ${this.tube(L)}
    </svg>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bt-mine-shaft': BtMineShaft;
  }
}
