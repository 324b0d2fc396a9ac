import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { GOODS_NAMES, type GoodsKey } from '../../../engine/games/snowdonia/words';
import { playerMat, playerMatStyles } from '../player-mat';
import { ownerColor } from './controls';
import { labourerIcon } from './pieces';
import '../../components/mp-tip';
import { shared } from '../../styles';
import { snStyles } from './styles';
import type { SeatView } from './types';
import './sn-contract';
import './sn-train';

const RESOURCES: readonly GoodsKey[] = ['iron', 'coal', 'stone', 'steel', 'rubble'];

/**
 * One player's side of the table: colour and name, the Start Player token, the score as it
 * stands (with its parts), resources (Iron Ore, Coal, Stone, Steel Bars, Rubble), Labourers
 * (to place, placed, the Temporary one at the Pub or hired), Ownership Markers left, the
 * Surveyor's Station, the Train and the Contracts held. Your own Contracts show their effects;
 * other players' show name, goal and VP (their effects are in the card's title).
 */
@customElement('sn-player-mat')
export class SnPlayerMat extends LitElement {
  static override styles = [
    shared,
    snStyles,
    playerMatStyles,
    css`
      .score {
        margin-left: auto;
        font-weight: 700;
        white-space: nowrap;
      }
      article.mat .tag.start {
        border-color: #b58b00;
        background: #ffe9a8;
        color: #4a3a08;
      }
      ul.res {
        list-style: none;
        margin: 0;
        padding: 0;
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem 0.4rem;
      }
      ul.res li {
        display: inline-flex;
        align-items: center;
        gap: 0.3rem;
        border: 1px solid var(--mp-border);
        border-radius: 0.4rem;
        padding: 0.1rem 0.4rem;
        font-size: 0.85rem;
        white-space: nowrap;
      }
      ul.res li strong {
        font-size: 0.95rem;
      }
      ul.res li.zero {
        color: var(--mp-muted);
      }
      .facts {
        font-size: 0.82rem;
        display: flex;
        flex-wrap: wrap;
        gap: 0.1rem 0.8rem;
        align-items: center;
      }
      .facts span {
        display: inline-flex;
        align-items: center;
        gap: 0.2rem;
      }
      .breakdown {
        font-size: 0.78rem;
        color: var(--mp-muted);
      }
      .cards {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr));
        gap: 0.35rem;
      }
      h4 {
        margin: 0.1rem 0 0.15rem;
        font-size: 0.8rem;
        color: var(--mp-muted);
        font-weight: 600;
      }
    `,
  ];

  @property({ attribute: false }) player: SeatView | null = null;
  @property() name = '';
  @property({ type: Boolean }) isYou = false;
  /** The player must act now. */
  @property({ type: Boolean }) acting = false;

  override render() {
    const p = this.player;
    if (!p) return nothing;
    const colour = ownerColor(p.seat);
    const s = p.score;
    const l = p.labourers;
    const tags = html`${p.isStartPlayer ? html`<span class="tag start" data-field="start-player">Start Player</span>` : nothing}
      <span class="score"><span data-field="score">${s.total}</span> VP</span>`;
    return playerMat(
      { seat: p.seat, name: this.name, label: `${this.name}${this.isYou ? ' (you)' : ''}`, you: this.isYou, acting: this.acting, tags },
      html`      <ul class="res" aria-label="Resources">
        ${RESOURCES.map(
          (k) => html`<li class=${p[k] ? '' : 'zero'} title=${GOODS_NAMES[k]}>
            <span class="cube ${k}"></span><strong data-field=${k}>${p[k]}</strong><span>${GOODS_NAMES[k]}</span>
          </li>`,
        )}
      </ul>
      <div class="facts">
        <mp-tip text="Labourers in the personal supply, still to place">${labourerIcon(colour, 16)} <strong data-field="labourers">${l.supply}</strong> to place</mp-tip>
        <span>${l.placed} placed</span>
        <span>Temporary: ${p.temporaryHired ? 'hired' : l.atPub ? 'at the Pub' : '-'}</span>
        <mp-tip text="Ownership Markers left (16 at most)"><span aria-hidden="true">●</span> <strong data-field="markers">${p.markers}</strong> markers left</mp-tip>
        <span>Surveyor: <strong data-field="surveyor">${p.surveyor.name}</strong></span>
      </div>
      <div class="breakdown">Track ${s.track} · Stations ${s.stations} · Contracts ${s.contracts} · Train ${s.train} · Surveyor ${s.surveyor}</div>
      ${p.train ? html`<sn-train .train=${p.train}></sn-train>` : html`<div class="facts muted">No Train</div>`}
      ${
        p.contracts.length
          ? html`<h4>Contracts (${p.contracts.length})</h4>
            <div class="cards">
              ${p.contracts.map((k) => html`<sn-contract .contract=${k} ?compact=${!this.isYou}></sn-contract>`)}
            </div>`
          : html`<div class="facts muted">No Contracts</div>`
      }`,
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sn-player-mat': SnPlayerMat;
  }
}
