import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import type { Me, NotificationSettingsAnswer } from '../api-types';
import { shared } from '../styles';
import './mp-delivery-failures';
import './mp-name-form';
import './mp-notification-form';
import './mp-push-settings';
import './mp-safety-settings';
import './mp-vacation-form';

/**
 * Settings: the name other players see (mp-name-form), notifications (mp-notification-form: email,
 * digest, events, an account webhook, the time zone, quiet hours, auto-vacation, a test message),
 * your vacation (mp-vacation-form), deliveries that failed for
 * good (mp-delivery-failures), push notifications on this device (mp-push-settings), and the players
 * you blocked, your data and deleting your account (mp-safety-settings). The page
 * loads the notification settings once for the form and the failures. The name form fires
 * `mp-me-changed` (detail: the updated Me) after saving the name.
 */
@customElement('mp-settings-page')
export class MpSettingsPage extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        max-width: 40rem;
      }
    `,
  ];

  @property({ attribute: false }) me: Me | null = null;
  /** The settings as last loaded or saved (null while loading). */
  @state() private saved: NotificationSettingsAnswer | null = null;
  @state() private loadError: string | null = null;
  @state() private refreshError: string | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private readonly load = async (): Promise<void> => {
    this.loadError = null;
    try {
      this.saved = await api<NotificationSettingsAnswer>('GET', '/api/me/notifications');
    } catch (err) {
      this.loadError = messageOf(err);
    }
  };

  /** Reloads only the list of failed deliveries (the form may hold unsaved changes). */
  private readonly refreshFailures = async (): Promise<void> => {
    this.refreshError = null;
    try {
      const s = await api<NotificationSettingsAnswer>('GET', '/api/me/notifications');
      if (this.saved) this.saved = { ...this.saved, failures: s.failures };
    } catch (err) {
      this.refreshError = messageOf(err);
    }
  };

  private renderNotifications() {
    if (this.loadError) {
      return html`<section class="card">
        <h2>Notifications</h2>
        <p class="error" role="alert">${this.loadError}</p>
        <button type="button" @click=${this.load}>Try again</button>
      </section>`;
    }
    if (!this.saved) {
      return html`<section class="card"><h2>Notifications</h2><p class="muted">Loading your notification settings…</p></section>`;
    }
    return html`<mp-notification-form
        .me=${this.me}
        .saved=${this.saved}
        @mp-saved=${(e: CustomEvent<NotificationSettingsAnswer>) => (this.saved = e.detail)}
      ></mp-notification-form>
      <mp-delivery-failures .failures=${this.saved.failures} .error=${this.refreshError} @mp-refresh=${this.refreshFailures}></mp-delivery-failures>`;
  }

  override render() {
    return html`<h1>Settings</h1>
      <mp-name-form .me=${this.me}></mp-name-form>
      ${this.renderNotifications()}
      <mp-vacation-form></mp-vacation-form>
      <mp-push-settings></mp-push-settings>
      <mp-safety-settings></mp-safety-settings>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-settings-page': MpSettingsPage;
  }
}
