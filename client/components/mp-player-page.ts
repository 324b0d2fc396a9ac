import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import type { Answer, Me, PlayerProfile } from '../api-types';
import { ratingText, reliabilityText } from '../player-link';
import { shared } from '../styles';
import type { MpConfirmDialog } from './mp-confirm-dialog';
import type { MpReportDialog } from './mp-report-dialog';
import './mp-confirm-dialog';
import './mp-report-dialog';
import './mp-friends-list';
import './mp-private-note';

const FRIEND_BUTTON: Record<PlayerProfile['friendship'] & string, string | null> = {
  none: 'Add friend',
  incoming: 'Accept friend request',
  requested: null,
  friends: null,
};

/**
 * A player's profile (`/players/:id`): reliability with the counts behind it, per game type
 * games finished and won and the median time to move, ratings (the ordinal after 5 rated games),
 * the head-to-head against the viewer; Add friend, Block and Report, and the viewer's private
 * note about them. On your own profile: your friends and the requests waiting on either side.
 */
@customElement('mp-player-page')
export class MpPlayerPage extends LitElement {
  static override styles = [
    shared,
    css`
      dl {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: 0.25rem 1rem;
        margin: 0;
      }
      dt {
        color: var(--mp-muted);
      }
      dd {
        margin: 0;
      }
      table {
        border-collapse: collapse;
        width: 100%;
      }
      th,
      td {
        text-align: left;
        padding: 0.3rem 0.5rem 0.3rem 0;
        border-bottom: 1px solid var(--mp-border);
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        margin: 0.75rem 0;
      }
      .scroll {
        overflow-x: auto;
      }
      @media (max-width: 30rem) {
        table {
          font-size: 0.85rem;
        }
      }
      .big {
        font-size: 1.6rem;
        font-weight: 700;
      }
    `,
  ];

  @property({ attribute: false }) me: Me | null = null;
  @property() playerId = '';
  @state() private profile: PlayerProfile | null = null;
  @state() private error: string | null = null;
  @state() private note: string | null = null;
  @state() private busy = false;
  @query('mp-confirm-dialog') private confirmDialog?: MpConfirmDialog;
  @query('mp-report-dialog') private reportDialog?: MpReportDialog;

  override updated(changed: Map<string, unknown>): void {
    if (changed.has('playerId') && this.playerId) void this.load();
  }

  private async load(): Promise<void> {
    this.error = null;
    try {
      this.profile = await api<PlayerProfile>('GET', `/api/players/${encodeURIComponent(this.playerId)}`);
    } catch (err) {
      this.profile = null;
      this.error = messageOf(err);
    }
  }

  private async befriend(): Promise<void> {
    this.busy = true;
    this.note = null;
    try {
      const r = await api<Answer<'befriend'>>('POST', '/api/me/friends', { body: { playerId: this.playerId } });
      this.note = r.status === 'friends' ? 'You are friends now.' : 'Friend request sent.';
      await this.load();
    } catch (err) {
      this.note = messageOf(err);
    } finally {
      this.busy = false;
    }
  }

  private async block(p: PlayerProfile): Promise<void> {
    const ok = await this.confirmDialog?.ask(
      `Block ${p.name}? They are not told. Their chat lines stop reaching you, and you no longer see each other's open tables.`,
      'Block',
    );
    if (!ok) return;
    try {
      await api('POST', '/api/me/blocks', { body: { playerId: p.id } });
      this.note = `You blocked ${p.name}. Settings lists the players you blocked.`;
    } catch (err) {
      this.note = messageOf(err);
    }
  }

