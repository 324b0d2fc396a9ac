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
 * move ended your turn. With `current` (the game on screen) it counts and opens the games other
 * than that one, which may still wait on you. `offer`: the button form the game page shows after
 * such a move.
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
  /** The game on screen: left out of the count and the link (you are at this one). */
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
    if ((changed.has('stamp') || changed.has('current')) && this.hasUpdated) void this.ask();
  }

  private readonly ask = async (): Promise<void> => {
    const mine = ++this.asking;
    try {
      const path = this.current ? `/api/me/next?except=${encodeURIComponent(this.current)}` : '/api/me/next';
      const next = await api<NextGame>('GET', path);
      if (mine === this.asking) this.next = next;
    } catch {
      /* the count stays as it was; the next stamp asks again */
    }
  };

  override render() {
    const n = this.next;
    if (!n || n.waiting === 0 || !n.gameId) return nothing;
    const text = `Next game (${n.waiting} waiting)`;
    return this.offer
      ? html`<a class="button primary" href=${`/games/${encodeURIComponent(n.gameId)}`} data-next-game>${text}</a>`
      : html`<a class="header" href=${this.current ? `/games/${encodeURIComponent(n.gameId)}` : '/next'} data-next-game>${text}</a>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-next-game': MpNextGame;
  }
}
