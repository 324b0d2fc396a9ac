import { css, html, nothing, svg, type PropertyValues } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { shared } from '../../styles';
import { MARBLE_NAMES } from '../../../engine/games/big-thunder/words';
import { marbleKey, shaftRows } from './controls';
import { sendMove } from '../move-event';
import type { ChooseDetail } from './events';
import { marble } from './icons';
import '../../components/mp-tip';
import { btStyles } from './styles';
import { BtPart } from './bt-part';
import type { BigThunderView, MarbleKind } from './types';
import { TOWN_WIDTH } from './bt-town';
import './bt-mine-shaft';
import './bt-town';

/**
 * The mountain: the Mountain Peak over the basin (marbles left to run, the Fate marble), the last
 * marble run and Fate card, and the track in a line: Town, then mine shafts 1..7 clockwise (a
 * cart leaving shaft 7 rolls back into Town). When one click could mean several listed moves
 * (a Move 2 or a Move 1 to the same shaft), it asks which, under the track.
 */
@customElement('bt-mine')
export class BtMine extends BtPart {
  static override styles = [
    shared,
    btStyles,
    css`
      .peak svg {
        width: 100%;
        height: auto;
        max-height: 7rem;
      }
      .count {
        font: 700 12px system-ui, sans-serif;
        fill: #fff;
      }
      .basin-label {
        font: 600 11.5px system-ui, sans-serif;
        fill: #f4ead8;
      }
      .track {
        display: grid;
        grid-template-columns: ${TOWN_WIDTH}fr repeat(7, 1fr);
        gap: 2px;
        align-items: end;
        margin-top: 0.25rem;
      }
      .direction {
        font-size: 0.75rem;
        color: var(--mp-muted);
        text-align: center;
        margin: 0.15rem 0 0.4rem;
      }
      .runs {
        font-size: 0.85rem;
        margin: 0 0 0.4rem;
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem 0.75rem;
      }
      .fate-card {
        border: 2px solid var(--bt-fate);
        border-radius: 0.5rem;
        padding: 0.35rem 0.6rem;
        margin: 0 0 0.5rem;
        font-size: 0.85rem;
      }
      /* The card's name in the text colour: the Fate red (#d7263d) is under 4.5:1 on the dark theme;
         the red border says "Fate". */
      .fate-card strong {
        color: inherit;
      }
      .chooser {
        border: 2px solid var(--bt-target);
        border-radius: 0.5rem;
        padding: 0.5rem;
        margin-top: 0.5rem;
        display: grid;
        gap: 0.4rem;
      }
      .chooser p {
        margin: 0;
        font-weight: 600;
      }
    `,
  ];

