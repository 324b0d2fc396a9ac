import { LitElement, type PropertyValues, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import type { Answer } from '../api-types';
import { shared } from '../styles';

/**
 * What "Replies by email" unfolds to for one game: says whether replying to its turn emails
 * plays the viewer's moves (`GET /api/games/:id/email-replies`: the seat's switch and the
 * account's in Settings) and offers the one button that changes it (`PUT`). The game page keeps it folded and loads it the first
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

  /** The switches as the server has them; null until loaded (or when loading failed). */
  @state() private switches: Answer<'getGameEmailReplies'> | null = null;
  @state() private message: { ok: boolean; text: string } | null = null;
  @state() private busy = false;

  private path(): string {
    return `/api/games/${encodeURIComponent(this.gameId)}/email-replies`;
  }

  // Not connectedCallback: an element upgraded when its chunk arrives gets its properties back
  // only at its first update.
  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('gameId') && this.gameId) void this.load();
  }

  private async load(): Promise<void> {
    try {
      this.switches = await api<Answer<'getGameEmailReplies'>>('GET', this.path());
    } catch (err) {
      this.message = { ok: false, text: messageOf(err) };
    }
  }

  private async set(on: boolean): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.message = null;
    try {
      const saved = await api<Answer<'putGameEmailReplies'>>('PUT', this.path(), { body: { on } });
      this.switches = { accountOn: this.switches?.accountOn ?? true, on: saved.on };
      this.message = { ok: true, text: on ? 'Saved: replies play your moves in this game.' : 'Saved: play this game here.' };
    } catch (err) {
      this.message = { ok: false, text: messageOf(err) };
    } finally {
      this.busy = false;
    }
  }

  /** What is in effect now, in words (the account switch first: it turns replies off everywhere). */
  private stateText(s: Answer<'getGameEmailReplies'>): string {
    if (!s.accountOn) return 'Off for all your games: turn emails take no replies.';
    return s.on ? 'On: replying to a turn email of this game plays your move.' : 'Off for this game: its turn emails take no replies.';
  }

  /** The one control that changes what is in effect: this game's button, or Settings while the account switch is off. */
  private control(s: Answer<'getGameEmailReplies'>) {
    if (!s.accountOn) return html`<a href="/settings">Turn replies on in Settings</a>`;
    return s.on
      ? html`<button type="button" ?disabled=${this.busy} @click=${() => this.set(false)}>Stop replies for this game</button>`
      : html`<button type="button" ?disabled=${this.busy} @click=${() => this.set(true)}>Allow replies for this game</button>`;
  }

  override render() {
    const s = this.switches;
    return html`<p class="hint">Turn emails list your choices; replying with a number or the words of a choice plays it. Settings has the switch for all games.</p>
      ${
        s
          ? html`<p data-replies=${s.on && s.accountOn ? 'on' : 'off'}>${this.stateText(s)}</p>
              <div class="row">${this.control(s)}</div>`
          : nothing
      }
      ${this.message ? html`<p class="hint" role="status">${this.message.text}</p>` : nothing}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-game-email-replies': MpGameEmailReplies;
  }
}
