import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import { shared } from '../styles';

/**
 * What "Replies by email" unfolds to for one game: turns playing this game by replying to its
 * turn emails off or on again for the viewer's seat (`PUT /api/games/:id/email-replies`). The
 * account switch in Settings applies as well. The game page keeps it folded and loads it the first
 * time the fold is opened.
 */
@customElement('mp-game-email-replies')
export class MpGameEmailReplies extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        margin-top: 0.5rem;
      }
      .hint {
        font-size: 0.85rem;
        color: var(--mp-muted);
        margin: 0.5rem 0 0;
      }
    `,
  ];

  @property({ attribute: false }) gameId = '';

  @state() private message: { ok: boolean; text: string } | null = null;
  @state() private busy = false;

  private async set(on: boolean): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.message = null;
    try {
      await api('PUT', `/api/games/${encodeURIComponent(this.gameId)}/email-replies`, { body: { on } });
      this.message = {
        ok: true,
        text: on
          ? 'On: the next turn email of this game can be answered with your move.'
          : 'Off: turn emails of this game no longer take replies; play here.',
      };
    } catch (err) {
      this.message = { ok: false, text: messageOf(err) };
    } finally {
      this.busy = false;
    }
  }

  override render() {
    return html`<p class="hint">Turn emails list your choices; replying with a number or the words of a choice plays it. Settings has the switch for all games.</p>
      <div class="row">
        <button type="button" ?disabled=${this.busy} @click=${() => this.set(false)}>Stop replies for this game</button>
        <button type="button" ?disabled=${this.busy} @click=${() => this.set(true)}>Allow replies for this game</button>
      </div>
      ${this.message ? html`<p class="hint" role="status">${this.message.text}</p>` : nothing}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-game-email-replies': MpGameEmailReplies;
  }
}
