import { css, html, nothing, type TemplateResult } from 'lit';
import { customElement } from 'lit/decorators.js';
import { GameBoard } from '../games/board';
import { humanize } from '../format';
import { shared } from '../styles';

/**
 * The board for a game type that has no board of its own: the view as a readable list
 * (nested objects as nested lists), with the raw JSON one click away. Implements the board
 * interface of client/games/index.ts; moves are the page's plain buttons.
 */
@customElement('mp-generic-board')
export class MpGenericBoard extends GameBoard<unknown> {
  static override styles = [
    shared,
    css`
      dl {
        display: grid;
        grid-template-columns: minmax(6rem, max-content) 1fr;
        gap: 0.25rem 1rem;
        margin: 0;
      }
      dt {
        font-weight: 600;
      }
      dd {
        margin: 0;
        min-width: 0;
        overflow-wrap: anywhere;
      }
      dd dl {
        padding-left: 0.5rem;
        border-left: 2px solid var(--mp-border);
      }
      pre {
        overflow-x: auto;
        font-size: 0.8rem;
        background: var(--mp-input-bg);
        padding: 0.5rem;
        border-radius: 0.4rem;
      }
      summary {
        cursor: pointer;
        margin-top: 0.75rem;
      }
    `,
  ];

  /** Any view: this board shows whatever the game sends. */
  protected override viewOf(view: unknown): unknown {
    return view;
  }

  private value(v: unknown, depth: number): TemplateResult | string {
    if (v === null || v === undefined) return '—';
    if (Array.isArray(v)) {
      if (v.every((x) => x === null || typeof x !== 'object')) return v.map((x) => (x === null ? '—' : String(x))).join(', ') || '(none)';
      if (depth > 3) return html`<code>${JSON.stringify(v)}</code>`;
      return html`<dl>${v.map((x, i) => html`<dt>${i + 1}</dt><dd>${this.value(x, depth + 1)}</dd>`)}</dl>`;
    }
    if (typeof v === 'object') {
      if (depth > 3) return html`<code>${JSON.stringify(v)}</code>`;
      const entries = Object.entries(v as Record<string, unknown>);
      if (entries.length === 0) return '(empty)';
      return html`<dl>${entries.map(([k, x]) => html`<dt>${humanize(k)}</dt><dd>${this.value(x, depth + 1)}</dd>`)}</dl>`;
    }
    if (typeof v === 'boolean') return v ? 'yes' : 'no';
    return String(v);
  }

  override render() {
    if (this.view === null || this.view === undefined) return html`<p class="muted">No board to show yet.</p>`;
    return html`${this.value(this.view, 0)}
      <details>
        <summary>Raw view (JSON)</summary>
        <pre>${JSON.stringify(this.view, null, 2)}</pre>
      </details>
      ${nothing}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-generic-board': MpGenericBoard;
  }
}
