import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { seatName } from '../names';
import { collapsedLine, followLines } from '../game-page/since-follow';
import { changeText, changesBySeat, type ViewChange } from '../game-page/view-diff';
import { shared } from '../styles';
import type { LogEntry, SeatInfo } from '../api-types';

/** Fired when the player has read the card ("Got it": it collapses to one line). */
export const SINCE_DISMISS_EVENT = 'mp-since-dismiss';
/** Fired when the player asks to step through what happened on the board. */
export const SINCE_STEP_EVENT = 'mp-since-step';
/** Fired when the player opens the collapsed card again. */
export const SINCE_EXPAND_EVENT = 'mp-since-expand';

/**
 * "Since you last looked": what the other players did since this one last looked (the log's
 * lines after that version, oldest first, named, following the live game: new lines append, a
 * move taken back is struck through; client/game-page/since-follow.ts), and what changed on the
 * board (scores, cards, cubes: the difference between the last view this browser drew and the
 * first one of this visit). Drawn at the top of the game page when there is anything to say;
 * once read ("Got it") it is one line, which "Show" opens again. On a phone it opens as two lines
 * (how much happened, and the latest) with "More" for the whole card and "Step through" beside
 * it: the whole card above the board pushed the step's controls below the first screen of a
 * player coming back.
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
      .step {
        margin: 0.5rem 0 0;
      }
      li.undone {
        text-decoration: line-through;
        color: var(--mp-muted);
      }
      .collapsed {
        display: flex;
        align-items: center;
        gap: 0.5rem;
        padding: 0.35rem 0.75rem;
      }
      .brief {
        display: none;
        align-items: center;
        gap: 0.4rem;
      }
      .brief p {
        flex: 1;
        min-width: 0;
        margin: 0;
        display: -webkit-box;
        -webkit-box-orient: vertical;
        -webkit-line-clamp: 2;
        overflow: hidden;
      }
      /* With "Step through" too, the line takes the first row and the three buttons the second. */
      .brief.steps {
        flex-wrap: wrap;
      }
      .brief.steps p {
        flex-basis: 100%;
        -webkit-line-clamp: 1;
      }
      @media (max-width: 49.99rem) {
        section.card.unread:not(.open) {
          padding: 0.35rem 0.6rem;
        }
        section.unread:not(.open) .brief {
          display: flex;
        }
        section.unread:not(.open) .full {
          display: none;
        }
      }
      .collapsed p {
        flex: 1;
        min-width: 0;
        margin: 0;
        white-space: nowrap;
        overflow: hidden;
        text-overflow: ellipsis;
      }
    `,
  ];

  @property({ attribute: false }) entries: LogEntry[] = [];
  @property({ attribute: false }) changes: ViewChange[] = [];
  @property({ attribute: false }) seats: SeatInfo[] = [];
  @property({ attribute: false }) yourSeat: number | null = null;
  /** There are events to step through on the board. */
  @property({ type: Boolean }) canStep = false;
  /** Read: one line. */
  @property({ type: Boolean }) collapsed = false;
  /** On a phone: the player asked for the whole card. */
  @state() private open = false;

  private who(seat: number | null): string {
    if (seat === null) return 'The table';
    return seat === this.yourSeat ? `You (${seatName(this.seats, seat)})` : seatName(this.seats, seat);
  }

  private fire(name: string): void {
    this.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true }));
  }

  /** "Step through on the board"; `short`: its first words on screen (a phone's brief card), the whole name for readers. */
  private stepButton(short: boolean) {
    return html`<button class="close" type="button" @click=${() => this.fire(SINCE_STEP_EVENT)}>
      Step through${short ? html`<span class="visually-hidden"> on the board</span>` : ' on the board'}
    </button>`;
  }

  override render() {
    const { lines, earlier } = followLines(this.entries, this.seats);
    if (!lines.length && !this.changes.length) return nothing;
    if (this.collapsed) {
      return html`<section class="card collapsed" aria-label="Since you last looked">
        <p><b>Since you last looked:</b> ${collapsedLine(this.entries, this.seats)}</p>
        <button class="close" type="button" aria-expanded="false" @click=${() => this.fire(SINCE_EXPAND_EVENT)}>Show</button>
      </section>`;
    }
    return html`<section class="card unread ${this.open ? 'open' : ''}" aria-labelledby="since-title">
      <div class="brief ${this.canStep ? 'steps' : ''}">
        <p><b>Since you last looked:</b> ${lines.length ? collapsedLine(this.entries, this.seats) : 'the board changed.'}</p>
        ${this.canStep ? this.stepButton(true) : nothing}
        <button class="close" type="button" aria-expanded="false" @click=${() => (this.open = true)}>More</button>
        <button class="close" type="button" @click=${() => this.fire(SINCE_DISMISS_EVENT)}>Got it</button>
      </div>
      <div class="full">
      <div class="head">
        <h2 id="since-title">Since you last looked</h2>
        <button class="close" type="button" @click=${() => this.fire(SINCE_DISMISS_EVENT)}>Got it</button>
      </div>
      ${earlier ? html`<p class="muted">${earlier} earlier ${earlier === 1 ? 'line is' : 'lines are'} in the log.</p>` : nothing}
      ${
        lines.length
          ? html`<ol class="since-lines">
            ${lines.map(
              (l) =>
                html`<li class=${l.undone ? 'undone' : ''}>${l.text}${l.undone ? html`<span class="visually-hidden"> (taken back)</span>` : nothing}</li>`,
            )}
          </ol>`
          : nothing
      }
      ${
        this.changes.length
          ? html`<ul class="changes" aria-label="What changed on the board">
            ${changesBySeat(this.changes).map(
              (g) => html`<li><span class="who">${this.who(g.seat)}:</span> ${g.changes.map(changeText).join(', ')}</li>`,
            )}
          </ul>`
          : nothing
      }
      ${this.canStep ? html`<p class="step">${this.stepButton(false)}</p>` : nothing}
      </div>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-since-card': MpSinceCard;
  }
}
