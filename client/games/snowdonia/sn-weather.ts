import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { WEATHER_NAMES } from '../../../engine/games/snowdonia/words';
import { weatherIcon } from './pieces';
import { shared } from '../../styles';
import { snStyles } from './styles';
import type { SnowdoniaView } from './types';

type Rate = SnowdoniaView['workRates']['excavation'];

/**
 * The weather: the discs on the Weather Track (the "!" space is this round's weather, then the
 * forecast), the next disc (the weather on the back of the top Contract card), and the two Work
 * Rate tracks the weather moves (Excavation and Lay Track). Fog covers EXCAVATION and LAY TRACK.
 */
@customElement('sn-weather')
export class SnWeather extends LitElement {
  static override styles = [
    shared,
    snStyles,
    css`
      .track {
        display: flex;
        align-items: flex-end;
        gap: 0.35rem;
        flex-wrap: wrap;
        margin-bottom: 0.4rem;
      }
      .slot {
        display: grid;
        justify-items: center;
        gap: 0.1rem;
        font-size: 0.7rem;
        color: var(--mp-muted);
        min-width: 2.4rem;
      }
      .slot.now {
        color: var(--mp-text);
        font-weight: 700;
      }
      .slot.now svg {
        filter: drop-shadow(0 0 2px var(--mp-accent));
      }
      .slot.next {
        border-left: 1px dashed var(--mp-border-strong);
        padding-left: 0.4rem;
      }
      .rates {
        display: grid;
        gap: 0.3rem;
        font-size: 0.85rem;
      }
      .rate {
        display: flex;
        align-items: center;
        gap: 0.4rem;
        flex-wrap: wrap;
      }
      .rate .name {
        min-width: 6.5rem;
      }
      .steps {
        display: flex;
        gap: 0.2rem;
      }
      .step {
        width: 1.6rem;
        height: 1.6rem;
        border-radius: 0.3rem;
        border: 1px solid var(--mp-border-strong);
        display: grid;
        place-items: center;
        font-size: 0.8rem;
        color: var(--mp-muted);
      }
      .step.on {
        background: #3d5a3a;
        border-color: #3d5a3a;
        color: #fff;
        font-weight: 700;
      }
      .fog {
        margin: 0.4rem 0 0;
        font-size: 0.85rem;
        font-weight: 600;
      }
    `,
  ];

  @property({ attribute: false }) weather: SnowdoniaView['weather'] | null = null;
  @property({ attribute: false }) workRates: SnowdoniaView['workRates'] | null = null;
  @property({ attribute: false }) thinnerFog = false;

  private renderRate(name: string, field: string, r: Rate) {
    const steps = [];
    for (let i = r.min; i <= r.max; i++) steps.push(i);
    return html`<div class="rate">
      <span class="name">${name}</span>
      <span class="steps" role="img" aria-label="${name} Work Rate ${r.value} (from ${r.min} to ${r.max})">
        ${steps.map((i) => html`<span class="step ${i === r.value ? 'on' : ''}">${i}</span>`)}
      </span>
      <span class="sr" data-field=${field}>${r.value}</span>
    </div>`;
  }

  override render() {
    const w = this.weather;
    const r = this.workRates;
    if (!w || !r) return nothing;
    const labels = ['This round', 'Next round', 'After that'];
    return html`<section class="panel" aria-label="Weather and Work Rates">
      <h3>Weather</h3>
      <div class="track">
        ${w.track.map(
          (d, i) => html`<div class="slot ${i === 0 ? 'now' : ''}" title="${labels[i] ?? `+${i}`}: ${d ? WEATHER_NAMES[d] : 'no disc'}">
            ${weatherIcon(d, i === 0 ? 30 : 24)}<span>${i === 0 ? '!' : ''} ${labels[i] ?? `+${i}`}</span>
          </div>`,
        )}
        <div class="slot next" title="The weather on the back of the top Contract card: the next disc">
          ${weatherIcon(w.next, 22)}<span>Deck</span>
        </div>
      </div>
      <div class="rates">
        ${this.renderRate('Excavation', 'rate-excavation', r.excavation)} ${this.renderRate('Lay Track', 'rate-lay-track', r.layTrack)}
      </div>
      ${
        w.fogBlocks
          ? html`<p class="fog">Fog: ${this.thinnerFog ? 'the last spaces of' : 'no Labourer on'} Excavation (B) and Lay Track (D) this round.</p>`
          : nothing
      }
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sn-weather': SnWeather;
  }
}
