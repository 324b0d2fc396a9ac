import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { WEATHER_NAMES } from '../../../engine/games/snowdonia/words';
import { choiceFor, type Choice } from './controls';
import { weatherIcon } from './pieces';
import { shared } from '../../styles';
import { snStyles } from './styles';
import type { SnowdoniaView } from './types';
import './sn-contract';

/**
 * The Site Office: the face-up Contract cards on spaces 1 to 3, the Contract deck (its size and
 * the weather on its top card's back, the only public things about it) and the discard pile. At
 * your Site Office action the cards you may take carry a Take button (the prompt says so).
 */
@customElement('sn-site-office')
export class SnSiteOffice extends LitElement {
  static override styles = [
    shared,
    snStyles,
    css`
      .cards {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr));
        gap: 0.4rem;
      }
      .empty {
        border: 1px dashed var(--mp-border-strong);
        border-radius: 0.5rem;
        display: grid;
        place-items: center;
        min-height: 4rem;
        font-size: 0.8rem;
        color: var(--mp-muted);
      }
      .deck {
        display: flex;
        flex-wrap: wrap;
        gap: 0.3rem 0.9rem;
        align-items: center;
        font-size: 0.85rem;
        margin-top: 0.4rem;
      }
      .deck span {
        display: inline-flex;
        align-items: center;
        gap: 0.25rem;
      }
    `,
  ];

  @property({ attribute: false }) office: SnowdoniaView['siteOffice'] = [];
  @property({ attribute: false }) deck: SnowdoniaView['contractDeck'] | null = null;
  @property({ attribute: false }) discard: SnowdoniaView['contractDiscard'] | null = null;
  @property({ attribute: false }) choices: Choice<number>[] = [];

  override render() {
    // How to take a card is said once, in the prompt right above: a second line here put Take
    // below the first screen of a phone.
    return html`<section class="panel" aria-label="Site Office">
      <h3>Site Office</h3>
      <div class="cards">
        ${(this.office ?? []).map((k, i) =>
          k
            ? html`<sn-contract .contract=${k} .action=${choiceFor(this.choices, k.id)} actionText="Take"></sn-contract>`
            : html`<div class="empty">Space ${i + 1}: empty</div>`,
        )}
      </div>
      <div class="deck">
        ${
          this.deck
            ? html`<span>Deck: <strong>${this.deck.count}</strong> cards</span>
              <span title="The weather on the back of the top card">Top card's back: ${weatherIcon(this.deck.topWeather, 18)}
                ${this.deck.topWeather ? WEATHER_NAMES[this.deck.topWeather] : 'none'}</span>`
            : nothing
        }
        ${this.discard ? html`<span>Discarded: ${this.discard.count}</span>` : nothing}
      </div>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sn-site-office': SnSiteOffice;
  }
}