  @state() private choice: ChooseDetail | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('controls')) this.choice = null;
  }

  private readonly onChoose = (e: CustomEvent<ChooseDetail>): void => {
    e.stopPropagation();
    this.choice = e.detail;
  };

  private renderPeak(v: BigThunderView) {
    const b = v.basin;
    const items: [MarbleKind, number][] = [
      ['gold', b.gold],
      ['ore', b.ore],
      ['water', b.water],
      ['fate', b.fate],
    ];
    const total = b.gold + b.ore + b.water + b.fate;
    return html`<div class="peak">
      <svg viewBox="0 0 320 74" role="img"
        aria-label="Basin: ${items.map(([k, n]) => `${n} ${MARBLE_NAMES[k]}`).join(', ')}; ${total} marbles to run">
        <polygon points="0,74 48,38 82,50 128,14 160,2 196,20 236,44 262,32 320,74" fill="var(--bt-rock)" stroke="var(--bt-rock-dark)" stroke-width="2" />
        <polygon points="146,10 160,2 176,12 168,16 158,11 150,15" fill="#f7f2ea" />
        <rect x="52" y="40" width="216" height="30" rx="15" fill="var(--bt-shaft)" stroke="var(--bt-rock-dark)" stroke-width="2" />
        <text class="basin-label" x="160" y="36" text-anchor="middle">Basin · ${total} to run</text>
        ${items.map(
          ([k, n], i) => svg`<g data-basin=${k}>
          ${marble(k, 80 + i * 52, 55, 8)}
          <text class="count" x=${96 + i * 52} y="59.5">${n}</text>
        </g>`,
        )}
      </svg>
    </div>`;
  }

  private renderRuns(v: BigThunderView) {
    return html`<div class="runs" role="group" aria-label="Last marble run">
        <span>Last run:</span>
        ${
          v.lastRun.length
            ? v.lastRun.map(
                (r) =>
                  html`<mp-tip text="${MARBLE_NAMES[r.marble]} into mine shaft ${r.shaft}" label="${MARBLE_NAMES[r.marble]} into mine shaft ${r.shaft}"><span class="dot ${r.marble}"></span> → ${r.shaft}</mp-tip>`,
              )
            : html`<span class="muted">none</span>`
        }
        ${v.fateMarble ? html`<span><span class="dot fate" aria-hidden="true"></span> Fate marble waiting in mine shaft ${v.fateMarble.shaft}</span>` : nothing}
      </div>
      ${
        v.lastFate
          ? html`<p class="fate-card" data-fate=${v.lastFate.kind}><strong>Fate: ${v.lastFate.name}.</strong> ${v.lastFate.text}
            <span class="muted">(${v.fateDeckCount} Fate cards left)</span></p>`
          : nothing
      }`;
  }

  override render() {
    const v = this.view;
    const c = this.controls;
    if (!v || !c) return nothing;
    const rows = shaftRows(v);
    const me = this.yourSeat !== null ? v.seats[this.yourSeat] : null;
    const cartAt = (space: number) =>
      v.seats.filter((p) => p.position === space).map((p) => ({ seat: p.seat, gold: p.cart.gold, ore: p.cart.ore }));
    const fresh = (shaft: number) => v.lastRun.filter((r) => r.shaft === shaft).map((r) => r.marble);
    return html`${this.renderPeak(v)} ${this.renderRuns(v)}
      <div class="track" @bt-choose=${this.onChoose}>
        <bt-town
          .rows=${rows}
          .players=${v.players}
          .carts=${cartAt(0)}
          .yourSeat=${this.yourSeat}
          .moveHere=${c.moveTo.get(0) ?? []}
          .open=${v.town !== null}
        ></bt-town>
        ${v.mine.map((m) => {
          const cart = cartAt(m.shaft)[0] ?? null;
          return html`<bt-mine-shaft
            .shaft=${m}
            .rows=${rows}
            .fate=${v.fateMarble?.shaft === m.shaft}
            .cart=${cart}
            .yours=${cart !== null && cart.seat === this.yourSeat}
            .fresh=${fresh(m.shaft)}
            .moveHere=${c.moveTo.get(m.shaft) ?? []}
            .take=${{ gold: c.take.get(marbleKey(m.shaft, 'gold')) ?? [], ore: c.take.get(marbleKey(m.shaft, 'ore')) ?? [] }}
            .bail=${me && me.position === m.shaft ? c.bail : null}
          ></bt-mine-shaft>`;
        })}
      </div>
      <p class="direction">Carts move clockwise: Town → 1 → 2 → … → 7 → Town</p>
      ${
        this.choice
          ? html`<div class="chooser" role="group" aria-label="Choose a move">
            <p>${this.choice.title}: which action?</p>
            ${this.choice.choices.map(
              (ch) =>
                html`<button class="primary" title=${ch.move.label} @click=${() => sendMove(this, ch.move)}>${ch.text}: ${ch.move.label}</button>`,
            )}
            <button @click=${() => (this.choice = null)}>Cancel</button>
          </div>`
          : nothing
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bt-mine': BtMine;
  }
  interface HTMLElementEventMap {
    'bt-choose': CustomEvent<ChooseDetail>;
  }
}
