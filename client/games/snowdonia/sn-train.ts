import { LitElement, css, html, nothing, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import '../../components/mp-tip';
import type { LegalMove } from '../../api-types';
import { sendMove } from '../move-event';
import { shared } from '../../styles';
import { snCardStyles, snStyles } from './styles';
import type { TrainView } from './types';

/**
 * A Train card: its name and ability, its price in Steel Bars, the Coal it costs to fetch the
 * Temporary Labourer from the Pub, and (in the Engine Shed) the Coal on the card that its buyer
 * takes. With `action` (a listed move) the card carries its Buy button.
 */
@customElement('sn-train')
export class SnTrain extends LitElement {
  static override styles = [
    shared,
    snStyles,
    snCardStyles,
    css`
      header {
        gap: 0.35rem;
        font-weight: 700;
        font-size: 0.85rem;
      }
      .costs {
        display: flex;
        flex-wrap: wrap;
        gap: 0.1rem 0.6rem;
        color: #6a604c;
      }
      .costs span {
        white-space: nowrap;
      }
    `,
  ];

  @property({ attribute: false }) train: TrainView | null = null;
  @property({ attribute: false }) action: LegalMove | null = null;
  /** Show the Coal on the card (Engine Shed). */
  @property({ type: Boolean }) inShed = false;

  override render() {
    const t = this.train;
    if (!t) return nothing;
    const lm = this.action;
    return html`<article class=${lm ? 'offer' : ''} data-train=${t.no} aria-label="Train ${t.name}">
      <header>
        <svg width="26" height="16" viewBox="0 0 26 16" aria-hidden="true">
          ${svg`<rect x="1" y="4" width="15" height="8" rx="2" fill="#3d5a3a"></rect>
            <rect x="14" y="1" width="8" height="11" rx="1.5" fill="#2c4029"></rect>
            <rect x="3" y="1" width="3" height="4" fill="#2c4029"></rect>
            <circle cx="6" cy="13" r="2.6" fill="#222"></circle><circle cx="17" cy="13" r="2.6" fill="#222"></circle>`}
        </svg>
        <span>${t.name}</span>
      </header>
      <span>${t.text}</span>
      <span class="costs">
        <mp-tip text="Price"><span class="cube steel"></span> ${t.cost} Steel</mp-tip>
        <mp-tip text="Coal to fetch the Temporary Labourer from the Pub"><span class="cube coal"></span> Pub ${t.pubCost}</mp-tip>
        ${this.inShed ? html`<mp-tip text="Coal on the card (the buyer takes it)"><span class="cube coal"></span> ${t.coal} on card</mp-tip>` : nothing}
      </span>
      ${
        lm
          ? html`<button class="primary" data-control="buy-train" aria-label=${lm.label} title=${lm.label} @click=${() => sendMove(this, lm)}>
            Buy
          </button>`
          : nothing
      }
    </article>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sn-train': SnTrain;
  }
}
