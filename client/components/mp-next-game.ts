import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api } from '../api';
import type { Answer } from '../api-types';
import { TURN_PASSED_EVENT } from '../game-page/game-session';
import { shared } from '../styles';

/** `GET /api/me/next`. */
type NextGame = Answer<'nextGame'>;

/**
 * "Next game (N waiting)": a link to `/next` (which opens the game that waits on you with the
 * least time left), counted by `GET /api/me/next`; nothing while no game waits on you. It asks
 * again when `stamp` changes (the shell's poll of My games brought a new list) and when your own
 * move ended your turn. `offer`: the button form the game page shows after such a move.
 */
@customElement('mp-next-game')
export class MpNextGame extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: contents;
      }
      a.header {
        color: inherit;
        font-weight: 600;
        text-decoration: none;
        padding: 0.3rem 0;
        white-space: nowrap;
      }
      a.header:hover {
        text-decoration: underline;
      }
    `,
  ];

  /** Any value; a new one asks the server again. */
  @property({ attribute: false }) stamp: unknown = undefined;
  @property({ type: Boolean }) offer = false;
  /** The game on screen: an offer for it is not shown (it is where you are). */
  @property({ attribute: false }) current: string | null = null;
  @state() private next: NextGame | null = null;
  private asking = 0;

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener(TURN_PASSED_EVENT, this.ask);
    void this.ask();
  }

  override disconnectedCallback(): void {
    window.removeEventListener(TURN_PASSED_EVENT, this.ask);
    super.disconnectedCallback();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // The first stamp comes with the element, which asked already when it was connected.
    if (changed.has('stamp') && this.hasUpdated) void this.ask();
  }

  private readonly ask = async (): Promise<void> => {
    const mine = ++this.asking;
    try {
      const next = await api<NextGame>('GET', '/api/me/next');
      if (mine === this.asking) this.next = next;
    } catch {
      /* the count stays as it was; the next stamp asks again */
    }
  };

  override render() {
    const n = this.next;
    if (!n || n.waiting === 0 || !n.gameId || (this.offer && n.gameId === this.current)) return nothing;
    const text = `Next game (${n.waiting} waiting)`;
    return this.offer
      ? html`<a class="button primary" href="/next" data-next-game>${text}</a>`
      : html`<a class="header" href="/next" data-next-game>${text}</a>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-next-game': MpNextGame;
  }
}
