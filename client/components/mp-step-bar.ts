import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { shared } from '../styles';

/** Fired (bubbling, composed) for Back and Next: the step to show (detail). */
export const STEP_GO_EVENT = 'mp-step-go';
/** Fired (bubbling, composed) for "Back to the game". */
export const STEP_CLOSE_EVENT = 'mp-step-close';

/**
 * Over the board while the player steps through what happened (client/game-page/step-through.ts):
 * which step, its lines, Back, Next, and the way back to the game. On a phone it stays on screen
 * over the board (the turn bar is at the bottom there). Shown only after "Step through on the
 * board": a chunk of its own, loaded then.
 */
@customElement('mp-step-bar')
export class MpStepBar extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
        margin: 0 0 0.75rem;
      }
      @media (max-width: 49.99rem) {
        :host {
          position: sticky;
          top: 0;
          z-index: 2;
        }
      }
      .bar {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.35rem 0.75rem;
        padding: 0.5rem 0.75rem;
        background: var(--mp-surface);
        border: 1px solid var(--mp-border);
        border-left: 4px solid var(--mp-accent);
        border-radius: 0.5rem;
      }
      p {
        margin: 0;
        flex: 1 1 14rem;
        min-width: 0;
      }
      .row {
        flex-wrap: nowrap;
        gap: 0.4rem;
      }
    `,
  ];

  /** The step shown (0-based) and how many there are. */
  @property({ type: Number }) index = 0;
  @property({ type: Number }) count = 0;
  /** The step's log lines. */
  @property({ attribute: false }) lines: string[] = [];
  /** The step's position is still on its way. */
  @property({ type: Boolean }) loading = false;
  @property({ attribute: false }) error: string | null = null;

  private fire(type: string, detail?: number): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  override render() {
    const last = this.index === this.count - 1;
    return html`<div class="bar" role="group" aria-labelledby="title">
      <p id="title" aria-live="polite">
        <b>What happened, ${this.index + 1} of ${this.count}:</b> ${this.lines.join('; ')}.
        ${this.error ? html`<span class="error">${this.error}</span>` : this.loading ? html`<span class="muted">Loading…</span>` : nothing}
      </p>
      <div class="row">
        <button type="button" ?disabled=${this.index === 0} @click=${() => this.fire(STEP_GO_EVENT, this.index - 1)}>Back</button>
        <button type="button" ?disabled=${last} @click=${() => this.fire(STEP_GO_EVENT, this.index + 1)}>Next</button>
        <button type="button" class=${last ? 'primary' : ''} @click=${() => this.fire(STEP_CLOSE_EVENT)}>Back to the game</button>
      </div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-step-bar': MpStepBar;
  }
}
