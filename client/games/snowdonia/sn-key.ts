import { html, svg } from 'lit';
import type { KeyItem } from '../../components/mp-board-key';
import type * as Pieces from './pieces';

/** The board's drawing functions the key's symbols are drawn with. */
export type KeyPieces = Pick<typeof Pieces, 'cube' | 'labourerIcon' | 'surveyorShape' | 'weatherIcon'>;

/** A small SVG for one symbol of the key. */
const box = (content: unknown, viewBox: string) =>
  html`<svg width="28" height="28" viewBox=${viewBox} aria-hidden="true" focusable="false">${content}</svg>`;

const SEAT = 'var(--mp-seat-0, #d1495b)';

/**
 * The Snowdonia board's key: the cubes, the pieces, the marks on Track and Station cards and on
 * the Weather track; meanings from the rulebook (Mount Snowdon scenario).
 * It is loaded the first time the key is opened (mp-board-key's `load`), as a chunk of its own, and
 * draws its symbols with the board's functions, handed in by the board: a module both chunks
 * imported would become a third chunk, one more file before every board could draw.
 */
export function snKeyItems({ cube, labourerIcon, surveyorShape, weatherIcon }: KeyPieces): KeyItem[] {
  return [
    {
      symbol: cube('rubble'),
      name: 'Rubble (grey cube)',
      meaning: "blocks a Track card or a Station's excavation space until dug out at Excavation (B); 2 Rubble make 1 Stone at the Works.",
    },
    { symbol: cube('stone'), name: 'Stone (white cube, dark edge)', meaning: 'a building material: Stations cost Stone.' },
    { symbol: cube('iron'), name: 'Iron Ore (orange cube)', meaning: '3 Iron Ore make 1 Steel Bar at the Works (C).' },
    { symbol: cube('coal'), name: 'Coal (black cube)', meaning: 'Train owners pay it to take their Temporary Labourer from the Pub.' },
    { symbol: cube('steel'), name: 'Steel Bar', meaning: 'laying track costs 1 Steel Bar per Track card; some Stations cost Steel Bars.' },
    {
      symbol: cube('event'),
      name: 'Event cube (purple)',
      meaning: 'drawn from the Supply Bag; each one moves the Event track on and triggers its event.',
    },
    {
      symbol: box(
        svg`<circle cx="0" cy="0" r="9" fill="#f6d77a" stroke="#9b7a1c" stroke-width="0.8"></circle><text y="3.5" text-anchor="middle" font-size="10" font-weight="700" fill="#4a3a08">3</text>`,
        '-12 -12 24 24',
      ),
      name: 'Number in a yellow circle (Track card)',
      meaning: 'the Victory Points for laying track on that card.',
    },
    {
      symbol: box(
        svg`<rect x="-11" y="-8" width="22" height="16" rx="2" fill="#e6dcc6" stroke="#8c7d5e" stroke-width="0.8"></rect><text x="0" y="3.5" text-anchor="middle" font-size="9" font-weight="700" fill="#2a2418">6VP</text>`,
        '-12 -12 24 24',
      ),
      name: 'Station spaces ("2 ▪ 6VP", "3 □ 7VP")',
      meaning: 'excavation spaces show the Rubble left and their VP; building spaces show the Stone or Steel Bar cost and their VP.',
    },
    {
      symbol: box(svg`<circle r="7" fill=${SEAT} stroke="#fff" stroke-width="1.6"></circle>`, '-12 -12 24 24'),
      name: 'Ownership Marker (disc in a player colour)',
      meaning: 'marks the track, Station or excavation space a player owns; it scores for them.',
    },
    { symbol: labourerIcon(SEAT, 24), name: 'Labourer', meaning: 'placed on an Action Space to take that action this round.' },
    {
      symbol: box(surveyorShape(SEAT), '-9 -10 18 18'),
      name: 'Surveyor',
      meaning: "Move the Surveyor (G) moves it one Station up; at the end it scores that Station's Surveyor VP.",
    },
    { symbol: weatherIcon('sun', 24), name: 'Sun', meaning: 'Work Rates of Excavation +2 and Lay Track +1.' },
    { symbol: weatherIcon('rain', 24), name: 'Rain', meaning: 'Work Rates of Excavation and Lay Track −1.' },
    { symbol: weatherIcon('fog', 24), name: 'Fog', meaning: 'no Labourer on Excavation (B) or Lay Track (D) this round.' },
    {
      symbol: html`<span aria-hidden="true" style="font-weight:700;font-size:1.1rem">!</span>`,
      name: '"!" on the Weather track',
      meaning: "this round's weather; the discs to its right are the forecast.",
    },
  ];
}
