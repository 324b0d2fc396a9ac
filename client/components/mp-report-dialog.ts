import { LitElement, css, html, nothing } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import { api } from '../api';
import type { Body, FiledReport } from '../api-types';
import { FormState } from '../form-state';
import { shared } from '../styles';
import { dialogStyles } from './mp-confirm-dialog';

type Reason = Body<'reportPlayer'>['reason'];

/** The reasons a player may give, in the words the form shows. */
const REASONS: readonly { id: Reason; label: string }[] = [
  { id: 'harassment', label: 'Harassment or abuse' },
  { id: 'cheating', label: 'Cheating' },
  { id: 'clock_or_undo_abuse', label: 'Abusing the clock or undo' },
  { id: 'other', label: 'Something else' },
];

/** Who is reported, and where: a chat line (its game and id) or a profile. */
export interface ReportTarget {
  playerId: string;
  name: string;
  gameId?: string;
  chatId?: number;
}

/**
 * "Report this player" (`POST /api/players/:id/reports`): a modal form with a reason and the
 * player's own words. From a chat line it sends the line and its game, so the report keeps that
 * game's chat. `open(target)` shows it; it fires `mp-reported` (detail: the filed report).
 */
@customElement('mp-report-dialog')
export class MpReportDialog extends LitElement {
  static override styles = [
    shared,
    dialogStyles,
    css`
      dialog {
        width: min(28rem, calc(100vw - 2rem));
      }
      fieldset {
        border: none;
        padding: 0;
        margin: 0 0 0.75rem;
      }
      label.choice {
        display: flex;
        gap: 0.5rem;
        align-items: center;
        padding: 0.2rem 0;
      }
      textarea {
        width: 100%;
        box-sizing: border-box;
        font: inherit;
        min-height: 5rem;
      }
      .row {
        margin-top: 0.75rem;
      }
    `,
  ];

  @state() private target: ReportTarget | null = null;
  @state() private reason: Reason = 'harassment';
  @state() private text = '';
  @state() private done = false;
  @query('dialog') private dialog!: HTMLDialogElement;
  private readonly sending = new FormState(this);

  /** Shows the form for `target`. */
  async open(target: ReportTarget): Promise<void> {
    this.target = target;
    this.reason = 'harassment';
    this.text = '';
    this.done = false;
    this.sending.clear();
    await this.updateComplete;
    if (!this.dialog.open) this.dialog.showModal();
  }

  private close(): void {
    if (this.dialog.open) this.dialog.close();
  }

  private readonly submit = (e: Event): Promise<void> => {
    e.preventDefault();
    const t = this.target;
    if (!t) return Promise.resolve();
    return this.sending.run(async () => {
      const body: Body<'reportPlayer'> = { reason: this.reason, text: this.text.trim() };
      if (t.gameId) body.gameId = t.gameId;
      if (t.chatId !== undefined) body.chatId = t.chatId;
      const filed = await api<FiledReport>('POST', `/api/players/${encodeURIComponent(t.playerId)}/reports`, { body });
      this.done = true;
      this.dispatchEvent(new CustomEvent('mp-reported', { detail: filed, bubbles: true, composed: true }));
      return undefined;
    });
  };

  override render() {
    const t = this.target;
    const said = this.sending.said;
    return html`<dialog aria-labelledby="report-title" @close=${() => (this.target = null)}>
      ${
        !t
          ? nothing
          : this.done
            ? html`<h2 id="report-title">Thank you</h2>
              <p>The operators will look at your report of ${t.name}. ${t.name} is not told who reported them.</p>
              <div class="row"><button type="button" class="primary" @click=${this.close}>Close</button></div>`
            : html`<form @submit=${this.submit}>
              <h2 id="report-title">Report ${t.name}</h2>
              ${t.chatId !== undefined ? html`<p class="muted">The report keeps this game's chat as it is now.</p>` : nothing}
              <fieldset>
                <legend>What happened?</legend>
                ${REASONS.map(
                  (r) => html`<label class="choice"
                    ><input
                      type="radio"
                      name="reason"
                      .value=${r.id}
                      .checked=${this.reason === r.id}
                      @change=${() => (this.reason = r.id)}
                    />${r.label}</label
                  >`,
                )}
              </fieldset>
              <label for="report-text">In your words (optional)</label>
              <textarea
                id="report-text"
                maxlength="2000"
                .value=${this.text}
                @input=${(e: Event) => (this.text = (e.target as HTMLTextAreaElement).value)}
              ></textarea>
              ${said && !said.ok ? html`<p class="error" role="alert">${said.text}</p>` : nothing}
              <div class="row">
                <button type="button" @click=${this.close}>Cancel</button>
                <button type="submit" class="primary" ?disabled=${this.sending.busy}>Send report</button>
              </div>
            </form>`
      }
    </dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-report-dialog': MpReportDialog;
  }
}
