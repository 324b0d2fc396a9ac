import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { AnyGame } from '../../engine/core/types';
import { api, messageOf } from '../api';
import { shared } from '../styles';
import { checkLabel, parseRecordText } from '../record-check';
import { verifyInBrowser, type Verification } from '../verify';

/**
 * "Verify a game record" (/verify): paste or upload the JSON a finished game offers for
 * download, and this page checks it here, in the browser, with the same verifier as
 * `npm run verify`: the seed against the hash published when the game began, the rules
 * version, a full replay of every move, the result and the final state. With `?game=ID` it
 * fetches that game's record first.
 */
@customElement('mp-verify-page')
export class MpVerifyPage extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        max-width: 48rem;
      }
      form {
        display: grid;
        gap: 0.75rem;
      }
      textarea {
        width: 100%;
        min-height: 12rem;
        font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
        font-size: 0.8rem;
        padding: 0.5rem;
        border-radius: 0.4rem;
        border: 1px solid var(--mp-border-strong);
        background: var(--mp-input-bg);
        color: var(--mp-text);
        resize: vertical;
      }
      textarea:focus-visible {
        outline: 2px solid var(--mp-focus);
        outline-offset: 2px;
      }
      input[type='file'] {
        width: 100%;
        min-height: auto;
      }
      ul.checks {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 0.4rem;
      }
      ul.checks li {
        display: grid;
        grid-template-columns: 1.5rem 1fr;
        gap: 0.1rem 0.5rem;
        padding: 0.4rem 0.5rem;
        border-radius: 0.4rem;
        border: 1px solid var(--mp-border);
      }
      ul.checks li.fail {
        border-color: var(--mp-error-border);
        background: var(--mp-error-bg);
      }
      .mark {
        font-weight: 700;
        grid-row: span 2;
      }
      li.pass .mark {
        color: var(--mp-accent-text);
      }
      li.fail .mark {
        color: var(--mp-error-text);
      }
      .detail {
        grid-column: 2;
        font-size: 0.85rem;
        color: var(--mp-muted);
        overflow-wrap: anywhere;
      }
      .verdict {
        font-size: 1.1rem;
        font-weight: 600;
      }
      .verdict.ok {
        color: var(--mp-accent-text);
      }
      .verdict.bad {
        color: var(--mp-error-text);
      }
    `,
  ];

  /** A game whose record to fetch and check at once (`/verify?game=ID`). */
  @property({ attribute: false }) gameId: string | null = null;
  /**
   * Rules this client does not ship, keyed by their API id (for an embedding page; browser tests
   * put the test-only fixture game here). Shipped games always come from the client's engines.
   */
  @property({ attribute: false }) extraGames: AnyGame[] = [];

  @state() private text = '';
  @state() private busy = false;
  @state() private error: string | null = null;
  @state() private outcome: Verification | null = null;
  /** What the checked record was: "Secret Dice game g_123". */
  @state() private about: string | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('gameId') && this.gameId) void this.fetchRecord(this.gameId);
  }

  private async fetchRecord(id: string): Promise<void> {
    this.busy = true;
    this.error = null;
    this.outcome = null;
    try {
      const record = await api<unknown>('GET', `/api/games/${encodeURIComponent(id)}/record`);
      this.text = JSON.stringify(record, null, 2);
      this.busy = false;
      await this.check();
    } catch (err) {
      this.error = `Could not fetch the record of game ${id}: ${messageOf(err)}`;
    } finally {
      this.busy = false;
    }
  }

  private async onFile(e: Event): Promise<void> {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > 20 * 1024 * 1024) {
      this.error = 'That file is too large to be a game record.';
      return;
    }
    try {
      this.text = await file.text();
    } catch (err) {
      this.error = `Could not read ${file.name}: ${messageOf(err)}`;
      return;
    }
    await this.check();
  }

  private async check(e?: Event): Promise<void> {
    e?.preventDefault();
    if (this.busy) return;
    this.outcome = null;
    this.about = null;
    const parsed = parseRecordText(this.text);
    if (!parsed.ok) {
      this.error = parsed.error;
      return;
    }
    this.error = null;
    this.busy = true;
    try {
      const r = parsed.record;
      this.outcome = await verifyInBrowser(r, this.extraGames);
      const title = typeof r.title === 'string' ? r.title : typeof r.type === 'string' ? r.type : 'game';
      this.about = `${title}${typeof r.id === 'string' ? `, game ${r.id}` : ''}`;
    } catch (err) {
      this.error = messageOf(err);
    } finally {
      this.busy = false;
    }
  }

  private renderOutcome(v: Verification) {
    const failed = v.checks.filter((c) => !c.ok).length;
    return html`<section class="card" aria-labelledby="outcome">
      <h2 id="outcome">Checks</h2>
      <p class="verdict ${v.ok ? 'ok' : 'bad'}" role="status">${
        v.ok
          ? `Verified: every check passed${this.about ? ` for ${this.about}` : ''}.`
          : `Not verified: ${failed} check${failed === 1 ? '' : 's'} failed${this.about ? ` for ${this.about}` : ''}.`
      }</p>
      <ul class="checks" aria-label="Checks">
        ${v.checks.map(
          (c) => html`<li class=${c.ok ? 'pass' : 'fail'} data-check=${c.name}>
            <span class="mark" aria-hidden="true">${c.ok ? '✓' : '✗'}</span>
            <span class="label">${checkLabel(c.name)}: <strong>${c.ok ? 'pass' : 'FAIL'}</strong></span>
            <span class="detail">${c.detail}</span>
          </li>`,
        )}
      </ul>
      ${
        v.ok && v.result
          ? html`<p class="muted">Replayed scores: ${v.result.scores.join(', ')}${v.result.summary ? ` (${v.result.summary})` : ''}</p>`
          : nothing
      }
    </section>`;
  }

  override render() {
    return html`<h1>Verify a game record</h1>
      <p>
        Every game draws its dice and cards from a secret seed. Its SHA-256 hash is shown from the first move, and the seed is
        published when the game ends. Paste or upload a finished game's record (its page offers “Download record”) to check,
        right here in your browser, that the seed matches the hash and that replaying every move gives the same result.
      </p>
      <form class="card" @submit=${this.check}>
        <div>
          <label for="file">Upload a record file</label>
          <input id="file" type="file" accept="application/json,.json" @change=${this.onFile} />
        </div>
        <div>
          <label for="record">…or paste the record (JSON)</label>
          <textarea
            id="record"
            spellcheck="false"
            .value=${this.text}
            @input=${(e: Event) => {
              this.text = (e.target as HTMLTextAreaElement).value;
              this.outcome = null;
            }}
          ></textarea>
        </div>
        <div><button class="primary" type="submit" ?disabled=${this.busy}>${this.busy ? 'Checking…' : 'Verify record'}</button></div>
      </form>
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      ${this.outcome ? this.renderOutcome(this.outcome) : nothing}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-verify-page': MpVerifyPage;
  }
}
