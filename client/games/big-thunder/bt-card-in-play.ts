import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { shared } from '../../styles';
import { ACTION_NAMES, actionName } from '../../../engine/games/big-thunder/words';
import type { ActionControl } from './controls';
import { sendMove } from '../move-event';
import { btStyles } from './styles';
import type { CardView } from './types';
import './bt-card';

const HINTS: Partial<Record<ActionControl['action']['kind'], string>> = {
  move: 'or choose a highlighted space on the track',
  pick: 'or choose a highlighted marble',
  pan: 'or choose a highlighted marble',
  bail: 'or choose the Water in your mine shaft',
  resupply: 'or choose a Market card',
};

/**
 * The card being played and its actions, each used or still to take ("you may take them in any
 * order"; all of them before the next card, F.A.Q.), with a button per listed move of each
 * action. The drawing offers the same moves as clicks on the track and the marbles.
 */
@customElement('bt-card-in-play')
export class BtCardInPlay extends LitElement {
  static override styles = [
    shared,
    btStyles,
    css`
      .wrap {
        display: grid;
        grid-template-columns: 6rem minmax(0, 1fr);
        gap: 0.75rem;
        align-items: start;
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 0.5rem;
      }
      li {
        border: 1px solid var(--mp-border);
        border-radius: 0.5rem;
        padding: 0.4rem 0.5rem;
      }
      /* Used: a greyed panel, not a faded one (faded text falls below 4.5:1). */
      li.used {
        background: var(--mp-bg);
        border-style: dashed;
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem 0.5rem;
        align-items: baseline;
      }
      .state {
        font-size: 0.8rem;
      }
      .buttons {
        display: flex;
        flex-wrap: wrap;
        gap: 0.35rem;
        margin-top: 0.35rem;
      }
      .buttons button {
        min-height: 2.2rem;
        padding: 0.25rem 0.6rem;
        font-size: 0.85rem;
      }
      .hint {
        font-size: 0.75rem;
      }
    `,
  ];

  @property({ attribute: false }) card: CardView | null = null;
  @property({ attribute: false }) actions: ActionControl[] = [];
  /** Whose card it is (its border colour). */
  @property({ attribute: false }) seat: number | null = null;
  /** The viewer is the one playing it. */
  @property({ attribute: false }) yours = false;

  private short(a: ActionControl, label: string): string {
    const prefix = `${ACTION_NAMES[a.action.kind]}: `;
    const rest = label.startsWith(prefix) ? label.slice(prefix.length) : label;
    return rest.charAt(0).toUpperCase() + rest.slice(1);
  }

  override render() {
    const card = this.card;
    if (!card) return nothing;
    const used = this.actions.map((a) => a.used);
    return html`<h3>Card in play</h3>
      <div class="wrap">
        <bt-card .card=${card} .used=${used} .seat=${this.seat} data-mark="card-in-play" data-mark-value="${card.id}:${used.join(',')}"></bt-card>
        <ol aria-label="Actions of ${card.name}">
          ${this.actions.map(
            (a) => html`<li class=${a.used ? 'used' : ''} data-action=${a.index}>
              <div class="head">
                <strong>${actionName(a.action)}</strong>
                <span class="state ${a.used ? 'muted' : ''}">
                  ${a.used ? 'used' : this.yours && !a.moves.length ? 'unused · not possible now' : 'unused'}
                </span>
              </div>
              ${
                this.yours && a.moves.length
                  ? html`<div class="buttons">
                      ${a.moves.map(
                        (m) =>
                          html`<button class="primary" aria-label=${m.label} title=${m.label} @click=${() => sendMove(this, m)}>${this.short(a, m.label)}</button>`,
                      )}
                    </div>
                    ${HINTS[a.action.kind] ? html`<div class="hint muted">${HINTS[a.action.kind]}</div>` : nothing}`
                  : nothing
              }
            </li>`,
          )}
        </ol>
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bt-card-in-play': BtCardInPlay;
  }
}
