import { html, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import { GOODS_NAMES, WEATHER_NAMES, type GoodsKey } from '../../../engine/games/snowdonia/words';
import type { Weather } from './types';

/**
 * Small drawings shared by the board's parts: cubes, a Labourer, weather discs. Templates only
 * (no elements); colours come from the custom properties in styles.ts and public/styles.css.
 */

/** A cube (or Steel Bar) of a resource, as inline HTML. */
export function cube(kind: GoodsKey | 'event'): TemplateResult {
  return html`<span class="cube ${kind}" aria-hidden="true"></span>`;
}

/** "2 Iron Ore" with its cube. */
export function amount(kind: GoodsKey, n: number): TemplateResult {
  return html`${cube(kind)} ${n} ${GOODS_NAMES[kind]}`;
}

/** A Labourer (a little worker) centred on (0, 0), about 16 units tall. */
export function labourerShape(fill: string, scale = 1): SVGTemplateResult {
  return svg`<g transform="scale(${scale})">
    <circle cx="0" cy="-5" r="3.6" fill=${fill} stroke="#0008" stroke-width="0.8"></circle>
    <path d="M-6 8 L-5 0 Q0 -2.5 5 0 L6 8 Z" fill=${fill} stroke="#0008" stroke-width="0.8"></path>
  </g>`;
}

/** A Labourer as a small inline SVG. */
export function labourerIcon(fill: string, size = 18): TemplateResult {
  return html`<svg class="labourer" width=${size} height=${size} viewBox="-8 -10 16 19" aria-hidden="true">${labourerShape(fill)}</svg>`;
}

/** A Surveyor (a pawn with a hat) centred on (0, 0). */
export function surveyorShape(fill: string): SVGTemplateResult {
  return svg`<g>
    <path d="M-4.5 6 L-3 -1 Q0 -3 3 -1 L4.5 6 Z" fill=${fill} stroke="#0009" stroke-width="0.8"></path>
    <circle cx="0" cy="-4" r="2.8" fill=${fill} stroke="#0009" stroke-width="0.8"></circle>
    <rect x="-3.6" y="-7.8" width="7.2" height="1.6" fill="#222"></rect>
  </g>`;
}

/** A weather disc drawing centred on (0, 0) with radius `r`. */
export function weatherShape(w: Weather | null, r = 12): SVGTemplateResult {
  if (w === null) return svg`<circle r=${r} fill="none" stroke="#9995" stroke-dasharray="3 2"></circle>`;
  const bg = svg`<circle r=${r} fill="#fff" stroke="#0006"></circle>`;
  if (w === 'sun') {
    const rays = Array.from({ length: 8 }, (_, i) => {
      const a = (i * Math.PI) / 4;
      return svg`<line x1=${Math.cos(a) * r * 0.55} y1=${Math.sin(a) * r * 0.55} x2=${Math.cos(a) * r * 0.85} y2=${Math.sin(a) * r * 0.85}
        stroke="var(--sn-sun)" stroke-width=${r * 0.13} stroke-linecap="round"></line>`;
    });
    return svg`${bg}${rays}<circle r=${r * 0.38} fill="var(--sn-sun)"></circle>`;
  }
  if (w === 'rain') {
    return svg`${bg}<path d="M0 ${-r * 0.7} C ${r * 0.5} ${-r * 0.1}, ${r * 0.5} ${r * 0.55}, 0 ${r * 0.6} C ${-r * 0.5} ${r * 0.55}, ${-r * 0.5} ${-r * 0.1}, 0 ${-r * 0.7} Z" fill="var(--sn-rain)"></path>`;
  }
  // Fog: three wavy bands of mist.
  const wave = (y: number, w: number) =>
    svg`<path d="M${-w} ${y} q${w / 2} ${-r * 0.18} ${w} 0 t${w} 0" fill="none" stroke="var(--sn-fog)" stroke-width=${r * 0.15} stroke-linecap="round"></path>`;
  return svg`${bg}${wave(-r * 0.38, r * 0.5)}${wave(0, r * 0.62)}${wave(r * 0.38, r * 0.45)}`;
}

/** A weather disc as a small inline SVG with its name for screen readers. */
export function weatherIcon(w: Weather | null, size = 22): TemplateResult {
  const name = w ? WEATHER_NAMES[w] : 'No disc';
  return html`<svg class="weather" width=${size} height=${size} viewBox="-13 -13 26 26" role="img" aria-label=${name}><title>${name}</title>${weatherShape(w)}</svg>`;
}
