import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { logLineTemplate } from '../log-text';
import { shared } from '../styles';
import type { LogEntry, SeatInfo } from '../api-types';

/** Fired (bubbling, composed) when the player hides the card. */
export const ROUND_END_HIDE_EVENT = 'mp-round-end-hide';

/**
 * What the last round or phase end did, in one short card above the board ("Round 3 is over.
 * Weather: Rain. Work Rate 3 -> 2. Stock Yard restocked. Event: ..."): the game's `phase` log
 * line, players named. "Hide" puts it away until the next one.
 */
@customElement('mp-round-end-card')
export class MpRoundEndCard extends LitElement {
  static override styles = [
    shared,
    css`
      section {
        display: flex;
        align-items: center;
        gap: 0.5rem;
        padding: 0.4rem 0.75rem;
        margin-bottom: 0.75rem;
        border-left: 4px solid var(--mp-accent);
      }
      p {
        flex: 1;
        min-width: 0;
        margin: 0;
      }
      button {
        min-height: 2rem;
        padding: 0.1rem 0.6rem;
      }
    `,
  ];

  @property({ attribute: false }) entry: LogEntry | null = null;
  @property({ attribute: false }) seats: SeatInfo[] = [];

  override render() {
    if (!this.entry) return nothing;
    return html`<section class="card" aria-label="Round end">
      <p><b>Round end:</b> ${logLineTemplate(this.entry.text, this.seats)}</p>
      <button type="button" @click=${() => this.dispatchEvent(new CustomEvent(ROUND_END_HIDE_EVENT, { bubbles: true, composed: true }))}>
        Hide
      </button>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-round-end-card': MpRoundEndCard;
  }
}
