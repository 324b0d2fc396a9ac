import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api } from '../api';
import type { Me } from '../api-types';
import { FormState } from '../form-state';
import { shared } from '../styles';
import { settingsStyles } from './settings-styles';

/** The name other players see (`PATCH /api/me`). Fires `mp-me-changed` (detail: the updated Me) once saved. */
@customElement('mp-name-form')
export class MpNameForm extends LitElement {
  static override styles = [shared, settingsStyles];

  @property({ attribute: false }) me: Me | null = null;
  @state() private name = '';
  private readonly sending = new FormState(this);

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('me') && this.me) this.name = this.me.name ?? '';
  }

  private readonly save = (e: Event): Promise<void> => {
    e.preventDefault();
    return this.sending.run(async () => {
      const me = await api<Me>('PATCH', '/api/me', { body: { name: this.name.trim() } });
      this.dispatchEvent(new CustomEvent('mp-me-changed', { detail: me, bubbles: true, composed: true }));
      return 'Saved.';
    });
  };

  override render() {
    const said = this.sending.said;
    return html`<form class="card" @submit=${this.save}>
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
        <button class="primary" type="submit" ?disabled=${this.sending.busy}>Save</button>
        ${said ? html`<span class=${said.ok ? 'muted' : 'error'} role="status">${said.text}</span>` : nothing}
      </div>
      <p class="muted">Signed in as ${this.me?.email ?? ''}.</p>
    </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-name-form': MpNameForm;
  }
}
