import { LitElement, css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import type { FriendsAnswer } from '../api-types';
import { playerLink } from '../player-link';
import { shared } from '../styles';

/**
 * Your friends and the friend requests on either side: who waits on you (Accept, Decline) and
 * whom you wait on (Withdraw). `GET/POST/DELETE /api/me/friends`.
 */
@customElement('mp-friends-list')
export class MpFriendsList extends LitElement {
  static override styles = [
    shared,
    css`
      ul {
        list-style: none;
        padding: 0;
        margin: 0;
      }
      li {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        align-items: center;
        padding: 0.3rem 0;
      }
    `,
  ];

  @state() private data: FriendsAnswer | null = null;
  @state() private error: string | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private async load(): Promise<void> {
    try {
      this.data = await api<FriendsAnswer>('GET', '/api/me/friends');
    } catch (err) {
      this.error = messageOf(err);
    }
  }

  private async act(method: 'POST' | 'DELETE', id: string): Promise<void> {
    this.error = null;
    try {
      if (method === 'POST') await api('POST', '/api/me/friends', { body: { playerId: id } });
      else await api('DELETE', `/api/me/friends/${encodeURIComponent(id)}`);
      await this.load();
    } catch (err) {
      this.error = messageOf(err);
    }
  }

  override render() {
    const d = this.data;
    return html`<section class="card" aria-labelledby="friends-h">
      <h2 id="friends-h">Friends</h2>
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      ${!d ? html`<p class="muted">Loading…</p>` : nothing}
      ${
        d
          ? html`${
              d.friends.length
                ? html`<ul>
                  ${d.friends.map((f) => html`<li>${playerLink(f.name, f.id)} <button type="button" @click=${() => this.act('DELETE', f.id)}>Remove</button></li>`)}
                </ul>`
                : html`<p class="muted">No friends yet: add one from their profile (a name in the lobby or at a table).</p>`
            }
            ${
              d.requests.length
                ? html`<h3>Requests</h3>
                  <ul>
                    ${d.requests.map((r) =>
                      r.direction === 'incoming'
                        ? html`<li>${playerLink(r.name, r.id)} <span class="muted">waits on you</span>
                            <button class="primary" type="button" @click=${() => this.act('POST', r.id)}>Accept</button>
                            <button type="button" @click=${() => this.act('DELETE', r.id)}>Decline</button></li>`
                        : html`<li>${playerLink(r.name, r.id)} <span class="muted">you wait on them</span>
                            <button type="button" @click=${() => this.act('DELETE', r.id)}>Withdraw</button></li>`,
                    )}
                  </ul>`
                : nothing
            }`
          : nothing
      }
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-friends-list': MpFriendsList;
  }
}
