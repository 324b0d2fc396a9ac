import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { ApiError } from '../api';
import { shared } from '../styles';
import { STATUS_TEXT, timeAgo } from '../format';
import { awayText, clockOf } from '../clocks';
import { deviceTimeZone } from '../time';
import { listNames, seatName } from '../names';
import type { GameSummary, Me } from '../api-types';
import './mp-game-cards';
import './mp-seat-clock';
import './mp-archive';

/**
 * "My games": every game you sit at in the server's order: the ones waiting for you on top (the
 * least time left first), then the others under way, then the finished ones with the winner and
 * the scores. A timed game shows your clock, and which other players are on vacation. Each row names the other players and
 * when the game was last played, so two games of one type are told apart. <mp-app> polls the list
 * (one poll for the whole session: it also counts the games waiting for you in the tab title and
 * on the app badge) and passes it here.
 */
@customElement('mp-game-list')
export class MpGameList extends LitElement {
  static override styles = [
    shared,
    css`
      .head {
        display: flex;
        flex-wrap: wrap;
        justify-content: space-between;
        align-items: center;
        gap: 0.5rem;
        margin-bottom: 1rem;
      }
      .head h1 {
        margin: 0;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 0.75rem;
      }
      li a {
        display: block;
        color: inherit;
        text-decoration: none;
        background: var(--mp-surface);
        border: 1px solid var(--mp-border);
        border-radius: 0.75rem;
        padding: 0.75rem 1rem;
      }
      li a:hover {
        background: var(--mp-surface-hover);
      }
      li.your-turn a {
        border-color: var(--mp-accent);
        box-shadow: inset 4px 0 0 var(--mp-accent);
      }
      .title {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem 0.5rem;
        align-items: baseline;
        font-weight: 600;
      }
      .meta {
        font-size: 0.9rem;
        color: var(--mp-muted);
        margin-top: 0.25rem;
      }
      .result {
        margin-top: 0.25rem;
        font-weight: 600;
      }
      .clock {
        margin-top: 0.25rem;
        font-size: 0.9rem;
      }
      .away {
        margin-top: 0.25rem;
        font-size: 0.9rem;
        color: var(--mp-muted);
      }
      .bots {
        margin-top: 1.5rem;
      }
      .bots h2 {
        font-size: 1.1rem;
      }
    `,
  ];

  @property({ attribute: false }) me: Me | null = null;
  /** The games, or undefined until the first poll answered. */
  @property({ attribute: false }) games: GameSummary[] | undefined = undefined;
  /** The last poll's failure, cleared by the next success. */
  @property({ attribute: false }) error: ApiError | null = null;
  private readonly timeZone = deviceTimeZone();

  /** "Bo won · 12 to 9" (scores in seat order, the winner's first). */
  private resultText(g: GameSummary): string | null {
    const r = g.result;
    if (g.status !== 'finished' || !r || !r.ranking.length) return null;
    const winner = r.ranking[0];
    const who = winner === g.yourSeat ? 'You won' : `${seatName(g.seats, winner)} won`;
    const scores = r.ranking.map((s) => r.scores[s]).filter((x) => x !== undefined);
    return `${who} · ${scores.join(' to ')}`;
  }

  private renderGame(g: GameSummary) {
    const opponents = g.seats
      .filter((s) => s.seat !== g.yourSeat)
      .sort((a, b) => a.seat - b.seat)
      .map((s) => seatName(g.seats, s.seat));
    const filled = g.seats.length;
    const result = this.resultText(g);
    const clock = g.status === 'active' && !g.resigned ? clockOf(g.clocks, g.yourSeat) : undefined;
    const away = g.status === 'active' ? g.away.filter((a) => a.seat !== g.yourSeat) : [];
    return html`<li class=${g.yourTurn ? 'your-turn' : ''}>
      <a href="/games/${encodeURIComponent(g.id)}">
        <div class="title">
          <span>${g.title}</span>
          ${g.yourTurn ? html`<span class="badge turn">Your turn</span>` : nothing}
          ${g.resigned ? html`<span class="badge" data-resigned>You resigned: the bot plays</span>` : nothing}
          <span class="badge">${STATUS_TEXT[g.status] ?? g.status}</span>
        </div>
        ${result ? html`<div class="result">${result}</div>` : nothing}
        ${clock ? html`<div class="clock" data-clock>Your clock: <mp-seat-clock .clock=${clock}></mp-seat-clock></div>` : nothing}
        ${away.map((a) => html`<div class="away" data-away>${seatName(g.seats, a.seat)} is ${awayText(a, this.timeZone)}</div>`)}
        <div class="meta">
          ${opponents.length ? `with ${listNames(opponents)}` : 'Nobody else yet'}
          ${g.status === 'open' ? ` · ${filled} of ${g.players} seats` : ''} · last played ${timeAgo(g.updatedAt)}
        </div>
      </a>
    </li>`;
  }

  override render() {
    const games = this.games;
    const err = this.error;
    return html`<div class="head">
        <h1>My games</h1>
        <a class="button primary" href="/new">New game</a>
      </div>
      ${err ? html`<p class="error" role="alert">${err.message}</p>` : nothing}
      ${
        !games
          ? err
            ? nothing
            : html`<p class="muted">Loading your games…</p>`
          : games.length === 0
            ? html`<div class="card"><p>No games yet.</p><p><a href="/new">Start a new game</a> and invite your friends, or play against a bot below.</p></div>`
            : html`<ul>
              ${games.map((g) => this.renderGame(g))}
            </ul>`
      }
      <section class="bots" aria-labelledby="bots-h">
        <h2 id="bots-h">Play against a bot now</h2>
        <mp-game-cards compact></mp-game-cards>
        <p class="muted">Or join someone in the <a href="/lobby">lobby</a>.</p>
      </section>
      <mp-archive .me=${this.me}></mp-archive>
      ${this.me ? html`<p><a href="/players/${encodeURIComponent(this.me.id)}">Your profile and friends</a></p>` : nothing}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-game-list': MpGameList;
  }
}
