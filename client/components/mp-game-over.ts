import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { seatName } from '../names';
import { playerLink } from '../player-link';
import { shared } from '../styles';
import { recordFileName } from '../table';
import type { GameMeta, GameResult } from '../api-types';

/** Fired when a player presses "Play again" (the page creates the rematch). */
export const REMATCH_EVENT = 'mp-rematch';

/**
 * A finished game's result and what comes after: the ranking with scores, the record to download
 * and verify, and "Play again" for its players (a watcher gets the rematch's link once there is one).
 */
@customElement('mp-game-over')
export class MpGameOver extends LitElement {
  static override styles = [
    shared,
    css`
      table {
        border-collapse: collapse;
      }
      th,
      td {
        text-align: left;
        padding: 0.2rem 0.75rem 0.2rem 0;
      }
      .row {
        margin-top: 0.75rem;
      }
    `,
  ];

  @property({ attribute: false }) meta: GameMeta | null = null;
  @property({ attribute: false }) result: GameResult | null = null;
  /** Whether the game is over (the record and rematch show only then). */
  @property({ type: Boolean }) over = false;
  @property({ attribute: false }) yourSeat: number | null = null;
  @property({ type: Boolean }) busy = false;

  private renderResult(meta: GameMeta, result: GameResult) {
    return html`<table>
      <thead>
        <tr><th>Place</th><th>Player</th><th>Score</th></tr>
      </thead>
      <tbody>
        ${result.ranking.map(
          (seat, i) =>
            html`<tr><td>${i + 1}</td><td>${playerLink(seatName(meta.seats, seat), meta.seats.find((s) => s.seat === seat)?.userId)}</td><td>${result.scores[seat] ?? ''}</td></tr>`,
        )}
      </tbody>
    </table>`;
  }

  override render() {
    const meta = this.meta;
    if (!meta) return nothing;
    const base = `/api/games/${encodeURIComponent(meta.id)}`;
    return html`${this.result ? this.renderResult(meta, this.result) : nothing}
    ${
      this.over
        ? html`<div class="over-actions row">
          <a class="button" href="${base}/record" download=${recordFileName(meta.id)}>Download record</a>
          <a class="button" href="/verify?game=${encodeURIComponent(meta.id)}">Verify this game</a>
          ${
            this.yourSeat !== null
              ? html`<button
                class="primary"
                ?disabled=${this.busy}
                @click=${() => this.dispatchEvent(new CustomEvent(REMATCH_EVENT, { bubbles: true, composed: true }))}
              >
                Play again
              </button>`
              : meta.rematchId
                ? html`<a class="button" href="/games/${encodeURIComponent(meta.rematchId)}">See the rematch</a>`
                : nothing
          }
        </div>`
        : nothing
    }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-game-over': MpGameOver;
  }
}
