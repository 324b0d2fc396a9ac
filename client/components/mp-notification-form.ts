import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { ApiError, api } from '../api';
import type { Answer, Me, NotificationKinds, NotificationSettings, NotificationSettingsAnswer } from '../api-types';
import { FormState } from '../form-state';
import {
  KIND_LABELS,
  initialTimeZone,
  rememberSaved,
  savedBefore,
  testResultText,
  webhookDraft,
  webhookFromDraft,
  type WebhookDraft,
  type WebhookField,
} from '../notification-settings';
import { shared } from '../styles';
import { failingLine } from '../push';
import { deviceTimeZone, shortDateTime, timeZoneNames } from '../time';
import { settingsStyles } from './settings-styles';
import { webhookFields, webhookFieldsStyles } from './webhook-fields';
import { clockSettingsFields, clockSettingsStyles, DEFAULT_QUIET, type ClockSettingsDraft } from './clock-settings-fields';

/** The notification form's editable values. */
interface NotifyForm extends ClockSettingsDraft {
  email: boolean;
  digest: boolean;
  emailReplies: boolean;
  kinds: NotificationKinds;
  hook: WebhookDraft;
}

function formFrom(s: NotificationSettingsAnswer, timeZone: string): NotifyForm {
  return {
    email: s.email,
    digest: s.digest,
    emailReplies: s.emailReplies ?? true,
    kinds: { ...s.kinds },
    hook: webhookDraft(s.webhook),
    timeZone,
    quietOn: !!s.quietHours,
    quietStart: s.quietHours?.start ?? DEFAULT_QUIET.start,
    quietEnd: s.quietHours?.end ?? DEFAULT_QUIET.end,
    autoVacation: s.autoVacation,
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
    quiet: f.quietOn ? [f.quietStart, f.quietEnd] : null,
    autoVacation: f.autoVacation,
  });
}

/**
 * The notification settings form (`PUT /api/me/notifications`): email on/off, a daily digest,
 * playing by email reply, which events, an account webhook (JSON signed, Discord or Slack), the
 * time zone, quiet hours and auto-vacation (clock-settings-fields.ts), and a test message on the
 * saved settings. `saved` is what the
 * server holds (the page loads it); fires `mp-saved` (detail: the server's answer) once saved.
 */
@customElement('mp-notification-form')
export class MpNotificationForm extends LitElement {
  static override styles = [shared, webhookFieldsStyles, settingsStyles, clockSettingsStyles];

  @property({ attribute: false }) me: Me | null = null;
  @property({ attribute: false }) saved: NotificationSettingsAnswer | null = null;

