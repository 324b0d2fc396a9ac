import { css, html, nothing, svg, type SVGTemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { LegalMove } from '../../api-types';
import {
  CARD_H,
  CARD_W,
  buildChoice,
  columnsFor,
  layTargets,
  ownerColor,
  ownerName,
  routeLayout,
  shortStationName,
  STRIP_SCALE,
  stripFocus,
  stripScrollLeft,
  usesStrip,
  type Choice,
  type RouteCell,
} from './controls';
import { costText } from '../../../engine/games/snowdonia/words';
import { surveyorShape } from './pieces';
import { onKey, sendMove } from '../move-event';
import { shared } from '../../styles';
import { snStyles } from './styles';
import { SnPart } from './sn-part';
import type { RouteCardView, StationCardView, TrackCardView } from './types';

/**
 * The railway up Mount Snowdon as SVG: the route of Station and Track cards from Llanberis to the
 * summit (a zig-zag up the mountain, as many cards a row as the width allows), with the Rubble
 * still on each card, laid track and Ownership Markers in the owner's colour, the Surveyors, and
 * every Station's excavation and building spaces with their costs and VP. Building spaces the
 * server lists a Build move for, and Track cards a Lay Track move reaches, are buttons. On a phone
 * the railway is one row that scrolls sideways, opened where this step acts or the work is.
 */
@customElement('sn-railway')
export class SnRailway extends SnPart {
  static override styles = [
    shared,
    snStyles,
    css`
      svg.route {
        display: block;
        width: 100%;
        height: auto;
        margin: 0 auto;
        font-family: system-ui, sans-serif;
        user-select: none;
      }
      .target-ring {
        fill: none;
        stroke: var(--sn-target);
        stroke-width: 3;
      }
      .pulse {
        animation: pulse 1.4s ease-in-out infinite;
      }
      @keyframes pulse {
        50% {
          stroke-opacity: 0.35;
        }
      }
      @media (prefers-reduced-motion: reduce) {
        .pulse {
          animation: none;
        }
      }
      .detail {
        font-size: 0.85rem;
        margin: 0.3rem 0 0;
        min-height: 1.2em;
      }
      /* The phone's strip: drawn at a fixed scale, scrolled sideways inside its own box. */
      .scroller {
        overflow-x: auto;
        overscroll-behavior-x: contain;
        border-radius: 10px;
      }
      .scroller:focus-visible {
        outline: 3px solid var(--mp-focus);
        outline-offset: 2px;
      }
      .scroller svg.route {
        width: auto;
        max-width: none;
        margin: 0;
      }
      .ends {
        display: flex;
        justify-content: space-between;
        font-size: 0.8rem;
        margin-top: 0.2rem;
      }
      .legend {
        font-size: 0.8rem;
        display: flex;
        flex-wrap: wrap;
        gap: 0.2rem 0.8rem;
        margin-top: 0.35rem;
      }
    `,
  ];

  @property({ attribute: false }) route: RouteCardView[] = [];

  @state() private cols = 3;
  /** A phone: the railway is one row that scrolls sideways (`usesStrip`). */
  @state() private strip = false;
  /** The card the strip last opened on, and for which step: it opens again only when these change. */
  private stripOpened = '';
  /** The details of the card last tapped or clicked (an SVG <title> shows only on mouse hover). */
  @state() private detail = '';
  private observer: ResizeObserver | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    if (typeof ResizeObserver !== 'undefined') {
      this.observer = new ResizeObserver((entries) => {
        const w = entries[0]?.contentRect.width ?? 0;
        const cols = columnsFor(w);
        if (w > 0 && cols !== this.cols) this.cols = cols;
        if (w > 0 && usesStrip(w) !== this.strip) this.strip = usesStrip(w);
      });
      this.observer.observe(this);
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.observer?.disconnect();
    this.observer = null;
  }

  private send(lm: LegalMove): void {
    sendMove(this, lm);
  }

  private name(owner: Parameters<typeof ownerName>[1]): string {
    return ownerName(this.seats, owner, this.you);
  }

  private mountain(w: number, h: number): SVGTemplateResult {
    const peak = w * 0.62;
    return svg`<defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stop-color="#d7e6f3"></stop>
          <stop offset="1" stop-color="#eef3e6"></stop>
        </linearGradient>
        <linearGradient id="rock" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stop-color="#aab3a4"></stop>
          <stop offset="0.55" stop-color="#a9bd8f"></stop>
          <stop offset="1" stop-color="#8fb06f"></stop>
        </linearGradient>
      </defs>
      <rect width=${w} height=${h} rx="10" fill="url(#sky)"></rect>
      <path d="M0 ${h} L0 ${h * 0.72} L${w * 0.18} ${h * 0.5} L${w * 0.32} ${h * 0.42} L${w * 0.45} ${h * 0.2} L${peak} 2
               L${w * 0.78} ${h * 0.26} L${w * 0.9} ${h * 0.4} L${w} ${h * 0.46} L${w} ${h} Z" fill="url(#rock)" opacity="0.75"></path>
      <path d="M${w * 0.5} ${h * 0.13} L${peak} 2 L${w * 0.73} ${h * 0.15} L${w * 0.66} ${h * 0.12} L${w * 0.6} ${h * 0.17} L${w * 0.55} ${h * 0.12} Z"
        fill="#fff" opacity="0.9"></path>`;
  }

  /** The strip's background: the mountain rising from Llanberis on the left to the summit on the right. */
  private slope(w: number, h: number): SVGTemplateResult {
    const steps = 12;
    const ridge = Array.from({ length: steps + 1 }, (_, i) => {
      const x = (w * i) / steps;
      return `L${x} ${h * (0.8 - 0.6 * (i / steps)) + (i % 2 ? -h * 0.05 : h * 0.04)}`;
    }).join(' ');
    return svg`<rect width=${w} height=${h} rx="10" fill="#dfeaf0"></rect>
      <path d="M0 ${h} ${ridge} L${w} ${h} Z" fill="#a9bd8f" opacity="0.75"></path>`;
  }

  protected override updated(): void {
    if (!this.strip) {
      this.stripOpened = '';
      return;
    }
    const route = this.route ?? [];
    const focus = stripFocus(route, this.controls);
    // Open on the step's card once per step; a player who scrolled away keeps their place between polls.
    const key = `${focus}:${this.controls.buildStation.length}:${this.controls.layTrack.length}`;
    if (key === this.stripOpened) return;
    const scroller = this.renderRoot.querySelector<HTMLElement>('.scroller');
    if (!scroller) return;
    this.stripOpened = key;
    scroller.scrollLeft = stripScrollLeft(focus);
  }

  /** The line of the railway through the cards' centres, drawn under them. */
  private line(cells: RouteCell[]): SVGTemplateResult {
    const pts = cells.map((c) => `${c.x + CARD_W / 2},${c.y + CARD_H / 2}`).join(' ');
    return svg`<polyline points=${pts} fill="none" stroke="#6b4f2a" stroke-width="9" stroke-linejoin="round" opacity="0.8"></polyline>
      <polyline points=${pts} fill="none" stroke="#d9c6a0" stroke-width="4" stroke-dasharray="2 4" stroke-linejoin="round"></polyline>`;
  }

  private surveyors(seats: number[], x: number, y: number): SVGTemplateResult[] {
    return seats.map(
      (seat, i) =>
        svg`<g transform="translate(${x + i * 11} ${y})" data-piece="Surveyor" data-mark="surveyor-${seat}" data-mark-value="${x},${y}"><title>${this.name(seat)}: Surveyor</title>${surveyorShape(ownerColor(seat))}</g>`,
    );
  }

  private station(c: StationCardView, cell: RouteCell): SVGTemplateResult {
    const number = c.number === 4.5 ? '4½' : String(c.number);
    const title = [
      `${c.name} (Station ${number})`,
      ...c.excavation.map(
        (e) =>
          `excavation space ${e.space}: ${e.rubble > 0 ? `${e.rubble} Rubble left` : `cleared, marker of ${this.name(e.owner)}`}, ${e.vp} VP`,
      ),
      ...c.building.map(
        (b) => `building space ${b.space}: ${costText(b.cost)}, ${b.vp} VP${b.owner !== null ? `, built by ${this.name(b.owner)}` : ''}`,
      ),
      `Surveyor here at the end: ${c.surveyorVp} VP`,
    ].join('; ');
    const base = c.excavation.length === 0 && c.building.length === 0;
    return svg`<g transform="translate(${cell.x} ${cell.y})" data-station=${c.station} data-mark="station-${c.station}" data-mark-value=${title} role="group" aria-label=${title} @click=${() => (this.detail = title)}>
      <title>${title}</title>
      <rect width=${CARD_W} height=${CARD_H} rx="6" fill="var(--sn-card)" stroke="var(--sn-card-edge)" stroke-width="1.2"></rect>
      <path d="M0 6 Q0 0 6 0 H${CARD_W - 6} Q${CARD_W} 0 ${CARD_W} 6 V20 H0 Z" fill="#3d5a3a"></path>
      <circle cx="11" cy="10" r="8" fill="#f4e9c8"></circle>
      <text x="11" y="13.5" text-anchor="middle" font-size="10" font-weight="700" fill="#3d5a3a">${number}</text>
      <text x="22" y="14" font-size="10" font-weight="700" fill="#fff">${shortStationName(c.name, 12)}</text>
      ${
        base
          ? svg`<text x=${CARD_W / 2} y="52" text-anchor="middle" font-size="11" font-weight="700" fill="var(--sn-ink)">Start</text>
            <text x=${CARD_W / 2} y="66" text-anchor="middle" font-size="9.5" fill="#6a604c">Surveyors set out</text>`
          : svg`${c.excavation.map((e, j) => this.excavationSpace(e, 5 + j * 34, 23))}
            ${c.building.map((b, j) => this.buildingSpace(c, b, 4 + j * 24.5, 54))}`
      }
      ${this.surveyors(c.surveyors, 9, 100)}
      ${
        c.surveyorVp > 0
          ? svg`<g transform="translate(${CARD_W - 6} 104)">
            <text text-anchor="end" font-size="9.5" font-weight="700" fill="var(--sn-ink)">${c.surveyorVp} VP</text>
          </g>`
          : nothing
      }
    </g>`;
  }

  private excavationSpace(e: StationCardView['excavation'][number], x: number, y: number): SVGTemplateResult {
    const owned = e.rubble === 0;
    return svg`<g transform="translate(${x} ${y})">
      <rect width="30" height="28" rx="3" fill=${owned ? '#fff' : '#e6dcc6'} stroke="#8c7d5e" stroke-width="0.8"></rect>
      ${
        owned
          ? svg`<circle cx="9" cy="14" r="6" fill=${ownerColor(e.owner)} stroke="#fff" stroke-width="1.4"></circle>
            <text x="23" y="17.5" text-anchor="middle" font-size="10" font-weight="700" fill="var(--sn-ink)">${e.vp}</text>`
          : svg`<rect x="5" y="3.5" width="7" height="7" rx="1" fill="var(--sn-rubble)" stroke="#0007" stroke-width="0.6"></rect>
            <text x="15" y="11" font-size="10" font-weight="700" fill="var(--sn-ink)">${e.rubble}</text>
            <text x="15" y="25" text-anchor="middle" font-size="9.5" fill="#6a604c">${e.vp}VP</text>`
      }
    </g>`;
  }

  private buildingSpace(c: StationCardView, b: StationCardView['building'][number], x: number, y: number): SVGTemplateResult {
    const lm = b.owner === null ? buildChoice(this.controls, c.station, b.space) : null;
    const built = b.owner !== null;
    const res =
      b.cost.resource === 'stone'
        ? svg`<rect x="12" y="5" width="6" height="6" rx="1" fill="var(--sn-stone)" stroke="var(--sn-stone-edge)" stroke-width="1"></rect>`
        : svg`<rect x="11.5" y="6" width="8" height="4" rx="1" fill="var(--sn-steel)" stroke="#0008" stroke-width="0.6"></rect>`;
    const body = svg`<rect width="22" height="32" rx="3" fill=${built ? ownerColor(b.owner) : '#fff'} stroke="#8c7d5e" stroke-width="0.8"></rect>
      ${
        built
          ? svg`<circle cx="11" cy="11" r="5.5" fill="#fff" opacity="0.85"></circle>
            <circle cx="11" cy="11" r="3.5" fill=${ownerColor(b.owner)}></circle>`
          : svg`<text x="6" y="12" text-anchor="middle" font-size="10" font-weight="700" fill="var(--sn-ink)">${b.cost.amount}</text>${res}`
      }
      <text x="11" y="27.5" text-anchor="middle" font-size="9.5" font-weight="700" fill=${built ? '#fff' : 'var(--sn-ink)'}
        stroke=${built ? '#0006' : 'none'} stroke-width="0.3">${b.vp}VP</text>`;
    if (!lm) return svg`<g transform="translate(${x} ${y})">${body}</g>`;
    return svg`<g transform="translate(${x} ${y})" role="button" tabindex="0" aria-label=${lm.label} data-control="build"
        @click=${() => this.send(lm)} @keydown=${onKey(() => this.send(lm))}>
      <title>${lm.label}</title>
      ${body}
      <rect x="-2" y="-2" width="26" height="36" rx="4" class="target-ring pulse"></rect>
      <rect x="-3.5" y="-3.5" width="29" height="39" rx="5" class="focus-ring"></rect>
    </g>`;
  }

  private track(t: TrackCardView, cell: RouteCell, lay: Choice<number> | undefined): SVGTemplateResult {
    const laid = t.owner !== null;
    const cleared = t.rubble === 0;
    const title = `Track card ${t.position}: ${t.vp} VP; ${
      laid ? `track laid by ${this.name(t.owner)}` : cleared ? 'cleared, waiting for track' : `${t.rubble} of ${t.rubbleStart} Rubble left`
    }`;
    const cubes = Array.from({ length: t.rubbleStart }, (_, i) => {
      const x = 8 + (i % 5) * 15;
      const y = 26 + Math.floor(i / 5) * 15;
      return i < t.rubble
        ? svg`<rect x=${x} y=${y} width="11" height="11" rx="1.5" fill="var(--sn-rubble)" stroke="#0008" stroke-width="0.7" data-piece="Rubble"></rect>`
        : svg`<rect x=${x} y=${y} width="11" height="11" rx="1.5" fill="none" stroke="#0003" stroke-dasharray="2 1.5"></rect>`;
    });
    const sleepers = Array.from({ length: 9 }, (_, i) => svg`<rect x=${8 + i * 10.5} y="67" width="4" height="20" fill="#7a5a35"></rect>`);
    const rails = laid
      ? svg`${sleepers}
          <rect x="4" y="70" width=${CARD_W - 8} height="3.5" fill=${ownerColor(t.owner)} stroke="#0007" stroke-width="0.5"></rect>
          <rect x="4" y="80.5" width=${CARD_W - 8} height="3.5" fill=${ownerColor(t.owner)} stroke="#0007" stroke-width="0.5"></rect>
          <circle cx=${CARD_W - 14} cy="100" r="6" fill=${ownerColor(t.owner)} stroke="#fff" stroke-width="1.4"></circle>`
      : cleared
        ? svg`<rect x="4" y="68" width=${CARD_W - 8} height="18" rx="3" fill="none" stroke="#8c7d5e" stroke-dasharray="4 3"></rect>
            <text x=${CARD_W / 2} y="81" text-anchor="middle" font-size="9.5" fill="#6a604c">ready for track</text>`
        : nothing;
    const body = svg`<title>${title}</title>
      <rect width=${CARD_W} height=${CARD_H} rx="6" fill="#efe4cc" stroke="var(--sn-card-edge)" stroke-width="1.2"></rect>
      <text x="7" y="15" font-size="10" font-weight="700" fill="var(--sn-ink)">Track ${t.position}</text>
      <g transform="translate(${CARD_W - 15} 12)">
        <circle r="10" fill="#f6d77a" stroke="#9b7a1c" stroke-width="0.8"></circle>
        <text y="3.5" text-anchor="middle" font-size="10" font-weight="700" fill="#4a3a08">${t.vp}</text>
      </g>
      ${cubes}
      ${!cleared ? svg`<text x="8" y="${t.rubbleStart > 5 ? 66 : 52}" font-size="9.5" fill="#6a604c">${t.rubble} Rubble</text>` : nothing}
      ${rails}`;
    if (!lay)
      return svg`<g transform="translate(${cell.x} ${cell.y})" data-track=${t.position} data-mark="track-${t.position}" data-mark-value=${title} role="img" aria-label=${title} @click=${() => (this.detail = title)}>${body}</g>`;
    return svg`<g transform="translate(${cell.x} ${cell.y})" data-track=${t.position} data-mark="track-${t.position}" data-mark-value=${title} role="button" tabindex="0" aria-label=${lay.legal.label}
        data-control="lay-track" @click=${() => this.send(lay.legal)} @keydown=${onKey(() => this.send(lay.legal))}>
      ${body}
      <rect x="-2" y="-2" width=${CARD_W + 4} height=${CARD_H + 4} rx="8" class="target-ring pulse"></rect>
      <rect x="-4" y="-4" width=${CARD_W + 8} height=${CARD_H + 8} rx="9" class="focus-ring"></rect>
      <text x=${CARD_W / 2} y="101" text-anchor="middle" font-size="10" font-weight="700" fill="var(--sn-ink)">Lay ${lay.value}</text>
    </g>`;
  }

  override render() {
    const route = this.route ?? [];
    if (!route.length) return nothing;
    const L = routeLayout(route.length, this.strip ? route.length : this.cols);
    const lay = layTargets(route, this.controls.layTrack);
    const drawing = svg`${this.strip ? this.slope(L.width, L.height) : this.mountain(L.width, L.height)} ${this.line(L.cells)}
        ${route.map((c, i) => (c.kind === 'station' ? this.station(c, L.cells[i]) : this.track(c, L.cells[i], lay.get(i))))}`;
    const label = 'The railway up Mount Snowdon, from Llanberis to the summit';
    return html`${
      this.strip
        ? // Focusable, so a keyboard can scroll it when no card on it is a control.
          html`<div class="scroller" tabindex="0" role="region" aria-label="The railway, one row: scroll sideways">
              <svg class="route" viewBox="0 0 ${L.width} ${L.height}" width=${L.width * STRIP_SCALE} height=${L.height * STRIP_SCALE} role="group" aria-label=${label}>
                ${drawing}
              </svg>
            </div>
            <div class="ends muted" aria-hidden="true"><span>← Llanberis</span><span>Summit →</span></div>`
        : html`<svg class="route" viewBox="0 0 ${L.width} ${L.height}" role="group" aria-label=${label}>${drawing}</svg>`
    }
      <p class="detail" role="status">${this.detail || 'Tap or click a card for its details.'}</p>
      <div class="legend muted">
        <span><span class="cube rubble"></span> Rubble</span>
        <span><span class="cube stone"></span> Stone cost</span>
        <span><span class="cube steel"></span> Steel Bar cost</span>
        <span>● Ownership Marker</span>
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sn-railway': SnRailway;
  }
}
