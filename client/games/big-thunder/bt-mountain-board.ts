import { css, html, nothing, type PropertyValues } from 'lit';
import { customElement } from 'lit/decorators.js';
import { GameBoard } from '../board';
import { nameWithRole, seatName } from '../../names';
import { shared } from '../../styles';
import { buildControls, type BoardControls } from './controls';
import { seatColor } from '../../seat-colours';
import { boardKeyStyles, type KeyLoader } from '../../components/mp-board-key';
import { importChunk } from '../../on-demand';
import { actionIcon, marble, mineCart } from './icons';
import { btStyles } from './styles';
import type { BigThunderView } from './types';
import './bt-card-in-play';
import './bt-hand';
import './bt-market';
import './bt-mine';
import './bt-player-mat';
import './bt-score-track';
import './bt-town-actions';

/** The key's loaders by point target: one each, so the key loads its lines once. */
const keyLoaders = new Map<number, KeyLoader>();

/** The key's lines for a game to `target` points, a chunk of their own (bt-key.ts), drawn with this board's icons. */
function loadKey(target: number): KeyLoader {
  let load = keyLoaders.get(target);
  if (!load) {
    load = () => importChunk(() => import('./bt-key')).then((k) => k.btKeyItems({ actionIcon, marble, mineCart }, target));
    keyLoaders.set(target, load);
  }
  return load;
}

/** The game's words come with its board (client/games/manifest.ts `BoardModule`). */
export { bigThunderWords as words } from '../../../engine/games/big-thunder/words';
/**
 * The board of Big Thunder Mountain Railroad (the board interface of client/games/index.ts):
 * the mountain and its track, the card in play, your hand, Town, the Market, the score track and
 * every player's mat. The server's `legalMoves` become the controls (see `buildControls`): a
 * click on a card, a highlighted space of the track, a marble, a Market card, a Town button.
 * Anything the drawing has no place for is a plain button, so every listed move is reachable.
 */
@customElement('bt-mountain-board')
export class BtMountainBoard extends GameBoard<BigThunderView> {
  static override styles = [
    shared,
    btStyles,
    boardKeyStyles,
    css`
      :host {
        container-type: inline-size;
      }
      .status {
        font-weight: 700;
        margin: 0 0 0.25rem;
      }
      .status.yours {
        color: var(--mp-accent-text);
      }
      /* A phone: the turn bar at the foot of the window says the sentence, on anyone's turn; said here too, it was read twice and pushed your cards down. */
      @media (max-width: 49.99rem) {
        .status .said {
          display: none;
        }
      }
      .you {
        font-size: 0.85rem;
        margin: 0 0 0.5rem;
      }
      .swatch {
        display: inline-block;
        width: 0.9em;
        height: 0.9em;
        border-radius: 0.2em;
        vertical-align: -0.1em;
        border: 1px solid rgba(0, 0, 0, 0.4);
      }
      .grid {
        display: grid;
        gap: 1rem;
        grid-template-columns: minmax(0, 1fr);
      }
      .grid > * {
        min-width: 0;
      }
      @container (min-width: 46rem) {
        .grid {
          grid-template-columns: minmax(0, 1.25fr) minmax(0, 1fr);
          align-items: start;
        }
      }
      .col {
        display: grid;
        gap: 1rem;
        min-width: 0;
      }
      .prompt {
        border: 2px solid var(--bt-target);
        border-radius: 0.6rem;
        padding: 0.6rem 0.75rem;
        display: grid;
        gap: 0.5rem;
      }
      .prompt p {
        margin: 0;
        font-weight: 600;
      }
      .turn-controls {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
      }
      .mats {
        display: grid;
        gap: 0.5rem;
      }
      h3.section {
        margin-bottom: 0.35rem;
      }
    `,
  ];

