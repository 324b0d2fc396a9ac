/**
 * The board's pictures, drawn as SVG in a 24 x 24 box centred on (0, 0), in `currentColor`
 * (no images, nothing from the network). Used on the Galaxy board, the Mission cards and the dice.
 */
import { svg, type SVGTemplateResult } from 'lit';
import type { EncounterKind, MissionPicture, Movement } from './types';

const planet = svg`<circle r="6" fill="currentColor" opacity="0.9"></circle>
  <ellipse rx="11" ry="3.6" fill="none" stroke="currentColor" stroke-width="1.8" transform="rotate(-22)"></ellipse>`;

const comet = svg`<circle cx="4" cy="-4" r="4.5" fill="currentColor"></circle>
  <path d="M1 -1 L-10 10 M3 1 L-6 10 M-1 -3 L-10 6" stroke="currentColor" stroke-width="2" stroke-linecap="round" fill="none"></path>`;

const satellite = svg`<g transform="rotate(-30)">
  <rect x="-3.5" y="-4" width="7" height="8" rx="1.2" fill="currentColor"></rect>
  <rect x="-11" y="-3" width="6" height="6" fill="none" stroke="currentColor" stroke-width="1.6"></rect>
  <rect x="5" y="-3" width="6" height="6" fill="none" stroke="currentColor" stroke-width="1.6"></rect>
  <path d="M-5 0 H-3.5 M3.5 0 H5 M0 -4 V-8" stroke="currentColor" stroke-width="1.6"></path>
  <circle cy="-9" r="1.6" fill="currentColor"></circle></g>`;

const astronaut = svg`<circle cy="-3" r="7" fill="none" stroke="currentColor" stroke-width="2"></circle>
  <rect x="-4.5" y="-6" width="9" height="5" rx="2.5" fill="currentColor"></rect>
  <path d="M-8 11 Q-8 4 0 4 Q8 4 8 11 Z" fill="currentColor"></path>`;

const anyItem = svg`<circle r="10" fill="none" stroke="currentColor" stroke-width="1.8" stroke-dasharray="3 2.2"></circle>
  <text y="5.8" text-anchor="middle" font-size="16" font-weight="700" font-family="system-ui, sans-serif" fill="currentColor">?</text>`;

const returnToStarport = svg`<path d="M6 -7 A8.5 8.5 0 1 0 9 3" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"></path>
  <path d="M2 -10.5 L8 -7 L3.5 -2" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"></path>
  <path d="M0 -4 L1.2 -1.2 L4 -1 L1.8 0.8 L2.5 3.6 L0 2 L-2.5 3.6 L-1.8 0.8 L-4 -1 L-1.2 -1.2 Z" fill="currentColor"></path>`;

/** The picture of an Encounter token kind or a Mission space. */
export function itemGlyph(kind: EncounterKind | MissionPicture): SVGTemplateResult {
  switch (kind) {
    case 'planet':
      return planet;
    case 'comet':
      return comet;
    case 'satellite':
      return satellite;
    case 'astronaut':
      return astronaut;
    case 'any':
    case 'any-item':
      return anyItem;
    case 'return-to-starport':
      return returnToStarport;
  }
}

/** A five-pointed star of outer radius r. */
export function starPath(r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const rad = i % 2 === 0 ? r : r * 0.45;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    pts.push(`${(rad * Math.cos(a)).toFixed(2)},${(rad * Math.sin(a)).toFixed(2)}`);
  }
  return `M${pts.join(' L')} Z`;
}

/** The face of a Navigation die: Straight (2 squares ahead) or Turn (1 square, turn, 1 square). */
export function movementGlyph(m: Movement): SVGTemplateResult {
  return m === 'straight'
    ? svg`<path d="M0 10 V-9 M-5 -4 L0 -9 L5 -4 M-5 3 L0 -2 L5 3" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"></path>`
    : svg`<path d="M0 10 V-1 M0 -1 Q0 -7 -7 -7 M0 -1 Q0 -7 7 -7 M-4 -10 L-8 -7 L-4 -4 M4 -10 L8 -7 L4 -4" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"></path>`;
}

/** A Rocket pointing north (rotate it for the facing), in a 24 x 24 box. */
export const rocketShape = 'M0 -11 L7 6 L2.5 4 L0 9 L-2.5 4 L-7 6 Z';

/** An arrow pointing north (facing pickers, turn buttons). */
export const arrowPath = 'M0 -9 L7 -1 H2.8 V9 H-2.8 V-1 H-7 Z';
