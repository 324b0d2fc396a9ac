import { LitElement, css, html, nothing, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { seatName } from '../../names';
import type { SeatInfo } from '../../api-types';
import { SCORE_TRACK_LENGTH } from '../../../engine/games/big-thunder/words';
import { loopCell } from './controls';
import { seatColor } from '../../seat-colours';
import { btStyles } from './styles';
import type { BigThunderView } from './types';

const CELL = 34;

/** A five-pointed star of outer radius r centred at (cx, cy). */
function star(cx: number, cy: number, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

/**
 * The score track: a loop of spaces 0..25 (start, then 1..25; a Locomotive passing 25 starts
 * another lap, rulebook End of the Game NOTE), the star space of the target, each player's
 * Locomotive, and inside the loop the scores, laps and the Town Shares set aside for reaching
 * the target.
 */
@customElement('bt-score-track')
export class BtScoreTrack extends LitElement {
  static override styles = [
    btStyles,
    css`
      svg {
        width: 100%;
        height: auto;
        max-width: 34rem;
        margin: 0 auto;
      }
      .n {
        font: 600 11px system-ui, sans-serif;
        fill: var(--mp-muted);
      }
      .legend {
        font: 600 11px system-ui, sans-serif;
        fill: var(--mp-text);
      }
      .legend .pts {
        font-weight: 800;
      }
      .small {
        font: 500 11px system-ui, sans-serif;
        fill: var(--mp-muted);
      }
    `,
  ];

  @property({ attribute: false }) view: BigThunderView | null = null;
  @property({ attribute: false }) seats: SeatInfo[] = [];
  @property({ attribute: false }) yourSeat: number | null = null;

  override render() {
    const v = this.view;
    if (!v) return nothing;
    const W = CELL * 9;
    const H = CELL * 6;
    const targetSpace = Math.min(SCORE_TRACK_LENGTH, v.target);
    const bySpace = new Map<number, number[]>();
    for (const p of v.seats) {
      const list = bySpace.get(p.track.space) ?? [];
      list.push(p.seat);
      bySpace.set(p.track.space, list);
    }
    // Two Locomotives sit side by side under the space's number; three or four fill the space in
    // a 2 x 2 grid and its number is left out (the scores inside the loop still say it).
    const pair = [
      [-8, 7],
      [8, 7],
    ];
    const grid = [
      [-8, -8],
      [8, -8],
      [-8, 8],
      [8, 8],
    ];
    const crowded = new Set([...bySpace].filter(([, seats]) => seats.length > 2).map(([space]) => space));
    const desc = v.seats.map((p) => `${seatName(this.seats, p.seat)}: ${p.score} points`).join('; ');
    return html`<svg viewBox="-2 -2 ${W + 4} ${H + 4}" role="img" aria-label="Score track. ${desc}">
      ${Array.from({ length: SCORE_TRACK_LENGTH + 1 }, (_, s) => {
        const { col, row } = loopCell(s);
        const x = col * CELL;
        const y = row * CELL;
        const isTarget = s === targetSpace;
        return svg`<g>
          <rect x=${x + 1} y=${y + 1} width=${CELL - 2} height=${CELL - 2} rx="4"
            fill=${isTarget ? 'color-mix(in srgb, var(--bt-gold) 35%, var(--mp-surface))' : s % 5 === 0 ? 'var(--mp-surface-hover)' : 'var(--mp-surface)'}
            stroke="var(--mp-border-strong)" />
          ${isTarget ? svg`<polygon points=${star(x + CELL / 2, y + CELL / 2, 12)} fill="var(--bt-gold)" stroke="var(--bt-gold-edge)" opacity="0.75" />` : nothing}
          ${crowded.has(s) ? nothing : svg`<text class="n" x=${x + 3} y=${y + 12}>${s === 0 ? 'Start' : s}</text>`}
        </g>`;
      })}
      ${[...bySpace].flatMap(([space, seats]) => {
        const { col, row } = loopCell(space);
        return seats.map((seat, i) => {
          const [dx, dy] = (seats.length > 2 ? grid : pair)[i % 4];
          const cx = col * CELL + CELL / 2 + dx;
          const cy = row * CELL + CELL / 2 + dy;
          return svg`<g data-loco=${seat} data-piece="Locomotive ${seat + 1}" data-mark="loco-${seat}" data-mark-value=${space}>
             <circle cx=${cx} cy=${cy} r="7.5" fill=${seatColor(seat)} stroke="var(--mp-text)" stroke-width=${seat === this.yourSeat ? 2 : 1} />
            <text x=${cx} y=${cy + 4} text-anchor="middle" font-size="11" font-weight="700" fill="#fff" stroke="rgba(0,0,0,.5)" stroke-width="0.6" paint-order="stroke">${seat + 1}</text>
          </g>`;
        });
      })}
      <g transform="translate(${CELL + 8} ${CELL + 18})">
        ${v.seats.map((p, i) => {
          const y = i * 18;
          const laps = p.track.laps ? ` · lap ${p.track.laps + 1}` : '';
          return svg`<g class="legend" data-score-seat=${p.seat}>
            <circle cx="5" cy=${y - 4} r="5" fill=${seatColor(p.seat)} stroke="var(--mp-text)" stroke-width="0.8" />
            <text x="15" y=${y}>${seatName(this.seats, p.seat).slice(0, 16)}${p.reachedTarget ? ' ★' : ''}</text>
            <text class="pts" x=${W - 2 * CELL - 16} y=${y} text-anchor="end">${p.score} pts${laps}</text>
          </g>`;
        })}
        <text class="small" x="0" y=${v.seats.length * 18 + 4}>★ ${v.target} points: the last round begins</text>
        <text class="small" x="0" y=${v.seats.length * 18 + 19} data-field="set-aside">${v.setAside.count} Town Share${v.setAside.count === 1 ? '' : 's'} set aside for reaching it</text>
      </g>
    </svg>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bt-score-track': BtScoreTrack;
  }
}