  private controls: BoardControls = buildControls(null, []);

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('view') || changed.has('legalMoves')) this.controls = buildControls(this.v, this.legalMoves);
  }

  protected override viewOf(view: unknown): BigThunderView | null {
    const v = view as BigThunderView | null;
    return v && typeof v === 'object' && Array.isArray(v.mine) && Array.isArray(v.seats) ? v : null;
  }

  private renderPrompts(v: BigThunderView, c: BoardControls) {
    const prompts = [];
    if (c.tunnel.enter || c.tunnel.stay) {
      const shaft = v.pending?.kind === 'tunnel' ? v.pending.shaft : null;
      prompts.push(html`<div class="prompt" role="group" aria-label="Crosscut Tunnel">
        <p>Crosscut Tunnel: the marble ran into mine shaft ${shaft ?? '?'}. Move your Mine Cart there?</p>
        <div class="row">
          ${c.tunnel.enter ? html`<button class="primary" title=${c.tunnel.enter.label} @click=${() => this.send(c.tunnel.enter!)}>Yes: ${c.tunnel.enter.label}</button>` : nothing}
          ${c.tunnel.stay ? html`<button title=${c.tunnel.stay.label} @click=${() => this.send(c.tunnel.stay!)}>No: ${c.tunnel.stay.label}</button>` : nothing}
        </div>
      </div>`);
    }
    if (c.chooseShare.size) {
      const values = v.setAside.values;
      prompts.push(html`<div class="prompt" role="group" aria-label="Set-aside Town Shares">
        <p>You reached ${v.target} points: take one of the Town Shares set aside (only you see their values).</p>
        <div class="row">
          ${[...c.chooseShare].map(
            ([i, lm]) => html`<button class="primary" title=${lm.label} aria-label=${lm.label} @click=${() => this.send(lm)}>
              ${values && values[i] !== undefined ? `${values[i]} point${values[i] === 1 ? '' : 's'}` : `Share ${i + 1}`}
            </button>`,
          )}
        </div>
      </div>`);
    }
    return prompts;
  }

  private renderTurnControls(c: BoardControls) {
    if (!c.endTurn && !c.other.length) return nothing;
    return html`<div class="turn-controls" role="group" aria-label="Turn">
      ${
        c.endTurn
          ? html`<button class="primary" data-control="end-turn" title="Keep the rest of your hand, draw up to your hand size; the next player's turn" @click=${() => this.send(c.endTurn!)}>
            ${c.endTurn.label}
          </button>`
          : nothing
      }
      ${c.other.map((lm) => html`<button @click=${() => this.send(lm)}>${lm.label}</button>`)}
    </div>`;
  }

  override render() {
    const v = this.v;
    if (!v) return html`<p class="muted">Loading the mountain…</p>`;
    const c = this.controls;
    const you = this.seatAmong(v.seats.length);
    const yours = you !== null && this.activeSeats.includes(you) && v.phase !== 'over';
    const order = you === null ? v.seats : [v.seats[you], ...v.seats.filter((p) => p.seat !== you)];
    return html`<p class="status ${yours ? 'yours' : ''}" data-field="status">Turn ${v.turnNumber}<span class="said"><span aria-hidden="true"> · </span>${this.prompt}</span></p>
      ${
        you !== null
          ? html`<p class="you muted">
            You are <span class="swatch" style="background:${seatColor(you)}"></span> ${nameWithRole(seatName(this.seats, you), v.seats[you]?.name)}, Mine Cart ${you + 1}.
          </p>`
          : html`<p class="you muted">You are watching.</p>`
      }
      <div class="grid">
        <div class="col">
          ${this.renderPrompts(v, c)}
          <bt-mine .view=${v} .controls=${c} .yourSeat=${you}></bt-mine>
          ${
            v.current
              ? html`<bt-card-in-play
                .card=${v.current.card}
                .actions=${c.actions}
                .seat=${v.turn}
                .yours=${you !== null && v.turn === you}
              ></bt-card-in-play>`
              : nothing
          }
          ${
            v.hand
              ? html`<bt-hand
                .hand=${v.hand}
                .controls=${c}
                .seat=${you}
                .phase=${v.phase}
                .chosen=${v.pending?.kind === 'claimJumper' ? v.pending.yours : null}
              ></bt-hand>`
              : nothing
          }
          ${this.renderTurnControls(c)}
          <mp-board-key .load=${loadKey(v.target)}></mp-board-key>
        </div>
        <div class="col">
          <bt-score-track .view=${v} .seats=${this.seats} .yourSeat=${you}></bt-score-track>
          <bt-town-actions .view=${v} .controls=${c} .yourSeat=${you}></bt-town-actions>
          <bt-market .market=${v.market} .resupply=${c.resupply} .suppliesCount=${v.suppliesCount}></bt-market>
          <section>
            <h3 class="section">Players</h3>
            <div class="mats">
              ${order.map(
                (p) =>
                  html`<bt-player-mat .player=${p} .view=${v} .name=${seatName(this.seats, p.seat)} .isYou=${p.seat === you}></bt-player-mat>`,
              )}
            </div>
          </section>
        </div>
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bt-mountain-board': BtMountainBoard;
  }
}
