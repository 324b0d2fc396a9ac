import { css, html, nothing, type PropertyValues } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { GameBoard } from '../board';
import { colorWord, phaseText } from '../../../engine/games/space-mountain/words';
import { seatName } from '../../names';
import { shared } from '../../styles';
import { STARPORT_SHORT, controlGroups, effectiveStarport, isSmView, seatColorProperties, type ControlGroups } from './controls';
import { printedColour } from '../../seat-colours';
import { STARPORT_SELECT, type StarportSelectDetail } from './starport-select';
import './sm-dice';
import './sm-fuel-gauge';
import { TOKEN_INK } from './sm-galaxy-map';
import './sm-move-panel';
import './sm-player-mat';
import { boardKeyStyles } from '../../components/mp-board-key';
import { importChunk } from '../../on-demand';
import { itemGlyph, movementGlyph, rocketShape, starPath } from './icons';
import type { SmView, StarportId } from './types';

/** The key's lines, a chunk of their own (sm-key.ts), drawn with this board's icons. */
const loadKey = () =>
  importChunk(() => import('./sm-key')).then((k) => k.smKeyItems({ itemGlyph, movementGlyph, rocketShape, starPath, tokenInk: TOKEN_INK }));

/** The game's words come with its board (client/games/manifest.ts `BoardModule`). */
export { spaceMountainWords as words } from '../../../engine/games/space-mountain/words';
/**
 * The board of Space Mountain: All Systems Go (the plug-in of client/games/index.ts for
 * `space-mountain`). From the top: round, phase, Fuel Gauge, last roll and marker pool; the
 * Galaxy board; the viewer's moves; then every player's Rocket, Step 1 status, Starport tokens
 * and Mission cards (the viewer's first). Everything is drawn from `view`; every control sends
 * one entry of `legalMoves` unchanged.
 */
@customElement('sm-galaxy-board')
export class SmGalaxyBoard extends GameBoard<SmView> {
  static override styles = [
    shared,
    boardKeyStyles,
    css`
      :host {
        container-type: inline-size;
      }
      .line {
        font-weight: 700;
        margin: 0 0 0.4rem;
      }
      .line.yours {
        color: var(--mp-accent-text);
      }
      /* A phone: the turn bar at the foot of the window says the sentence, on anyone's turn; said here too, it was read twice and pushed the map down. */
      @media (max-width: 49.99rem) {
        .line {
          display: none;
        }
      }
      .status {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.4rem 1rem;
        margin-bottom: 0.6rem;
      }
      .round {
        font-weight: 700;
        font-size: 1.05rem;
      }
      .phase {
        font-weight: 600;
        color: var(--mp-accent-text);
      }
      .instruments {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.5rem 1.25rem;
        margin-bottom: 0.6rem;
      }
      .pool {
        display: inline-flex;
        align-items: center;
        gap: 0.35rem;
        white-space: nowrap;
      }
      .pool .disc {
        width: 1rem;
        height: 1rem;
        border-radius: 50%;
        background: radial-gradient(circle at 35% 30%, #fff3bf, #e0b12c 55%, #a97a0c);
        box-shadow: 0 1px 2px #0006;
      }
      .muted {
        color: var(--mp-muted);
      }
      .map {
        max-width: 40rem;
        margin: 0 auto;
      }
      .legend {
        display: flex;
        flex-wrap: wrap;
        gap: 0.2rem 0.8rem;
        list-style: none;
        padding: 0;
        margin: 0.45rem 0 0;
        font-size: 0.8rem;
        color: var(--mp-muted);
      }
      .legend li {
        display: inline-flex;
        align-items: center;
        gap: 0.3rem;
      }
      .legend .sw {
        width: 0.75rem;
        height: 0.75rem;
        border-radius: 50%;
        border: 1px solid #0005;
      }
      /* The step's controls beside the map on a wide board, above it on a narrow one: never a screen below. */
      .table {
        display: grid;
        gap: 0.9rem;
        grid-template-columns: minmax(0, 1fr);
      }
      @container (min-width: 44rem) {
        .table.moving {
          grid-template-columns: minmax(0, 1fr) minmax(13rem, 17rem);
          grid-template-areas: 'map panel';
          align-items: start;
        }
        .table.moving .map {
          grid-area: map;
        }
        .table.moving sm-move-panel {
          grid-area: panel;
        }
      }
      .winner {
        font-weight: 700;
        font-size: 1.05rem;
        padding: 0.5rem 0.75rem;
        border-radius: 0.5rem;
        background: var(--mp-notice-bg);
        border: 1px solid var(--mp-notice-border);
        margin-bottom: 0.6rem;
      }
      .players {
        display: grid;
        gap: 0.6rem;
        margin-top: 0.9rem;
        grid-template-columns: minmax(0, 1fr);
      }
      @container (min-width: 46rem) {
        .players {
          grid-template-columns: repeat(2, minmax(0, 1fr));
        }
      }
    `,
  ];

  /** The Starport picked (on the board or with a chip) whose facings are offered. */
  @state() private picked: StarportId | null = null;

  protected override viewOf(view: unknown): SmView | null {
    return isSmView(view) ? view : null;
  }

