import { LitElement, html, nothing } from 'lit';
import type { Answer } from '../api-types';
import { customElement, property, state } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import { navigate } from '../router';
import { shared } from '../styles';

/**
 * `/play/<type>`: creates a 2-player game of `type` with the built-in bot in seat 2 (it starts at
 * once) and replaces this page with the game. Reached in one click from the landing page or
 * "My games"; a signed-out player signs in first and is brought back here.
 */
@customElement('mp-play-bot')
export class MpPlayBot extends LitElement {
  static override styles = [shared];

  @property({ attribute: false }) type = '';
  @state() private error: string | null = null;
  private started = '';

  protected override updated(): void {
    if (this.type && this.started !== this.type) {
      this.started = this.type;
      void this.create();
    }
  }

  private async create(): Promise<void> {
    this.error = null;
    try {
      const r = await api<Answer<'createGame', 201>>('POST', '/api/games', { body: { type: this.type, players: 2, bots: 1 } });
      navigate(`/games/${encodeURIComponent(r.id)}`, { replace: true });
    } catch (err) {
      this.error = messageOf(err);
    }
  }

  override render() {
    return this.error
      ? html`<h1>No game was created</h1>
          <p class="error" role="alert">${this.error}</p>
          <p><a href="/">Back to your games</a></p>`
      : html`<p class="muted" role="status">Setting up your game against the bot…</p>${nothing}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-play-bot': MpPlayBot;
  }
}
