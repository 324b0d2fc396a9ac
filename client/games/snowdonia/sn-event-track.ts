import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { shared } from '../../styles';
import '../../components/mp-tip';
import { snStyles } from './styles';
import type { EventKind, SnowdoniaView } from './types';

const SHORT: Record<EventKind, string> = {
  excavate: 'Dig',
  trains: 'Trains',
  'lay-track': 'Track',
  'build-station': 'Station',
  maintenance: 'Repairs',
};

/**
 * The Event track: Event cubes drawn from the Supply Bag go on it left to right and their event
 * happens at once. Each space shows its event; an Event cube marks the spaces already reached.
 */
@customElement('sn-event-track')
export class SnEventTrack extends LitElement {
  static override styles = [
    shared,
    snStyles,
    css`
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(3.6rem, 1fr));
        gap: 0.3rem;
      }
      li {
        border: 1px solid var(--mp-border-strong);
        border-radius: 0.4rem;
        padding: 0.2rem 0.25rem;
        font-size: 0.72rem;
        line-height: 1.2;
        display: grid;
        justify-items: center;
        gap: 0.1rem;
        text-align: center;
        min-height: 3rem;
      }
      li.on {
        background: color-mix(in srgb, var(--sn-event) 16%, var(--mp-surface));
        border-color: var(--sn-event);
      }
      .no {
        font-weight: 700;
      }
      .slot {
        width: 0.95rem;
        height: 0.95rem;
        border: 1px dashed var(--mp-border-strong);
        border-radius: 0.15rem;
      }
      li .cube {
        width: 0.95rem;
        height: 0.95rem;
      }
      .sale {
        font-size: 0.85rem;
        margin: 0.4rem 0 0;
      }
    `,
  ];

  @property({ attribute: false }) events: SnowdoniaView['eventTrack'] = [];
  @property({ attribute: false }) trainsForSale = false;

  override render() {
    if (!this.events?.length) return nothing;
    return html`<section class="panel" aria-label="Event track">
      <h3>Event track</h3>
      <ol>
        ${this.events.map(
          (e) => html`<li class=${e.occupied ? 'on' : ''} data-event=${e.space}>
            <span class="no">${e.space}</span>
            ${e.occupied ? html`<span class="cube event" role="img" aria-label="Event cube: happened"></span>` : html`<span class="slot" aria-hidden="true"></span>`}
            <mp-tip text="${e.space}. ${e.name}: ${e.text}${e.occupied ? ' (happened)' : ''}">${SHORT[e.kind] ?? e.name}</mp-tip>
          </li>`,
        )}
      </ol>
      <p class="sale">${this.trainsForSale ? 'Trains are for sale at Build (E).' : 'Trains go on sale with the "Trains for sale" event.'}</p>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sn-event-track': SnEventTrack;
  }
}
