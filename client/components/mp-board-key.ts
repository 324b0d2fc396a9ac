import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { canTryAgain } from '../on-demand';

/** One line of a board's key: the symbol as drawn on the board, its name and what it means. */
export interface KeyItem {
  /** The symbol, drawn with the board's own icon code (decorative here: `name` says it). */
  symbol: TemplateResult;
  /** The rulebook's name for the piece or mark, e.g. "Gold Nugget". */
  name: string;
  /** What it means or does, in a sentence. */
  meaning: string;
}

/**
 * The key's look. Include it in the board's `static styles`: the key renders into the board's own
 * shadow root (no shadow root of its own), so its symbols keep the board's classes (`.cube.stone`,
 * `.dot.gold`) and colours.
 */
export const boardKeyStyles = css`
  mp-board-key {
    display: block;
    margin-top: 0.6rem;
    font-size: 0.85rem;
  }
  mp-board-key details {
    border: 1px solid var(--mp-border, #d8dee6);
    border-radius: 0.5rem;
    padding: 0.3rem 0.6rem;
    background: var(--mp-surface, #fff);
    color: var(--mp-text, #1c2430);
  }
  mp-board-key summary {
    cursor: pointer;
    font-weight: 600;
    min-height: 2rem;
    line-height: 2rem;
  }
  mp-board-key dl {
    display: grid;
    grid-template-columns: 2.4rem minmax(0, 1fr);
    gap: 0.35rem 0.5rem;
    margin: 0.3rem 0;
    align-items: center;
  }
  mp-board-key dt {
    display: flex;
    justify-content: center;
    align-items: center;
    margin: 0;
  }
  mp-board-key dd {
    margin: 0;
  }
  mp-board-key dd strong {
    font-weight: 600;
  }
`;

/** Loads a key's lines (an `import()` of the board's key module). */
export type KeyLoader = () => Promise<KeyItem[]>;

/**
 * A board's key (legend): a collapsible "Key" section listing each symbol the board draws, its
 * name and its meaning; closed by default so it costs one line on a phone. It renders into the
 * board's shadow root (see `boardKeyStyles`), so the symbols are drawn with the board's own icon
 * code and classes. Symbols are decorative here: the name in words says what each one is.
 *
 * Most visits never open it, and its lines are a good part of a board's code: a board gives
 * `load` (its key module as a chunk of its own), called the first time the key is opened, rather
 * than `items`.
 */
@customElement('mp-board-key')
export class MpBoardKey extends LitElement {
  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  /** The lines of the key, in the order they should be read. */
  @property({ attribute: false }) items: KeyItem[] = [];
  /** Loads the lines the first time the key is opened (again if it is another loader by then). */
  @property({ attribute: false }) load: KeyLoader | null = null;
  /** The summary line; "Key" unless a board wants more words. */
  @property() heading = 'Key: what the symbols mean';

  /** While the lines load, or when they could not be: what to say instead. */
  @state() private note = '';
  /** The `load` whose lines are in `items` (or on their way). */
  private loadedFrom: KeyLoader | null = null;

  private async onToggle(e: Event): Promise<void> {
    const load = this.load;
    if (!(e.target as HTMLDetailsElement).open || !load || load === this.loadedFrom) return;
    this.loadedFrom = load;
    this.note = 'Loading the key…';
    try {
      this.items = await load();
      this.note = '';
    } catch (err) {
      this.loadedFrom = null;
      // A board's loader imports with `importChunk`: opening the key again requests its chunk anew
      // when the failure named it; otherwise the page keeps the failure until it is reloaded.
      this.note = !canTryAgain(err)
        ? 'The key could not be loaded.'
        : 'The key could not be loaded: check the connection, then close it and open it again to try again, or reload the page.';
    }
  }

  override render() {
    return html`<details @toggle=${this.onToggle}>
      <summary>${this.heading}</summary>
      ${
        this.note
          ? html`<p role="status">
            ${this.note}
            ${this.loadedFrom ? nothing : html`<button type="button" @click=${() => location.reload()}>Reload the page</button>`}
          </p>`
          : nothing
      }
      <dl>
        ${this.items.map(
          (it) => html`<dt aria-hidden="true">${it.symbol}</dt>
            <dd><strong>${it.name}</strong>: ${it.meaning}</dd>`,
        )}
      </dl>
    </details>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-board-key': MpBoardKey;
  }
}
