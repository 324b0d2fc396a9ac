import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { choiceFor, type Choice } from './controls';
import { shared } from '../../styles';
import { snStyles } from './styles';
import type { TrainView } from './types';
import './sn-train';

/**
 * The Engine Shed: the Train cards for sale with the Coal on them. Trains can be bought at Build
 * (E) once the "Trains for sale" event has happened; at your Build action the Trains the server
 * lists carry a Buy button.
 */
@customElement('sn-engine-shed')
export class SnEngineShed extends LitElement {
  static override styles = [
    shared,
    snStyles,
    css`
      .trains {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
        gap: 0.4rem;
      }
    `,
  ];

  @property({ attribute: false }) trains: TrainView[] = [];
  @property({ attribute: false }) choices: Choice<number>[] = [];
  @property({ attribute: false }) forSale = false;

  override render() {
    return html`<section class="panel" aria-label="Engine Shed">
      <h3>Engine Shed ${this.forSale ? html`<span class="tag">for sale</span>` : html`<span class="tag">not for sale yet</span>`}</h3>
      ${
        this.trains?.length
          ? html`<div class="trains">
            ${this.trains.map((t) => html`<sn-train .train=${t} inShed .action=${choiceFor(this.choices, t.no)}></sn-train>`)}
          </div>`
          : html`<p class="muted">No Trains left in the Engine Shed.</p>`
      }
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sn-engine-shed': SnEngineShed;
  }
}
