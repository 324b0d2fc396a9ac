import { css } from 'lit';
import { tagStyles } from '../player-mat';

/**
 * Colours and small pieces shared by the Snowdonia board's parts. Cube colours follow the game's
 * pieces (orange Iron Ore, white Stone, black Coal, grey Rubble, blue-grey Steel Bars, purple Event
 * cubes); player colours are the page's `--mp-seat-N` custom properties (public/styles.css).
 */
export const snStyles = css`
  :host {
    --sn-iron: #c8652a;
    --sn-stone: #f1ede2;
    --sn-stone-edge: #6b6253;
    --sn-coal: #24221f;
    --sn-rubble: #9b948a;
    --sn-steel: #6b8ba5;
    --sn-event: #8e44ad;
    --sn-company: #4a4a4a;
    --sn-card: #fbf6ea;
    --sn-card-edge: #b9ab8c;
    --sn-ink: #2a2418;
    --sn-target: var(--mp-target, #b85f00);
    --sn-sun: #f2b705;
    --sn-rain: #2f7fd0;
    --sn-fog: #8d99a6;
    display: block;
    min-width: 0;
  }
  h3 {
    font-size: 1rem;
    margin: 0 0 0.4rem;
  }
  p {
    margin: 0 0 0.4rem;
  }
  .muted {
    color: var(--mp-muted);
  }
  .panel {
    border: 1px solid var(--mp-border);
    border-radius: 0.6rem;
    padding: 0.55rem 0.65rem;
    background: var(--mp-surface);
  }
  .cube {
    display: inline-block;
    width: 0.85em;
    height: 0.85em;
    border-radius: 0.15em;
    border: 1px solid rgba(0, 0, 0, 0.45);
    vertical-align: -0.08em;
    flex: none;
  }
  .cube.iron {
    background: var(--sn-iron);
  }
  /* Stone is near-white: a dark edge keeps it 3:1 apart from a light card or panel. */
  .cube.stone {
    background: var(--sn-stone);
    border-color: var(--sn-stone-edge);
    box-shadow: inset 0 0 0 1px var(--sn-stone-edge);
  }
  .cube.coal {
    background: var(--sn-coal);
    border-color: #8a8a8a;
  }
  .cube.rubble {
    background: var(--sn-rubble);
  }
  .cube.event {
    background: var(--sn-event);
  }
  .cube.steel {
    background: var(--sn-steel);
    width: 1.2em;
    height: 0.55em;
    vertical-align: 0.05em;
  }
  .swatch {
    display: inline-block;
    width: 0.9em;
    height: 0.9em;
    border-radius: 50%;
    border: 1px solid rgba(0, 0, 0, 0.4);
    vertical-align: -0.1em;
    flex: none;
  }
  ${tagStyles}
  button.target,
  .target {
    box-shadow: 0 0 0 2px var(--sn-target);
  }
  svg [role='button'] {
    cursor: pointer;
  }
  svg [role='button']:focus {
    outline: none;
  }
  svg [role='button']:focus-visible .focus-ring {
    visibility: visible;
  }
  .focus-ring {
    visibility: hidden;
    fill: none;
    stroke: var(--mp-focus, #1a5fb4);
    stroke-width: 3;
  }
  .sr {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

/** The frame of a card (Contract, Train): paper, edge, a highlight when it can be taken, its button. */
export const snCardStyles = css`
  article {
    border: 1px solid var(--sn-card-edge);
    border-radius: 0.5rem;
    background: var(--sn-card);
    color: var(--sn-ink);
    padding: 0.4rem 0.5rem;
    display: grid;
    gap: 0.2rem;
    font-size: 0.8rem;
    line-height: 1.25;
    height: 100%;
    box-sizing: border-box;
  }
  article.offer {
    box-shadow: 0 0 0 2px var(--sn-target);
  }
  header {
    display: flex;
    align-items: center;
  }
  button {
    min-height: 2.2rem;
    margin-top: 0.15rem;
    padding: 0.25rem 0.6rem;
    font-size: 0.85rem;
  }
`;
