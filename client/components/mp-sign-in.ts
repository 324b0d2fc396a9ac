import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import { shared } from '../styles';

/**
 * Sign-in by email link: the player gives an address, the server emails a one-time link, and
 * following it sets the session cookie. In development the mails land in the dev mailbox, which
 * this screen links to when the server has one.
 */
@customElement('mp-sign-in')
export class MpSignIn extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        max-width: 28rem;
        margin: 1.5rem auto;
      }
      form {
        display: grid;
        gap: 0.75rem;
      }
      input[type='email'] {
        width: 100%;
      }
    `,
  ];

  /**
   * Why sign-in is shown: 'invite' (opened an invite link), 'bot' (asked for a game against the
   * bot), 'required' (a page that needs it), 'landing' (the start page, which says the rest).
   */
  @property({ attribute: false }) reason: 'invite' | 'bot' | 'required' | 'landing' | null = null;
  @state() private email = '';
  @state() private sentTo: string | null = null;
  @state() private busy = false;
  @state() private error: string | null = null;
  @state() private hasDevMailbox = false;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.probeDevMailbox();
  }

  /** The dev mailbox exists only on a development server; it answers JSON there. */
  private async probeDevMailbox(): Promise<void> {
    try {
      const res = await fetch('/dev/mailbox.json', { headers: { accept: 'application/json' } });
      this.hasDevMailbox = res.ok && (res.headers.get('content-type') ?? '').includes('json');
    } catch {
      this.hasDevMailbox = false;
    }
  }

  private async submit(e: Event): Promise<void> {
    e.preventDefault();
    const email = this.email.trim();
    if (!email) return;
    this.busy = true;
    this.error = null;
    try {
      await api('POST', '/api/auth/email', { body: { email } });
      this.sentTo = email;
    } catch (err) {
      this.error = messageOf(err);
    } finally {
      this.busy = false;
    }
  }

  private renderSent() {
    return html`<div class="card" role="status">
      <h1>Check your email</h1>
      <p>We sent a sign-in link to <strong>${this.sentTo}</strong>. Open it on this device to sign in; it works once and
        expires in 15 minutes.</p>
      ${
        this.hasDevMailbox
          ? html`<p class="notice">Development server: the email is in the <a href="/dev/mailbox">dev mailbox</a>.</p>`
          : nothing
      }
      <button @click=${() => (this.sentTo = null)}>Use a different address</button>
    </div>`;
  }

  override render() {
    if (this.sentTo) return this.renderSent();
    return html`<div class="card">
      <h1>Sign in</h1>
      ${
        this.reason === 'invite'
          ? html`<p class="notice">You were invited to a game. Sign in first; we will take you back to it.</p>`
          : this.reason === 'bot'
            ? html`<p class="notice">Sign in first: your game against the bot starts as soon as you are back.</p>`
            : this.reason === 'required'
              ? html`<p class="notice">Sign in to see this page.</p>`
              : this.reason === 'landing'
                ? nothing
                : html`<p>Play board games by mail: take your turn whenever you like, and get an email when it is your turn.</p>`
      }
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      <form @submit=${this.submit}>
        <label for="email">Email address</label>
        <input
          id="email"
          type="email"
          name="email"
          autocomplete="email"
          required
          .value=${this.email}
          @input=${(e: Event) => (this.email = (e.target as HTMLInputElement).value)}
        />
        <button class="primary" type="submit" ?disabled=${this.busy}>${this.busy ? 'Sending…' : 'Email me a sign-in link'}</button>
      </form>
      ${this.hasDevMailbox ? html`<p class="muted">Development server: sign-in emails go to the <a href="/dev/mailbox">dev mailbox</a>.</p>` : nothing}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-sign-in': MpSignIn;
  }
}
