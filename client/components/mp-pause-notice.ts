import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { GameMeta } from '../api-types';
import { sendClockAction } from '../game-page/clock-action';
import { seatName } from '../names';
import { shared } from '../styles';
import { deadlineText, deviceTimeZone } from '../time';

/**
 * A pause of the whole table, in the turn bar where players look: the pause under way (until
 * when, and Resume), or a proposed one (Agree and Decline for the players who have not agreed,
 * "waiting for the others" for those who have). Draws nothing otherwise.
 */
@customElement('mp-pause-notice')
export class MpPauseNotice extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
      }
      p {
        margin: 0;
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.4rem 0.6rem;
        padding: 0.3rem 0.5rem;
        background: var(--mp-notice-bg);
        border: 1px solid var(--mp-notice-border);
        border-radius: 0.5rem;
        font-size: 0.95rem;
      }
      .buttons {
        display: inline-flex;
        gap: 0.4rem;
      }
    `,
  ];

  @property({ attribute: false }) meta: GameMeta | null = null;
  @property({ attribute: false }) yourSeat: number | null = null;
  @property({ type: Boolean }) disabled = false;
  private readonly timeZone = deviceTimeZone();

  private button(label: string, path: string, done: string, primary = false) {
    return html`<button type="button" class=${primary ? 'primary' : ''} ?disabled=${this.disabled} @click=${() => sendClockAction(this, { path, done })}>
      ${label}
    </button>`;
  }

  override render() {
    const m = this.meta;
    if (m?.status !== 'active') return nothing;
    const seated = this.yourSeat !== null;
    if (m.pause) {
      return html`<p role="status" data-pause>
        <span>Paused by agreement until ${deadlineText(m.pause.until, this.timeZone)}: no clock runs.</span>
        ${seated ? html`<span class="buttons">${this.button('Resume now', 'resume', 'The clocks run again.')}</span>` : nothing}
      </p>`;
    }
    const p = m.pauseProposal;
    if (!p) return nothing;
    const days = `${p.days} day${p.days === 1 ? '' : 's'}`;
    const who = p.by === this.yourSeat ? 'You proposed' : `${seatName(m.seats, p.by)} proposes`;
    const waiting = p.by === this.yourSeat || (this.yourSeat !== null && p.agreed.includes(this.yourSeat));
    return html`<p role="status" data-pause-proposal>
      <span>${who} pausing the game for ${days}${waiting ? '; waiting for the others to agree.' : '.'}</span>
      ${
        seated && !waiting
          ? html`<span class="buttons">
            ${this.button('Agree', 'pause/agree', 'You agreed to the pause.', true)} ${this.button('Decline', 'pause/decline', 'You turned the pause down.')}
          </span>`
          : nothing
      }
    </p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-pause-notice': MpPauseNotice;
  }
}
