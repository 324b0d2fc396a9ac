import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { sendMove } from '../games/move-event';
import { shared } from '../styles';
import type { LegalMove } from '../api-types';

/** Fired (bubbling, composed) when the player presses Undo (detail `{ toTurnStart: false }`) or Restart turn (`true`). */
export const UNDO_EVENT = 'mp-undo';
/** Fired (bubbling, composed) when the player presses "Try again" after a refused move. */
export const RETRY_EVENT = 'mp-retry';

/** The detail of `UNDO_EVENT`. */
export interface UndoDetail {
  toTurnStart: boolean;
}

/**
 * The turn bar: one line saying what to do now ("Choose Go or Refuel", "Waiting for Bo",
 * "Bot is playing…") and the main controls: the moves tied to no spot on the board (Go, End turn,
 * Pass), Undo when the server says it can work, "Restart turn" when more than one step can be
 * taken back (else, on your turn, why Undo is not offered). After a move refused because the
 * game moved on it says what changed in one line, with "Try again" while that move is legal. It stays on screen: sticky at the top on a
 * wide screen, fixed to the bottom on a phone (the page leaves room below its content for it).
 * A notice (a refused stale move, offline) shows inside the bar, so a phone player sees it where
 * they are looking. Moves go out as the boards' `mp-move` event, Undo as `mp-undo`. Its children
 * (the table's pause, "Next game" after your move) show on a line of their own inside the bar.
 */
