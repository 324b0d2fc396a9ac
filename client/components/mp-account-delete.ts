import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api } from '../api';
import { FormState } from '../form-state';
import { shared } from '../styles';

/**
 * The page the emailed deletion link opens (`/account/delete?token=...`): it says what goes and
 * what stays, and deletes the account only when its button is pressed (a mail scanner that opens
 * the link deletes nothing). Works signed out too: the token is the proof. Fires `mp-signed-out`
 * once the account is gone.
 */
@customElement('mp-account-delete')
export class MpAccountDelete extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        max-width: 36rem;
      }
    `,
  ];

  @property() token: string | null = null;
  @state() private deleted = false;
  private readonly sending = new FormState(this);

  private readonly confirm = (): Promise<void> =>
    this.sending.run(async () => {
      await api('POST', '/api/me/deletion/confirm', { body: { token: this.token } });
      this.deleted = true;
      this.dispatchEvent(new CustomEvent('mp-signed-out', { bubbles: true, composed: true }));
      return undefined;
    });

  override render() {
    if (this.deleted) {
      return html`<h1>Your account is deleted</h1>
        <p>Thank you for playing. Your running games go on with the bot in your seat.</p>
        <p><a href="/">Back to Mountain Post</a></p>`;
    }
    if (!this.token) return html`<h1>Delete your account</h1><p>This link is incomplete. Ask for a new one in Settings.</p>`;
    const said = this.sending.said;
    return html`<h1>Delete your account?</h1>
      <section class="card">
        <p>This cannot be undone.</p>
        <ul>
          <li>Your address, sessions, push devices, webhooks, settings and chat lines are deleted, and your name is free again.</li>
          <li>Games that are running go on with the bot in your seat; the other players are told.</li>
          <li>Finished games keep their records, with your seat named "Deleted player", so the other players' records still verify.</li>
        </ul>
        <div class="row">
          <button type="button" class="danger" ?disabled=${this.sending.busy} @click=${this.confirm}>Delete my account for good</button>
          <a href="/settings">Keep my account</a>
        </div>
        ${said && !said.ok ? html`<p class="error" role="alert">${said.text}</p>` : nothing}
      </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-account-delete': MpAccountDelete;
  }
}
