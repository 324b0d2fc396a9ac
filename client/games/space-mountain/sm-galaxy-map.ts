import { LitElement, css, html, nothing, svg } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { KIND_NAMES, colorWord, squareName } from '../../../engine/games/space-mountain/words';
import { seatName } from '../../names';
import type { SeatInfo } from '../../api-types';
import { FACING_DEGREES, STARPORT_SHORT, effectiveStarport, rocketPlacements, type ControlGroups } from './controls';
import { printedColour } from '../../seat-colours';
import { itemGlyph, rocketShape, starPath } from './icons';
import { selectStarport } from './starport-select';
import type { EncounterKind, SmView, SmWormhole, StarportId } from './types';

const CELL = 100;
/** Room for the column letters and row numbers at their phone size (35 units). */
const MARGIN = 44;

/** A fixed starfield (the same on every render and every screen). */
const STARS: { x: number; y: number; r: number; o: number }[] = (() => {
  let seed = 20220601;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: 90 }, () => ({ x: next() * 900, y: next() * 900, r: 0.8 + next() * 1.8, o: 0.25 + next() * 0.5 }));
})();

/** The ink of each Encounter token face (also used by the board's key). */
export const TOKEN_INK: Readonly<Record<EncounterKind, string>> = {
  satellite: '#37474f',
  comet: '#1565c0',
  planet: '#b23c17',
  astronaut: '#6a1b9a',
  'any-item': '#2e7d32',
  'return-to-starport': '#c62828',
};

const WORMHOLE_INK = ['#4dd0e1', '#f48fb1', '#b39ddb', '#a5d6a7'];

/** Wormhole pairs: "alpha-1"/"alpha-2" share a colour and a Greek letter. */
function wormholePairs(ws: readonly SmWormhole[]): Map<string, { ink: string; name: string }> {
  const out = new Map<string, { ink: string; name: string }>();
  let n = 0;
  for (const w of ws) {
    if (out.has(w.id)) continue;
    const base = w.id.replace(/-\d+$/, '');
    const info = { ink: WORMHOLE_INK[n++ % WORMHOLE_INK.length], name: base };
    out.set(w.id, info);
    out.set(w.twin, info);
  }
  return out;
}

