import { LitElement, css, html, nothing, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { colorWord, waitingText } from '../../../engine/games/space-mountain/words';
import '../../components/mp-tip';
import { decisionStatus, placeTargets, rocketText, type ControlGroups } from './controls';
import { printedColour } from '../../seat-colours';
import { playerMat, playerMatStyles } from '../player-mat';
import { starPath } from './icons';
import './sm-mission-card';
import type { MissionLetter, SmPlayer, SmView } from './types';

/**
 * One player's side of the table: name and Rocket colour, where the Rocket is, whether they have
 * decided in Step 1 (never what, until all are in), their Starport tokens (Approved for Travel or
 * not) and their Mission cards with markers. On the viewer's own mat the spaces a held marker
 * may go on are buttons.
 */
@customElement('sm-player-mat')
export class SmPlayerMat extends LitElement {
  static override styles = [
    playerMatStyles,
    css`
    :host {
      display: block;
      min-width: 0;
    }
    article.mat .tag.dice {
      border-color: #f28a1e;
      color: inherit;
    }
    article.mat .tag.decided {
      border-color: var(--mp-accent);
      color: var(--mp-accent-text);
    }
    p {
      margin: 0.15rem 0;
      font-size: 0.9rem;
    }
    .muted {
      color: var(--mp-muted);
    }
    .tokens {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.3rem;
      margin: 0.35rem 0;
      font-size: 0.85rem;
    }
    .tokens ol {
      display: flex;
      gap: 0.25rem;
      list-style: none;
      margin: 0;
      padding: 0;
    }
    .tokens svg {
      display: block;
      width: 1.45rem;
      height: 1.45rem;
    }
    .missions {
      display: flex;
      flex-wrap: wrap;
      gap: 0.3rem;
      margin-top: 0.35rem;
    }
    sm-mission-card {
      flex: 1 1 0;
      min-width: 2.9rem;
      max-width: 4.4rem;
    }
  `,
  ];

  @property({ attribute: false }) view: SmView | null = null;
  @property({ attribute: false }) player: SmPlayer | null = null;
  @property() name = '';
  /** The viewer's own legal moves (only on the viewer's mat), for the marker spaces. */
  @property({ attribute: false }) groups: ControlGroups | null = null;

  private tokens(view: SmView, p: SmPlayer) {
    if (!p.approved) return nothing;
    const approved = new Set(p.approved);
    return html`<div class="tokens">
      <span data-field="starports">Starports ${p.starportsVisited}/${view.board.starports.length}</span>
      <ol aria-label="Starport tokens">
        ${view.board.starports.map((s) => {
          const ok = approved.has(s.id);
          const text = `${s.name}: ${ok ? 'Approved for Travel' : 'not visited yet'}`;
          return html`<li title=${text} aria-label=${text} data-approved=${String(ok)} data-starport=${s.id}>
            <svg viewBox="-12 -12 24 24" aria-hidden="true">
              ${
                ok
                  ? svg`<circle r="11" fill=${printedColour(s.color)} stroke="#fff" stroke-width="1.5"></circle>
                    <path d=${starPath(7)} fill="#fff"></path>`
                  : svg`<circle r="10.5" fill="none" stroke=${printedColour(s.color)} stroke-width="2" stroke-dasharray="3 2.5" opacity="0.7"></circle>`
              }
            </svg>
          </li>`;
        })}
      </ol>
    </div>`;
  }

  override render() {
    const view = this.view;
    const p = this.player;
    if (!view || !p) return nothing;
    const you = view.you === p.seat;
    const acting = view.activeSeats.includes(p.seat);
    const decision = decisionStatus(view, p);
    const waiting = p.flight?.waitingFor;
    const n = p.missions.length;
    const targets = (letter: MissionLetter) => (you && this.groups ? placeTargets(this.groups, letter) : []);
    const tags = html`<span class="tag">${colorWord(p.color)}</span>
      ${view.activePlayer === p.seat ? html`<mp-tip class="tag dice" text="Active Player: rolls the Navigation dice and moves the Fuel Gauge this round">Active Player</mp-tip>` : nothing}`;
    return playerMat(
      { seat: p.seat, name: this.name, label: `${this.name}, ${colorWord(p.color)} Rocket`, you, acting, tags },
      html`      <p data-testid="rocket" data-field="rocket">${rocketText(view, p)}</p>
      ${decision ? html`<p data-testid="decision" data-field="decision"><span class="tag ${p.decided ? 'decided' : ''}">${decision}</span></p>` : nothing}
      ${waiting ? html`<p class="muted" data-testid="waiting">Waiting ${waitingText(waiting)} (die ${Math.min(p.flight!.diceDone + 1, view.dice?.length ?? 3)} of ${view.dice?.length ?? 3})</p>` : nothing}
      ${this.tokens(view, p)}
      <p class="muted" data-field="missions">Missions complete ${p.missionsComplete}/${n}</p>
      <div class="missions">
        ${p.missions.map((m) => html`<sm-mission-card .mission=${m} .targets=${targets(m.letter)}></sm-mission-card>`)}
      </div>`,
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sm-player-mat': SmPlayerMat;
  }
}
