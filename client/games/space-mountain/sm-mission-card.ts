import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { LegalMove } from '../../api-types';
import { KIND_NAMES } from '../../../engine/games/space-mountain/words';
import { itemGlyph } from './icons';
import { sendMove } from '../move-event';
import type { SmMission } from './types';

/**
 * One Mission card: its letter and its spaces (a Space Item picture or the Any Item "?"), with a
 * Mission marker on each covered space. Face down it shows its back (complete, safe from running
 * out of fuel). `targets` are the spaces a held marker may go on now, each with the one legal
 * move it sends; those spaces are highlighted buttons.
 */
@customElement('sm-mission-card')
export class SmMissionCard extends LitElement {
  static override styles = css`
    :host {
      display: block;
    }
    .card {
      width: 100%;
      min-height: 6.1rem;
      border-radius: 0.45rem;
      border: 1px solid #6d7f9a;
      background: linear-gradient(180deg, #182a4d, #0f1b33);
      color: #e8eefb;
      padding: 0.25rem 0.2rem 0.3rem;
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: 0.2rem;
      box-sizing: border-box;
    }
    .card.complete {
      border-color: #e6c14b;
      box-shadow: 0 0 0 1px #e6c14b inset;
    }
    .letter {
      font-weight: 800;
      font-size: 0.95rem;
      line-height: 1;
      display: flex;
      gap: 0.2rem;
      align-items: baseline;
    }
    .letter small {
      font-weight: 400;
      font-size: 0.6875rem;
      opacity: 0.75;
    }
    ol {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      gap: 0.15rem;
    }
    .space {
      position: relative;
      width: 1.7rem;
      height: 1.7rem;
      border-radius: 50%;
      border: 1px solid #7d8fb0;
      background: #23375f;
      color: #cfe0ff;
      display: grid;
      place-items: center;
      padding: 0;
      font: inherit;
    }
    .space svg {
      width: 1.3rem;
      height: 1.3rem;
    }
    .satellite {
      color: #dfe7ec;
    }
    .comet {
      color: #7cc4ff;
    }
    .planet {
      color: #ff9a70;
    }
    .astronaut {
      color: #e1a8f0;
    }
    .any {
      color: #a8e6ab;
    }
    .space.covered svg {
      opacity: 0.35;
    }
    .marker {
      position: absolute;
      inset: 0.12rem;
      border-radius: 50%;
      background: radial-gradient(circle at 35% 30%, #fff3bf, #e0b12c 55%, #a97a0c);
      box-shadow: 0 1px 2px #0008;
    }
    button.space {
      cursor: pointer;
      border: 2px solid var(--mp-target, #b85f00);
      background: #3a4d25;
      box-shadow: 0 0 0 3px color-mix(in srgb, var(--mp-target, #b85f00) 45%, transparent);
      animation: pulse 1.4s ease-in-out infinite;
      width: 1.9rem;
      height: 1.9rem;
    }
    button.space:hover {
      background: #56702f;
    }
    button.space:focus-visible {
      background: #56702f;
      outline: 3px solid var(--mp-focus-on-dark, #8cc4ff);
      outline-offset: 2px;
    }
    @keyframes pulse {
      50% {
        box-shadow: 0 0 0 6px color-mix(in srgb, var(--mp-target, #b85f00) 20%, transparent);
      }
    }
    @media (prefers-reduced-motion: reduce) {
      button.space {
        animation: none;
      }
    }
    .back {
      flex: 1;
      display: grid;
      place-items: center;
      text-align: center;
      font-size: 0.6875rem;
      line-height: 1.2;
      width: 100%;
      border-radius: 0.3rem;
      background: repeating-linear-gradient(45deg, #2a3f6b 0 6px, #223459 6px 12px);
    }
    .back strong {
      display: block;
      font-size: 1.1rem;
      color: #e6c14b;
    }
    .done {
      font-size: 0.6875rem;
      color: #e6c14b;
    }
  `;

  @property({ attribute: false }) mission: SmMission | null = null;
  /** Spaces a held marker may go on now, each with its legal move. */
  @property({ attribute: false }) targets: { space: number; legal: LegalMove }[] = [];

  override render() {
    const m = this.mission;
    if (!m) return nothing;
    if (m.faceDown) {
      return html`<div class="card complete" role="group" aria-label=${`Mission ${m.letter}: flipped face down (complete)`} data-mission=${m.letter} data-face-down="true">
        <span class="letter">${m.letter}</span>
        <div class="back"><span><strong aria-hidden="true">✓</strong>flipped</span></div>
      </div>`;
    }
    const covered = m.spaces.filter((s) => s.covered).length;
    return html`<div
      class="card ${m.complete ? 'complete' : ''}"
      role="group"
      aria-label=${`Mission ${m.letter}: ${covered} of ${m.spaces.length} spaces covered${m.complete ? ', complete' : ''}`}
      data-mission=${m.letter}
    >
      <span class="letter">${m.letter}<small>${m.card}</small></span>
      <ol>
        ${m.spaces.map((s, i) => {
          const name = KIND_NAMES[s.picture];
          const target = this.targets.find((t) => t.space === i);
          const glyph = html`<svg viewBox="-12 -12 24 24" aria-hidden="true">${itemGlyph(s.picture)}</svg>`;
          if (target) {
            return html`<li>
              <button class="space ${s.picture}" data-control="place" aria-label=${target.legal.label} title=${target.legal.label} @click=${() => sendMove(this, target.legal)}>
                ${glyph}
              </button>
            </li>`;
          }
          return html`<li>
            <span class="space ${s.picture} ${s.covered ? 'covered' : ''}" role="img" aria-label=${`${name}${s.covered ? ', covered' : ''}`} title=${`${name}${s.covered ? ' (covered)' : ''}`}>
              ${glyph}${s.covered ? html`<span class="marker"></span>` : nothing}
            </span>
          </li>`;
        })}
      </ol>
      ${m.complete ? html`<span class="done">complete</span>` : nothing}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sm-mission-card': SmMissionCard;
  }
}
