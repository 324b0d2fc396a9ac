import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { ApiError, api, messageOf } from '../api';
import {
  KIND_LABELS,
  failureTarget,
  initialTimeZone,
  kindText,
  rememberSaved,
  savedBefore,
  testResultText,
  webhookDraft,
  webhookFromDraft,
  type WebhookDraft,
  type WebhookField,
} from '../notification-settings';
import { shared } from '../styles';
import { deviceTimeZone, shortDateTime, timeZoneNames } from '../time';
import type { Answer, Me, NotificationKinds, NotificationSettings, NotificationSettingsAnswer } from '../api-types';
import { webhookFields, webhookFieldsStyles } from './webhook-fields';
import './mp-push-settings';

/** The notification form's editable values. */
interface NotifyForm {
  email: boolean;
  digest: boolean;
  emailReplies: boolean;
  kinds: NotificationKinds;
  hook: WebhookDraft;
  timeZone: string;
}

function formFrom(s: NotificationSettings, timeZone: string): NotifyForm {
  return {
    email: s.email,
    digest: s.digest,
    emailReplies: s.emailReplies ?? true,
    kinds: { ...s.kinds },
    hook: webhookDraft(s.webhook),
    timeZone,
  };
}

/** A comparable snapshot of what a form would save (invalid webhooks compare as themselves). */
function fingerprint(f: NotifyForm): string {
  const hook = webhookFromDraft(f.hook);
  return JSON.stringify({
    email: f.email,
    digest: f.digest,
    emailReplies: f.emailReplies,
    kinds: KIND_LABELS.map(({ key }) => f.kinds[key]),
    webhook: hook.ok ? hook.webhook && { url: hook.webhook.url, format: hook.webhook.format, mention: hook.webhook.mention ?? '' } : f.hook,
    timeZone: f.timeZone.trim(),
  });
}

/**
 * Settings: the name other players see, and notifications - email on/off, a daily digest,
 * which events, an account webhook (JSON signed, Discord or Slack), the time zone for dates in
 * messages, a test message, and deliveries that failed for good. Fires `mp-me-changed` (detail:
 * the updated Me) after saving the name.
 */
@customElement('mp-settings-page')
export class MpSettingsPage extends LitElement {
  static override styles = [
    shared,
    webhookFieldsStyles,
    css`
      :host {
        max-width: 40rem;
      }
      form {
        display: grid;
        gap: 0.5rem;
      }
      form.notify {
        gap: 1rem;
      }
      fieldset {
        border: 1px solid var(--mp-border);
        border-radius: 0.5rem;
        padding: 0.75rem;
        margin: 0;
        min-width: 0;
        display: grid;
        gap: 0.5rem;
      }
      legend {
        padding: 0 0.25rem;
        font-weight: 600;
      }
      .check {
        display: flex;
        gap: 0.5rem;
        align-items: flex-start;
      }
      .check input {
        flex: none;
        margin: 0.15rem 0 0;
      }
      .check label {
        min-width: 0;
        overflow-wrap: anywhere;
      }
      .hint {
        font-size: 0.85rem;
        color: var(--mp-muted);
        margin: 0.2rem 0 0;
      }
      .field-error {
        font-size: 0.9rem;
        color: var(--mp-error-text);
        margin: 0.2rem 0 0;
      }
      #tz {
        width: 100%;
      }
      .tz-row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        align-items: center;
        margin-top: 0.35rem;
      }
      .status {
        min-height: 1.25rem;
      }
      .actions {
        display: grid;
        gap: 0.5rem;
      }
      ul.failures {
        list-style: none;
        padding: 0;
        margin: 0;
        display: grid;
        gap: 0.5rem;
      }
      ul.failures li {
        border: 1px solid var(--mp-border);
        border-radius: 0.5rem;
        padding: 0.5rem 0.75rem;
        overflow-wrap: anywhere;
      }
      ul.failures .what {
        font-weight: 600;
      }
      ul.failures .detail {
        font-size: 0.85rem;
        color: var(--mp-muted);
      }
    `,
  ];

