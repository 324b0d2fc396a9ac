import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';

/**
 * The Fuel Gauge: the scale from 6 down to 1 with the red clip on the current level. Each
 * orange Navigation die moves the clip down one; at 1 the flying Rockets have run out of fuel.
 */
@customElement('sm-fuel-gauge')
export class SmFuelGauge extends LitElement {
  static override styles = css`
    :host {
      display: inline-block;
    }
    .gauge {
      display: flex;
      align-items: center;
      gap: 0.4rem;
    }
    .label {
      font-weight: 600;
      white-space: nowrap;
    }
    ol {
      display: flex;
      list-style: none;
      margin: 0;
      padding: 0;
      border: 1px solid var(--mp-border-strong);
      border-radius: 0.4rem;
      overflow: hidden;
    }
    li {
      width: 1.55rem;
      height: 1.7rem;
      display: grid;
      place-items: center;
      font-size: 0.8rem;
      font-variant-numeric: tabular-nums;
      color: var(--mp-muted);
      background: var(--sm-fuel-bg, transparent);
      border-right: 1px solid var(--mp-border);
    }
    li:last-child {
      border-right: 0;
    }
    li.fuel {
      background: color-mix(in srgb, #2fa36b 28%, transparent);
      color: var(--mp-text);
    }
    li.low.fuel {
      background: color-mix(in srgb, #e0a100 32%, transparent);
    }
    li.clip {
      background: #d32f2f;
      color: #fff;
      font-weight: 700;
      font-size: 0.95rem;
    }
    li.empty {
      background: color-mix(in srgb, #d32f2f 12%, transparent);
    }
  `;

  /** Current level (1-6). */
  @property({ type: Number }) level = 6;
  /** The level a round starts at. */
  @property({ type: Number }) start = 6;

  override render() {
    const levels = Array.from({ length: this.start }, (_, i) => this.start - i);
    return html`<div
      class="gauge"
      role="meter"
      aria-label="Fuel Gauge"
      aria-valuemin="1"
      aria-valuemax=${this.start}
      aria-valuenow=${this.level}
      aria-valuetext=${`Fuel ${this.level} of ${this.start}`}
    >
      <span class="label">Fuel <span class="value" data-testid="fuel" data-mark="fuel">${this.level}</span></span>
      <ol aria-hidden="true">
        ${levels.map((n) => {
          const cls = n === this.level ? 'clip' : n < this.level ? `fuel ${n <= 2 ? 'low' : ''}` : 'empty';
          return html`<li class=${cls}>${n}</li>`;
        })}
      </ol>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sm-fuel-gauge': SmFuelGauge;
  }
}
