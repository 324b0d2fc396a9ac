import { LitElement, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { api } from '../api';
import type { Answer, MeAnswer } from '../api-types';
import { daysText, vacationBody } from '../clocks';
import { FormState } from '../form-state';
import { shared } from '../styles';
import { deadlineText, deviceTimeZone } from '../time';
import { settingsStyles } from './settings-styles';

/** `GET /api/me`'s vacation days. */
type VacationStatus = MeAnswer['vacation'];

/**
 * Vacation (`PUT`/`DELETE /api/me/vacation`): the days left, the vacation under way or planned,
 * a form to go away (the day you are back, and a later start if you like) and "I'm back" to end
 * it now (the days not taken come back). While you are away your clocks stand still in every game
 * that allows it, and the other players see it.
 */
@customElement('mp-vacation-form')
export class MpVacationForm extends LitElement {
  static override styles = [shared, settingsStyles];

  @state() private status: VacationStatus | null = null;
  @state() private until = '';
  @state() private from = '';
  private readonly sending = new FormState(this);
  private readonly timeZone = deviceTimeZone();

  override connectedCallback(): void {
    super.connectedCallback();
    void this.sending.run(async () => {
      this.status = (await api<MeAnswer>('GET', '/api/me')).vacation;
      return undefined;
    });
  }

  private async reload(): Promise<void> {
    this.status = (await api<MeAnswer>('GET', '/api/me')).vacation;
  }

  private readonly start = (e: Event): Promise<void> => {
    e.preventDefault();
    const made = vacationBody(this.until, this.from);
    if ('problem' in made) {
      this.sending.say(false, made.problem);
      return Promise.resolve();
    }
    return this.sending.run(async () => {
      const v = await api<Answer<'startVacation'>>('PUT', '/api/me/vacation', { body: made.body });
      await this.reload();
      return `On vacation from ${deadlineText(v.from, this.timeZone)} until ${deadlineText(v.until, this.timeZone)}.`;
    });
  };

  private readonly end = (): Promise<void> =>
    this.sending.run(async () => {
      this.status = await api<Answer<'endVacation'>>('DELETE', '/api/me/vacation');
      return 'Welcome back: your clocks run again.';
    });

  private renderState(v: VacationStatus) {
    if (v.activeUntil) {
      return html`<p data-vacation-active>You are on vacation until <strong>${deadlineText(v.activeUntil, this.timeZone)}</strong>.</p>
        <div class="row"><button type="button" ?disabled=${this.sending.busy} @click=${this.end}>I'm back: end it now</button></div>`;
    }
    if (v.planned) {
      return html`<p>Planned: from ${deadlineText(v.planned.from, this.timeZone)} until ${deadlineText(v.planned.until, this.timeZone)}.</p>
        <div class="row"><button type="button" ?disabled=${this.sending.busy} @click=${this.end}>Cancel it</button></div>`;
    }
    return nothing;
  }

  override render() {
    const v = this.status;
    const said = this.sending.said;
    return html`<form class="card" @submit=${this.start} novalidate aria-labelledby="vacation-h">
      <h2 id="vacation-h">Vacation</h2>
      ${
        v
          ? html`<p>
              <strong data-days-left>${daysText(v.daysLeft)}</strong> of vacation left. While you are away your clocks stand still in
              every game that allows it.${v.auto ? ' A clock about to run out spends them by itself.' : ''}
            </p>
            ${this.renderState(v)}`
          : nothing
      }
      ${
        v && !v.activeUntil
          ? html`<div class="dates">
                <label for="vacation-until">Back on</label>
                <input type="date" id="vacation-until" .value=${this.until} @change=${(e: Event) => (this.until = (e.target as HTMLInputElement).value)} />
                <label for="vacation-from">Starting (leave empty for now)</label>
                <input type="date" id="vacation-from" .value=${this.from} @change=${(e: Event) => (this.from = (e.target as HTMLInputElement).value)} />
              </div>
              <div class="row"><button class="primary" type="submit" ?disabled=${this.sending.busy}>Go on vacation</button></div>`
          : nothing
      }
      <div class="status" role="status">${said?.ok ? html`<span class="muted">${said.text}</span>` : nothing}</div>
      ${said && !said.ok ? html`<p class="error" role="alert">${said.text}</p>` : nothing}
    </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-vacation-form': MpVacationForm;
  }
}
