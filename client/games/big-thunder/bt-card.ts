import { LitElement, css, html, nothing, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { actionName } from '../../../engine/games/big-thunder/words';
import { actionIcon } from './icons';
import { seatColor } from '../../seat-colours';
import { btStyles } from './styles';
import type { CardView } from './types';

/**
 * A Supplies card face: its name, one icon per action (each image is one action), and the
 * Discard to Move corner when the card shows it. `used` marks the actions already taken of the
 * card in play; `seat` colours a Starting Supplies border. Only a face: the part holding the
 * card decides what a click on it does.
 */
@customElement('bt-card')
export class BtCard extends LitElement {
  static override styles = [
    btStyles,
    css`
      :host {
        display: block;
        width: 100%;
        color: var(--mp-text);
      }
      .face {
        box-sizing: border-box;
        min-height: 6.4rem;
        height: 100%;
        padding: 0.3rem 0.3rem 0.35rem;
        border-radius: 0.55rem;
        border: 3px solid var(--bt-border, var(--bt-rock-dark));
        background: linear-gradient(180deg, #fbf3e2, #f0e0bf);
        color: #2b1d10;
        display: flex;
        flex-direction: column;
        gap: 0.25rem;
        text-align: center;
      }
      .name {
        font-size: 0.72rem;
        font-weight: 700;
        line-height: 1.15;
        min-height: 1.65rem;
        overflow-wrap: anywhere;
      }
      .icons {
        display: flex;
        justify-content: center;
        gap: 0.2rem;
        flex-wrap: wrap;
        flex: 1;
        align-items: center;
      }
      .action {
        position: relative;
        display: grid;
        justify-items: center;
        color: #2b1d10;
      }
      .action svg {
        width: 1.9rem;
        height: 1.9rem;
      }
      .action.used svg {
        opacity: 0.3;
      }
      .action .state {
        font-size: 0.6875rem;
        line-height: 1;
      }
      .action.used .state {
        color: #6b5a49;
        text-decoration: line-through;
      }
      .action.open .state {
        color: #1f6f5c;
        font-weight: 700;
      }
      .d2m {
        font-size: 0.6875rem;
        line-height: 1.1;
        color: #5a4632;
        border-top: 1px dashed #b59a7a;
        padding-top: 0.15rem;
      }
      .kind {
        font-size: 0.6875rem;
        line-height: 1.1;
        color: #6b5a49;
      }
    `,
  ];

  @property({ attribute: false }) card: CardView | null = null;
  /** Actions taken so far (the card in play), or null. */
  @property({ attribute: false }) used: boolean[] | null = null;
  /** The owner's seat for a Starting Supplies border, or null. */
  @property({ attribute: false }) seat: number | null = null;

  override render() {
    const c = this.card;
    if (!c) return nothing;
    const border = c.starting && this.seat !== null ? `--bt-border: ${seatColor(this.seat)}` : '';
    return html`<div class="face" style=${border} data-card-id=${c.id}>
      <div class="name">${c.name}</div>
      <div class="icons">
        ${c.actions.map((a, i) => {
          const used = this.used ? !!this.used[i] : null;
          return html`<span class="action ${used === null ? '' : used ? 'used' : 'open'}" title=${actionName(a)}>
            <svg viewBox="0 0 24 24" aria-hidden="true">${actionIcon(a)}</svg>
            <span class="sr">${actionName(a)}</span>
            ${used === null ? nothing : html`<span class="state">${used ? 'used' : 'unused'}</span>`}
          </span>`;
        })}
      </div>
      ${
        c.discardToMove
          ? html`<div class="d2m" title="Discard to Move: discard this card to move 1 space">
            <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" style="display:inline;vertical-align:-2px">
              ${svg`<path d="M3 12 h12" stroke="currentColor" stroke-width="3" /><path d="M13 6 l8 6 -8 6 z" fill="currentColor" />`}
            </svg>
            Discard to Move
          </div>`
          : nothing
      }
      <div class="kind">${c.starting ? 'Starting Supplies' : 'Supplies'}</div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bt-card': BtCard;
  }
}
