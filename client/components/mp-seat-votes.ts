import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { GameMeta } from '../api-types';
import { clockOf, type SeatClock } from '../clocks';
import { sendClockAction } from '../game-page/clock-action';
import { seatName } from '../names';
import { shared } from '../styles';

type VoteKind = SeatClock['votesOpen'][number];

/**
 * The votes on seats whose time is running out, at a table of three or more humans (under the
 * seats, in mp-clock-actions, which says which seats are late): 24 more hours once, or the bot
 * plays for them now. Each button shows how many of the others voted so far.
 */
@customElement('mp-seat-votes')
export class MpSeatVotes extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
      }
      .late {
        margin-top: 0.5rem;
        padding: 0.4rem 0.5rem;
        border: 1px solid var(--mp-notice-border);
        background: var(--mp-notice-bg);
        border-radius: 0.5rem;
      }
      p {
        margin: 0 0 0.4rem;
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem;
        align-items: center;
        margin-top: 0.4rem;
      }
    `,
  ];

  @property({ attribute: false }) meta: GameMeta | null = null;
  /** The clocks as the last state answered them: which votes each seat has open. */
  @property({ attribute: false }) clocks: SeatClock[] = [];
  /** The late seats, in the order to show them. */
  @property({ attribute: false }) late: number[] = [];
  /** Humans at the table: a vote needs the others, all but the late one. */
  @property({ attribute: false }) humans = 0;
  @property({ attribute: false }) yourSeat: number | null = null;
  @property({ type: Boolean }) disabled = false;

  private renderSeat(m: GameMeta, seat: number) {
    const name = seatName(m.seats, seat);
    const voters = (kind: VoteKind) => m.votes.find((v) => v.seat === seat && v.kind === kind)?.voters ?? [];
    const open = clockOf(this.clocks, seat)?.votesOpen ?? [];
    const vote = (kind: VoteKind, label: string, done: string) => {
      const count = voters(kind).length;
      if (!open.includes(kind) && !count) return nothing;
      return html`<button
        type="button"
        ?disabled=${this.disabled || (this.yourSeat !== null && voters(kind).includes(this.yourSeat))}
        @click=${() => sendClockAction(this, { path: `seats/${seat}/votes`, body: { kind }, done })}
      >
        ${label}${count ? ` (${count} of ${this.humans - 1})` : ''}
      </button>`;
    };
    return html`<div class="late" data-late-seat=${seat}>
      <p>${name}'s time is running out. The others may decide together:</p>
      <div class="row">
        ${vote('extension', 'Give 24 hours more', `You voted to give ${name} 24 hours more.`)}
        ${vote('bot', 'Let the bot play now', `You voted to let the bot play for ${name}.`)}
      </div>
    </div>`;
  }

  override render() {
    const m = this.meta;
    return m ? this.late.map((seat) => this.renderSeat(m, seat)) : [];
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-seat-votes': MpSeatVotes;
  }
}
