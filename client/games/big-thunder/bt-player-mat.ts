import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import '../../components/mp-tip';
import { shared } from '../../styles';
import { MARBLE_NAMES, CART_CAPACITY, MAX_TOWN_TOKENS, MAX_UPGRADES, spaceName } from '../../../engine/games/big-thunder/words';
import { playerMat, playerMatStyles } from '../player-mat';
import { btStyles } from './styles';
import type { BigThunderView, PlayerView } from './types';

/**
 * One player's mat and what lies around it: score (and laps of the loop), Mine Cart and its
 * load, Town Tokens on the five circles, Upgrades on the three squares, hand / deck / discard
 * counts, and Town Shares: how many for everyone, their values only for their owner (and for
 * all once the game is over, with the final scoring).
 */
@customElement('bt-player-mat')
export class BtPlayerMat extends LitElement {
  static override styles = [
    shared,
    btStyles,
    playerMatStyles,
    css`
      article.mat {
        gap: 0.3rem;
        font-size: 0.88rem;
      }
      dl {
        display: grid;
        grid-template-columns: max-content minmax(0, 1fr);
        gap: 0.15rem 0.6rem;
        margin: 0;
      }
      dt {
        color: var(--mp-muted);
      }
      dd {
        margin: 0;
        min-width: 0;
      }
      .circles {
        display: inline-flex;
        gap: 0.15rem;
        vertical-align: -0.1em;
        margin-right: 0.3rem;
      }
      .circle {
        width: 0.85em;
        height: 0.85em;
        border-radius: 50%;
        border: 1px solid #6b5314;
      }
      .circle.on {
        background: #c9a13b;
      }
      .squares {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem;
      }
      .square {
        border: 1px dashed var(--mp-border-strong);
        border-radius: 0.3rem;
        padding: 0 0.35rem;
        font-size: 0.8rem;
        min-width: 1.6rem;
        text-align: center;
        color: var(--mp-muted);
      }
      .square.on {
        border-style: solid;
        border-color: var(--mp-seat-color);
        color: var(--mp-text);
        font-weight: 600;
      }
    `,
  ];

  @property({ attribute: false }) player: PlayerView | null = null;
  @property({ attribute: false }) view: BigThunderView | null = null;
  /** The player's name at the table. */
  @property({ attribute: false }) name = '';
  @property({ attribute: false }) isYou = false;

  override render() {
    const p = this.player;
    const v = this.view;
    if (!p || !v) return nothing;
    const load = p.cart.gold + p.cart.ore;
    const upgradeName = (t: string) => v.upgrades.find((u) => u.type === t)?.name ?? t;
    const top = p.discard[p.discard.length - 1];
    const turn = v.phase !== 'over' && v.turn === p.seat;
    const lap = p.track.laps ? `, lap ${p.track.laps + 1} (space ${p.track.space})` : '';
    const tags = html`<span class="muted">${p.name} · Mine Cart ${p.seat + 1}</span>
      ${p.reachedTarget ? html`<mp-tip class="badge" text="Reached ${v.target} points: took a bonus Town Share">★ ${v.target}</mp-tip>` : nothing}`;
    return playerMat(
      { seat: p.seat, name: this.name, label: `${this.name}'s mat`, you: this.isYou, acting: turn, actingText: 'playing', tags },
      html`<dl>
        <dt>Score</dt>
        <dd data-field="score"><strong>${p.score}</strong> points${lap}</dd>
        <dt>Mine Cart</dt>
        <dd data-field="cart">
          <span data-field="cart-load">${load}/${CART_CAPACITY}</span>:
          <span class="dot gold"></span> ${p.cart.gold} ${MARBLE_NAMES.gold}${p.cart.gold === 1 ? '' : 's'},
          <span class="dot ore"></span> ${p.cart.ore} ${MARBLE_NAMES.ore} · in ${spaceName(p.position)}
        </dd>
        <dt>Town Tokens</dt>
        <dd data-field="tokens">
          <span class="circles" aria-hidden="true">
            ${Array.from({ length: MAX_TOWN_TOKENS }, (_, i) => html`<span class="circle ${i < p.tokens ? 'on' : ''}"></span>`)}
          </span>${p.tokens}
        </dd>
        <dt>Upgrades</dt>
        <dd class="squares" data-field="upgrades">
          ${Array.from({ length: MAX_UPGRADES }, (_, i) =>
            p.upgrades[i] ? html`<span class="square on">${upgradeName(p.upgrades[i])}</span>` : html`<span class="square">–</span>`,
          )}
        </dd>
        <dt>Cards</dt>
        <dd data-field="cards">
          ${p.handCount} in hand · ${p.deckCount} in deck · ${p.discard.length} discarded${top ? html` (top: ${top.name})` : nothing}
        </dd>
        <dt>Town Shares</dt>
        <dd data-field="shares">
          ${p.shareCount}${
            p.shares?.length
              ? html` · worth ${p.shares.join(' + ')}${p.shares.length > 1 ? ` = ${p.shares.reduce((a, b) => a + b, 0)}` : ''} point${p.shares.reduce((a, b) => a + b, 0) === 1 ? '' : 's'}${this.isYou && !p.final ? ' (only you see this)' : ''}`
              : p.shareCount && !p.shares
                ? html` <span class="muted">(face down)</span>`
                : nothing
          }
        </dd>
        ${
          p.final
            ? html`<dt>Final</dt>
              <dd data-field="final"><strong>${p.final.total}</strong> = ${p.final.track} on the track + ${p.final.gold} for gold at half + ${p.final.shares} for Town Shares</dd>`
            : nothing
        }
      </dl>`,
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bt-player-mat': BtPlayerMat;
  }
}
