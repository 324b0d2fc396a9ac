import { css } from 'lit';

/**
 * Colours and small pieces shared by the Big Thunder board's parts. Marble colours follow the
 * game (yellow Gold Nugget, brown Raw Ore, blue Water, red Fate); player colours are the page's
 * `--mp-seat-N` custom properties.
 */
export const btStyles = css`
  :host {
    --bt-gold: #f3c316;
    --bt-gold-edge: #9a7400;
    --bt-ore: #8b5a2b;
    --bt-ore-edge: #4d2f12;
    --bt-water: #39a0e6;
    --bt-water-edge: #175d8f;
    --bt-fate: #d7263d;
    --bt-fate-edge: #7c0f1e;
    --bt-rock: #b59a7a;
    --bt-rock-dark: #7a624a;
    --bt-shaft: #3b2f25;
    --bt-target: var(--mp-target, #b85f00);
    display: block;
  }
  svg {
    display: block;
    overflow: visible;
  }
  .marble-gold {
    fill: var(--bt-gold);
    stroke: var(--bt-gold-edge);
  }
  .marble-ore {
    fill: var(--bt-ore);
    stroke: var(--bt-ore-edge);
  }
  .marble-water {
    fill: var(--bt-water);
    stroke: var(--bt-water-edge);
  }
  .marble-fate {
    fill: var(--bt-fate);
    stroke: var(--bt-fate-edge);
  }
  [role='button'] {
    cursor: pointer;
  }
  [role='button']:focus {
    outline: none;
  }
  [role='button']:focus-visible .focus-ring {
    stroke: var(--mp-focus);
    stroke-width: 3;
    visibility: visible;
  }
  .focus-ring {
    visibility: hidden;
    fill: none;
  }
  .dot {
    display: inline-block;
    width: 0.8em;
    height: 0.8em;
    border-radius: 50%;
    vertical-align: -0.05em;
    border: 1px solid rgba(0, 0, 0, 0.35);
  }
  .dot.gold {
    background: var(--bt-gold);
  }
  .dot.ore {
    background: var(--bt-ore);
  }
  .dot.water {
    background: var(--bt-water);
  }
  .dot.fate {
    background: var(--bt-fate);
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
