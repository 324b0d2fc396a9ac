import { css, html, nothing } from 'lit';
import { customElement } from 'lit/decorators.js';
import { canAdd, matchCounts, type ConvertKey } from './controls';
import { sendMove } from '../move-event';
import { shared } from '../../styles';
import { snStyles } from './styles';
import { SnCountsPicker } from './sn-counts-picker';

const KEYS: readonly ConvertKey[] = ['steel', 'stone'];
const WORDS: Record<ConvertKey, { one: string; many: string; from: string; cube: string }> = {
  steel: { one: 'Steel Bar', many: 'Steel Bars', from: 'from Iron Ore', cube: 'steel' },
  stone: { one: 'Stone', many: 'Stone', from: 'from 2 Rubble each', cube: 'stone' },
};

/**
 * The Works (action C): how many Steel Bars and Stone to make. Plus and minus only reach mixes
 * the server lists; the Convert button is the listed move for exactly the chosen mix, labelled
 * by the server (which knows your Train's Iron Ore price).
 */
@customElement('sn-works')
export class SnWorks extends SnCountsPicker<ConvertKey> {
  static override styles = [
    shared,
    snStyles,
    css`
      .works {
        border: 2px solid var(--sn-target);
        border-radius: 0.5rem;
        padding: 0.45rem 0.55rem;
        display: grid;
        gap: 0.45rem;
      }
      .works p {
        margin: 0;
        font-weight: 600;
      }
      .steppers {
        display: grid;
        grid-template-columns: minmax(0, 1fr) auto auto auto;
        align-items: center;
        gap: 0.35rem 0.4rem;
      }
      .stepper {
        display: contents;
      }
      .stepper button {
        width: 2.5rem;
        padding: 0;
        font-weight: 700;
      }
      .stepper output {
        min-width: 1.5rem;
        text-align: center;
        font-weight: 700;
        font-size: 1.1rem;
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem;
      }
    `,
  ];

  // `choices` (SnCountsPicker): the listed Works moves.
  constructor() {
    super(KEYS);
  }

  override render() {
    if (!this.choices.length) return nothing;
    const lm = matchCounts(this.choices, this.sel);
    return html`<div class="works" role="group" aria-label="Works: conversions">
      <p>Works: choose 1 to 3 conversions.</p>
      <div class="steppers">
      ${KEYS.map((k) => {
        const w = WORDS[k];
        return html`<div class="stepper" data-convert=${k}>
          <span class="what"><span class="cube ${w.cube}"></span> ${w.many} <span class="muted">(${w.from})</span></span>
          <button aria-label="One fewer ${w.one}" ?disabled=${this.sel[k] === 0} @click=${() => this.less(k)}>−</button>
          <output aria-live="polite" aria-label="${w.many} to make">${this.sel[k]}</output>
          <button aria-label="One more ${w.one}" ?disabled=${!canAdd(this.choices, this.sel, k)} @click=${() => this.more(k)}>+</button>
        </div>`;
      })}
      </div>
      <div class="row">
        <button class="primary" data-control="convert" ?disabled=${!lm} @click=${() => lm && sendMove(this, lm)}>
          ${lm ? lm.label : 'Choose at least one conversion'}
        </button>
      </div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sn-works': SnWorks;
  }
}
