import { html, svg } from 'lit';
import type { KeyItem } from '../../components/mp-board-key';
import type * as Icons from './icons';
import type { TOKEN_INK } from './sm-galaxy-map';
import type { EncounterKind } from './types';

/** The board's drawing functions and inks the key's symbols are drawn with. */
export type KeyIcons = Pick<typeof Icons, 'itemGlyph' | 'movementGlyph' | 'rocketShape' | 'starPath'> & { tokenInk: typeof TOKEN_INK };

/** A 28 x 28 SVG on the board's night sky, holding one symbol drawn for a 100-unit square. */
const sky = (content: unknown) =>
  html`<svg width="28" height="28" viewBox="-50 -50 100 100" aria-hidden="true" focusable="false">
    <rect x="-50" y="-50" width="100" height="100" rx="10" fill="#101c3f"></rect>${content}</svg>`;

/**
 * The Space Mountain board's key: Encounter tokens face down and face up, Starports, Wormholes,
 * Rockets, Mission markers and the Navigation dice; meanings from the rulebook
 * (docs/rules/space-mountain-all-systems-go.rulebook.txt).
 * It is loaded the first time the key is opened (mp-board-key's `load`), as a chunk of its own, and
 * draws its symbols with the board's functions, handed in by the board: a module both chunks
 * imported would become a third chunk, one more file before every board could draw.
 */
export function smKeyItems({ itemGlyph, movementGlyph, rocketShape, starPath, tokenInk }: KeyIcons): KeyItem[] {
  const token = (kind: EncounterKind) =>
    sky(svg`<circle r="33" fill="#f7f3e8" stroke=${tokenInk[kind]} stroke-width="4"></circle>
    <g color=${tokenInk[kind]} transform="scale(2.15)">${itemGlyph(kind)}</g>`);
  return [
    {
      symbol: sky(svg`<circle r="31" fill="#e2b350" stroke="#8a5f12" stroke-width="3"></circle>
        <text y="12" text-anchor="middle" font-size="34" font-weight="900" font-family="system-ui, sans-serif" fill="#5b3b05">!</text>`),
      name: '"!" token',
      meaning: 'a face-down Encounter token: the first Rocket to run into it flips it face up and uses it; it then stays for everyone.',
    },
    {
      symbol: token('planet'),
      name: 'Planet, Comet, Satellite, Astronaut',
      meaning: 'Space Items: entering the square lets you put a Mission marker on a matching picture (or a "?") on your Missions.',
    },
    { symbol: token('any-item'), name: 'Any Item ("?")', meaning: 'put a Mission marker on any uncovered space of your Missions.' },
    {
      symbol: token('return-to-starport'),
      name: 'Return to Starport',
      meaning: 'move your Rocket at once to a Starport you are Approved for Travel to, facing any way.',
    },
    {
      symbol: sky(svg`<circle r="37" fill="#2e86de" stroke="#fff" stroke-width="4"></circle><path d=${starPath(18)} fill="#fff"></path>`),
      name: 'Starport (star in a colour; ✓ once visited)',
      meaning: 'entering it makes you Approved for Travel there; visit all five to win (with all five Missions).',
    },
    {
      symbol:
        sky(svg`<circle r="40" fill="#1a0f3a" stroke="#4dd0e1" stroke-width="3"></circle><circle r="22" fill="none" stroke="#4dd0e1" stroke-width="3" stroke-opacity="0.6"></circle>
        <text y="11" text-anchor="middle" font-size="30" font-weight="700" font-family="system-ui, sans-serif" fill="#fff">α<tspan font-size="16" dy="4">1</tspan></text>`),
      name: 'Wormhole (α1 and α2, joined by a dashed line)',
      meaning: "entering one ends that die's move and takes your Rocket to its twin, facing any way.",
    },
    {
      symbol: sky(
        svg`<g transform="scale(3.2)"><path d=${rocketShape} fill="var(--mp-seat-0, #d1495b)" stroke="#fff" stroke-width="0.6"></path></g>`,
      ),
      name: 'Rocket (a player colour; points where it faces)',
      meaning: 'a yellow ring round it means that player still has to decide.',
    },
    {
      symbol: html`<span aria-hidden="true" style="display:inline-block;width:1.2rem;height:1.2rem;border-radius:50%;background:radial-gradient(circle at 35% 30%, #fff3bf, #e0b12c 55%, #a97a0c);border:1px solid #6b4a05"></span>`,
      name: 'Mission marker (gold disc)',
      meaning: 'covers a picture on a Mission card; a card with every space covered is complete once flipped when you Refuel.',
    },
    {
      symbol: html`<svg width="28" height="28" viewBox="-14 -14 28 28" aria-hidden="true" focusable="false" style="color:var(--mp-text)"><rect x="-13" y="-13" width="26" height="26" rx="5" fill="#fbfbf7" stroke="#7c8794"></rect><g transform="scale(0.9)">${movementGlyph('straight')}</g></svg>`,
      name: 'Straight die',
      meaning: 'move 2 squares ahead.',
    },
    {
      symbol: html`<svg width="28" height="28" viewBox="-14 -14 28 28" aria-hidden="true" focusable="false" style="color:#1c2430"><rect x="-13" y="-13" width="26" height="26" rx="5" fill="#f28a1e" stroke="#a8520a"></rect><g transform="scale(0.9)">${movementGlyph('turn')}</g></svg>`,
      name: 'Turn die (here on an orange face)',
      meaning: 'move 1 square, turn left or right, move 1 more. Any orange face moves the Fuel Gauge down one.',
    },
  ];
}
