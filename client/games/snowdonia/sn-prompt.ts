import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { LegalMove } from '../../api-types';
import { buildRows, emptyGroups, withoutPrefix, type ControlGroups } from './controls';
import { sendMove } from '../move-event';
import { shared } from '../../styles';
import { snStyles } from './styles';
import type { SnowdoniaView } from './types';
import './sn-contract';
import './sn-works';

/**
 * What the game waits for (the page's sentence, the turn bar's), and the controls of the viewer's decision that have no place of their
 * own on the board: hiring the Temporary Labourer, the Contract window (Activate or not), the
 * Works conversions, how many Track cards to lay, declining Padarn's extra Build, Train
 * maintenance, and plain buttons for any listed move the board does not draw. Decisions made on
 * the board (a space, cubes, a building space, a Train, a Contract) are pointed to; the building
 * spaces are buttons here as well.
 */
@customElement('sn-prompt')
export class SnPrompt extends LitElement {
  static override styles = [
    shared,
    snStyles,
    css`
      .prompt {
        border: 2px solid var(--mp-border);
        border-radius: 0.6rem;
        padding: 0.55rem 0.7rem;
        display: grid;
        gap: 0.45rem;
        background: var(--mp-surface);
      }
      .prompt.yours {
        border-color: var(--sn-target);
      }
      .line {
        margin: 0;
        font-weight: 700;
      }
      .yours .line {
        color: var(--mp-accent-text);
      }
      .hint {
        margin: 0;
        font-size: 0.9rem;
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem;
      }
      /* A phone: the turn bar at the foot of the window says the sentence, on anyone's turn; said
         here too, it was read twice and pushed the step's cubes and cards below the first screen.
         With nothing to choose the box would be empty. */
      @media (max-width: 49.99rem) {
        .line,
        .prompt.idle {
          display: none;
        }
        /* Only a pointer to the part right below, which says the same in its own heading ("Choose up to 3 cubes"). */
        .pointing {
          display: none;
        }
      }
      /* A Station's name, then its spaces: beside them on a wide screen, above them on a phone (two a row). */
      .build-row {
        display: grid;
        grid-template-columns: 9rem minmax(0, 1fr);
        align-items: center;
        gap: 0.25rem 0.5rem;
      }
      .build-row .station {
        font-weight: 700;
        font-size: 0.9rem;
      }
      .spaces {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
        gap: 0.3rem;
      }
      @media (max-width: 49.99rem) {
        .build-row {
          grid-template-columns: minmax(0, 1fr);
        }
        .spaces {
          grid-template-columns: repeat(auto-fill, minmax(8.5rem, 1fr));
        }
      }
      .spaces button {
        min-height: 2.25rem;
        padding: 0.2rem 0.5rem;
        font-size: 0.85rem;
        line-height: 1.2;
      }
      .cards {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr));
        gap: 0.4rem;
      }
    `,
  ];

  @property({ attribute: false }) view: SnowdoniaView | null = null;
  @property({ attribute: false }) controls: ControlGroups = emptyGroups();
  @property({ attribute: false }) you: number | null = null;
  /** The sentence about now, as the turn bar says it. */
  @property({ attribute: false }) prompt = '';

  private button(lm: LegalMove, control: string, primary = true) {
    return html`<button class=${primary ? 'primary' : ''} data-control=${control} @click=${() => sendMove(this, lm)}>${lm.label}</button>`;
  }

