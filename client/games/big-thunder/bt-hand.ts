import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { shared } from '../../styles';
import { cardClick, type BoardControls } from './controls';
import { sendMove } from '../move-event';
import { btStyles } from './styles';
import type { CardView } from './types';
import './bt-card';

/**
 * Your hand, face up to you only: a click on a card plays it (or discards it to a Claim Jumper,
 * or in the Draw step); under each card, Discard to Move and Discard when those are listed. A
 * Claim Jumper card you chose waits beside the hand, face down to everyone else, until every
 * player has chosen.
 */
@customElement('bt-hand')
export class BtHand extends LitElement {
  static override styles = [
    shared,
    btStyles,
    css`
      .cards {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(5.3rem, 1fr));
        gap: 0.5rem;
      }
      .chosen {
        display: grid;
        grid-template-columns: 5.3rem 1fr;
        gap: 0.5rem;
        align-items: center;
        margin-bottom: 0.5rem;
      }
      .slot {
        display: grid;
        gap: 0.25rem;
        align-content: start;
      }
      button.card-btn {
        display: block;
        padding: 0;
        border: none;
        background: none;
        min-height: 0;
        border-radius: 0.6rem;
        width: 100%;
        transition: transform 0.1s;
      }
      button.card-btn:hover:not(:disabled) {
        background: none;
        transform: translateY(-3px);
      }
      button.card-btn:not(:disabled) {
        box-shadow: 0 0 0 2px var(--mp-accent);
      }
      button.card-btn:disabled {
        opacity: 1;
        cursor: default;
      }
      .slot button.small {
        min-height: 2rem;
        padding: 0.15rem 0.3rem;
        font-size: 0.75rem;
        line-height: 1.1;
      }
      .prompt {
        font-weight: 600;
        color: var(--mp-accent-text);
      }
    `,
  ];

  @property({ attribute: false }) hand: CardView[] = [];
  @property({ attribute: false }) controls: BoardControls | null = null;
  @property({ attribute: false }) seat: number | null = null;
  @property({ attribute: false }) phase: 'play' | 'discard' | 'over' = 'play';
  /** Your Claim Jumper choice while others still choose (null otherwise). */
  @property({ attribute: false }) chosen: CardView | null = null;

  override render() {
    const c = this.controls;
    if (!c) return nothing;
    const jumper = c.claimJumper.size > 0;
    return html`<h3>Your hand <span class="muted">(${this.hand.length})</span></h3>
      ${jumper ? html`<p class="prompt">Claim Jumper: choose the card you discard.</p>` : nothing}
      ${
        this.chosen
          ? html`<div class="chosen" data-field="claim-jumper-chosen">
            <bt-card .card=${this.chosen} .seat=${this.seat}></bt-card>
            <p class="prompt">Claim Jumper: chosen, waiting for the others. Everyone's discard is shown once all have chosen.</p>
          </div>`
          : nothing
      }
      ${
        !jumper && this.phase === 'discard' && c.discard.size
          ? html`<p class="prompt">Choose a card to discard it, or keep the rest and end the turn.</p>`
          : nothing
      }
      ${!jumper && this.phase === 'play' && c.play.size ? html`<p class="muted">Choose a card to play it.</p>` : nothing}
      ${this.hand.length === 0 ? html`<p class="muted">No cards in hand.</p>` : nothing}
      <div class="cards">
        ${this.hand.map((card) => {
          const main = cardClick(c, card.id);
          const d2m = c.discardToMove.get(card.id);
          const discard = c.discard.get(card.id);
          return html`<div class="slot" data-hand-card=${card.id}>
            <button
              class="card-btn"
              ?disabled=${!main}
              aria-label=${main ? main.label : card.name}
              title=${main ? main.label : card.name}
              @click=${() => main && sendMove(this, main)}
            >
              <bt-card .card=${card} .seat=${this.seat}></bt-card>
            </button>
            ${
              d2m
                ? html`<button class="small" aria-label=${d2m.label} title=${d2m.label} @click=${() => sendMove(this, d2m)}>Discard to move</button>`
                : nothing
            }
            ${
              discard && discard !== main
                ? html`<button class="small" aria-label=${discard.label} title=${discard.label} @click=${() => sendMove(this, discard)}>${this.phase === 'play' ? 'Stop playing cards' : 'Discard'}</button>`
                : nothing
            }
          </div>`;
        })}
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bt-hand': BtHand;
  }
}
