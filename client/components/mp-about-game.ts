import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { shared } from '../styles';
import { timeControlText } from '../time';
import type { GameMeta } from '../api-types';

/**
 * What "About this game" unfolds to: the seed hash (and the seed once the game is over), the time
 * control, when it was created and the version the page shows. Players rarely need it mid-turn,
 * so the game page keeps it folded and loads it the first time the fold is opened.
 */
@customElement('mp-about-game')
export class MpAboutGame extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
      }
      dl {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: 0.25rem 0.75rem;
        margin: 0.75rem 0 0;
        font-size: 0.9rem;
      }
      dt {
        color: var(--mp-muted);
      }
      dd {
        margin: 0;
        min-width: 0;
        overflow-wrap: anywhere;
      }
    `,
  ];

  @property({ attribute: false }) meta: GameMeta | null = null;
  /** The version on screen (the state's, which runs ahead of the meta's). */
  @property({ attribute: false }) version = 0;

  override render() {
    const meta = this.meta;
    if (!meta) return nothing;
    return html`<dl>
      <dt>Seed hash</dt>
      <dd><code title="SHA-256 of the secret seed; the seed is published when the game ends">${meta.seedHash}</code></dd>
      ${
        meta.seed
          ? html`<dt>Seed</dt>
            <dd><code title="Check: its SHA-256 is the seed hash above">${meta.seed}</code></dd>`
          : nothing
      }
      <dt>Time control</dt>
      <dd>${timeControlText(meta.timeControlText, meta.onTimeout)}</dd>
      <dt>Created</dt>
      <dd>${new Date(meta.createdAt).toLocaleString()}</dd>
      <dt>Version</dt>
      <dd>${this.version}</dd>
    </dl>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-about-game': MpAboutGame;
  }
}
