import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { absoluteUrl } from '../format';
import { shared } from '../styles';

/** The invite link of a game, in a read-only field with a Copy button. */
@customElement('mp-invite-link')
export class MpInviteLink extends LitElement {
  static override styles = [
    shared,
    css`
      .field {
        display: flex;
        gap: 0.5rem;
      }
      input {
        flex: 1;
        min-width: 0;
        font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
        font-size: 0.85rem;
      }
      .status {
        min-height: 1.25rem;
        font-size: 0.9rem;
      }
    `,
  ];

  /** The invite URL (absolute or a path on this site). */
  @property() url = '';
  @state() private copied: 'yes' | 'failed' | null = null;
  private copiedTimer: ReturnType<typeof setTimeout> | undefined;

  private get href(): string {
    return absoluteUrl(this.url, location.origin);
  }

  private async copy(): Promise<void> {
    const input = this.renderRoot.querySelector('input');
    try {
      await navigator.clipboard.writeText(this.href);
      this.copied = 'yes';
    } catch {
      // Older browsers or no clipboard permission: select the text so the player can copy it.
      input?.select();
      this.copied = document.execCommand?.('copy') ? 'yes' : 'failed';
    }
    clearTimeout(this.copiedTimer);
    this.copiedTimer = setTimeout(() => (this.copied = null), 4000);
  }

  override disconnectedCallback(): void {
    clearTimeout(this.copiedTimer);
    super.disconnectedCallback();
  }

  override render() {
    return html`<label for="invite">Invite link: send it to the other players</label>
      <div class="field">
        <input id="invite" readonly .value=${this.href} @focus=${(e: Event) => (e.target as HTMLInputElement).select()} />
        <button type="button" @click=${this.copy}>Copy</button>
      </div>
      <div class="status" role="status">
        ${
          this.copied === 'yes'
            ? html`Copied to the clipboard.`
            : this.copied === 'failed'
              ? html`Could not copy; select the link and copy it by hand.`
              : nothing
        }
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-invite-link': MpInviteLink;
  }
}
