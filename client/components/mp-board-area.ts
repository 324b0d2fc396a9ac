import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { loadBoard, type BoardProps } from '../games';
import { applyMarks, changedKeys, drawnMarks, settled, type MarkKind, type MarkMap } from '../game-page/board-marks';

type BoardElement = HTMLElement & Partial<BoardProps> & { updateComplete?: Promise<unknown> };

/**
 * The game's board on the game page: loads its chunk (this game's only; a line stands in until
 * then), creates the board element once per tag, sets the board's properties on every state, takes
 * no clicks while `locked` (the element is `inert` then), and says `mp-board-drawn` once its first
 * drawing has been painted. Rendered into the page's own tree (no shadow root of its own), so a
 * board that colours the page's seats (Space Mountain's Rockets) colours the page's seat list, log
 * and chat too; the element is the page's `.board-area`.
 *
 * It marks what changed (client/game-page/board-marks.ts): against `sinceView` (the view the seat
 * last looked at) dashed, against `lastMoveFrom` (the view before the last event) solid. Both views
 * and the current one are drawn off screen without moves, so only the game's pieces can differ.
 */
@customElement('mp-board-area')
export class MpBoardArea extends LitElement {
  /** The game type whose board to draw. */
  @property() type = '';
  @property({ attribute: false }) props: BoardProps | null = null;
  @property({ type: Boolean }) locked = false;
  /** The view the seat last looked at (its changes marked dashed), or null. */
  @property({ attribute: false }) sinceView: unknown = null;
  /** The view before the last event (its changes marked solid: the last move), or null. */
  @property({ attribute: false }) lastMoveFrom: unknown = null;

  /** The tag `loadBoard` gave for `type`; null while its chunk loads. */
  @state() private tag: string | null = null;
  /** How many things on the board carry each mark (the key under the board says what they mean). */
  @state() private marked: Record<MarkKind, number> = { since: 0, last: 0 };
  private loadingFor = '';
  private el: BoardElement | null = null;
  private drawn = false;
  /** Marks read off screen, per view drawn (a view object is never changed in place). */
  private readonly markCache = new WeakMap<object, Promise<MarkMap>>();
  private markRun = 0;
  /** What the marks on the board were worked out for: the same again needs no work. */
  private markedFor: unknown[] = [];

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
    // Does nothing unless the board or one of the views changed.
    void this.refreshMarks();
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

  /** The marks of `view` drawn off screen by this board (cached per view). */
  private marksOf(view: unknown): Promise<MarkMap> | null {
    const p = this.props;
    if (!this.tag || !p || !view || typeof view !== 'object') return null;
    let m = this.markCache.get(view);
    if (!m) {
      const props = { ...p, view, legalMoves: [], activeSeats: [], prompt: '' };
      m = drawnMarks(this.tag, props, this.clientWidth).catch(() => new Map());
      this.markCache.set(view, m);
    }
    return m;
  }

  /** Works out the marks for the views now set and puts them on the board once it has drawn. */
  private async refreshMarks(): Promise<void> {
    const board = this.el;
    const for_ = [board, this.props?.view, this.sinceView, this.lastMoveFrom];
    if (for_.every((x, i) => x === this.markedFor[i])) return;
    this.markedFor = for_;
    const run = ++this.markRun;
    const now = this.marksOf(this.props?.view);
    const since = this.marksOf(this.sinceView);
    const before = this.marksOf(this.lastMoveFrom);
    const marks = new Map<string, MarkKind>();
    if (now) {
      const after = await now;
      if (since) for (const k of changedKeys(await since, after)) marks.set(k, 'since');
      if (before) for (const k of changedKeys(await before, after)) marks.set(k, 'last');
    }
    if (run !== this.markRun || !board?.isConnected) return;
    await settled(board);
    if (run !== this.markRun) return;
    this.marked = applyMarks(board.shadowRoot ?? board, marks);
    // How many elements carry a mark: browser tests wait on it.
    this.dataset.marks = String(this.marked.since + this.marked.last);
  }

  override render() {
    if (!this.tag || !this.props) return html`<p class="muted">Loading the board…</p>`;
    if (this.el?.localName !== this.tag) this.el = document.createElement(this.tag) as BoardElement;
    Object.assign(this.el, this.props);
    const { since, last } = this.marked;
    const key = [last ? 'solid outline: the last move' : '', since ? 'dashed: changed since you last looked' : ''].filter(Boolean);
    return html`${this.el}${key.length ? html`<p class="marks-key muted">Marked on the board with a ${key.join('; ')}.</p>` : nothing}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-board-area': MpBoardArea;
  }
}
