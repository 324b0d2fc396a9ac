import { initialState, Task } from '@lit/task';
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import type { Leaderboard } from '../api-types';
import { playerLink } from '../player-link';
import { shared } from '../styles';

/** `/leaderboard/:type`: the top players of a game type by rating ordinal (after 5 rated games). */
@customElement('mp-leaderboard')
export class MpLeaderboard extends LitElement {
  static override styles = [
    shared,
    css`
      table {
        border-collapse: collapse;
        width: 100%;
      }
      th,
      td {
        text-align: left;
        padding: 0.35rem 0.5rem 0.35rem 0;
        border-bottom: 1px solid var(--mp-border);
      }
      td.num,
      th.num {
        text-align: right;
      }
    `,
  ];

  @property() gameType = '';

  /** The leaderboard of `gameType`, fetched again whenever it changes. */
  private board = new Task(this, {
    task: ([type]) => (type ? api<Leaderboard>('GET', `/api/leaderboard/${encodeURIComponent(type)}`) : initialState),
    args: () => [this.gameType],
  });

  override render() {
    return this.board.render({
      initial: () => html`<p class="muted">Loading…</p>`,
      pending: () => html`<p class="muted">Loading…</p>`,
      error: (err) => html`<h1>Leaderboard</h1><p class="error" role="alert">${messageOf(err)}</p>`,
      complete: (b) => this.renderBoard(b),
    });
  }

  private renderBoard(b: Leaderboard) {
    return html`<h1>${b.title}: leaderboard</h1>
      <p class="muted">OpenSkill ratings (the ordinal, mu − 3σ). A rating shows after 5 rated games; bots are never rated.</p>
      ${
        b.players.length
          ? html`<table>
            <thead><tr><th class="num">#</th><th>Player</th><th class="num">Rating</th><th class="num">Games</th></tr></thead>
            <tbody>
              ${b.players.map(
                (p) =>
                  html`<tr><td class="num">${p.rank}</td><td>${playerLink(p.name, p.id)}</td><td class="num">${p.ordinal.toFixed(1)}</td><td class="num">${p.games}</td></tr>`,
              )}
            </tbody>
          </table>`
          : html`<p>Nobody has played 5 rated games of ${b.title} yet.</p>`
      }
      ${nothing}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-leaderboard': MpLeaderboard;
  }
}