  @property({ attribute: false }) me: Me | null = null;
  @state() private name = '';
  @state() private busy = false;
  @state() private message: { ok: boolean; text: string } | null = null;

  /** The settings as last loaded or saved (undefined while loading). */
  @state() private saved: NotificationSettingsAnswer | undefined = undefined;
  @state() private loadError: string | null = null;
  @state() private form: NotifyForm | null = null;
  @state() private tzSuggested = false;
  @state() private saving = false;
  @state() private testing = false;
  @state() private notifyMessage: { ok: boolean; text: string } | null = null;
  @state() private hookErrors: Partial<Record<WebhookField, string>> = {};
  @state() private tzError: string | null = null;
  @state() private testResult: { ok: boolean; text: string } | null = null;

  private readonly device = deviceTimeZone();
  private zones: string[] | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.loadNotifications();
  }

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

  // -------------------------------------------------------------------------------------------
  // Notifications

  private async loadNotifications(): Promise<void> {
    this.loadError = null;
    try {
      const s = await api<NotificationSettingsAnswer>('GET', '/api/me/notifications');
      const tz = initialTimeZone(s, this.device, !!this.me && savedBefore(this.me.id));
      this.saved = s;
      this.form = formFrom(s, tz.zone);
      this.tzSuggested = tz.suggested;
    } catch (err) {
      this.loadError = messageOf(err);
    }
  }

  /** Reloads only the list of failed deliveries (the form may hold unsaved changes). */
  private async reloadFailures(): Promise<void> {
    try {
      const s = await api<NotificationSettingsAnswer>('GET', '/api/me/notifications');
      if (this.saved) this.saved = { ...this.saved, failures: s.failures };
    } catch (err) {
      this.notifyMessage = { ok: false, text: messageOf(err) };
    }
  }

  private get dirty(): boolean {
    if (!this.form || !this.saved) return false;
    return fingerprint(this.form) !== fingerprint(formFrom(this.saved, this.saved.timeZone));
  }

  private edit(patch: Partial<NotifyForm>): void {
    if (!this.form) return;
    this.form = { ...this.form, ...patch };
    this.testResult = null;
    if (this.notifyMessage?.ok) this.notifyMessage = null;
  }

  private async saveNotifications(e: Event): Promise<void> {
    e.preventDefault();
    const f = this.form;
    if (!f || this.saving) return;
    this.notifyMessage = null;
    this.testResult = null;
    this.hookErrors = {};
    this.tzError = null;
    const hook = webhookFromDraft(f.hook);
    const timeZone = f.timeZone.trim();
    if (!hook.ok) this.hookErrors = { [hook.field]: hook.message };
    if (!timeZone) this.tzError = 'Enter a time zone, for example Europe/London.';
    if (!hook.ok || !timeZone) {
      this.notifyMessage = { ok: false, text: 'Please correct the marked fields.' };
      return;
    }
    const body: NotificationSettings = {
      email: f.email,
      digest: f.digest,
      emailReplies: f.emailReplies,
      kinds: f.kinds,
      webhook: hook.webhook,
      timeZone,
    };
    this.saving = true;
    try {
      const s = await api<NotificationSettingsAnswer>('PUT', '/api/me/notifications', { body });
      if (this.me) rememberSaved(this.me.id);
      this.saved = s;
      this.form = formFrom(s, s.timeZone);
      this.tzSuggested = false;
      this.notifyMessage = { ok: true, text: 'Notification settings updated.' };
    } catch (err) {
      const msg = messageOf(err);
      if (err instanceof ApiError && err.code === 'bad_webhook_url') this.hookErrors = { url: msg };
      else if (err instanceof ApiError && err.code === 'bad_time_zone') this.tzError = msg;
      this.notifyMessage = { ok: false, text: msg };
    } finally {
      this.saving = false;
    }
  }

  private async sendTest(): Promise<void> {
    if (this.testing) return;
    this.testing = true;
    this.testResult = null;
    try {
      const res = await api<Answer<'sendTestNotification', 202>>('POST', '/api/me/notifications/test');
      this.testResult = { ok: true, text: testResultText(res?.channels ?? []) };
    } catch (err) {
      this.testResult = { ok: false, text: messageOf(err) };
    } finally {
      this.testing = false;
    }
  }

  private zoneList(): string[] {
    this.zones ??= timeZoneNames();
    return this.zones;
  }

  private renderKinds(f: NotifyForm) {
    return html`<fieldset>
      <legend>Tell me when</legend>
      ${KIND_LABELS.map(
        ({ key, label }) => html`<div class="check">
          <input
            type="checkbox"
            id="kind-${key}"
            .checked=${f.kinds[key]}
            @change=${(e: Event) => this.edit({ kinds: { ...f.kinds, [key]: (e.target as HTMLInputElement).checked } })}
          />
          <label for="kind-${key}">${label}</label>
        </div>`,
      )}
    </fieldset>`;
  }

  private renderTimeZone(f: NotifyForm) {
    return html`<div>
      <label for="tz">Time zone</label>
      <input
        id="tz"
        list="tz-names"
        autocomplete="off"
        spellcheck="false"
        maxlength="64"
        .value=${f.timeZone}
        aria-invalid=${this.tzError ? 'true' : 'false'}
        aria-describedby=${this.tzError ? 'tz-error tz-hint' : 'tz-hint'}
        @input=${(e: Event) => {
          this.tzSuggested = false;
          this.tzError = null;
          this.edit({ timeZone: (e.target as HTMLInputElement).value });
        }}
      />
      <datalist id="tz-names">${this.zoneList().map((z) => html`<option value=${z}></option>`)}</datalist>
      ${this.tzError ? html`<p class="field-error" id="tz-error">${this.tzError}</p>` : nothing}
      <p class="hint" id="tz-hint">
        ${
          this.tzSuggested
            ? html`Taken from this device; it is kept once you save.`
            : html`Dates and deadlines in emails and messages use this zone.`
        }
      </p>
      ${
        f.timeZone.trim() !== this.device
          ? html`<div class="tz-row">
            <button type="button" @click=${() => {
              this.tzError = null;
              this.edit({ timeZone: this.device });
            }}>Use this device's zone (${this.device})</button>
          </div>`
          : nothing
      }
    </div>`;
  }

  private renderFailures(s: NotificationSettingsAnswer) {
    return html`<section class="card" aria-labelledby="failures-h">
      <h2 id="failures-h">Failed deliveries</h2>
      ${
        s.failures.length === 0
          ? html`<p class="muted">None: every notification that was due has been delivered or is still being retried.</p>`
          : html`<p class="muted">These were retried for at least a day and then given up.</p>
            <ul class="failures">
              ${s.failures.map(
                (x) => html`<li>
                  <div class="what">${kindText(x.kind)} · ${failureTarget(x)}</div>
                  <div class="detail">
                    ${shortDateTime(x.at)} · ${x.attempts} attempt${x.attempts === 1 ? '' : 's'}${
                      x.lastError ? html` · last error: ${x.lastError}` : nothing
                    }
                  </div>
                </li>`,
              )}
            </ul>`
      }
      <p><button type="button" @click=${this.reloadFailures}>Refresh</button></p>
    </section>`;
  }

  private renderNotifications() {
    const f = this.form;
    const s = this.saved;
    if (this.loadError) {
      return html`<section class="card">
        <h2>Notifications</h2>
        <p class="error" role="alert">${this.loadError}</p>
        <button type="button" @click=${this.loadNotifications}>Try again</button>
      </section>`;
    }
    if (!f || !s) {
      return html`<section class="card"><h2>Notifications</h2><p class="muted">Loading your notification settings…</p></section>`;
    }
    const dirty = this.dirty;
    const secret = s.webhook?.format === 'json' && f.hook.format === 'json' ? (s.webhook.secret ?? null) : null;
    return html`<form class="card notify" @submit=${this.saveNotifications} novalidate aria-labelledby="notify-h">
        <h2 id="notify-h">Notifications</h2>
        <fieldset>
          <legend>Email</legend>
          <div class="check">
            <input type="checkbox" id="email" .checked=${f.email} @change=${(e: Event) => this.edit({ email: (e.target as HTMLInputElement).checked })} />
            <label for="email">Email me at ${this.me?.email ?? 'my address'}</label>
          </div>
          <div class="check">
            <input
              type="checkbox"
              id="digest"
              .checked=${f.digest}
              ?disabled=${!f.email}
              @change=${(e: Event) => this.edit({ digest: (e.target as HTMLInputElement).checked })}
            />
            <label for="digest">One daily digest instead of an email for every turn</label>
          </div>
          <div class="check">
            <input
              type="checkbox"
              id="email-replies"
              aria-describedby="email-replies-help"
              .checked=${f.emailReplies}
              ?disabled=${!f.email}
              @change=${(e: Event) => this.edit({ emailReplies: (e.target as HTMLInputElement).checked })}
            />
            <label for="email-replies">Play by replying to the turn email</label>
          </div>
          <p class="muted" id="email-replies-help">
            Each turn email lists your choices, numbered. Reply with a number, a code or the words of a choice (one per line for
            several steps) and the move is made; an answer says what happened. Only replies from your own address count, and
            only to the email's own reply address. Untick this to play on the website only; to stop it for one game, use
            "Replies by email" on that game's page.
          </p>
        </fieldset>
        ${this.renderKinds(f)}
        <fieldset>
          <legend>Webhook</legend>
          <div class="check">
            <input
              type="checkbox"
              id="hook-on"
              .checked=${f.hook.enabled}
              @change=${(e: Event) => {
                this.hookErrors = {};
                this.edit({ hook: { ...f.hook, enabled: (e.target as HTMLInputElement).checked } });
              }}
            />
            <label for="hook-on">Also post notifications to a webhook</label>
          </div>
          ${
            f.hook.enabled
              ? webhookFields({
                  id: 'hook',
                  draft: f.hook,
                  secret,
                  errors: this.hookErrors,
                  onChange: (hook) => {
                    this.hookErrors = {};
                    this.edit({ hook });
                  },
                })
              : nothing
          }
        </fieldset>
        ${this.renderTimeZone(f)}
        <div class="actions">
          <div class="row">
            <button class="primary" type="submit" ?disabled=${this.saving}>${this.saving ? 'Saving…' : 'Save notification settings'}</button>
            ${dirty && !this.saving ? html`<span class="muted">Unsaved changes.</span>` : nothing}
          </div>
          <div class="status" role="status">
            ${this.notifyMessage?.ok ? html`<span class="muted">${this.notifyMessage.text}</span>` : nothing}
          </div>
          ${this.notifyMessage && !this.notifyMessage.ok ? html`<p class="error" role="alert">${this.notifyMessage.text}</p>` : nothing}
          <div class="row">
            <button type="button" ?disabled=${this.testing || dirty} @click=${this.sendTest}>
              ${this.testing ? 'Sending…' : 'Send test message'}
            </button>
            ${dirty ? html`<span class="hint">Save first: the test uses your saved settings.</span>` : nothing}
          </div>
          <div class="status" role="status" id="test-result">
            ${this.testResult ? html`<span class=${this.testResult.ok ? '' : 'error'}>${this.testResult.text}</span>` : nothing}
          </div>
        </div>
      </form>
      ${this.renderFailures(s)}`;
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
      ${this.renderNotifications()}
      <mp-push-settings></mp-push-settings>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-settings-page': MpSettingsPage;
  }
}
