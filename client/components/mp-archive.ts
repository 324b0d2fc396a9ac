import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import type { Archive, ArchivedGame, GameType, Me } from '../api-types';
import { timeAgo } from '../format';
import { playerLink } from '../player-link';
import { shared } from '../styles';

/**
 * The archive under My games (`GET /api/me/archive`): your ended games, newest first, a page at a
 * time ("More"), filtered by game type and by opponent. Tables you resigned from stay, marked.
 */
@customElement('mp-archive')
export class MpArchive extends LitElement {
  static override styles = [
    shared,
    css`
      ul {
        list-style: none;
        padding: 0;
        margin: 0;
        display: grid;
        gap: 0.5rem;
      }
      li {
        border: 1px solid var(--mp-border);
        border-radius: 0.5rem;
        padding: 0.5rem 0.75rem;
      }
      .filters {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        margin-bottom: 0.75rem;
      }
      .mark {
        font-weight: 600;
        color: var(--mp-muted);
      }
    `,
  ];

  @property({ attribute: false }) me: Me | null = null;
  @state() private games: ArchivedGame[] = [];
  @state() private next: number | null = null;
  @state() private types: GameType[] = [];
  @state() private type = '';
  @state() private opponent = '';
  @state() private error: string | null = null;
  @state() private loaded = false;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load(false);
    api<GameType[]>('GET', '/api/game-types').then(
      (t) => (this.types = t),
      () => {},
    );
  }

  private async load(more: boolean): Promise<void> {
    const q = new URLSearchParams();
    if (this.type) q.set('type', this.type);
    if (this.opponent) q.set('opponent', this.opponent);
    if (more && this.next !== null) q.set('before', String(this.next));
    try {
      const page = await api<Archive>('GET', `/api/me/archive?${q}`);
      this.games = more ? [...this.games, ...page.games] : page.games;
      this.next = page.next;
      this.loaded = true;
    } catch (err) {
      this.error = messageOf(err);
    }
  }

  /** Opponents met in the games shown so far, for the filter. */
  private opponents(): { id: string; name: string }[] {
    const seen = new Map<string, string>();
    for (const g of this.games) for (const s of g.seats) if (s.playerId && s.playerId !== this.me?.id) seen.set(s.playerId, s.name);
    return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }

  private renderGame(g: ArchivedGame) {
    const outcome = g.resigned ? 'You resigned' : g.timedOut ? 'Your clock ran out' : g.won ? 'You won' : `Place ${g.place + 1}`;
    return html`<li data-archived=${g.id}>
      <a href="/games/${encodeURIComponent(g.id)}"><strong>${g.title}</strong></a>
      <span class=${g.resigned || g.timedOut ? 'mark' : ''} data-outcome>${outcome}</span>
      ${g.status === 'abandoned' ? html`<span class="muted">(ended early)</span>` : nothing}
      <div class="muted">
        ${g.seats.map((s, i) => html`${i ? ', ' : ''}${playerLink(s.name, s.playerId)}`)} · ended ${timeAgo(g.endedAt)}${g.rated ? '' : ' · unrated'}
      </div>
    </li>`;
  }

  override render() {
    if (!this.me) return nothing;
    const opponents = this.opponents();
    return html`<section aria-labelledby="archive-h">
      <h2 id="archive-h">Archive</h2>
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      <div class="filters">
        <label>Game
          <select aria-label="Game type" @change=${(e: Event) => {
            this.type = (e.target as HTMLSelectElement).value;
            void this.load(false);
          }}>
            <option value="">All games</option>
            ${this.types.map((t) => html`<option value=${t.id} ?selected=${t.id === this.type}>${t.title}</option>`)}
          </select>
        </label>
        <label>Opponent
          <select aria-label="Opponent" @change=${(e: Event) => {
            this.opponent = (e.target as HTMLSelectElement).value;
            void this.load(false);
          }}>
            <option value="">Anyone</option>
            ${opponents.map((o) => html`<option value=${o.id} ?selected=${o.id === this.opponent}>${o.name}</option>`)}
          </select>
        </label>
      </div>
      ${
        this.loaded && this.games.length === 0
          ? html`<p class="muted">No ended games${this.type || this.opponent ? ' with these filters' : ' yet'}.</p>`
          : html`<ul>${this.games.map((g) => this.renderGame(g))}</ul>`
      }
      ${this.next !== null ? html`<p><button type="button" @click=${() => this.load(true)}>More</button></p>` : nothing}
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-archive': MpArchive;
  }
}
