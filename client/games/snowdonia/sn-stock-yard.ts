import { css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { canAdd, matchCounts, mostUnits, type CubeKey } from './controls';
import { RESOURCE_NAMES } from '../../../engine/games/snowdonia/words';
import { sendMove } from '../move-event';
import { shared } from '../../styles';
import { snStyles } from './styles';
import { SnCountsPicker } from './sn-counts-picker';
import type { SnowdoniaView } from './types';

const KEYS: readonly CubeKey[] = ['iron', 'stone', 'coal'];

/**
 * The Stock Yard: its Iron Ore, Stone and Coal cubes, and beside it the Supply Bag (counts by
 * colour, which are public) and the general supply of Rubble and Steel Bars. At your Stock Yard
 * action the cubes become buttons: tap cubes to choose them, tap again to put them back; the
 * Take button is the listed move whose cubes are exactly the ones chosen.
 */
@customElement('sn-stock-yard')
export class SnStockYard extends SnCountsPicker<CubeKey> {
  static override styles = [
    shared,
    snStyles,
    css`
      .yard {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 0.9rem;
        margin-bottom: 0.4rem;
      }
      .pile {
        display: flex;
        flex-direction: column;
        gap: 0.2rem;
        min-width: 0;
      }
      .pile .label {
        font-size: 0.8rem;
        color: var(--mp-muted);
      }
      .cubes {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem;
        max-width: 11rem;
      }
      .cubes .cube {
        width: 1.15rem;
        height: 1.15rem;
      }
      button.pick {
        min-height: 0;
        width: 1.9rem;
        height: 1.9rem;
        padding: 0;
        border-radius: 0.35rem;
        border: 2px solid transparent;
        background: transparent;
        display: inline-grid;
        place-items: center;
        cursor: pointer;
      }
      button.pick:disabled {
        opacity: 0.35;
        cursor: default;
      }
      /* Chosen: a thick amber border and a check mark (the keyboard focus ring is blue and outside). */
      button.pick.chosen {
        position: relative;
        border: 3px solid var(--sn-target);
        background: color-mix(in srgb, var(--sn-target) 25%, transparent);
        transform: translateY(-2px);
      }
      button.pick.chosen::after {
        content: '✓';
        position: absolute;
        top: -0.55rem;
        right: -0.55rem;
        width: 1rem;
        height: 1rem;
        border-radius: 50%;
        background: var(--sn-target);
        color: #fff;
        font-size: 0.7rem;
        line-height: 1rem;
        text-align: center;
      }
      button.pick .cube {
        width: 1.2rem;
        height: 1.2rem;
      }
      .choose {
        border: 2px solid var(--sn-target);
        border-radius: 0.5rem;
        padding: 0.45rem 0.55rem;
        margin-bottom: 0.5rem;
        display: grid;
        gap: 0.4rem;
      }
      .choose p {
        margin: 0;
        font-weight: 600;
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem;
        align-items: center;
      }
      dl {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: 0.1rem 0.6rem;
        margin: 0;
        font-size: 0.85rem;
      }
      dt {
        color: var(--mp-muted);
      }
      dd {
        margin: 0;
        display: flex;
        flex-wrap: wrap;
        gap: 0.15rem 0.6rem;
      }
    `,
  ];

  @property({ attribute: false }) stockYard: SnowdoniaView['stockYard'] | null = null;
  @property({ attribute: false }) supplyBag: SnowdoniaView['supplyBag'] | null = null;
  @property({ attribute: false }) generalSupply: SnowdoniaView['generalSupply'] | null = null;
  // `choices` (SnCountsPicker): the listed Stock Yard moves, empty unless it is your Stock Yard action.
  constructor() {
    super(KEYS);
  }

  private toggle(k: CubeKey, chosen: boolean): void {
    if (chosen) this.less(k);
    else this.more(k);
  }

  private renderPile(k: CubeKey, n: number, picking: boolean) {
    const name = RESOURCE_NAMES[k];
    const cubes = Array.from({ length: n }, (_, i) => {
      if (!picking) return html`<span class="cube ${k}"></span>`;
      const chosen = i < this.sel[k];
      const can = chosen || canAdd(this.choices, this.sel, k);
      return html`<button
        class="pick ${chosen ? 'chosen' : ''}"
        data-cube=${k}
        aria-pressed=${chosen ? 'true' : 'false'}
        aria-label=${chosen ? `Put back ${name}` : `Choose ${name}`}
        title=${chosen ? `Put back ${name}` : `Choose ${name}`}
        ?disabled=${!can}
        @click=${() => this.toggle(k, chosen)}
      >
        <span class="cube ${k}"></span>
      </button>`;
    });
    return html`<div class="pile" data-pile=${k}>
      <span class="label">${name}: <strong data-field="yard-${k}">${n}</strong></span>
      <div class="cubes">${cubes.length ? cubes : html`<span class="muted">none</span>`}</div>
    </div>`;
  }

  override render() {
    const y = this.stockYard;
    if (!y) return nothing;
    const picking = this.choices.length > 0;
    const take = picking ? matchCounts(this.choices, this.sel) : null;
    const chosen = KEYS.reduce((n, k) => n + this.sel[k], 0);
    const most = mostUnits(this.choices);
    const bag = this.supplyBag;
    const gen = this.generalSupply;
    return html`<section class="panel" aria-label="Stock Yard">
      <h3>Stock Yard</h3>
      ${
        picking
          ? html`<div class="choose" role="group" aria-label="Choose cubes">
            <p>Choose up to ${most} cube${most === 1 ? '' : 's'} (tap a chosen cube to put it back).</p>
            <div class="yard">${KEYS.map((k) => this.renderPile(k, y[k], true))}</div>
            <div class="row">
              <button class="primary" data-control="take-cubes" ?disabled=${!take} @click=${() => take && sendMove(this, take)}>
                ${take ? take.label : chosen ? 'That mix is not allowed' : 'Choose cubes first'}
              </button>
              ${chosen ? html`<button @click=${() => this.clear()}>Clear</button>` : nothing}
            </div>
          </div>`
          : html`<div class="yard">${KEYS.map((k) => this.renderPile(k, y[k], false))}</div>`
      }
      <dl>
        ${
          bag
            ? html`<dt>Supply Bag</dt>
              <dd>
                <span><span class="cube iron"></span> ${bag.iron}</span>
                <span><span class="cube stone"></span> ${bag.stone}</span>
                <span><span class="cube coal"></span> ${bag.coal}</span>
                <span title="Event cubes"><span class="cube event"></span> ${bag.event}</span>
                <span class="muted">(${bag.total} cubes)</span>
              </dd>`
            : nothing
        }
        ${
          gen
            ? html`<dt>General supply</dt>
              <dd>
                <span><span class="cube rubble"></span> ${gen.rubble} Rubble</span>
                <span><span class="cube steel"></span> ${gen.steel} Steel Bars</span>
              </dd>`
            : nothing
        }
      </dl>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sn-stock-yard': SnStockYard;
  }
}
