import { LitElement, css, html, nothing, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { facingWord } from '../../../engine/games/space-mountain/words';
import { FACING_DEGREES, type Choice } from './controls';
import { arrowPath } from './icons';
import { sendMove } from '../move-event';
import type { Facing } from './types';

/**
 * A compass of the facings the server allows: north at the top, east on the right. Each arrow
 * sends its one legal move (a Starport with that facing, or the facing after a Wormhole).
 */
@customElement('sm-facing-picker')
export class SmFacingPicker extends LitElement {
  static override styles = css`
    :host {
      display: inline-block;
    }
    .compass {
      display: grid;
      grid-template-columns: repeat(3, 4.6rem);
      grid-template-rows: repeat(3, 2.9rem);
      gap: 0.3rem;
      place-items: stretch;
    }
    button {
      font: inherit;
      font-size: 0.85rem;
      border-radius: 0.5rem;
      border: 1px solid var(--mp-accent);
      background: var(--mp-accent);
      color: var(--mp-on-accent);
      cursor: pointer;
      display: inline-flex;
      align-items: center;
      justify-content: center;
      gap: 0.2rem;
      padding: 0 0.3rem;
    }
    button:hover {
      background: var(--mp-accent-hover);
    }
    button:focus-visible {
      outline: 3px solid var(--mp-focus);
      outline-offset: 2px;
      box-shadow: 0 0 0 2px var(--mp-focus-inner, #fff);
    }
    svg {
      width: 1.1rem;
      height: 1.1rem;
      flex: none;
    }
    .north {
      grid-area: 1 / 2;
    }
    .west {
      grid-area: 2 / 1;
    }
    .east {
      grid-area: 2 / 3;
    }
    .south {
      grid-area: 3 / 2;
    }
    .hub {
      grid-area: 2 / 2;
      display: grid;
      place-items: center;
      font-size: 0.7rem;
      color: var(--mp-muted);
      text-align: center;
      line-height: 1.1;
    }
  `;

  @property({ attribute: false }) options: Choice<Facing>[] = [];
  /** Text in the middle of the compass (the Starport's short name, say). */
  @property() hub = '';

  override render() {
    return html`<div class="compass" role="group" aria-label="Choose a facing">
      ${this.options.map(
        (
          o,
        ) => html`<button class=${o.value} data-control="facing" data-facing=${o.value} aria-label=${o.legal.label} title=${o.legal.label} @click=${() => sendMove(this, o.legal)}>
          <svg viewBox="-10 -10 20 20" aria-hidden="true">${svg`<path d=${arrowPath} fill="currentColor" transform=${`rotate(${FACING_DEGREES[o.value]})`}></path>`}</svg>
          ${facingWord(o.value)}
        </button>`,
      )}
      ${this.hub ? html`<span class="hub">${this.hub}</span>` : nothing}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sm-facing-picker': SmFacingPicker;
  }
}