  @state() private form: NotifyForm | null = null;
  @state() private tzSuggested = false;
  @state() private hookErrors: Partial<Record<WebhookField, string>> = {};
  @state() private tzError: string | null = null;
  private readonly saving = new FormState(this);
  private readonly testing = new FormState(this);
  private readonly device = deviceTimeZone();
  private zones: string[] | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    // The first settings loaded fill the form; later ones are this form's own saves.
    if (changed.has('saved') && this.saved && !this.form) {
      const tz = initialTimeZone(this.saved, this.device, !!this.me && savedBefore(this.me.id));
      this.form = formFrom(this.saved, tz.zone);
      this.tzSuggested = tz.suggested;
    }
  }

  private get dirty(): boolean {
    if (!this.form || !this.saved) return false;
    return fingerprint(this.form) !== fingerprint(formFrom(this.saved, this.saved.timeZone));
  }

  private edit(patch: Partial<NotifyForm>): void {
    if (!this.form) return;
    this.form = { ...this.form, ...patch };
    this.testing.clear();
    if (this.saving.said?.ok) this.saving.clear();
  }

  private readonly save = async (e: Event): Promise<void> => {
    e.preventDefault();
    const f = this.form;
    if (!f || this.saving.busy) return;
    this.testing.clear();
    this.hookErrors = {};
    this.tzError = null;
    const hook = webhookFromDraft(f.hook);
    const timeZone = f.timeZone.trim();
    if (!hook.ok) this.hookErrors = { [hook.field]: hook.message };
    if (!timeZone) this.tzError = 'Choose a time zone, for example Europe/London.';
    const quietBad = f.quietOn && (!f.quietStart || !f.quietEnd || f.quietStart === f.quietEnd);
    if (!hook.ok || !timeZone || quietBad)
      return this.saving.say(false, quietBad ? 'Quiet hours need a start and an end that differ.' : 'Please correct the marked fields.');
    const body: NotificationSettings = {
      email: f.email,
      digest: f.digest,
      emailReplies: f.emailReplies,
      kinds: f.kinds,
      webhook: hook.webhook,
      timeZone,
      quietHours: f.quietOn ? { start: f.quietStart, end: f.quietEnd } : null,
      autoVacation: f.autoVacation,
    };
    await this.saving.run(
      async () => {
        const s = await api<NotificationSettingsAnswer>('PUT', '/api/me/notifications', { body });
        if (this.me) rememberSaved(this.me.id);
        this.form = formFrom(s, s.timeZone);
        this.tzSuggested = false;
        this.dispatchEvent(new CustomEvent<NotificationSettingsAnswer>('mp-saved', { detail: s }));
        return 'Notification settings updated.';
      },
      (err) => {
        if (err instanceof ApiError && err.code === 'bad_webhook_url') this.hookErrors = { url: err.message };
        else if (err instanceof ApiError && err.code === 'bad_time_zone') this.tzError = err.message;
      },
    );
  };

  private readonly sendTest = (): Promise<void> =>
    this.testing.run(async () => {
      const res = await api<Answer<'sendTestNotification', 202>>('POST', '/api/me/notifications/test');
      return testResultText(res.channels);
    });

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

  private renderTime(f: NotifyForm) {
    return clockSettingsFields({
      draft: f,
      zones: this.zoneList(),
      device: this.device,
      suggested: this.tzSuggested,
      error: this.tzError,
      onChange: (patch) => {
        if (patch.timeZone !== undefined) {
          this.tzSuggested = false;
          this.tzError = null;
        }
        this.edit(patch);
      },
    });
  }

  override render() {
    const f = this.form;
    const s = this.saved;
    if (!f || !s) return nothing;
    const dirty = this.dirty;
    const secret = s.webhook?.format === 'json' && f.hook.format === 'json' ? (s.webhook.secret ?? null) : null;
    return html`<form class="card notify" @submit=${this.save} novalidate aria-labelledby="notify-h">
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
            failingLine(s.webhookFailing, shortDateTime)
              ? html`<p class="muted" data-failing>${failingLine(s.webhookFailing, shortDateTime)}</p>`
              : nothing
          }
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
        ${this.renderTime(f)}
        <div class="actions">
          <div class="row">
            <button class="primary" type="submit" ?disabled=${this.saving.busy}>${this.saving.busy ? 'Saving…' : 'Save notification settings'}</button>
            ${dirty && !this.saving.busy ? html`<span class="muted">Unsaved changes.</span>` : nothing}
          </div>
          <div class="status" role="status">
            ${this.saving.said?.ok ? html`<span class="muted">${this.saving.said.text}</span>` : nothing}
          </div>
          ${this.saving.said && !this.saving.said.ok ? html`<p class="error" role="alert">${this.saving.said.text}</p>` : nothing}
          <div class="row">
            <button type="button" ?disabled=${this.testing.busy || dirty} @click=${this.sendTest}>
              ${this.testing.busy ? 'Sending…' : 'Send test message'}
            </button>
            ${dirty ? html`<span class="hint">Save first: the test uses your saved settings.</span>` : nothing}
          </div>
          <div class="status" role="status" id="test-result">
            ${this.testing.said ? html`<span class=${this.testing.said.ok ? '' : 'error'}>${this.testing.said.text}</span>` : nothing}
          </div>
        </div>
      </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-notification-form': MpNotificationForm;
  }
}
