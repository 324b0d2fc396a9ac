import { LitElement, css, html, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { movementGlyph } from './icons';
import type { Movement } from './types';

/**
 * The last roll of the 3 Navigation dice, bottom die first (the order the Rockets follow them).
 * Orange faces (which cost fuel) are orange. `current` marks the die the viewer's Rocket is on.
 */
@customElement('sm-dice')
export class SmDice extends LitElement {
  static override styles = css`
    :host {
      display: inline-block;
    }
    .dice {
      display: flex;
      align-items: center;
      gap: 0.35rem;
    }
    .label {
      font-weight: 600;
      white-space: nowrap;
    }
    ol {
      display: flex;
      gap: 0.3rem;
      list-style: none;
      margin: 0;
      padding: 0;
    }
    li {
      position: relative;
    }
    svg {
      display: block;
      width: 2.1rem;
      height: 2.1rem;
    }
    .order {
      position: absolute;
      right: -0.2rem;
      bottom: -0.25rem;
      font-size: 0.6875rem;
      line-height: 1;
      padding: 0.1rem 0.2rem;
      border-radius: 0.5rem;
      background: var(--mp-surface);
      border: 1px solid var(--mp-border);
      color: var(--mp-muted);
    }
    li.done svg {
      opacity: 0.5;
    }
    li.current svg {
      filter: drop-shadow(0 0 3px var(--mp-target, #b85f00));
    }
    .none {
      color: var(--mp-muted);
      font-size: 0.9rem;
    }
  `;

  @property({ attribute: false }) dice: { movement: Movement; orange: boolean }[] | null = null;
  /** Index of the die the viewer's Rocket is resolving, or null. */
  @property({ attribute: false }) current: number | null = null;

  override render() {
    const dice = this.dice;
    return html`<div class="dice" data-mark="dice" data-mark-value=${JSON.stringify(this.dice ?? null)}>
      <span class="label">Last roll</span>
      ${
        dice?.length
          ? html`<ol aria-label="Last roll, bottom die first">
            ${dice.map((d, i) => {
              const text = `Die ${i + 1}: ${d.movement === 'straight' ? 'Straight' : 'Turn'}${d.orange ? ' (orange)' : ''}`;
              const cls = this.current === null ? '' : i < this.current ? 'done' : i === this.current ? 'current' : '';
              return html`<li class=${cls} title=${text} aria-label=${text} data-movement=${d.movement} data-orange=${String(d.orange)}>
                <svg viewBox="-14 -14 28 28" aria-hidden="true">
                  ${svg`<rect x="-13" y="-13" width="26" height="26" rx="5"
                    fill=${d.orange ? '#f28a1e' : '#fbfbf7'} stroke=${d.orange ? '#a8520a' : '#7c8794'} stroke-width="1.2"></rect>
                  <g color=${d.orange ? '#3b1a00' : '#1c2430'} transform="scale(0.8)">${movementGlyph(d.movement)}</g>`}
                </svg>
                <span class="order" aria-hidden="true">${i + 1}</span>
              </li>`;
            })}
          </ol>`
          : html`<span class="none">not rolled yet</span>`
      }
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sm-dice': SmDice;
  }
}