@customElement('mp-turn-bar')
export class MpTurnBar extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        position: sticky;
        top: 0;
        z-index: 20;
      }
      .bar {
        background: var(--mp-surface);
        border: 1px solid var(--mp-border-strong);
        border-radius: 0.75rem;
        padding: 0.5rem 0.75rem;
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.4rem 0.75rem;
        box-shadow: 0 2px 8px rgb(0 0 0 / 0.12);
      }
      .prompt {
        margin: 0;
        font-size: 1.1rem;
        font-weight: 600;
        flex: 1 1 12rem;
        min-width: 0;
      }
      .prompt.yours {
        color: var(--mp-accent-text);
      }
      .controls {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem;
      }
      ::slotted(*) {
        flex: 1 1 100%;
      }
      .undo-why {
        flex: 1 1 100%;
        margin: 0;
        font-size: 0.85rem;
      }
      .undo-short {
        flex: 1 1 100%;
        display: none;
        min-width: 0;
        font-size: 0.85rem;
      }
      .undo-short summary {
        list-style: none;
        cursor: pointer;
        min-height: 24px;
        display: flex;
        align-items: center;
      }
      .undo-short summary::-webkit-details-marker {
        display: none;
      }
      .undo-short .clip {
        min-width: 0;
        white-space: nowrap;
        overflow: hidden;
        text-overflow: ellipsis;
      }
      .undo-short[open] .clip {
        white-space: normal;
      }
      .refusal {
        flex: 1 1 100%;
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.4rem;
      }
      .refusal p {
        flex: 1 1 14rem;
        margin: 0;
      }
      .notice,
      .error {
        flex: 1 1 100%;
        margin: 0;
        padding: 0.3rem 0.5rem;
        font-size: 0.9rem;
      }
      .busy {
        display: inline-block;
        width: 0.8rem;
        height: 0.8rem;
        margin-left: 0.4rem;
        border: 2px solid currentColor;
        border-right-color: transparent;
        border-radius: 50%;
        animation: spin 0.9s linear infinite;
        vertical-align: -0.05rem;
      }
      @keyframes spin {
        to {
          transform: rotate(360deg);
        }
      }
      @media (prefers-reduced-motion: reduce) {
        .busy {
          animation: none;
        }
      }
      @media (max-width: 49.99rem) {
        :host {
          position: fixed;
          top: auto;
          left: 0;
          right: 0;
          bottom: 0;
        }
        .bar {
          border-radius: 0;
          border-width: 1px 0 0;
          padding: 0.5rem 0.75rem calc(0.5rem + env(safe-area-inset-bottom, 0px));
        }
        .prompt {
          font-size: 1rem;
        }
        /* Why Undo is not offered takes one line here (a tap opens the rest): the bar covers the board's foot. */
        .undo-why {
          display: none;
        }
        .undo-short {
          display: block;
        }
      }
    `,
  ];

  /** The sentence (turn-prompt.ts). */
  @property() prompt = '';
  /** The viewer must act: the sentence is drawn in the accent colour. */
  @property({ type: Boolean }) yours = false;
  /** A spinner after the sentence (a bot is moving, a move is on its way). */
  @property({ type: Boolean }) working = false;
  @property({ attribute: false }) moves: LegalMove[] = [];
  @property({ type: Boolean }) canUndo = false;
  /** How many steps "Restart turn" takes back (the state's `undoableSteps`); shown when more than 1. */
  @property({ type: Number }) undoableSteps = 0;
  /** Why Undo is not offered, players named (the state's `undoBlockedBy`); shown on your turn (the page passes it when you acted last). */
  @property({ attribute: false }) undoWhy: string | null = null;
  /** What changed when the last move was refused because the game moved on (client/game-page/refusal.ts). */
  @property({ attribute: false }) refusal: string | null = null;
  /** The refused move is still legal: "Try again" sends it. */
  @property({ type: Boolean }) canRetry = false;
  /** Offline, busy or a bot is moving: the buttons are shown but do nothing. */
  @property({ type: Boolean }) disabled = false;
  @property({ attribute: false }) notice: string | null = null;
  @property({ attribute: false }) error: string | null = null;

  private send(lm: LegalMove): void {
    sendMove(this, lm);
  }

  private undo(toTurnStart: boolean): void {
    this.dispatchEvent(new CustomEvent<UndoDetail>(UNDO_EVENT, { detail: { toTurnStart }, bubbles: true, composed: true }));
  }

  private renderRefusal() {
    if (!this.refusal) return nothing;
    return html`<div class="refusal notice" role="status">
      <p>${this.refusal}</p>
      ${
        this.canRetry
          ? html`<button type="button" ?disabled=${this.disabled} @click=${() => this.dispatchEvent(new CustomEvent(RETRY_EVENT, { bubbles: true, composed: true }))}>
            Try again
          </button>`
          : nothing
      }
    </div>`;
  }

  override render() {
    const restart = this.canUndo && this.undoableSteps > 1;
    return html`<div class="bar" role="region" aria-label="Turn">
      <!-- The sentence starts the text node: readers (and text queries) see no leading white space. -->
      <p class="prompt ${this.yours ? 'yours' : ''}" aria-live="polite">${this.prompt}${this.working ? html`<span class="busy" aria-hidden="true"></span>` : nothing}</p>
      ${
        this.moves.length || this.canUndo
          ? html`<div class="controls" id="turn-controls">
            ${this.moves.map(
              (lm) =>
                html`<button type="button" class="primary" data-control="move" ?disabled=${this.disabled} @click=${() => this.send(lm)}>${lm.label}</button>`,
            )}
            ${
              this.canUndo
                ? html`<button type="button" ?disabled=${this.disabled} @click=${() => this.undo(false)}>Undo my last move</button>`
                : nothing
            }
            ${
              restart
                ? html`<button
                  type="button"
                  title="Take back all ${this.undoableSteps} steps of this turn"
                  ?disabled=${this.disabled}
                  @click=${() => this.undo(true)}
                >
                  Restart turn (${this.undoableSteps} steps)
                </button>`
                : nothing
            }
          </div>`
          : nothing
      }
      ${
        !this.canUndo && this.yours && this.undoWhy
          ? html`<p class="undo-why muted">No Undo: ${this.undoWhy}</p>
            <details class="undo-short muted"><summary><span class="clip">No Undo: ${this.undoWhy}</span></summary></details>`
          : nothing
      }
      ${this.renderRefusal()}
      <slot></slot>
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      ${this.notice ? html`<p class="notice" role="status">${this.notice}</p>` : nothing}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-turn-bar': MpTurnBar;
  }
}