  private groups: ControlGroups = controlGroups([]);

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('legalMoves')) {
      this.groups = controlGroups(this.legalMoves ?? []);
      // A pick belongs to the moves it was made from.
      if (this.picked && !this.groups.starports.some((s) => s.starport === this.picked)) this.picked = null;
    }
  }

  private readonly onSelect = (e: Event): void => {
    const id = (e as CustomEvent<StarportSelectDetail>).detail?.starport as StarportId;
    e.stopPropagation();
    if (this.groups.starports.some((s) => s.starport === id)) this.picked = id;
  };

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener(STARPORT_SELECT, this.onSelect);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener(STARPORT_SELECT, this.onSelect);
    for (const [name] of this.pageColors) this.pageHost()?.style.removeProperty(name);
    this.pageColors = [];
  }

  /** The seat colours this board set on the page (`seatColorProperties`). */
  private pageColors: [string, string][] = [];

  /** The element whose shadow root holds the board (the game page), whose seat colours follow the Rockets. */
  private pageHost(): HTMLElement | null {
    const root = this.getRootNode();
    return root instanceof ShadowRoot && root.host instanceof HTMLElement ? root.host : null;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!changed.has('view')) return;
    const players = this.v?.players;
    const colors = players ? seatColorProperties(players) : [];
    if (JSON.stringify(colors) === JSON.stringify(this.pageColors)) return;
    const host = this.pageHost();
    for (const [name] of this.pageColors) host?.style.removeProperty(name);
    for (const [name, value] of colors) host?.style.setProperty(name, value);
    this.pageColors = colors;
  }

  private renderStatus(view: SmView) {
    const holder = view.players[view.activePlayer];
    const yours = view.you !== null && view.activeSeats.includes(view.you) && this.status === 'active';
    return html`${this.prompt ? html`<p class="line ${yours ? 'yours' : ''}" data-field="status">${this.prompt}</p>` : nothing}
      <div class="status">
        <span class="round" data-testid="round" data-field="round">Round ${view.round}</span>
        <span class="phase" data-testid="phase" data-phase=${view.phase} data-field="phase">${phaseText(view.phase)}</span>
        ${
          view.phase !== 'over' && view.rollsThisRound > 0
            ? html`<span class="muted">Roll ${view.rollsThisRound} of this round</span>`
            : nothing
        }
        ${
          holder
            ? html`<span class="muted">Active Player: ${seatName(this.seats, view.activePlayer)} (${colorWord(holder.color)})</span>`
            : nothing
        }
      </div>
      <div class="instruments">
        <sm-fuel-gauge .level=${view.fuel.level} .start=${view.fuel.start}></sm-fuel-gauge>
        <sm-dice .dice=${view.dice} .current=${this.currentDie(view)}></sm-dice>
        <span class="pool" data-testid="pool">
          <span class="disc" aria-hidden="true"></span>Markers in pool: ${view.markers.pool}/${view.markers.total}
        </span>
      </div>`;
  }

  /** The die the viewer's Rocket is on during Step 4 (null otherwise). */
  private currentDie(view: SmView): number | null {
    if (view.phase !== 'move' || view.you === null) return null;
    const f = view.players[view.you]?.flight;
    return f ? f.diceDone : null;
  }

  private renderWinner(view: SmView) {
    if (view.phase !== 'over') return nothing;
    if (view.ended === 'won' && view.winners.length) {
      const w = view.winners[0];
      const color = colorWord(view.players[w]?.color ?? '');
      return html`<p class="winner" role="status">${seatName(this.seats, w)} (${color}) wins!</p>`;
    }
    return html`<p class="winner" role="status">The game stopped without a winner.</p>`;
  }

  private renderLegend(view: SmView) {
    const mine = view.you !== null ? new Set(view.players[view.you]?.approved ?? []) : new Set<string>();
    return html`<ul class="legend" aria-label="Starports">
      ${view.board.starports.map(
        (s) => html`<li>
          <span class="sw" style=${`background:${printedColour(s.color)}`}></span>
          <span><strong>${STARPORT_SHORT[s.id] ?? ''}</strong> ${s.name}${mine.has(s.id) ? ' ✓' : ''}</span>
        </li>`,
      )}
    </ul>`;
  }

  override render() {
    const view = this.v;
    if (!view) return html`<p class="muted">No board to show yet.</p>`;
    const g = this.groups;
    const you = view.you;
    const order = [...view.players].sort((a, b) => Number(b.seat === you) - Number(a.seat === you) || a.seat - b.seat);
    const chosen = effectiveStarport(g, this.picked);
    const hasMoves = this.legalMoves.length > 0 && this.status === 'active';
    return html`${this.renderWinner(view)}
      <div class="table ${hasMoves ? 'moving' : ''}">
        ${hasMoves ? html`<sm-move-panel .groups=${g} .view=${view} .selected=${chosen}></sm-move-panel>` : nothing}
        <div class="map">
          ${this.renderStatus(view)}
          <sm-galaxy-map .view=${view} .groups=${hasMoves ? g : null} .seats=${this.seats} .selected=${chosen}></sm-galaxy-map>
          ${this.renderLegend(view)}
          <mp-board-key .load=${loadKey}></mp-board-key>
        </div>
      </div>
      <div class="players">
        ${order.map(
          (p) => html`<sm-player-mat
            .view=${view}
            .player=${p}
            .name=${seatName(this.seats, p.seat)}
            .groups=${p.seat === you && hasMoves ? g : null}
          ></sm-player-mat>`,
        )}
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sm-galaxy-board': SmGalaxyBoard;
  }
}