const GREEK: Readonly<Record<string, string>> = { alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ' };

/**
 * The Galaxy board as SVG, scaled by its viewBox to any width: the 9 x 9 grid with column
 * letters and row numbers (the log's square names), the Starports in their colours, the
 * Wormholes with a line to their twin, the Encounter tokens (face down all alike, face up with
 * their picture) and every Rocket as an arrow in its player's colour pointing where it faces.
 * Starports the viewer may choose now are highlighted and clickable.
 */
@customElement('sm-galaxy-map')
export class SmGalaxyMap extends LitElement {
  static override styles = css`
    :host {
      display: block;
      /* The labels' sizes follow the map's drawn width (below): 11 CSS px at least. */
      container-type: inline-size;
    }
    svg {
      display: block;
      width: 100%;
      height: auto;
      border-radius: 0.6rem;
      user-select: none;
      -webkit-user-select: none;
    }
    .detail {
      font-size: 0.85rem;
      margin: 0.3rem 0 0;
      min-height: 1.2em;
      color: var(--mp-text);
    }
    .label {
      font: 600 24px system-ui, sans-serif;
      fill: #9fb0cf;
    }
    .wh {
      font: 700 30px system-ui, sans-serif;
    }
    .wh-n {
      font-size: 23px;
    }
    .sp-name {
      font: 800 23px system-ui, sans-serif;
      fill: #fff;
      paint-order: stroke;
      stroke: #0b1430;
      stroke-width: 5px;
      stroke-linejoin: round;
    }
    /* Drawn 480 px wide or more, a unit is at least 0.5 px: 23 units read at 11.5 px. Narrower (a
       phone draws it about 320 px wide, a unit 0.33 px) the labels grow to 35 units and the
       Starport's disc moves up to make room for its name. */
    @container (max-width: 479.9px) {
      .label,
      .wh,
      .wh-n,
      .sp-name {
        font-size: 35px;
      }
      .sp-name {
        transform: translateY(5px);
      }
      .halo {
        r: 31px;
        cy: -14px;
      }
      .sp-star {
        transform: translateY(-14px) scale(0.85);
      }
    }
    .target {
      cursor: pointer;
      outline: none;
    }
    .target .ring {
      animation: pulse 1.3s ease-in-out infinite;
    }
    .target:hover .ring,
    .target:focus-visible .ring,
    .target.selected .ring {
      animation: none;
      stroke-opacity: 1;
      stroke-width: 9px;
    }
    .target:focus-visible .halo {
      stroke: #fff;
    }
    .waiting {
      animation: pulse 1.3s ease-in-out infinite;
    }
    @keyframes pulse {
      50% {
        stroke-opacity: 0.25;
      }
    }
    @media (prefers-reduced-motion: reduce) {
      .target .ring,
      .waiting {
        animation: none;
      }
    }
  `;

  @property({ attribute: false }) view: SmView | null = null;
  @property({ attribute: false }) groups: ControlGroups | null = null;
  @property({ attribute: false }) seats: SeatInfo[] = [];
  @property({ attribute: false }) selected: StarportId | null = null;
  /** What the piece last tapped or clicked is (an SVG <title> shows only on mouse hover). */
  @state() private detail = '';

  private center(row: number, col: number): [number, number] {
    return [col * CELL + CELL / 2, row * CELL + CELL / 2];
  }

  private grid(size: number) {
    const lines = [];
    for (let i = 0; i <= size; i++) {
      lines.push(svg`<line x1=${i * CELL} y1="0" x2=${i * CELL} y2=${size * CELL}></line>`);
      lines.push(svg`<line x1="0" y1=${i * CELL} x2=${size * CELL} y2=${i * CELL}></line>`);
    }
    const labels = [];
    for (let i = 0; i < size; i++) {
      labels.push(svg`<text class="label" x=${i * CELL + CELL / 2} y=${-10} text-anchor="middle">${String.fromCharCode(65 + i)}</text>`);
      labels.push(
        svg`<text class="label" x=${-MARGIN / 2} y=${i * CELL + CELL / 2} dominant-baseline="central" text-anchor="middle">${i + 1}</text>`,
      );
    }
    return svg`<g stroke="#ffffff" stroke-opacity="0.13" stroke-width="2">${lines}</g>${labels}`;
  }

  private wormholes(view: SmView) {
    const ws = view.board.wormholes;
    const pairs = wormholePairs(ws);
    const links = ws
      .filter((w) => w.id < w.twin)
      .map((w) => {
        const t = ws.find((x) => x.id === w.twin);
        if (!t) return nothing;
        const [x1, y1] = this.center(w.row, w.col);
        const [x2, y2] = this.center(t.row, t.col);
        // A gentle curve, so the two links never run through the central Starport.
        const mx = (x1 + x2) / 2 - (y2 - y1) * 0.3;
        const my = (y1 + y2) / 2 + (x2 - x1) * 0.3;
        return svg`<path d=${`M${x1} ${y1} Q${mx} ${my} ${x2} ${y2}`} fill="none" stroke=${pairs.get(w.id)!.ink}
          stroke-width="4" stroke-dasharray="10 10" stroke-opacity="0.55"></path>`;
      });
    const holes = ws.map((w) => {
      const [x, y] = this.center(w.row, w.col);
      const info = pairs.get(w.id)!;
      const twin = ws.find((t) => t.id === w.twin);
      const num = w.id.match(/(\d+)$/)?.[1] ?? '';
      const title = `Wormhole ${w.id} at ${squareName(w)}${twin ? `, leads to ${twin.id} at ${squareName(twin)}` : ''}`;
      return svg`<g transform=${`translate(${x} ${y})`} data-wormhole=${w.id} role="img" aria-label=${title} @click=${() => (this.detail = title)}>
        <title>${title}</title>
        <circle r="40" fill="#1a0f3a" stroke=${info.ink} stroke-width="3"></circle>
        <circle r="29" fill="none" stroke=${info.ink} stroke-width="3" stroke-opacity="0.75"></circle>
        <circle r="18" fill="none" stroke=${info.ink} stroke-width="3" stroke-opacity="0.5"></circle>
        <text class="wh" y="11" text-anchor="middle" fill="#fff">${GREEK[info.name] ?? info.name[0]}<tspan class="wh-n" dy="4">${num}</tspan></text>
      </g>`;
    });
    return svg`${links}${holes}`;
  }

  private starports(view: SmView) {
    const g = this.groups;
    const chosen = g ? effectiveStarport(g, this.selected) : null;
    return view.board.starports.map((p) => {
      const [x, y] = this.center(p.row, p.col);
      const fill = printedColour(p.color);
      const home = view.players.find((pl) => pl.home === p.id);
      const target = !!g?.starports.some((s) => s.starport === p.id);
      const title = `${p.name} (${colorWord(p.color)} Starport${home ? `, home of ${colorWord(home.color)}` : ''})`;
      const body = svg`<title>${title}</title>
        ${target ? svg`<circle class="ring" r="47" fill="none" stroke="#ffd23f" stroke-width="7"></circle>` : nothing}
        <circle class="halo" r="37" cy="-6" fill=${fill} stroke="#fff" stroke-width="4"></circle>
        <path class="sp-star" data-piece="Starport" d=${starPath(18)} transform="translate(0 -6)" fill="#fff" fill-opacity="0.92"></path>
        <text class="sp-name" y="43" text-anchor="middle">${STARPORT_SHORT[p.id] ?? p.name.slice(0, 3)}</text>`;
      if (!target)
        return svg`<g transform=${`translate(${x} ${y})`} data-starport=${p.id} role="img" aria-label=${title} @click=${() => (this.detail = title)}>${body}</g>`;
      const pick = () => selectStarport(this, p.id);
      return svg`<g class=${`target ${p.id === chosen ? 'selected' : ''}`} transform=${`translate(${x} ${y})`}
        data-starport=${p.id} data-control="starport-target" role="button" tabindex="0"
        aria-label=${`Choose ${p.name}`} aria-pressed=${String(p.id === chosen)}
        @click=${pick}
        @keydown=${(e: KeyboardEvent) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            pick();
          }
        }}>${body}</g>`;
    });
  }

  private tokens(view: SmView) {
    return view.tokens.map((t) => {
      const [x, y] = this.center(t.row, t.col);
      const where = squareName(t);
      if (!t.faceUp) {
        const down = `Encounter token at ${where}, face down`;
        return svg`<g transform=${`translate(${x} ${y})`} data-token="face-down" data-mark="token-${where}" data-mark-value="down" role="img" aria-label=${down} @click=${() => (this.detail = down)}>
          <title>${down}</title>
          <circle r="31" fill="#e2b350" stroke="#8a5f12" stroke-width="3"></circle>
          <circle r="23" fill="none" stroke="#8a5f12" stroke-width="2" stroke-dasharray="4 4"></circle>
          <text y="12" text-anchor="middle" font-size="34" font-weight="900" font-family="system-ui, sans-serif" fill="#5b3b05">!</text>
        </g>`;
      }
      const up = `Encounter token at ${where}: ${KIND_NAMES[t.kind]}`;
      return svg`<g transform=${`translate(${x} ${y})`} data-token=${t.kind} data-mark="token-${where}" data-mark-value=${t.kind} role="img" aria-label=${up} @click=${() => (this.detail = up)}>
        <title>${up}</title>
        <circle r="33" fill="#f7f3e8" stroke=${TOKEN_INK[t.kind]} stroke-width="4"></circle>
        <g color=${TOKEN_INK[t.kind]} transform="scale(2.15)" data-piece=${up}>${itemGlyph(t.kind)}</g>
      </g>`;
    });
  }

  private rockets(view: SmView) {
    const waiting = new Set(view.phase === 'move' ? view.activeSeats : []);
    const busy = new Set([...view.board.starports, ...view.board.wormholes, ...view.tokens].map((f) => `${f.row},${f.col}`));
    return rocketPlacements(view.players, busy).map((r) => {
      const [cx, cy] = this.center(r.row, r.col);
      const x = cx + r.dx * CELL;
      const y = cy + r.dy * CELL;
      const p = view.players[r.seat];
      const who = `${colorWord(p?.color ?? '')} Rocket (${seatName(this.seats, r.seat)})`;
      const said = `${who} at ${squareName(r)}, facing ${r.facing}`;
      return svg`<g transform=${`translate(${x} ${y})`} data-rocket=${r.seat} data-facing=${r.facing} data-mark="rocket-${r.seat}" data-mark-value="${r.row},${r.col},${r.facing}" role="img" aria-label=${said} @click=${() => (this.detail = said)}>
        <title>${said}</title>
        ${
          waiting.has(r.seat)
            ? svg`<circle class="waiting" r=${44 * r.scale} fill="none" stroke="#ffd23f" stroke-width="6"></circle>`
            : nothing
        }
        <g transform=${`rotate(${FACING_DEGREES[r.facing]}) scale(${3.4 * r.scale})`} data-piece=${who}>
          <path d=${rocketShape} fill="none" stroke="#050a18" stroke-width=${3 / r.scale} stroke-linejoin="round"></path>
          <path d=${rocketShape} fill=${printedColour(p?.color ?? '')} stroke="#fff" stroke-width=${1 / r.scale} stroke-linejoin="round"></path>
          <circle cy="-2" r="1.8" fill="#fff"></circle>
        </g>
      </g>`;
    });
  }

  override render() {
    const view = this.view;
    if (!view) return nothing;
    const size = view.board.size;
    const w = size * CELL;
    return html`<svg viewBox=${`${-MARGIN} ${-MARGIN} ${w + MARGIN + 8} ${w + MARGIN + 8}`} role="group" aria-label="Galaxy board">
      <rect x=${-MARGIN} y=${-MARGIN} width=${w + MARGIN + 8} height=${w + MARGIN + 8} fill="#0b1430"></rect>
      <rect x="0" y="0" width=${w} height=${w} fill="#101c3f"></rect>
      <g fill="#fff">${STARS.map((s) => svg`<circle cx=${s.x} cy=${s.y} r=${s.r} fill-opacity=${s.o}></circle>`)}</g>
      ${this.grid(size)} ${this.wormholes(view)} ${this.tokens(view)} ${this.starports(view)} ${this.rockets(view)}
    </svg>
    <p class="detail" role="status">${this.detail || 'Tap or click a token, Wormhole, Starport or Rocket for its name.'}</p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sm-galaxy-map': SmGalaxyMap;
  }
}
