import { html, svg } from 'lit';
import type { KeyItem } from '../../components/mp-board-key';
import type * as Icons from './icons';
import { seatColor } from '../../seat-colours';

/** The board's drawing functions the key's symbols are drawn with. */
export type KeyIcons = Pick<typeof Icons, 'actionIcon' | 'marble' | 'mineCart'>;

/** A 28 x 28 SVG holding one symbol, for a line of the key. */
const box = (content: unknown, viewBox = '0 0 28 28') =>
  html`<svg width="28" height="28" viewBox=${viewBox} aria-hidden="true" focusable="false">${content}</svg>`;

/**
 * The Big Thunder board's key: marbles, the Mine Cart, the small marks over the shafts, the
 * score track's locomotives and star, Town Tokens and the card action icons; meanings from the
 * rulebook (docs/rules/big-thunder-mountain-railroad.rulebook.txt). `target` is the game's point
 * target (20, or 25 in the longer game).
 * It is loaded the first time the key is opened (mp-board-key's `load`), as a chunk of its own, and
 * draws its symbols with the board's functions, handed in by the board: a module both chunks
 * imported would become a third chunk, one more file before every board could draw.
 */
export function btKeyItems({ actionIcon, marble, mineCart }: KeyIcons, target: number): KeyItem[] {
  return [
    { symbol: box(marble('gold', 14, 14, 8)), name: 'Gold Nugget (yellow marble)', meaning: 'sold in Town for 2 points or 2 Town Tokens.' },
    {
      symbol: box(marble('ore', 14, 14, 8)),
      name: 'Raw Ore (brown marble)',
      meaning: 'sold in Town for 1 point or 1 Town Token (2 with Refine Gold).',
    },
    {
      symbol: box(marble('water', 14, 14, 8)),
      name: 'Water (blue marble)',
      meaning: 'in a mine shaft it stops Pick for Gold and allows Pan for Gold; Bail Water removes one for a Town Token.',
    },
    { symbol: box(marble('fate', 14, 14, 8)), name: 'Fate marble (red)', meaning: 'when it runs out, a Fate card is turned and resolved.' },
    {
      symbol: box(svg`<circle cx="8" cy="14" r="4" class="marble-water" /><circle cx="19" cy="14" r="4" class="marble-gold" />`),
      name: 'Small marbles over a shaft',
      meaning: 'the marbles that ran into that mine shaft in the last marble run (also listed after "Last run").',
    },
    {
      symbol: box(mineCart(0, { gold: 1, ore: 0 }, 2, 5, 24)),
      name: 'Mine Cart with a number',
      meaning: "a player's cart (the number is their Mine Cart); it holds up to 4 Gold Nuggets and Raw Ore, shown heaped on top.",
    },
    {
      symbol: box(
        svg`<circle cx="14" cy="14" r="7" fill=${seatColor(1)} stroke="#1c2430" stroke-width="1" /><text x="14" y="17.5" text-anchor="middle" font-size="10" font-weight="700" fill="#fff" stroke="rgba(0,0,0,.5)" stroke-width="0.6" paint-order="stroke">2</text>`,
      ),
      name: 'Numbered disc on the score track',
      meaning: "a player's Locomotive: the space is their score.",
    },
    {
      symbol: html`<span aria-hidden="true" style="font-size:1.3rem;line-height:1">★</span>`,
      name: `Star (${target} points)`,
      meaning: `reaching ${target} points takes a bonus Town Share and starts the last round.`,
    },
    {
      symbol: html`<span aria-hidden="true" style="display:inline-block;width:1em;height:1em;border-radius:50%;background:#c9a13b;border:1px solid #6b5314"></span>`,
      name: 'Town Token (gold coin; empty circles on a mat)',
      meaning: 'earned by selling gold or bailing water; spent on Upgrades and Town Shares. A mat holds 5.',
    },
    {
      symbol: box(svg`<g style="color:var(--mp-text)">${actionIcon({ kind: 'move', spaces: 2 }, 2, 2)}</g>`),
      name: 'Move N',
      meaning: 'move your cart up to N spaces clockwise.',
    },
    {
      symbol: box(svg`<g style="color:var(--mp-text)">${actionIcon({ kind: 'pick' }, 2, 2)}</g>`),
      name: 'Pick for Gold',
      meaning: 'take a Gold Nugget or Raw Ore from your shaft, only if it has no Water.',
    },
    {
      symbol: box(svg`<g style="color:var(--mp-text)">${actionIcon({ kind: 'pan' }, 2, 2)}</g>`),
      name: 'Pan for Gold',
      meaning: 'take a Gold Nugget or Raw Ore from your shaft, only if it has Water.',
    },
    {
      symbol: box(svg`<g style="color:var(--mp-text)">${actionIcon({ kind: 'bail' }, 2, 2)}</g>`),
      name: 'Bail Water',
      meaning: 'put one Water from your shaft back in the basin and take a Town Token.',
    },
    {
      symbol: box(svg`<g style="color:var(--mp-text)">${actionIcon({ kind: 'resupply' }, 2, 2)}</g>`),
      name: 'Resupply',
      meaning: 'take a face-up Supplies card from the Market into your discard pile.',
    },
    {
      symbol: box(svg`<g style="color:var(--mp-text)">${actionIcon({ kind: 'crosscut' }, 2, 2)}</g>`),
      name: 'Crosscut Tunnel',
      meaning: 'run one marble, then you may move straight to the mine shaft it ran into.',
    },
    {
      symbol: html`<span aria-hidden="true" style="font-size:0.75rem">➔</span>`,
      name: 'Discard to Move',
      meaning: 'discard the card instead of playing it to move 1 space.',
    },
  ];
}
