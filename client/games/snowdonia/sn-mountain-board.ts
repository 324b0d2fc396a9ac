import { css, html, nothing, type PropertyValues } from 'lit';
import { customElement } from 'lit/decorators.js';
import { GameBoard } from '../board';
import { phaseText } from '../../../engine/games/snowdonia/words';
import { seatName } from '../../names';
import { controlGroups, emptyGroups, focusPart, ownerColor, type ControlGroups, type FocusPart } from './controls';
import { shared } from '../../styles';
import { snStyles } from './styles';
import { boardKeyStyles } from '../../components/mp-board-key';
import { importChunk } from '../../on-demand';
import { cube, labourerIcon, surveyorShape, weatherIcon } from './pieces';
import type { SnowdoniaView } from './types';
import './sn-action-area';
import './sn-engine-shed';
import './sn-event-track';
import './sn-player-mat';
import './sn-prompt';
import './sn-railway';
import './sn-site-office';
import './sn-stock-yard';
import './sn-weather';

/** The game's words come with its board (client/games/manifest.ts `BoardModule`). */
export { snowdoniaWords as words } from '../../../engine/games/snowdonia/words';
/** The key's lines, a chunk of their own (sn-key.ts), drawn with this board's pieces. */
const loadKey = () => importChunk(() => import('./sn-key')).then((k) => k.snKeyItems({ cube, labourerIcon, surveyorShape, weatherIcon }));

/**
 * The board of Snowdonia, Mount Snowdon scenario (the board interface of client/games/index.ts):
 * the seven Action Areas with their Labourers, the railway up the mountain (Rubble, track,
 * Stations, Ownership Markers, Surveyors), every player's mat, the Stock Yard and Supply Bag,
 * the weather and Work Rates, the Event track, the Site Office and the Engine Shed.
 *
 * The server's `legalMoves` become the controls (see `groupMoves`): a free Action Space, cubes in
 * the Stock Yard, a building space or a Track card on the railway, a Train, a Contract; whatever
 * has no place on the board is a button in the prompt. The part of the board the viewer decides
 * on comes first, so on a phone it is right under the prompt.
 */
@customElement('sn-mountain-board')
export class SnMountainBoard extends GameBoard<SnowdoniaView> {
  static override styles = [
    shared,
    snStyles,
    boardKeyStyles,
    css`
      :host {
        container-type: inline-size;
      }
      .top {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.2rem 0.8rem;
        margin: 0 0 0.5rem;
        font-size: 0.9rem;
      }
      .top .round {
        font-weight: 700;
        font-size: 1rem;
      }
      .parts {
        display: flex;
        flex-direction: column;
        gap: 0.75rem;
        margin-top: 0.75rem;
      }
      .part {
        min-width: 0;
      }
      .part.focus {
        order: -1;
      }
      .areas {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(9.2rem, 1fr));
        gap: 0.4rem;
      }
      .pair {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr));
        gap: 0.75rem;
        align-items: start;
      }
      .mats {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr));
        gap: 0.5rem;
      }
      h3.section {
        margin: 0 0 0.35rem;
      }
    `,
  ];

  private controls: ControlGroups = emptyGroups();

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('legalMoves')) this.controls = controlGroups(this.legalMoves);
  }

  protected override viewOf(view: unknown): SnowdoniaView | null {
    const v = view as SnowdoniaView | null;
    return v && typeof v === 'object' && Array.isArray(v.route) && Array.isArray(v.seats) && Array.isArray(v.actionAreas) && v.step
      ? v
      : null;
  }

  private name(seat: number): string {
    return seatName(this.seats, seat);
  }

  override render() {
    const v = this.v;
    if (!v) return html`<p class="muted">Loading the mountain…</p>`;
    const c = this.controls;
    const you = this.seatAmong(v.seats.length);
    const acting = new Set(this.activeSeats?.length ? this.activeSeats : v.activeSeats);
    const focus: FocusPart = focusPart(c);
    const part = (name: Exclude<FocusPart, null>) => `part ${focus === name ? 'focus' : ''}`;
    const me = you !== null ? v.seats[you] : null;
    const others = v.seats.filter((p) => p.seat !== you);
    const rates = { excavation: v.workRates.excavation.value, layTrack: v.workRates.layTrack.value };
    return html`<div class="top">
        <span class="round">Round <span data-field="round">${v.round}</span></span>
        <span data-field="phase">${phaseText(v)}</span>
        <span>Start Player: <span class="swatch" style="background:${ownerColor(v.startPlayer)}"></span>
          <strong data-field="start-player">${v.startPlayer === you ? 'you' : this.name(v.startPlayer)}</strong></span>
        ${
          you !== null
            ? html`<span>You are <span class="swatch" style="background:${ownerColor(you)}"></span> ${this.name(you)}</span>`
            : html`<span class="muted">You are watching.</span>`
        }
        ${v.endTriggered && v.step.kind !== 'over' ? html`<strong>Last round: the game ends after these actions.</strong>` : nothing}
      </div>
      <sn-prompt .view=${v} .controls=${c} .you=${you} .prompt=${this.prompt}></sn-prompt>
      <div class="parts">
        <section class=${part('areas')} aria-label="Action Areas">
          <h3 class="section">Action Areas</h3>
          <div class="areas">
            ${v.actionAreas.map(
              (a) => html`<sn-action-area
                .area=${a}
                .controls=${c}
                .seats=${this.seats}
                .you=${you}
                .workRates=${rates}
                .resolving=${v.resolving && v.resolving.area === a.area ? v.resolving.space : null}
              ></sn-action-area>`,
            )}
          </div>
        </section>
        <section class=${part('railway')} aria-label="Railway">
          <h3 class="section">The railway up Snowdon</h3>
          <sn-railway .route=${v.route} .controls=${c} .seats=${this.seats} .you=${you}></sn-railway>
          <mp-board-key .load=${loadKey}></mp-board-key>
        </section>
        ${
          me
            ? html`<section class="part" aria-label="Your mat">
              <sn-player-mat .player=${me} .name=${this.name(me.seat)} isYou ?acting=${acting.has(me.seat)}></sn-player-mat>
            </section>`
            : nothing
        }
        <sn-stock-yard
          class=${part('stock-yard')}
          .stockYard=${v.stockYard}
          .supplyBag=${v.supplyBag}
          .generalSupply=${v.generalSupply}
          .choices=${c.takeCubes}
        ></sn-stock-yard>
        <div class="part pair">
          <sn-weather .weather=${v.weather} .workRates=${v.workRates} .thinnerFog=${!!v.options?.thinnerFog}></sn-weather>
          <sn-event-track .events=${v.eventTrack} .trainsForSale=${v.trainsForSale}></sn-event-track>
        </div>
        <sn-site-office
          class=${part('site-office')}
          .office=${v.siteOffice}
          .deck=${v.contractDeck}
          .discard=${v.contractDiscard}
          .choices=${c.takeContract}
        ></sn-site-office>
        <sn-engine-shed class=${part('engine-shed')} .trains=${v.engineShed} .choices=${c.buyTrain} .forSale=${v.trainsForSale}></sn-engine-shed>
        ${
          others.length
            ? html`<section class="part" aria-label="Other players">
              <h3 class="section">${me ? 'Other players' : 'Players'}</h3>
              <div class="mats">
                ${others.map(
                  (p) => html`<sn-player-mat .player=${p} .name=${this.name(p.seat)} ?acting=${acting.has(p.seat)}></sn-player-mat>`,
                )}
              </div>
            </section>`
            : nothing
        }
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sn-mountain-board': SnMountainBoard;
  }
}
