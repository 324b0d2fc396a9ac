import { LitElement, css, html } from 'lit';
import { seatColor } from '../seat-colours';
import { customElement, property } from 'lit/decorators.js';
import { timeAgo } from '../format';
import { logLineTemplate } from '../log-text';
import { newestFirst } from '../game-page/log-lines';
import { shared } from '../styles';
import type { LogEntry, SeatInfo } from '../api-types';

/**
 * The game's log as this player may read it, newest first throughout (a move's own lines too),
 * players named; undone moves stay, struck through; a "You left off here" line after the last
 * entry the player had seen (`leftOffAt`, a version).
 */
@customElement('mp-game-log')
export class MpGameLog extends LitElement {
  static override styles = [
    shared,
    css`
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
      }
      .scroll {
        max-height: 18rem;
        overflow-y: auto;
      }
      li {
        display: flex;
        gap: 0.5rem;
        padding: 0.3rem 0;
        border-bottom: 1px solid var(--mp-border);
      }
      li:last-child {
        border-bottom: none;
      }
      .text {
        flex: 1;
        min-width: 0;
        overflow-wrap: anywhere;
      }
      .seat {
        flex: none;
        width: 0.6rem;
        height: 0.6rem;
        margin-top: 0.45rem;
        border-radius: 50%;
      }
      li.undone .text {
        text-decoration: line-through;
        color: var(--mp-muted);
      }
      li.left-off {
        display: block;
        text-align: center;
        font-size: 0.8rem;
        font-weight: 600;
        color: var(--mp-accent-text);
        border-bottom: 2px solid var(--mp-accent);
      }
      time {
        flex: none;
        font-size: 0.8rem;
        color: var(--mp-muted);
        white-space: nowrap;
      }
    `,
  ];

  @property({ attribute: false }) entries: LogEntry[] = [];
  /** Names for the engines' `{{p:N}}` markers. */
  @property({ attribute: false }) seats: SeatInfo[] = [];
  /** The version the player last looked at: the divider goes below the entries after it. */
  @property({ attribute: false }) leftOffAt: number | null = null;

  /** The line with each `{{p:N}}` marker as the player's display name, in bold, after the seat's colour chip. */
  private named(text: string, actor: number | null) {
    return logLineTemplate(text, this.seats, actor);
  }

  override render() {
    if (this.entries.length === 0) return html`<p class="muted">Nothing has happened yet.</p>`;
    const ordered = newestFirst(this.entries);
    const cut = this.leftOffAt;
    // The divider sits under the oldest entry newer than what the player saw, when older ones follow.
    const divideAfter = cut === null ? -1 : ordered.findIndex((e, i) => e.seq > cut && (ordered[i + 1]?.seq ?? cut) <= cut);
    // The scrolling box is a keyboard stop (tabindex) and a named log region; the list inside keeps list semantics.
    return html`<div class="scroll" role="log" aria-label="Game log" tabindex="0"><ol>
      ${ordered.map(
        (e, i) => html`<li class=${e.undone ? 'undone' : ''}>
          <span
            class="seat"
            style=${e.seat === null ? 'background: transparent' : `background: ${seatColor(Number(e.seat))}`}
          ></span>
          <span class="text">${this.named(e.text, e.seat)}${e.undone ? html`<span class="visually-hidden"> (taken back)</span>` : ''}</span>
          <time datetime=${e.at} title=${e.at}>${timeAgo(e.at)}</time>
        </li>
        ${i === divideAfter && i < ordered.length - 1 ? html`<li class="left-off">You left off here</li>` : ''}`,
      )}
    </ol></div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-game-log': MpGameLog;
  }
}
