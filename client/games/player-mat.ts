/**
 * The frame every game's player mat shares: the player's colour down the left edge, their name,
 * "you" and "to act" tags, the game's own tags, then the game's contents. A template and its
 * styles (not an element of its own), so a mat's contents stay in the mat's own shadow tree:
 * its styles apply, and `bt-player-mat article[data-seat="1"] [data-field=score]` finds them.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { seatColor } from '../seat-colours';

export interface MatFrame {
  seat: number;
  /** The player's name at the table. */
  name: string;
  /** The mat's accessible name ("Ada's mat", "Ada, Blue Rocket"). */
  label: string;
  you: boolean;
  /** The player must act now (an accent ring and a tag). */
  acting: boolean;
  /** The acting tag's words ("playing"); "to act" by default. */
  actingText?: string;
  /** The game's own tags after the name (Start Player, Active Player, a Locomotive). */
  tags?: unknown;
}

/** The mat around `body`. */
export function playerMat(f: MatFrame, body: unknown): TemplateResult {
  return html`<article
    class="mat ${f.acting ? 'acting' : ''}"
    style="--mp-seat-color: ${seatColor(f.seat)}"
    data-seat=${f.seat}
    aria-label=${f.label}
  >
    <header>
      <span class="swatch" aria-hidden="true"></span>
      <span class="name">${f.name}</span>
      ${f.you ? html`<span class="tag you">you</span>` : nothing} ${f.tags ?? nothing}
      ${f.acting ? html`<span class="tag acting">${f.actingText ?? 'to act'}</span>` : nothing}
    </header>
    ${body}
  </article>`;
}

/** A small pill (a mat's "you", "to act", Start Player; Snowdonia's "for sale"). */
export const tagStyles = css`
  .tag {
    display: inline-block;
    font-size: 0.75rem;
    padding: 0.05rem 0.45rem;
    border-radius: 999px;
    border: 1px solid var(--mp-border-strong);
    color: var(--mp-muted);
    white-space: nowrap;
  }
`;

/** The frame's styles; a mat adds its own for its contents. */
export const playerMatStyles = css`
  ${tagStyles}
  article.mat {
    border: 1px solid var(--mp-border);
    border-left: 6px solid var(--mp-seat-color);
    border-radius: 0.6rem;
    padding: 0.5rem 0.65rem;
    background: var(--mp-surface);
    display: grid;
    gap: 0.35rem;
    min-width: 0;
  }
  article.mat.acting {
    box-shadow: 0 0 0 2px var(--mp-accent);
  }
  article.mat > header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.2rem 0.45rem;
  }
  article.mat .swatch {
    width: 0.9rem;
    height: 0.9rem;
    border-radius: 50%;
    background: var(--mp-seat-color);
    border: 1px solid #0005;
    flex: none;
  }
  article.mat .name {
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  article.mat .tag.acting {
    border-color: var(--mp-accent);
    color: var(--mp-accent-text);
  }
`;
