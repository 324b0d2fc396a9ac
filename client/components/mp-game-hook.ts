import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { ApiError, api, messageOf } from '../api';
import type { Answer, Webhook } from '../api-types';
import { webhookDraft, webhookFromDraft, type WebhookDraft, type WebhookField } from '../notification-settings';
import { shared } from '../styles';
import { webhookFields, webhookFieldsStyles } from './webhook-fields';

/**
 * The form of "Notify this game to a webhook": a seated player's own webhook for one game
 * (`PUT /api/games/:id/webhook`), used instead of the account's webhook for that game's
 * notifications. The API does not tell us the saved one until we save, so the form starts empty.
 * The game page folds it away and loads it the first time the fold is opened.
 */
@customElement('mp-game-hook')
export class MpGameHook extends LitElement {
  static override styles = [
    shared,
    webhookFieldsStyles,
    css`
      :host {
        display: block;
      }
      * {
        box-sizing: border-box;
      }
      form {
        display: grid;
        gap: 0.75rem;
        margin-top: 0.75rem;
      }
      .hint {
        font-size: 0.85rem;
        color: var(--mp-muted);
        margin: 0;
      }
    `,
  ];

  @property({ attribute: false }) gameId = '';

  @state() private draft: WebhookDraft = { ...webhookDraft(null), enabled: true };
  @state() private saved: Webhook | null | undefined = undefined;
  @state() private errors: Partial<Record<WebhookField, string>> = {};
  @state() private message: { ok: boolean; text: string } | null = null;
  @state() private busy = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('gameId') && changed.get('gameId') !== undefined) {
      this.draft = { ...webhookDraft(null), enabled: true };
      this.saved = undefined;
      this.errors = {};
      this.message = null;
    }
  }

  private async save(e: Event, remove = false): Promise<void> {
    e.preventDefault();
    if (this.busy) return;
    this.errors = {};
    this.message = null;
    const draft = webhookFromDraft({ ...this.draft, enabled: !remove });
    if (!draft.ok) {
      this.errors = { [draft.field]: draft.message };
      return;
    }
    this.busy = true;
    try {
      const res = await api<Answer<'putGameWebhook'>>('PUT', `/api/games/${encodeURIComponent(this.gameId)}/webhook`, {
        body: { webhook: draft.webhook },
      });
      this.saved = res.webhook;
      if (res.webhook) this.draft = { ...webhookDraft(res.webhook), enabled: true };
      this.message = {
        ok: true,
        text: res.webhook
          ? 'Saved. Your notifications about this game now go to this webhook instead of your account webhook.'
          : 'Removed. Notifications about this game follow your account settings again.',
      };
    } catch (err) {
      const msg = messageOf(err);
      if (err instanceof ApiError && err.code === 'bad_webhook_url') this.errors = { url: msg };
      this.message = { ok: false, text: msg };
    } finally {
      this.busy = false;
    }
  }

  override render() {
    const saved = this.saved;
    const secret = saved?.format === 'json' && this.draft.format === 'json' ? (saved.secret ?? null) : null;
    return html`<form @submit=${(e: Event) => this.save(e)} novalidate>
        <p class="hint">
          Your notifications about this game (your turn, reminders, game over) go to this webhook instead of the one in
          <a href="/settings">Settings</a>; for example your group's Discord channel.
        </p>
        ${webhookFields({
          id: 'game-hook',
          draft: this.draft,
          secret,
          errors: this.errors,
          onChange: (d) => {
            this.draft = d;
            this.errors = {};
            if (this.message?.ok) this.message = null;
          },
        })}
        <div class="row">
          <button class="primary" type="submit" ?disabled=${this.busy}>Save webhook</button>
          <button type="button" ?disabled=${this.busy} @click=${(e: Event) => this.save(e, true)}>Remove</button>
        </div>
        ${
          this.message
            ? html`<p class=${this.message.ok ? 'muted' : 'error'} role=${this.message.ok ? 'status' : 'alert'}>${this.message.text}</p>`
            : nothing
        }
      </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-game-hook': MpGameHook;
  }
}
