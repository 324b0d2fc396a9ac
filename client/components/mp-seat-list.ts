import { LitElement, css, html, nothing } from 'lit';
import { seatColor } from '../seat-colours';
import { customElement, property } from 'lit/decorators.js';
import { shared } from '../styles';
import { seatName } from '../names';
import { playerLink } from '../player-link';
import { seatTaken } from '../table';
import type { SeatInfo } from '../api-types';
import { awayText, clockOf, type AwaySeat, type SeatClock } from '../clocks';
import { deviceTimeZone } from '../time';
import './mp-seat-clock';

/**
 * The seats around the table: each player's name and colour, who you are, bots, who must act,
 * whose things changed since the player last looked (`changedSeats`, class `changed`), each seat's
 * clock in a timed game (counting down while it runs, or what stops it) and who is on vacation.
 */
@customElement('mp-seat-list')
export class MpSeatList extends LitElement {
  static override styles = [
    shared,
    css`
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
      }
      :host {
        display: block;
        min-width: 0;
      }
      li {
        display: inline-flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.2rem 0.4rem;
        padding: 0.3rem 0.7rem;
        border: 1px solid var(--mp-border);
        border-radius: 1.1rem;
        background: var(--mp-surface);
        max-width: 100%;
        min-width: 0;
        box-sizing: border-box;
      }
      li.active {
        border-color: var(--mp-accent);
        box-shadow: 0 0 0 2px var(--mp-accent);
        font-weight: 600;
      }
      li.changed {
        background: var(--mp-notice-bg);
        border-color: var(--mp-notice-border);
      }
      li.empty {
        border-style: dashed;
        color: var(--mp-muted);
      }
      .dot {
        flex: none;
        width: 0.8rem;
        height: 0.8rem;
        border-radius: 50%;
        border: 1px solid var(--mp-border-strong);
      }
      .name {
        min-width: 0;
        max-width: 100%;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .tag {
        font-size: 0.75rem;
        color: var(--mp-muted);
        font-weight: 400;
      }
      .clock {
        font-size: 0.85rem;
        font-weight: 400;
      }
      .away {
        font-size: 0.8rem;
        font-weight: 400;
        border: 1px solid var(--mp-notice-border);
        background: var(--mp-notice-bg);
        border-radius: 999px;
        padding: 0 0.4rem;
        white-space: normal;
      }
    `,
  ];

  @property({ type: Number }) players = 0;
  @property({ attribute: false }) seats: SeatInfo[] = [];
  @property({ attribute: false }) activeSeats: number[] = [];
  @property({ attribute: false }) yourSeat: number | null = null;
  /** Seats whose board quantities changed since the player last looked. */
  @property({ attribute: false }) changedSeats: number[] = [];
  /** Each seat's clock (empty without a time control). */
  @property({ attribute: false }) clocks: SeatClock[] = [];
  /** Seats whose player is on vacation now. */
  @property({ attribute: false }) away: AwaySeat[] = [];
  private readonly timeZone = deviceTimeZone();

  override render() {
    const count = Math.max(this.players, ...this.seats.map((s) => s.seat + 1), 0);
    const bySeat = new Map(this.seats.map((s) => [s.seat, s]));
    return html`<ol aria-label="Seats">
      ${Array.from({ length: count }, (_, i) => {
        const s = bySeat.get(i);
        const taken = seatTaken(s);
        const active = this.activeSeats.includes(i);
        const name = taken ? seatName(this.seats, i) : 'Open seat';
        const changed = this.changedSeats.includes(i);
        const clock = s?.isBot ? undefined : clockOf(this.clocks, i);
        const away = this.away.find((a) => a.seat === i);
        return html`<li class=${[active ? 'active' : '', taken ? '' : 'empty', changed ? 'changed' : ''].join(' ')} aria-current=${active ? 'true' : nothing}>
          <span class="dot" style="background: ${seatColor(i)}"></span>
          <span class="name">${taken ? playerLink(name, s?.userId) : name}</span>
          ${i === this.yourSeat ? html`<span class="tag">(you)</span>` : nothing}
          ${s?.isBot && !/\bbot\b/i.test(name) ? html`<span class="tag">(bot)</span>` : nothing}
          ${active ? html`<span class="tag">to play</span>` : nothing}
          ${changed ? html`<span class="tag">changed</span>` : nothing}
          ${clock ? html`<mp-seat-clock class="clock" .clock=${clock}></mp-seat-clock>` : nothing}
          ${away ? html`<span class="away" data-away>${awayText(away, this.timeZone)}</span>` : nothing}
        </li>`;
      })}
    </ol>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-seat-list': MpSeatList;
  }
}