  private renderChoices(v: SnowdoniaView, c: ControlGroups) {
    const parts = [];
    const me = this.you !== null ? v.seats[this.you] : undefined;
    if (c.place.length) {
      parts.push(html`<p class="hint">
        Tap a highlighted space in an Action Area
        ${me ? html`(${me.labourers.supply} Labourer${me.labourers.supply === 1 ? '' : 's'} left to place)` : nothing}.
      </p>`);
    }
    if (c.hire) {
      parts.push(html`<div class="row">${this.button(c.hire, 'hire-temporary', false)}</div>
        <p class="hint muted">Only before you place your first Labourer this round.</p>`);
    }
    if (c.activate.length || c.passContracts) {
      const held = me?.contracts ?? [];
      parts.push(html`<div class="cards">
          ${c.activate.map((a) => {
            const k = held.find((h) => h.id === a.value);
            return k
              ? html`<sn-contract .contract=${k} .action=${a.legal} actionText="Activate"></sn-contract>`
              : html`<div>${this.button(a.legal, 'activate')}</div>`;
          })}
        </div>
        ${c.passContracts ? html`<div class="row">${this.button(c.passContracts, 'pass-contracts', false)}</div>` : nothing}`);
    }
    if (c.takeCubes.length) parts.push(html`<p class="hint">Choose your cubes in the Stock Yard.</p>`);
    if (c.convert.length) parts.push(html`<sn-works .choices=${c.convert}></sn-works>`);
    if (c.layTrack.length) {
      parts.push(html`<p class="hint">Lay track: tap a highlighted Track card on the railway, or:</p>
        <div class="spaces">
          ${c.layTrack.map(
            (l) =>
              html`<button class="primary" data-control="lay-track" aria-label=${l.legal.label} @click=${() => sendMove(this, l.legal)}>
                ${withoutPrefix(l.legal.label, 'Lay track on ')}
              </button>`,
          )}
        </div>`);
    }
    if (c.buildStation.length || c.buyTrain.length) {
      const where = [
        c.buildStation.length ? 'a highlighted building space on the railway' : '',
        c.buyTrain.length ? 'Buy on a Train in the Engine Shed' : '',
      ].filter(Boolean);
      // The building spaces the Surveyors have reached lie low on the mountain, at the foot of the
      // railway, well below the first screen on a laptop: each is a button here too.
      parts.push(html`<p class="hint">Build: tap ${where.join(', or ')}${c.buildStation.length ? ', or:' : '.'}</p>
        ${buildRows(v.route, c.buildStation).map(
          (r) => html`<div class="build-row" role="group" aria-label=${r.name}>
            <span class="station">${r.name}</span>
            <div class="spaces">
              ${r.spaces.map(
                (b) =>
                  html`<button data-control="build" aria-label=${b.legal.label} @click=${() => sendMove(this, b.legal)}>${b.text}</button>`,
              )}
            </div>
          </div>`,
        )}`);
    }
    if (c.skip) parts.push(html`<div class="row">${this.button(c.skip, 'skip', false)}</div>`);
    if (c.takeContract.length) {
      const more = v.step.kind === 'action' && v.step.remaining > 1 ? ` (${v.step.remaining} to take)` : '';
      parts.push(html`<p class="hint">Take a Contract: tap Take on the card you want in the Site Office${more}.</p>`);
    }
    if (c.maintain.pay || c.maintain.letGo) {
      parts.push(html`<div class="row">
        ${c.maintain.pay ? this.button(c.maintain.pay, 'maintain-pay') : nothing}
        ${c.maintain.letGo ? this.button(c.maintain.letGo, 'maintain-let-go', false) : nothing}
      </div>`);
    }
    if (c.other.length) parts.push(html`<div class="row">${c.other.map((lm) => this.button(lm, 'other', false))}</div>`);
    return parts;
  }

  override render() {
    const v = this.view;
    if (!v) return nothing;
    const yours = this.you !== null && v.activeSeats.includes(this.you);
    const c = this.controls;
    const choices = this.renderChoices(v, c);
    const pointing = yours && choices.length === 1 && c.takeCubes.length > 0;
    return html`<div class="prompt ${yours ? 'yours' : ''} ${choices.length ? '' : 'idle'} ${pointing ? 'pointing' : ''}" role="group" aria-label="Your decision">
      <p class="line" data-field="status" data-yours=${yours ? 'true' : 'false'}>${this.prompt}</p>
      ${choices}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sn-prompt': SnPrompt;
  }
}
