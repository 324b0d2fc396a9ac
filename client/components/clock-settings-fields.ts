/**
 * The settings form's time fields, drawn inside the notification form (they save with it, as one
 * `PUT /api/me/notifications`): the time zone as a list of IANA zones (defaulting to this
 * device's), quiet hours in it, and whether vacation days are spent by themselves.
 */
import { css, html, nothing } from 'lit';

/** The values these fields edit. */
export interface ClockSettingsDraft {
  timeZone: string;
  quietOn: boolean;
  quietStart: string;
  quietEnd: string;
  autoVacation: boolean;
}

/** What drawing them needs. */
export interface ClockSettingsFieldsArgs {
  draft: ClockSettingsDraft;
  zones: readonly string[];
  device: string;
  /** The zone shown is this device's, not yet saved. */
  suggested: boolean;
  error: string | null;
  onChange: (patch: Partial<ClockSettingsDraft>) => void;
}

/** Quiet hours a player who ticks the box starts from. */
export const DEFAULT_QUIET = { start: '22:00', end: '08:00' };

export const clockSettingsStyles = css`
  .times {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1rem;
  }
  .times label {
    display: grid;
    gap: 0.2rem;
  }
  input[type='time'] {
    min-width: 8rem;
  }
`;

/** The time zone, quiet hours and auto-vacation fields. */
export function clockSettingsFields(a: ClockSettingsFieldsArgs) {
  const d = a.draft;
  const zones = a.zones.includes(d.timeZone) ? a.zones : [d.timeZone, ...a.zones];
  const value = (e: Event) => (e.target as HTMLInputElement).value;
  const checked = (e: Event) => (e.target as HTMLInputElement).checked;
  return html`<fieldset>
    <legend>Time</legend>
    <div>
      <label for="tz">Time zone</label>
      <select
        id="tz"
        aria-invalid=${a.error ? 'true' : 'false'}
        aria-describedby=${a.error ? 'tz-error tz-hint' : 'tz-hint'}
        @change=${(e: Event) => a.onChange({ timeZone: (e.target as HTMLSelectElement).value })}
      >
        ${zones.map((z) => html`<option value=${z} ?selected=${z === d.timeZone}>${z.replaceAll('_', ' ')}</option>`)}
      </select>
      ${a.error ? html`<p class="field-error" id="tz-error">${a.error}</p>` : nothing}
      <p class="hint" id="tz-hint">
        ${a.suggested ? 'Taken from this device; it is kept once you save.' : 'Dates in messages, your weekends and your quiet hours use this zone.'}
      </p>
      ${
        d.timeZone !== a.device
          ? html`<div class="tz-row">
            <button type="button" @click=${() => a.onChange({ timeZone: a.device })}>Use this device's zone (${a.device})</button>
          </div>`
          : nothing
      }
    </div>
    <div class="check">
      <input type="checkbox" id="quiet-on" .checked=${d.quietOn} @change=${(e: Event) => a.onChange({ quietOn: checked(e) })} />
      <label for="quiet-on">Quiet hours: hold notices, then send them as one message when they end</label>
    </div>
    ${
      d.quietOn
        ? html`<div class="times">
          <label>From <input type="time" id="quiet-start" required .value=${d.quietStart} @change=${(e: Event) => a.onChange({ quietStart: value(e) })} /></label>
          <label>Until <input type="time" id="quiet-end" required .value=${d.quietEnd} @change=${(e: Event) => a.onChange({ quietEnd: value(e) })} /></label>
        </div>`
        : nothing
    }
    <div class="check">
      <input type="checkbox" id="auto-vacation" .checked=${d.autoVacation} @change=${(e: Event) => a.onChange({ autoVacation: checked(e) })} />
      <label for="auto-vacation">Spend vacation days by themselves when a clock of mine is about to run out</label>
    </div>
  </fieldset>`;
}
