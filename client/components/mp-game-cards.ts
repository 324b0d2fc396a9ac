import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api } from '../api';
import type { GameType, Rules } from '../api-types';
import { manifestFor } from '../games/list';
import { botGamePath } from '../router';
import { shared } from '../styles';

/**
 * The games this server offers, each with a picture of its board, its goal in a sentence (from
 * its How to play summary) and "Play against a bot": a link to `/play/<type>`, which creates a
 * 2-player game with the bot and opens it (signed out, after sign-in). `compact` leaves out the
 * pictures and goals ("My games").
 */
@customElement('mp-game-cards')
export class MpGameCards extends LitElement {
  static override styles = [
    shared,
    css`
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr));
        gap: 0.9rem;
      }
      li {
        display: flex;
        flex-direction: column;
        gap: 0.5rem;
        background: var(--mp-surface);
        border: 1px solid var(--mp-border);
        border-radius: 0.75rem;
        padding: 0.75rem;
      }
      img {
        width: 100%;
        aspect-ratio: 36 / 26;
        object-fit: cover;
        object-position: top;
        border-radius: 0.5rem;
        border: 1px solid var(--mp-border);
        background: var(--mp-surface-hover);
      }
      h3 {
        margin: 0;
        font-size: 1.05rem;
      }
      p {
        margin: 0;
        font-size: 0.92rem;
      }
      .players {
        color: var(--mp-muted);
        font-size: 0.85rem;
      }
      .go {
        margin-top: auto;
      }
      :host([compact]) ul {
        grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
        gap: 0.5rem;
      }
      :host([compact]) li {
        flex-direction: row;
        align-items: center;
        justify-content: space-between;
        padding: 0.5rem 0.75rem;
      }
      :host([compact]) .go {
        flex: none;
        margin-top: 0;
        white-space: nowrap;
      }
    `,
  ];

  @property({ type: Boolean, reflect: true }) compact = false;
  @state() private types: GameType[] | null = null;
  @state() private goals: Record<string, string> = {};

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private async load(): Promise<void> {
    try {
      const all = await api<GameType[]>('GET', '/api/game-types');
      // Only the games with a board here (a test server also offers a fixture without one).
      this.types = all.filter((t) => manifestFor(t.id));
    } catch {
      this.types = [];
      return;
    }
    if (this.compact) return;
    for (const t of this.types) {
      api<Rules>('GET', `/api/game-types/${encodeURIComponent(t.id)}/rules`).then(
        (r) => (this.goals = { ...this.goals, [t.id]: r.summary.goal }),
        () => {},
      );
    }
  }

  override render() {
    if (!this.types) return html`<p class="muted">Loading the games…</p>`;
    return html`<ul>
      ${this.types.map(
        (t) => html`<li>
          ${this.compact ? nothing : html`<img src=${manifestFor(t.id)?.picture ?? ''} alt="The ${t.title} board during a game" loading="lazy" width="360" height="260" />`}
          <div>
            <h3>${t.title}</h3>
            ${this.compact ? nothing : html`<p class="players">${t.minPlayers} to ${t.maxPlayers} players</p>`}
          </div>
          ${this.compact ? nothing : html`<p>${this.goals[t.id] ?? ''}</p>`}
          <a class="button primary go" href=${botGamePath(t.id)} aria-label="Play ${t.title} against a bot now">${this.compact ? 'Play' : 'Play against a bot'}</a>
        </li>`,
      )}
    </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-game-cards': MpGameCards;
  }
}
