import { LitElement, css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import type { Answer, Body, PlayerRecord, Report } from '../api-types';
import { timeAgo } from '../format';
import { shared } from '../styles';

type Status = Report['status'];
type Action = Body<'actOnReport'>['action'];

const STATUSES: readonly { id: Status; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'actioned', label: 'Acted on' },
  { id: 'dismissed', label: 'Dismissed' },
];

const REASON_WORDS: Record<Report['reason'], string> = {
  harassment: 'Harassment',
  cheating: 'Cheating',
  clock_or_undo_abuse: 'Abusing the clock or undo',
  other: 'Other',
};

const ACTION_WORDS: Record<Action, string> = {
  dismiss: 'dismissed the report',
  mute: 'muted their chat',
  suspend: 'suspended the account',
  reinstate: 'reinstated the account',
};

/**
 * The operators' queue (`/admin/reports`, `GET /api/admin/reports`): each report with what the
 * player said, the game's chat as it stood (the reported player's lines marked), both players'
 * records, and what operators did about it. An operator dismisses a report, mutes the player's
 * chat for some days, suspends the account or reinstates it, with a note for the others.
 */
@customElement('mp-admin-reports')
export class MpAdminReports extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        max-width: 52rem;
      }
      .tabs {
        display: flex;
        gap: 0.5rem;
        margin-bottom: 1rem;
      }
      .tabs button[aria-pressed='true'] {
        background: var(--mp-accent);
        color: var(--mp-on-accent);
      }
      article {
        margin-bottom: 1rem;
      }
      .people {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
        gap: 0.75rem;
      }
      dl {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 0.1rem 0.75rem;
        margin: 0.25rem 0 0;
        font-size: 0.9rem;
      }
      dt {
        color: var(--mp-muted);
      }
      dd {
        margin: 0;
      }
      ol.excerpt {
        list-style: none;
        padding: 0.5rem;
        margin: 0.5rem 0;
        border: 1px solid var(--mp-border);
        border-radius: 0.5rem;
        max-height: 16rem;
        overflow-y: auto;
      }
      ol.excerpt li {
        padding: 0.15rem 0;
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      ol.excerpt li.reported {
        background: var(--mp-notice-bg);
        font-weight: 600;
      }
      .act {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        align-items: end;
        margin-top: 0.75rem;
      }
      .act input[type='number'] {
        width: 4.5rem;
      }
      .act input[type='text'] {
        flex: 1;
        min-width: 10rem;
      }
      ul.log {
        margin: 0.5rem 0 0;
        padding-left: 1.2rem;
        font-size: 0.9rem;
      }
    `,
  ];

  @state() private status: Status = 'open';
  @state() private reports: Report[] | null = null;
  @state() private error: string | null = null;
  /** Per report: the mute's days, the note, and what the last action said. */
  @state() private days: Record<number, number> = {};
  @state() private notes: Record<number, string> = {};
  @state() private said: Record<number, { ok: boolean; text: string }> = {};
  @state() private busy: number | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private readonly load = async (): Promise<void> => {
    this.error = null;
    try {
      this.reports = (await api<Answer<'listReports'>>('GET', `/api/admin/reports?status=${this.status}`)).reports;
    } catch (err) {
      this.reports = null;
      this.error = messageOf(err);
    }
  };

  private show(status: Status): void {
    this.status = status;
    this.reports = null;
    void this.load();
  }

  private async act(r: Report, action: Action): Promise<void> {
    if (this.busy !== null) return;
    this.busy = r.id;
    const body: Body<'actOnReport'> = { action, note: (this.notes[r.id] ?? '').trim() };
    if (action === 'mute') body.days = this.days[r.id] ?? 7;
    try {
      const after = await api<Report>('POST', `/api/admin/reports/${r.id}/actions`, { body });
      this.reports = (this.reports ?? []).map((x) => (x.id === r.id ? after : x));
      this.notes = { ...this.notes, [r.id]: '' };
      this.said = { ...this.said, [r.id]: { ok: true, text: `Done: ${ACTION_WORDS[action]}.` } };
    } catch (err) {
      this.said = { ...this.said, [r.id]: { ok: false, text: messageOf(err) } };
    } finally {
      this.busy = null;
    }
  }

  private renderRecord(title: string, who: Report['player']) {
    const rec: PlayerRecord | null = who.record;
    const name = who.id ? html`<a href="/players/${encodeURIComponent(who.id)}">${who.name}</a>` : html`${who.name}`;
    return html`<section>
      <h3>${title}: ${name}</h3>
      ${
        !rec
          ? html`<p class="muted">The account was deleted.</p>`
          : html`<dl>
            <dt>Member since</dt>
            <dd>${new Date(rec.memberSince).toLocaleDateString()}</dd>
            <dt>Games</dt>
            <dd>${rec.games.played} played, ${rec.games.finished} finished, ${rec.games.running} running</dd>
            <dt>Left early</dt>
            <dd>${rec.games.resigned} resigned, ${rec.games.timedOut} ran out of time</dd>
            <dt>Reports against</dt>
            <dd>${rec.reportsAgainst.open} open, ${rec.reportsAgainst.actioned} acted on, ${rec.reportsAgainst.dismissed} dismissed</dd>
            <dt>Reports filed</dt>
            <dd>${rec.reportsFiled}</dd>
            ${rec.suspendedAt ? html`<dt>Suspended</dt><dd>since ${new Date(rec.suspendedAt).toLocaleString()}</dd>` : nothing}
            ${
              rec.chatMutedUntil && Date.parse(rec.chatMutedUntil) > Date.now()
                ? html`<dt>Chat muted</dt><dd>until ${new Date(rec.chatMutedUntil).toLocaleString()}</dd>`
                : nothing
            }
          </dl>`
      }
    </section>`;
  }

  private renderReport(r: Report) {
    const said = this.said[r.id];
    const suspended = !!r.player.record?.suspendedAt;
    return html`<article class="card" data-report=${r.id}>
      <h2>${REASON_WORDS[r.reason]}: ${r.player.name}</h2>
      <p class="muted">
        Reported by ${r.reporter.name} <time datetime=${r.createdAt}>${timeAgo(r.createdAt)}</time>
        ${r.gameId ? html` in <a href="/games/${encodeURIComponent(r.gameId)}">this game</a>` : nothing}
      </p>
      ${r.text ? html`<blockquote>${r.text}</blockquote>` : nothing}
      ${
        r.excerpt.length
          ? html`<h3>The game's chat when it was reported</h3>
            <ol class="excerpt" aria-label="Chat excerpt">
              ${r.excerpt.map(
                (l) =>
                  html`<li class=${l.byReported ? 'reported' : ''} ?data-chat-line=${l.id === r.chatId}><b>${l.name}:</b> ${l.text}</li>`,
              )}
            </ol>`
          : nothing
      }
      <div class="people">${this.renderRecord('Reported', r.player)} ${this.renderRecord('Reporter', r.reporter)}</div>
      ${
        r.actions.length
          ? html`<h3>What was done</h3>
            <ul class="log">
              ${r.actions.map(
                (a) =>
                  html`<li>
                    ${a.operator} ${ACTION_WORDS[a.action]}${a.days ? ` for ${a.days} days` : ''}
                    <time datetime=${a.at}>${timeAgo(a.at)}</time>${a.note ? html`: “${a.note}”` : nothing}
                  </li>`,
              )}
            </ul>`
          : nothing
      }
      ${
        r.player.id
          ? html`<div class="act">
            <label
              >Note for the other operators
              <input
                type="text"
                maxlength="1000"
                .value=${this.notes[r.id] ?? ''}
                @input=${(e: Event) => (this.notes = { ...this.notes, [r.id]: (e.target as HTMLInputElement).value })}
            /></label>
            ${r.status === 'open' ? html`<button type="button" ?disabled=${this.busy !== null} @click=${() => this.act(r, 'dismiss')}>Dismiss</button>` : nothing}
            <label
              >Days
              <input
                type="number"
                min="1"
                max="365"
                .value=${String(this.days[r.id] ?? 7)}
                @input=${(e: Event) => (this.days = { ...this.days, [r.id]: Number((e.target as HTMLInputElement).value) })}
            /></label>
            <button type="button" ?disabled=${this.busy !== null} @click=${() => this.act(r, 'mute')}>Mute chat</button>
            ${
              suspended
                ? html`<button type="button" ?disabled=${this.busy !== null} @click=${() => this.act(r, 'reinstate')}>Reinstate</button>`
                : html`<button type="button" class="danger" ?disabled=${this.busy !== null} @click=${() => this.act(r, 'suspend')}>
                  Suspend account
                </button>`
            }
          </div>`
          : nothing
      }
      ${said ? html`<p class=${said.ok ? 'muted' : 'error'} role="status">${said.text}</p>` : nothing}
    </article>`;
  }

  override render() {
    return html`<h1>Reports</h1>
      <div class="tabs" role="group" aria-label="Which reports">
        ${STATUSES.map(
          (s) =>
            html`<button type="button" aria-pressed=${this.status === s.id ? 'true' : 'false'} @click=${() => this.show(s.id)}>${s.label}</button>`,
        )}
      </div>
      ${
        this.error
          ? html`<p class="error" role="alert">${this.error}</p><button type="button" @click=${this.load}>Try again</button>`
          : !this.reports
            ? html`<p class="muted">Loading the reports…</p>`
            : this.reports.length === 0
              ? html`<p class="muted">No reports here.</p>`
              : this.reports.map((r) => this.renderReport(r))
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-admin-reports': MpAdminReports;
  }
}
