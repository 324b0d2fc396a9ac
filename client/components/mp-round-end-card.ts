import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { logLineTemplate } from '../log-text';
import { shared } from '../styles';
import type { LogEntry, SeatInfo } from '../api-types';

/** Fired (bubbling, composed) when the player hides the card. */
export const ROUND_END_HIDE_EVENT = 'mp-round-end-hide';

/**
 * What the last round or phase end did, in one short card above the board ("Round 3 is over.
 * Weather: Rain. Work Rate 3 -> 2. Stock Yard restocked. Event: ..."): the game's `phase` log
 * line, players named. "Hide" puts it away until the next one. On a phone it shows one line and
 * "More" for the rest: the whole line took up to ten lines there, and pushed the step's controls
 * below the first screen for a whole round.
 */
@customElement('mp-round-end-card')
export class MpRoundEndCard extends LitElement {
  static override styles = [
    shared,
    css`
      /* section.card: the shared .card's padding would win over a plain "section". */
      section.card {
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
      .more {
        display: none;
      }
      /* A phone: one line ("Round 3 is over: the…" More Hide) until the player asks for the rest. */
      @media (max-width: 49.99rem) {
        section.card {
          padding: 0.2rem 0.5rem;
          margin-bottom: 0.5rem;
          gap: 0.35rem;
        }
        .more {
          display: inline-flex;
        }
        p:not(.shown) {
          display: -webkit-box;
          -webkit-box-orient: vertical;
          -webkit-line-clamp: 1;
          overflow: hidden;
        }
        .label:not(.shown) {
          position: absolute;
          width: 1px;
          height: 1px;
          overflow: hidden;
          clip: rect(0 0 0 0);
          white-space: nowrap;
        }
      }
    `,
  ];

  @property({ attribute: false }) entry: LogEntry | null = null;
  @property({ attribute: false }) seats: SeatInfo[] = [];
  /** The player asked for the rest of the line (narrow screens only hide it). */
  @state() private more = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A new line starts folded again.
    if (changed.has('entry') && changed.get('entry')?.seq !== this.entry?.seq) this.more = false;
  }

  override render() {
    if (!this.entry) return nothing;
    return html`<section class="card" aria-label="Round end">
      <p id="line" class=${this.more ? 'shown' : ''}>
        <b class="label ${this.more ? 'shown' : ''}">Round end:</b> ${logLineTemplate(this.entry.text, this.seats)}
      </p>
      <button type="button" class="more" aria-expanded=${String(this.more)} aria-controls="line" @click=${() => (this.more = !this.more)}>
        ${this.more ? 'Less' : 'More'}
      </button>
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
