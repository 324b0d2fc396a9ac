import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { ON_TIMEOUT, TIME_CONTROLS, type ClockChoice } from '../new-game-options';
import { formParts, shared } from '../styles';

/** Fired (bubbling) with the whole choice whenever one of its fields changes. */
export const CLOCK_CHOICE_EVENT = 'mp-clock-choice';

/**
 * The new-game form's "Time to move": a preset (a time bank, a time per move, or none), and for a
 * timed game whether weekends pause it, whether vacations stop it, and what happens at 0.
 */
@customElement('mp-time-control-fields')
export class MpTimeControlFields extends LitElement {
  static override styles = [
    shared,
    formParts,
    css`
      .hint {
        font-size: 0.85rem;
        color: var(--mp-muted);
        margin: 0.25rem 0 0;
      }
    `,
  ];

  @property({ attribute: false }) value!: ClockChoice;

  private set(patch: Partial<ClockChoice>): void {
    this.dispatchEvent(new CustomEvent<ClockChoice>(CLOCK_CHOICE_EVENT, { detail: { ...this.value, ...patch }, bubbles: true }));
  }

  private check(id: string, on: boolean, label: string, key: 'weekendPause' | 'allowVacation') {
    return html`<div class="radio">
      <input type="checkbox" id=${id} .checked=${on} @change=${(e: Event) => this.set({ [key]: (e.target as HTMLInputElement).checked })} />
      <label for=${id}>${label}</label>
    </div>`;
  }

  override render() {
    const v = this.value;
    const preset = TIME_CONTROLS.find((x) => x.value === v.timeControl);
    return html`<fieldset>
      <legend>Time to move</legend>
      <label for="time-control">Time control</label>
      <select id="time-control" @change=${(e: Event) => this.set({ timeControl: (e.target as HTMLSelectElement).value as ClockChoice['timeControl'] })}>
        ${TIME_CONTROLS.map((x) => html`<option value=${x.value} ?selected=${x.value === v.timeControl}>${x.label}</option>`)}
      </select>
      ${preset?.hint ? html`<p class="hint">${preset.hint}</p>` : nothing}
      ${
        v.timeControl !== 'none'
          ? html`${this.check('weekend-pause', v.weekendPause, "Pause each player's clock at weekends (in their own time zone)", 'weekendPause')}
            ${this.check('allow-vacation', v.allowVacation, "A player's vacation stops their clock here", 'allowVacation')}
            <fieldset class="inner">
              <legend>When time runs out</legend>
              ${ON_TIMEOUT.map(
                (x) => html`<div class="radio">
                  <input
                    type="radio"
                    name="on-timeout"
                    id="on-timeout-${x.value}"
                    value=${x.value}
                    .checked=${x.value === v.onTimeout}
                    @change=${() => this.set({ onTimeout: x.value })}
                  />
                  <label for="on-timeout-${x.value}">${x.label}</label>
                </div>`,
              )}
              <p class="hint">Players get a reminder when 24 hours and when 2 hours are left.</p>
            </fieldset>`
          : nothing
      }
    </fieldset>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-time-control-fields': MpTimeControlFields;
  }
}
