import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import type { Answer } from '../api-types';
import { shared } from '../styles';

/** What a private note is about: a game you sat in, or another player. */
export type NoteSubject = { gameId: string } | { playerId: string };

/** A private note (`GET/PUT /api/me/notes`) about a game or a player: only its author ever reads it. */
@customElement('mp-private-note')
export class MpPrivateNote extends LitElement {
  static override styles = [
    shared,
    css`
      textarea {
        width: 100%;
        box-sizing: border-box;
        min-height: 4rem;
        font: inherit;
      }
    `,
  ];

  @property({ attribute: false }) subject: NoteSubject | null = null;
  @property() label = 'Your private note';
  @state() private text = '';
  @state() private status: string | null = null;

  override updated(changed: Map<string, unknown>): void {
    if (changed.has('subject') && this.subject) void this.load();
  }

  private query(): string {
    const s = this.subject!;
    return 'gameId' in s ? `gameId=${encodeURIComponent(s.gameId)}` : `playerId=${encodeURIComponent(s.playerId)}`;
  }

  private async load(): Promise<void> {
    try {
      this.text = (await api<Answer<'readNote'>>('GET', `/api/me/notes?${this.query()}`)).note?.text ?? '';
    } catch (err) {
      this.status = messageOf(err);
    }
  }

  private async save(e: Event): Promise<void> {
    e.preventDefault();
    try {
      await api('PUT', '/api/me/notes', { body: { ...this.subject!, text: this.text } });
      this.status = this.text.trim() ? 'Saved. Only you can read it.' : 'Note deleted.';
    } catch (err) {
      this.status = messageOf(err);
    }
  }

  override render() {
    return html`<form class="card" @submit=${this.save}>
      <label for="note"><strong>${this.label}</strong> <span class="muted">(only you see it)</span></label>
      <textarea id="note" maxlength="2000" .value=${this.text} @input=${(e: Event) => (this.text = (e.target as HTMLTextAreaElement).value)}></textarea>
      <div class="row"><button type="submit">Save note</button> ${this.status ? html`<span role="status">${this.status}</span>` : nothing}</div>
    </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-private-note': MpPrivateNote;
  }
}
