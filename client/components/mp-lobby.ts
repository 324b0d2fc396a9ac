import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import { absoluteUrl, timeAgo } from '../format';
import type { Lobby, LobbyGame } from '../api-types';
import { PollController } from '../poll-controller';
import { navigate } from '../router';
import { shared } from '../styles';
import { shortDateTime } from '../time';
import { playerLink, ratingText, reliabilityText } from '../player-link';
import type { Me } from '../api-types';

/**
 * The lobby: public games waiting for players (Join in one click) and public games in progress
 * (Watch). Signed out, Join opens the invite page, which asks to sign in and comes back.
 */
@customElement('mp-lobby')
export class MpLobby extends LitElement {
  static override styles = [
    shared,
    css`
      section + section {
        margin-top: 1.5rem;
      }
      h2 {
        margin: 0 0 0.5rem;
        font-size: 1.2rem;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 0.6rem;
      }
      li {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.5rem 1rem;
        background: var(--mp-surface);
        border: 1px solid var(--mp-border);
        border-radius: 0.75rem;
        padding: 0.6rem 0.9rem;
      }
      .what {
        flex: 1 1 14rem;
        min-width: 0;
      }
      .title {
        font-weight: 600;
      }
      .meta {
        font-size: 0.9rem;
        color: var(--mp-muted);
        overflow-wrap: anywhere;
      }
      .away {
        color: var(--mp-text);
        font-style: italic;
      }
      .act {
        flex: none;
      }
    `,
  ];

  @property({ attribute: false }) me: Me | null = null;
  /** Show the "Lobby" heading (the lobby page), or leave it to the page around it. */
  @property({ type: Boolean }) heading = true;
  @state() private busy: string | null = null;
  @state() private error: string | null = null;

  private readonly poll = new PollController<Lobby>(this, { url: () => '/api/lobby', timing: { visibleMs: 20_000, hiddenMs: 120_000 } });

  private async join(g: LobbyGame): Promise<void> {
    const invite = g.inviteUrl ? new URL(absoluteUrl(g.inviteUrl, location.origin)).searchParams.get('invite') : null;
    if (!invite) return;
    if (!this.me) {
      // The invite page asks to sign in and brings the player back to join.
      navigate(`/games/${encodeURIComponent(g.id)}?invite=${encodeURIComponent(invite)}`);
      return;
    }
    this.busy = g.id;
    this.error = null;
    try {
      await api('POST', `/api/games/${encodeURIComponent(g.id)}/join`, { body: { invite } });
      navigate(`/games/${encodeURIComponent(g.id)}`);
    } catch (err) {
      this.error = messageOf(err);
      void this.poll.refresh();
    } finally {
      this.busy = null;
    }
  }

  private seatsText(g: LobbyGame): string {
    const names = g.seats.map((s) => s.name).join(', ');
    return `${names || 'Nobody yet'} · ${g.seats.length} of ${g.players} seats`;
  }

  /** The seated players, each name a link to their profile, with their reliability and rating. */
  /**
   * The players, each name a link to the profile; with `withRecord` each one's reliability and
   * rating, and each one on vacation marked "away until ..." (their clock stands still).
   */
  private seatsLinks(g: LobbyGame, withRecord: boolean) {
    if (!g.seats.length) return 'Nobody yet';
    return g.seats.map((s, i) => {
      const away = g.away.find((a) => a.seat === s.seat);
      return html`${i ? ', ' : ''}${playerLink(s.name, s.playerId)}${
        withRecord && s.playerId ? html` <span class="record">(${reliabilityText(s.reliability)}, ${ratingText(s.rating)})</span>` : nothing
      }${away ? html` <span class="away" data-away>(away until ${shortDateTime(away.until)})</span>` : nothing}`;
    });
  }

  private renderOpen(g: LobbyGame) {
    return html`<li data-game=${g.id}>
      <div class="what">
        <div class="title">${g.title}</div>
        <div class="meta">${this.seatsLinks(g, true)} · ${g.seats.length} of ${g.players} seats</div>
        ${g.timeControlText !== 'No clock' ? html`<div class="meta">${g.timeControlText}</div>` : nothing}
        ${g.optionsText.length ? html`<div class="meta">${g.optionsText.join(' · ')}</div>` : nothing}
      </div>
      <div class="act">
        ${
          g.youAreSeated
            ? html`<a class="button" href="/games/${encodeURIComponent(g.id)}">Open</a>`
            : html`<button class="primary" ?disabled=${this.busy !== null} @click=${() => this.join(g)} aria-label="Join ${g.title} (${this.seatsText(g)})">
              ${this.busy === g.id ? 'Joining…' : 'Join'}
            </button>`
        }
      </div>
    </li>`;
  }

  private renderLive(g: LobbyGame) {
    return html`<li data-game=${g.id}>
      <div class="what">
        <div class="title">${g.title}</div>
        <div class="meta">${this.seatsLinks(g, false)} · last move ${timeAgo(g.updatedAt)}</div>
      </div>
      <div class="act"><a class="button" href="/games/${encodeURIComponent(g.id)}" aria-label="Watch ${g.title}">${g.youAreSeated ? 'Open' : 'Watch'}</a></div>
    </li>`;
  }

  override render() {
    const data = this.poll.data;
    const err = this.poll.error;
    return html`${this.heading ? html`<h1>Lobby</h1>` : nothing}
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      ${err && !data ? html`<p class="error" role="alert">${err.message}</p>` : nothing}
      <section aria-labelledby="open-h">
        <h2 id="open-h">Open tables</h2>
        ${
          !data
            ? html`<p class="muted">Loading…</p>`
            : data.open.length
              ? html`<ul>${data.open.map((g) => this.renderOpen(g))}</ul>`
              : html`<p class="muted">No public game is waiting for players. <a href="/new">Create one</a>.</p>`
        }
      </section>
      <section aria-labelledby="live-h">
        <h2 id="live-h">Games in progress</h2>
        ${
          !data
            ? html`<p class="muted">Loading…</p>`
            : data.live.length
              ? html`<ul>${data.live.map((g) => this.renderLive(g))}</ul>`
              : html`<p class="muted">No public game is being played right now.</p>`
        }
      </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-lobby': MpLobby;
  }
}
