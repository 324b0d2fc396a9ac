import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { timeAgo } from '../format';
import { shared } from '../styles';
import type { LogEntry } from '../types';

/** The game's log, newest entry first, as this player may read it. */
@customElement('mp-game-log')
export class MpGameLog extends LitElement {
  static override styles = [
    shared,
    css`
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
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
      time {
        flex: none;
        font-size: 0.8rem;
        color: var(--mp-muted);
        white-space: nowrap;
      }
    `,
  ];

  @property({ attribute: false }) entries: LogEntry[] = [];

  override render() {
    if (this.entries.length === 0) return html`<p class="muted">Nothing has happened yet.</p>`;
    const newestFirst = [...this.entries].sort((a, b) => b.seq - a.seq);
    return html`<ol aria-label="Game log">
      ${newestFirst.map(
        (e) => html`<li>
          <span
            class="seat"
            style=${e.seat === null ? 'background: transparent' : `background: var(--mp-seat-${Number(e.seat)}, var(--mp-muted))`}
          ></span>
          <span class="text">${e.text}</span>
          <time datetime=${e.at} title=${e.at}>${timeAgo(e.at)}</time>
        </li>`,
      )}
    </ol>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-game-log': MpGameLog;
  }
}