  private renderActions(p: PlayerProfile) {
    if (!this.me || this.me.id === p.id) return nothing;
    const label = p.friendship ? FRIEND_BUTTON[p.friendship] : null;
    return html`<div class="actions">
        ${label ? html`<button class="primary" ?disabled=${this.busy} @click=${this.befriend}>${label}</button>` : nothing}
        ${p.friendship === 'friends' ? html`<span class="muted">Friends</span>` : nothing}
        ${p.friendship === 'requested' ? html`<span class="muted">Friend request sent: waiting on ${p.name}</span>` : nothing}
        <button type="button" @click=${() => this.block(p)}>Block</button>
        <button type="button" @click=${() => this.reportDialog?.open({ playerId: p.id, name: p.name })}>Report</button>
      </div>
      ${this.note ? html`<p role="status">${this.note}</p>` : nothing}`;
  }

  private renderRecord(p: PlayerProfile) {
    const r = p.reliability;
    return html`<section class="card" aria-labelledby="rel-h">
      <h2 id="rel-h">Reliability</h2>
      <p class="big" data-reliability>${r.share === null ? 'No timed games yet' : `${Math.round(r.share * 100)}%`}</p>
      <p class="muted">
        ${
          r.finished
            ? `Of the last ${r.finished} timed games that ended: ${Math.round((r.share ?? 0) * r.finished)} without a problem, ${r.timedOut} with the clock run out, ${r.resigned} resigned.`
            : 'Counts the last 50 timed games that ended: the share without the clock running out or resigning.'
        }
      </p>
    </section>`;
  }

  private renderGames(p: PlayerProfile) {
    const rating = (type: string) => p.ratings.find((r) => r.type === type);
    return html`<section class="card" aria-labelledby="games-h">
      <h2 id="games-h">Games</h2>
      ${
        p.stats.length
          ? html`<div class="scroll"><table>
            <thead><tr><th>Game</th><th>Finished</th><th>Won</th><th>Median move</th><th>Rating</th></tr></thead>
            <tbody>
              ${p.stats.map((s) => {
                const r = rating(s.type);
                return html`<tr>
                  <td><a href="/leaderboard/${encodeURIComponent(s.type)}">${s.title}</a></td>
                  <td>${s.finished}</td>
                  <td>${s.won}</td>
                  <td>${s.medianMoveHours === null ? '–' : `${s.medianMoveHours} h`}</td>
                  <td>${r ? (r.provisional ? html`provisional<br /><small class="muted">${r.games} of 5 games</small>` : r.ordinal?.toFixed(1)) : '–'}</td>
                </tr>`;
              })}
            </tbody>
          </table></div>`
          : html`<p class="muted">No games finished yet.</p>`
      }
    </section>`;
  }

  override render() {
    if (this.error) return html`<h1>Player</h1><p class="error" role="alert">${this.error}</p>`;
    const p = this.profile;
    if (!p) return html`<p class="muted">Loading…</p>`;
    const h2h = p.headToHead;
    const best = p.ratings.filter((r) => !r.provisional).sort((a, b) => (b.ordinal ?? 0) - (a.ordinal ?? 0))[0];
    return html`<h1>${p.name}</h1>
      <dl>
        <dt>Member since</dt>
        <dd>${new Date(p.memberSince).toLocaleDateString()}</dd>
        <dt>Record</dt>
        <dd>${reliabilityText(p.reliability.share)}, ${best ? ratingText(best.ordinal) : 'rating provisional'}</dd>
        ${
          h2h
            ? html`<dt>Against you</dt>
              <dd data-h2h>${h2h.games ? `${h2h.games} ${h2h.games === 1 ? 'game' : 'games'}: you placed ahead ${h2h.youAhead}, they did ${h2h.theyAhead}, even ${h2h.even}` : 'No games together yet'}</dd>`
            : nothing
        }
      </dl>
      ${this.renderActions(p)} ${this.renderRecord(p)} ${this.renderGames(p)}
      ${this.me && this.me.id !== p.id ? html`<mp-private-note .subject=${{ playerId: p.id }} label="Your private note about ${p.name}"></mp-private-note>` : nothing}
      ${this.me && this.me.id === p.id ? html`<mp-friends-list></mp-friends-list>` : nothing}
      <mp-confirm-dialog></mp-confirm-dialog><mp-report-dialog></mp-report-dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-player-page': MpPlayerPage;
  }
}
