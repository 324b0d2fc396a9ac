import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { GameMeta } from '../api-types';
import { clockOf, PAUSE_DAYS, type SeatClock } from '../clocks';
import { sendClockAction } from '../game-page/clock-action';
import { drawOnDemand } from '../on-demand';
import { shared } from '../styles';

/**
 * The game's clock under the seats: its time control in words (weekend pause, vacations), and for
 * a player of a running timed game "Propose a pause" (1-14 days; the others agree in the turn
 * bar) and, at a table of three or more humans, the votes on a seat whose time is running out:
 * 24 more hours once, or the bot plays for them now.
 */
@customElement('mp-clock-actions')
export class MpClockActions extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
        margin-top: 0.6rem;
      }
      p {
        margin: 0 0 0.4rem;
      }
      .rules {
        font-size: 0.9rem;
        color: var(--mp-muted);
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem;
        align-items: center;
        margin-top: 0.4rem;
      }
      select {
        width: auto;
      }
    `,
  ];

  @property({ attribute: false }) meta: GameMeta | null = null;
  /** The clocks as the last state answered them (fresher than the meta's). */
  @property({ attribute: false }) clocks: SeatClock[] = [];
  @property({ attribute: false }) yourSeat: number | null = null;
  @property({ type: Boolean }) disabled = false;
  @state() private days = 3;

  private rulesText(m: GameMeta): string {
    const extras = [m.weekendPause ? 'weekends paused' : null, m.allowVacation ? null : 'vacations do not stop the clock'].filter(Boolean);
    return `Time control: ${m.timeControlText}${extras.length ? ` (${extras.join('; ')})` : ''}.`;
  }

  private renderPause(m: GameMeta) {
    if (m.pause || m.pauseProposal) return nothing;
    return html`<div class="row">
      <label for="pause-days" class="visually-hidden">Days to pause</label>
      <select id="pause-days" @change=${(e: Event) => (this.days = Number((e.target as HTMLSelectElement).value))}>
        ${PAUSE_DAYS.map((d) => html`<option value=${d} ?selected=${d === this.days}>${d} day${d === 1 ? '' : 's'}</option>`)}
      </select>
      <button
        type="button"
        ?disabled=${this.disabled}
        @click=${() => sendClockAction(this, { path: 'pause', body: { days: this.days }, done: null })}
      >
        Propose a pause
      </button>
    </div>`;
  }

  /**
   * At a table of three or more humans, the votes on each late seat. Seldom shown: its own chunk
   * (mp-seat-votes.ts), loaded when a seat is late.
   */
  private renderVotes(m: GameMeta) {
    const humans = m.seats.filter((s) => !s.isBot && s.userId !== null).length;
    if (humans < 3) return nothing;
    // The server says which votes are open (a late seat: see the Clock schema's votesOpen).
    const late = m.activeSeats.filter((seat) => {
      if (seat === this.yourSeat || m.seats.find((s) => s.seat === seat)?.isBot) return false;
      return (clockOf(this.clocks, seat)?.votesOpen.length ?? 0) > 0 || m.votes.some((v) => v.seat === seat);
    });
    if (!late.length) return nothing;
    drawOnDemand('mp-seat-votes', () => import('./mp-seat-votes'));
    return html`<mp-seat-votes .meta=${m} .clocks=${this.clocks} .late=${late} .humans=${humans} .yourSeat=${this.yourSeat} ?disabled=${this.disabled}></mp-seat-votes>`;
  }

  override render() {
    const m = this.meta;
    if (!m || m.timeControl.kind === 'none') return nothing;
    const playing = m.status === 'active' && this.yourSeat !== null;
    return html`<p class="rules">${this.rulesText(m)}</p>
      ${playing ? this.renderPause(m) : nothing} ${playing ? this.renderVotes(m) : nothing}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-clock-actions': MpClockActions;
  }
}
