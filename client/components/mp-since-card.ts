import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { seatName } from '../names';
import { sinceLines } from '../game-page/log-lines';
import { changeText, changesBySeat, type ViewChange } from '../game-page/view-diff';
import { shared } from '../styles';
import type { LogEntry, SeatInfo } from '../api-types';

/** Fired when the player closes the card. */
export const SINCE_DISMISS_EVENT = 'mp-since-dismiss';

/**
 * "Since you last looked": what the other players did while this one was away (the server's
 * `sinceLastSeen` log lines, oldest first, named), and what changed on the board (scores, cards,
 * cubes: the difference between the last view this browser drew and this one). Drawn at the top of
 * the game page when there is anything to say; closed with its button.
 */
@customElement('mp-since-card')
export class MpSinceCard extends LitElement {
  static override styles = [
    shared,
    css`
      section {
        border-left: 4px solid var(--mp-accent);
      }
      h2 {
        margin: 0;
      }
      .head {
        display: flex;
        align-items: baseline;
        justify-content: space-between;
        gap: 0.5rem;
      }
      ol {
        margin: 0.5rem 0 0;
        padding-left: 1.4rem;
      }
      li {
        overflow-wrap: anywhere;
      }
      .changes {
        margin: 0.5rem 0 0;
        padding: 0;
        list-style: none;
        display: grid;
        gap: 0.2rem;
      }
      .changes .who {
        font-weight: 600;
      }
      .close {
        min-height: 2rem;
        padding: 0.1rem 0.6rem;
      }
    `,
  ];

  @property({ attribute: false }) entries: LogEntry[] = [];
  @property({ attribute: false }) changes: ViewChange[] = [];
  @property({ attribute: false }) seats: SeatInfo[] = [];
  @property({ attribute: false }) yourSeat: number | null = null;

  private who(seat: number | null): string {
    if (seat === null) return 'The table';
    return seat === this.yourSeat ? `You (${seatName(this.seats, seat)})` : seatName(this.seats, seat);
  }

  override render() {
    const { lines, more } = sinceLines(this.entries, this.seats);
    if (!lines.length && !this.changes.length) return nothing;
    return html`<section class="card" aria-labelledby="since-title">
      <div class="head">
        <h2 id="since-title">Since you last looked</h2>
        <button class="close" type="button" @click=${() => this.dispatchEvent(new CustomEvent(SINCE_DISMISS_EVENT, { bubbles: true, composed: true }))}>
          Got it
        </button>
      </div>
      ${
        lines.length
          ? html`<ol class="since-lines">
            ${lines.map((l) => html`<li>${l}</li>`)}
          </ol>`
          : nothing
      }
      ${more ? html`<p class="muted">…and ${more} more in the log below.</p>` : nothing}
      ${
        this.changes.length
          ? html`<ul class="changes" aria-label="What changed on the board">
            ${changesBySeat(this.changes).map(
              (g) => html`<li><span class="who">${this.who(g.seat)}:</span> ${g.changes.map(changeText).join(', ')}</li>`,
            )}
          </ul>`
          : nothing
      }
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-since-card': MpSinceCard;
  }
}
