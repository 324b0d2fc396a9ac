import { LitElement, html, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { loadBoard, type BoardProps } from '../games';

type BoardElement = HTMLElement & Partial<BoardProps> & { updateComplete?: Promise<unknown> };

/**
 * The game's board on the game page: loads its chunk (this game's only; a line stands in until
 * then), creates the board element once per tag, sets the board's properties on every state, takes
 * no clicks while `locked` (the element is `inert` then), and says `mp-board-drawn` once its first
 * drawing has been painted. Rendered into the page's own tree (no shadow root of its own), so a
 * board that colours the page's seats (Space Mountain's Rockets) colours the page's seat list, log
 * and chat too; the element is the page's `.board-area`.
 */
@customElement('mp-board-area')
export class MpBoardArea extends LitElement {
  /** The game type whose board to draw. */
  @property() type = '';
  @property({ attribute: false }) props: BoardProps | null = null;
  @property({ type: Boolean }) locked = false;

  /** The tag `loadBoard` gave for `type`; null while its chunk loads. */
  @state() private tag: string | null = null;
  private loadingFor = '';
  private el: BoardElement | null = null;
  private drawn = false;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.classList.add('board-area');
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('type') && this.type && this.type !== this.loadingFor) {
      const type = this.type;
      this.loadingFor = type;
      this.tag = null;
      void loadBoard(type).then((tag) => {
        if (this.loadingFor === type) this.tag = tag;
      });
    }
  }

  protected override updated(): void {
    this.toggleAttribute('inert', this.locked);
    this.setAttribute('aria-disabled', this.locked ? 'true' : 'false');
    const board = this.el;
    if (this.drawn || !board?.isConnected) return;
    const drawn = () => {
      if (this.drawn || this.el !== board) return;
      this.drawn = true;
      this.dispatchEvent(new Event('mp-board-drawn', { bubbles: true, composed: true }));
    };
    // After the board's own render has been painted (a hidden tab paints nothing: the timer then).
    void Promise.resolve(board.updateComplete).then(() => {
      requestAnimationFrame(drawn);
      setTimeout(drawn, 250);
    });
  }

  override render() {
    if (!this.tag || !this.props) return html`<p class="muted">Loading the board…</p>`;
    if (this.el?.localName !== this.tag) this.el = document.createElement(this.tag) as BoardElement;
    Object.assign(this.el, this.props);
    return html`${this.el}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-board-area': MpBoardArea;
  }
}
