import { LitElement, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import type { Answer, BlockedPlayer } from '../api-types';
import { FormState } from '../form-state';
import { shared } from '../styles';
import { settingsStyles } from './settings-styles';

/**
 * The settings that are about you and other people: the players you blocked (unblock them
 * here), downloading everything stored about your account (`GET /api/me/export`, a zip), and
 * deleting the account (`POST /api/me/deletion`: a link by email, which must be opened to confirm).
 */
@customElement('mp-safety-settings')
export class MpSafetySettings extends LitElement {
  static override styles = [shared, settingsStyles];

  @state() private blocked: BlockedPlayer[] | null = null;
  @state() private loadError: string | null = null;
  private readonly unblocking = new FormState(this);
  private readonly deleting = new FormState(this);

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private readonly load = async (): Promise<void> => {
    this.loadError = null;
    try {
      this.blocked = (await api<Answer<'listBlocks'>>('GET', '/api/me/blocks')).blocks;
    } catch (err) {
      this.loadError = messageOf(err);
    }
  };

  private unblock(p: BlockedPlayer): Promise<void> {
    return this.unblocking.run(async () => {
      await api('DELETE', `/api/me/blocks/${encodeURIComponent(p.id)}`);
      this.blocked = (this.blocked ?? []).filter((b) => b.id !== p.id);
      return `${p.name} is no longer blocked.`;
    });
  }

  private readonly askDeletion = (): Promise<void> =>
    this.deleting.run(async () => {
      const sent = await api<Answer<'requestAccountDeletion', 202>>('POST', '/api/me/deletion');
      return `We emailed a link to ${sent.sentTo}. Open it within an hour to delete your account; until then nothing changes.`;
    });

  private renderBlocks() {
    if (this.loadError) return html`<p class="error" role="alert">${this.loadError}</p>`;
    if (!this.blocked) return html`<p class="muted">Loading…</p>`;
    if (this.blocked.length === 0) return html`<p class="muted">You have not blocked anyone.</p>`;
    return html`<ul class="blocked">
      ${this.blocked.map(
        (p) => html`<li>
          <a href="/players/${encodeURIComponent(p.id)}">${p.name}</a>
          <button type="button" ?disabled=${this.unblocking.busy} @click=${() => this.unblock(p)}>Unblock</button>
        </li>`,
      )}
    </ul>`;
  }

  override render() {
    const unblocked = this.unblocking.said;
    const deletion = this.deleting.said;
    return html`<section class="card" aria-labelledby="blocked-title">
        <h2 id="blocked-title">Blocked players</h2>
        <p class="muted">
          A player you block is not told. You do not see each other's open tables, they cannot invite or mention you, and their chat
          lines never reach you.
        </p>
        ${this.renderBlocks()}
        ${unblocked ? html`<p class=${unblocked.ok ? 'muted' : 'error'} role="status">${unblocked.text}</p>` : nothing}
      </section>
      <section class="card" aria-labelledby="data-title">
        <h2 id="data-title">Your data</h2>
        <p>Everything Mountain Post stores about your account, in one zip file: your profile, settings, the records of your games, your chat lines and the notifications sent to you.</p>
        <p><a class="button" href="/api/me/export" download>Download your data</a></p>
      </section>
      <section class="card" aria-labelledby="delete-title">
        <h2 id="delete-title">Delete your account</h2>
        <p>
          Your address, sessions, devices, webhooks and chat lines go, and your name is free again. Running games go on with the bot in
          your seat; finished games stay, with your seat named "Deleted player". We email you a link to confirm.
        </p>
        <div class="row">
          <button type="button" class="danger" ?disabled=${this.deleting.busy} @click=${this.askDeletion}>Delete my account…</button>
          ${deletion ? html`<span class=${deletion.ok ? 'muted' : 'error'} role="status">${deletion.text}</span>` : nothing}
        </div>
      </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-safety-settings': MpSafetySettings;
  }
}
