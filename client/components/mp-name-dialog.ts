import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api } from '../api';
import type { Me } from '../api-types';
import { FormState } from '../form-state';
import { putOffNameQuestion } from '../name-question';
import { shared } from '../styles';

/** Fired (bubbling, composed) when the player puts the question off ("Not now"). */
export const NAME_LATER_EVENT = 'mp-name-later';

/**
 * The first sign-in's question: "What should the other players call you?", the server's
 * `suggestedName` filled in (`GET /api/me` while `nameChosen` is false). A small dialog in the
 * page's flow (not modal: the page stays usable); Save sends `PATCH /api/me` and fires
 * `mp-me-changed` with the updated Me; "Not now" puts it off on this device (the name stays
 * changeable in Settings).
 */
@customElement('mp-name-dialog')
export class MpNameDialog extends LitElement {
  static override styles = [
    shared,
    css`
      dialog {
        position: static;
        display: block;
        margin: 0 0 1rem;
        max-width: 32rem;
        border: 1px solid var(--mp-border-strong);
        border-left: 4px solid var(--mp-accent);
        border-radius: 0.75rem;
        background: var(--mp-surface);
        color: var(--mp-text);
        padding: 0.75rem 1rem;
      }
      h2 {
        margin: 0 0 0.4rem;
        font-size: 1.1rem;
      }
      form {
        display: grid;
        gap: 0.5rem;
      }
    `,
  ];

  @property({ attribute: false }) me: Me | null = null;
  /** The name to offer (`suggestedName`). */
  @property() suggested = '';
  @state() private name: string | null = null;
  private readonly sending = new FormState(this);

  private readonly save = (e: Event): Promise<void> => {
    e.preventDefault();
    return this.sending.run(async () => {
      const me = await api<Me>('PATCH', '/api/me', { body: { name: (this.name ?? this.suggested).trim() } });
      this.dispatchEvent(new CustomEvent('mp-me-changed', { detail: me, bubbles: true, composed: true }));
      return 'Saved.';
    });
  };

  private later(): void {
    if (this.me) putOffNameQuestion(this.me.id);
    this.dispatchEvent(new CustomEvent(NAME_LATER_EVENT, { bubbles: true, composed: true }));
  }

  override render() {
    const said = this.sending.said;
    return html`<dialog open aria-labelledby="name-title">
      <form @submit=${this.save}>
        <h2 id="name-title">What should the other players call you?</h2>
        <label for="first-name">Your display name (you can change it later in Settings)</label>
        <input
          id="first-name"
          autocomplete="nickname"
          maxlength="40"
          required
          .value=${this.name ?? this.suggested}
          @input=${(e: Event) => (this.name = (e.target as HTMLInputElement).value)}
        />
        <div class="row">
          <button class="primary" type="submit" ?disabled=${this.sending.busy}>Use this name</button>
          <button type="button" @click=${() => this.later()}>Not now</button>
          ${said && !said.ok ? html`<span class="error" role="alert">${said.text}</span>` : nothing}
        </div>
      </form>
    </dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-name-dialog': MpNameDialog;
  }
}
