import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { PRINTED_COLOURS } from '../seat-colours';
import { shared } from '../styles';
import type { SeatChoice, SeatWithChoices } from '../api-types';

/** `detail` of `mp-choose`: the viewer's choices, all of them (`{}` = no preference). */
export type ChooseDetail = Record<string, string>;

/**
 * The choices a game gives each player before it begins ("Each player chooses a Rocket"),
 * as radio buttons named in words, with a colour swatch where the value names a colour (`PRINTED_COLOURS`). A value
 * another seat holds is disabled and says who holds it. "No preference" leaves the choice to the
 * start (the first value left). Dispatches `mp-choose` with every choice of the viewer.
 */
@customElement('mp-seat-choices')
export class MpSeatChoices extends LitElement {
  static override styles = [
    shared,
    css`
      fieldset {
        border: 1px solid var(--mp-border, #8a8a8a);
        border-radius: 0.5rem;
        margin: 0.75rem 0 0;
        padding: 0.5rem 0.75rem 0.75rem;
      }
      legend {
        font-weight: 600;
        padding: 0 0.25rem;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem 1rem;
      }
      label {
        display: inline-flex;
        align-items: center;
        gap: 0.4rem;
        min-height: 2.75rem;
        cursor: pointer;
      }
      label.taken {
        cursor: not-allowed;
        color: var(--mp-muted);
      }
      .swatch {
        display: inline-block;
        width: 1.1rem;
        height: 1.1rem;
        border-radius: 50%;
        border: 2px solid #1b1b1b;
      }
      label.taken .swatch {
        opacity: 0.45;
      }
    `,
  ];

  /** The game's choices (`seatChoices` of `GET /api/games/:id`). */
  @property({ attribute: false }) choices: SeatChoice[] = [];
  /** The seats taken so far, with what each chose. */
  @property({ attribute: false }) seats: SeatWithChoices[] = [];
  /** The viewer's seat, or null for someone about to join. */
  @property({ attribute: false }) yourSeat: number | null = null;
  /** The viewer's current choices. */
  @property({ attribute: false }) selected: Record<string, string> = {};
  @property({ type: Boolean }) disabled = false;

  private pick(choiceId: string, value: string): void {
    const next: ChooseDetail = { ...this.selected };
    if (value) next[choiceId] = value;
    else delete next[choiceId];
    this.dispatchEvent(new CustomEvent<ChooseDetail>('mp-choose', { detail: next, bubbles: true, composed: true }));
  }

  private holder(choiceId: string, value: string): SeatWithChoices | undefined {
    return this.seats.find((s) => s.seat !== this.yourSeat && s.choices?.[choiceId] === value);
  }

  override render() {
    return this.choices.map(
      (c) => html`<fieldset data-choice=${c.id}>
        <legend>Choose your ${c.label}</legend>
        <ul>
          ${c.values.map((v) => {
            const holder = this.holder(c.id, v.id);
            const who = holder ? (holder.name ?? `seat ${holder.seat + 1}`) : null;
            return html`<li>
              <label class=${holder ? 'taken' : ''}>
                <input
                  type="radio"
                  name=${c.id}
                  value=${v.id}
                  .checked=${this.selected[c.id] === v.id}
                  ?disabled=${this.disabled || !!holder}
                  @change=${() => this.pick(c.id, v.id)}
                />
                ${Object.hasOwn(PRINTED_COLOURS, v.id) ? html`<span class="swatch" style=${`background:${PRINTED_COLOURS[v.id]}`} aria-hidden="true"></span>` : nothing}
                <span>${v.label}${who ? html` <span class="muted">(taken by ${who})</span>` : nothing}</span>
              </label>
            </li>`;
          })}
          <li>
            <label>
              <input type="radio" name=${c.id} value="" .checked=${!this.selected[c.id]} ?disabled=${this.disabled} @change=${() => this.pick(c.id, '')} />
              <span>No preference <span class="muted">(the start gives one that is left)</span></span>
            </label>
          </li>
        </ul>
      </fieldset>`,
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-seat-choices': MpSeatChoices;
  }
}
