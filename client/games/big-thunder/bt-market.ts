import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { shared } from '../../styles';
import type { Choice } from './controls';
import { sendMove } from '../move-event';
import { btStyles } from './styles';
import type { CardView } from './types';
import './bt-card';

/**
 * The Market: three face-up Supplies cards on the Supplies Mat and the deck beside it. With a
 * Resupply action listed, a click on a card takes it.
 */
@customElement('bt-market')
export class BtMarket extends LitElement {
  static override styles = [
    shared,
    btStyles,
    css`
      .cards {
        display: grid;
        grid-template-columns: repeat(3, minmax(0, 1fr)) minmax(3.5rem, 0.7fr);
        gap: 0.5rem;
        align-items: stretch;
      }
      button.card-btn {
        display: block;
        padding: 0;
        border: none;
        background: none;
        min-height: 0;
        width: 100%;
        border-radius: 0.6rem;
        box-shadow: 0 0 0 2px var(--mp-accent);
      }
      button.card-btn:hover {
        background: none;
        transform: translateY(-3px);
      }
      .empty,
      .deck {
        border: 2px dashed var(--mp-border-strong);
        border-radius: 0.55rem;
        display: grid;
        place-items: center;
        min-height: 6.4rem;
        font-size: 0.8rem;
        text-align: center;
        color: var(--mp-muted);
        padding: 0.25rem;
      }
      .deck {
        border-style: solid;
        background: repeating-linear-gradient(45deg, var(--bt-rock) 0 6px, var(--bt-rock-dark) 6px 12px);
        color: #fff;
        font-weight: 700;
        text-shadow: 0 1px 2px #000;
      }
      .extra {
        display: grid;
        gap: 0.25rem;
        margin-top: 0.25rem;
      }
    `,
  ];

  @property({ attribute: false }) market: (CardView | null)[] = [];
  /** Market slot -> listed Resupply moves. */
  @property({ attribute: false }) resupply: Map<number, Choice[]> = new Map();
  @property({ attribute: false }) suppliesCount = 0;

  override render() {
    return html`<h3>Market</h3>
      ${this.resupply.size ? html`<p class="muted">Resupply: choose the card you take.</p>` : nothing}
      <div class="cards">
        ${this.market.map((card, slot) => {
          const choices = this.resupply.get(slot) ?? [];
          if (!card) return html`<div class="empty" data-market-slot=${slot} data-mark="market-${slot}" data-mark-value="">Empty</div>`;
          return html`<div data-market-slot=${slot} data-mark="market-${slot}" data-mark-value=${card.id}>
            ${
              choices.length === 1
                ? html`<button class="card-btn" aria-label=${choices[0].move.label} title=${choices[0].move.label} @click=${() => sendMove(this, choices[0].move)}>
                  <bt-card .card=${card}></bt-card>
                </button>`
                : html`<bt-card .card=${card}></bt-card>`
            }
            ${
              choices.length > 1
                ? html`<div class="extra">
                  ${choices.map((ch) => html`<button class="primary" title=${ch.move.label} @click=${() => sendMove(this, ch.move)}>${ch.move.label}</button>`)}
                </div>`
                : nothing
            }
          </div>`;
        })}
        <div class="deck" title="Supplies deck">${this.suppliesCount}<br />in deck</div>
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bt-market': BtMarket;
  }
}
