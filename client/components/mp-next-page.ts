import { LitElement, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import type { Answer } from '../api-types';
import { navigate } from '../router';

/**
 * `/next`: asks the server for the game that waits on you with the least time left (then the one
 * waiting longest) and opens it in place of this page, so Back returns where you were; says so
 * when no game waits on you.
 */
@customElement('mp-next-page')
export class MpNextPage extends LitElement {
  @state() private said: string | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.open();
  }

  private async open(): Promise<void> {
    try {
      const next = await api<Answer<'nextGame'>>('GET', '/api/me/next');
      if (next.gameId) navigate(`/games/${encodeURIComponent(next.gameId)}`, { replace: true });
      else this.said = 'No game is waiting for your move right now.';
    } catch (err) {
      this.said = messageOf(err);
    }
  }

  override render() {
    if (!this.said) return html`<p class="muted">Opening the next game waiting for you…</p>`;
    return html`<h1>Next game</h1>
      <p>${this.said}</p>
      <p><a href="/">Back to my games</a></p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-next-page': MpNextPage;
  }
}
