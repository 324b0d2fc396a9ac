import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import { shared } from '../styles';
import type { Me } from '../types';

/**
 * Settings: the name other players see. Notification channels and webhooks come here later.
 * Fires `mp-me-changed` (detail: the updated Me) after saving.
 */
@customElement('mp-settings-page')
export class MpSettingsPage extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        max-width: 36rem;
      }
      form {
        display: grid;
        gap: 0.5rem;
      }
    `,
  ];

  @property({ attribute: false }) me: Me | null = null;
  @state() private name = '';
  @state() private busy = false;
  @state() private message: { ok: boolean; text: string } | null = null;

  override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('me') && this.me) this.name = this.me.name ?? '';
  }

  private async save(e: Event): Promise<void> {
    e.preventDefault();
    this.busy = true;
    this.message = null;
    try {
      const me = await api<Me>('PATCH', '/api/me', { body: { name: this.name.trim() } });
      const updated = me && typeof me === 'object' && 'email' in me ? me : { ...this.me!, name: this.name.trim() };
      this.message = { ok: true, text: 'Saved.' };
      this.dispatchEvent(new CustomEvent('mp-me-changed', { detail: updated, bubbles: true, composed: true }));
    } catch (err) {
      this.message = { ok: false, text: messageOf(err) };
    } finally {
      this.busy = false;
    }
  }

  override render() {
    return html`<h1>Settings</h1>
      <form class="card" @submit=${this.save}>
        <h2>Your name</h2>
        <label for="name">Shown to the other players at your table</label>
        <input
          id="name"
          autocomplete="nickname"
          maxlength="40"
          .value=${this.name}
          @input=${(e: Event) => (this.name = (e.target as HTMLInputElement).value)}
        />
        <div class="row">
          <button class="primary" type="submit" ?disabled=${this.busy}>Save</button>
          ${this.message ? html`<span class=${this.message.ok ? 'muted' : 'error'} role="status">${this.message.text}</span>` : nothing}
        </div>
        <p class="muted">Signed in as ${this.me?.email ?? ''}.</p>
      </form>
      <section class="card">
        <h2>Notifications</h2>
        <p class="muted">Email and webhook notifications for your turns will be set up here.</p>
      </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-settings-page': MpSettingsPage;
  }
}
