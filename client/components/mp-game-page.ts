import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import type { GameMeta, GameState, Me } from '../api-types';
import { STATUS_TEXT } from '../format';
import { GameSession } from '../game-page/game-session';
import { confirmQuestion, findLegal } from '../game-page/move-confirm';
import { actedLast, withNames } from '../game-page/log-lines';
import { retryable } from '../game-page/refusal';
import { roundEndCard, sinceCard, stepBar } from '../game-page/news';
import { privateGameScreen, unavailableScreen, watchingNote } from '../game-page/notes';
import { aboutFold, emailRepliesFold, hookFold } from '../game-page/folds';
import { globalMoves, promptText } from '../game-page/turn-prompt';
import { boardTagFor, GENERIC_BOARD, loadBoard, type BoardProps } from '../games';
import type { MoveEventDetail } from '../games/move-event';
import { wordsFor } from '../games/words';
import { shared } from '../styles';
import { isOver } from '../table';
import { drawOnDemand, elementOnDemand } from '../on-demand';
import type { UndoDetail } from './mp-turn-bar';
import './mp-board-area';
import './mp-turn-bar';
import './mp-turn-deadline';
import './mp-generic-board';
import './mp-move-buttons';
import './mp-resign-button';
import './mp-seat-list';
import type { ClockActionDetail } from '../game-page/clock-action';
import { seatClockParts, turnBarClockParts } from '../game-page/clock-parts';

/**
 * One game, as a frame around its session (client/game-page/game-session.ts: polls, moves, table
 * actions, busy and refusals): the turn bar (what to do now, the main controls, undo), "since you
 * last looked", the board (or the replay in its place), seats, your moves as a list, resign, the
 * log, the chat and "About this game". While the game is open it shows the waiting room (invite,
 * Join, "Add a bot", Start); once over, the result with the record and "Play again". Anyone else
 * watching a public game sees what spectators see, without move controls; a private game tells
 * them it is private. The board takes no clicks while offline, while a move is on its way and
 * while a bot is to move.
 */
@customElement('mp-game-page')
export class MpGamePage extends LitElement {
  static override styles = [
    shared,
    css`
      .head {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem 0.75rem;
        align-items: baseline;
        margin-bottom: 0.75rem;
      }
      .head h1 {
        margin: 0;
      }
      /* A phone: the title in a smaller type, so the board starts higher on the first screen. */
      @media (max-width: 40rem) {
        .head {
          align-items: center;
          margin-bottom: 0.5rem;
        }
        .head h1 {
          font-size: 1.15rem;
        }
      }
      .layout {
        display: grid;
        gap: 1rem;
        grid-template-columns: minmax(0, 1fr);
      }
      .layout > * {
        margin: 0;
        min-width: 0;
      }
      /* Phone: the turn bar is fixed to the bottom; leave room so it covers nothing. Its height
         changes with its buttons (Undo, Restart turn, Next game), so it is measured (barRoom). */
      @media (max-width: 49.99rem) {
        .layout.running {
          padding-bottom: calc(var(--mp-turn-bar-room, 9rem) + 1rem);
        }
      }
      @media (min-width: 50rem) {
        .layout {
          grid-template-columns: minmax(0, 1fr) minmax(18rem, 24rem);
          grid-template-areas:
            'turn turn'
            'board side';
          align-items: start;
        }
        .turn {
          grid-area: turn;
        }
        .board {
          grid-area: board;
        }
        .side {
          grid-area: side;
          display: grid;
          gap: 1rem;
        }
        .side > * {
          margin: 0;
          min-width: 0;
        }
      }
      .board.locked .board-area {
        opacity: 0.6;
      }
      .board-head {
        justify-content: space-between;
        margin-bottom: 0.5rem;
      }
      .board-head h2 {
        margin: 0;
      }
      .actions {
        margin-top: 0.75rem;
        display: grid;
        gap: 0.5rem;
      }
      /* A board wider than the card scrolls here, and so the box clips what reaches past its edge:
         the padding (given back by the margin, so the board lays out as before) leaves room for the
         3 px outline, 1 px off, that marks the last move on a piece at the board's edge (mine shaft 7). */
      .board-area {
        display: block;
        overflow-x: auto;
        padding: 0.3rem;
        margin: -0.3rem;
      }
      .since {
        margin-bottom: 1rem;
      }
      .fold > summary {
        cursor: pointer;
        font-weight: 600;
      }
      /* A fold's element until its chunk has arrived (client/game-page/folds.ts). */
      .fold > :not(:defined)::before {
        content: 'Loading…';
        display: block;
        margin-top: 0.5rem;
        color: var(--mp-muted);
      }
    `,
  ];

  @property({ attribute: false }) me: Me | null = null;
  @property({ attribute: false }) gameId = '';
  @property({ attribute: false }) invite: string | null = null;
  /** The seat a notification's link was for (`?seat=`): a signed-out reader is asked to sign in to play it. */
  @property({ attribute: false }) seatHint: number | null = null;

  @state() private showReplay = false;
  private readonly session = new GameSession(this);
  /** The game type whose board (and words) have been asked for. */
  private boardFor = '';

  /**
   * `data-version` on the element: the game version the page has drawn. Browser tests wait for it
   * to reach the server's version before comparing the page with the server.
   */
  protected override updated(): void {
    const bar = this.renderRoot.querySelector('mp-turn-bar');
    if (bar !== this.barWatched) {
      this.barRoom.disconnect();
      if (bar) this.barRoom.observe(bar);
      this.barWatched = bar;
    }
    const game = this.session.game;
    if (game) this.dataset.version = String(game.version);
    else delete this.dataset.version;
    // Stepping through begins with the step and the board on screen (once; the player scrolls after).
    const open = this.session.steps.open;
    if (open && !this.stepShown) {
      // A wide screen's turn bar is sticky at the top: there the bar only needs to be in view.
      const phone = window.matchMedia('(max-width: 49.99rem)').matches;
      this.renderRoot.querySelector('.step-bar')?.scrollIntoView({ block: phone ? 'start' : 'nearest' });
    }
    this.stepShown = open;
  }

  /** The step bar has been brought on screen since stepping began. */
  private stepShown = false;

  /** The turn bar's height as `--mp-turn-bar-room`: the room a phone's page leaves below its content. */
  private readonly barRoom = new ResizeObserver(([entry]) => {
    if (entry)
      this.style.setProperty('--mp-turn-bar-room', `${Math.ceil(entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height)}px`);
  });
  private barWatched: Element | null = null;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.barRoom.disconnect();
    this.barWatched = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('gameId') && changed.get('gameId') !== undefined) this.showReplay = false;
    const meta = this.session.meta;
    // This game's board and words, asked for early (its own chunk; the waiting room too): the page
    // says the game's sentence once they are in.
    if (meta && this.boardFor !== meta.type) {
      const type = meta.type;
      this.boardFor = type;
      void loadBoard(type).then(() => this.boardFor === type && this.requestUpdate());
    }
    // Chunks of their own, loaded when shown (an element upgrades when defined): not every visit needs them.
    if (meta?.status === 'open') void import('./mp-waiting-room');
    if (this.showReplay) void import('./mp-replay-viewer');
    if (this.session.boardDrawn || meta?.status === 'open') void import('../game-page/extras');
    // The result: shown for a finished game only, never while one is played.
    const game = this.session.game;
    if (game?.result || meta?.result || isOver(game?.status ?? meta?.status ?? ''))
      drawOnDemand('mp-game-over', () => import('./mp-game-over'));
  }

  /**
   * A move from the board, the turn bar or the move list; a move the server marks as doing
   * nothing (or with a warning) is asked about first.
   */
  private readonly onMove = (e: CustomEvent<MoveEventDetail>): void => {
    e.stopPropagation();
    this.sendMove(e.detail.move);
  };

  /** "Try again" after a refusal: the same move, when the position as it is now still lists it. */
  private readonly onRetry = (e: Event): void => {
    e.stopPropagation();
    const lm = retryable(this.session.refusal, this.session.game?.legalMoves ?? []);
    if (lm) this.sendMove(lm.move);
  };

  private sendMove(move: unknown): void {
    void this.session.move(move, async (game) => {
      const question = confirmQuestion(findLegal(game.legalMoves, move));
      if (!question) return true;
      // Few moves ask first: the dialog is a chunk of its own, loaded the first time one does.
      // When that chunk cannot be loaded (offline, or its failure kept until a reload) the browser's
      // own question asks instead: a player is never left unable to send a move.
      const dialog = await elementOnDemand(this.renderRoot, 'mp-confirm-dialog', () => import('./mp-confirm-dialog')).catch(() => null);
      return dialog ? dialog.ask(question) : window.confirm(question);
    });
  }

  private renderOpen(meta: GameMeta) {
    const s = this.session;
    return html`<mp-waiting-room
      .meta=${meta}
      .invite=${this.invite}
      .me=${this.me}
      .busy=${s.busy}
      @mp-join=${(e: CustomEvent<Record<string, string> | undefined>) => s.join(e.detail)}
      @mp-start=${() => s.start()}
      @mp-add-bot=${(e: CustomEvent<number>) => s.addBot(e.detail)}
    ></mp-waiting-room>`;
  }

  /** The chat, for players always and for anyone in a public game. */
  private renderChat(meta: GameMeta) {
    const yourSeat = this.session.yourSeat;
    if (yourSeat === null && !meta.isPublic) return nothing;
    return html`<section class="card">
      ${keyed(this.gameId, html`<mp-chat-panel .gameId=${this.gameId} .me=${this.me} .yourSeat=${yourSeat} .names=${meta.seats.map((s) => s.name)}></mp-chat-panel>`)}
    </section>`;
  }

  /** The replay in the board's place: its own view, with the way back to the live board. */
  private renderReplay(meta: GameMeta, status: GameState['status'], version: number) {
    return html`<div class="row board-head">
        <h2 id="replay-title">Replay</h2>
        <button type="button" aria-expanded="true" @click=${() => (this.showReplay = false)}>Hide the replay</button>
      </div>
      ${keyed(
        this.gameId,
        html`<mp-replay-viewer
          aria-labelledby="replay-title"
          .gameId=${this.gameId}
          .type=${meta.type}
          .seats=${meta.seats}
          .version=${version}
          .status=${status}
        ></mp-replay-viewer>`,
      )}`;
  }

  /** The turn bar: the sentence, the board-independent moves, Undo, and the page's notices. */
  private renderTurnBar(meta: GameMeta, game: GameState | null, yourSeat: number | null, status: GameState['status'], prompt: string) {
    const s = this.session;
    const moves = yourSeat !== null ? (game?.legalMoves ?? []) : [];
    const bot = s.botMoving;
    const offline = s.net.offline;
    return html`<mp-turn-bar
      id="turn-bar"
      class="turn"
      .prompt=${prompt}
      ?yours=${status === 'active' && yourSeat !== null && !!game?.activeSeats.includes(yourSeat)}
      ?working=${bot || s.busy}
      .moves=${globalMoves(meta.type, moves)}
      ?canUndo=${status === 'active' && yourSeat !== null && game?.canUndo === true}
      .undoableSteps=${game?.undoableSteps ?? 0}
      .undoWhy=${status === 'active' && yourSeat !== null && game?.undoBlockedBy && actedLast(s.log.entries, yourSeat) ? withNames(game.undoBlockedBy, meta.seats) : null}
      .refusal=${s.refusal?.line ?? null}
      ?canRetry=${!!retryable(s.refusal, moves) && !s.boardLocked}
      ?disabled=${s.busy || offline || bot}
      .notice=${offline ? 'You are offline: the board waits until the connection is back.' : s.notice}
      .error=${s.error}
      >${turnBarClockParts(s, meta, yourSeat, this.gameId)}</mp-turn-bar
    >`;
  }

  private renderBoard(meta: GameMeta, game: GameState | null, prompt: string) {
    const s = this.session;
    if (!game) return html`<p class="muted">Loading the board…</p>`;
    const st = s.steps;
    if (st.open) {
      // A past position: a picture with its event's changes marked, no moves.
      const props: BoardProps = {
        view: st.view ?? game.view,
        legalMoves: [],
        yourSeat: game.yourSeat,
        seats: meta.seats,
        activeSeats: [],
        status: game.status,
        prompt: st.steps[st.index]?.lines.join('; ') ?? '',
      };
      return html`${stepBar(st)}
        ${keyed(this.gameId, html`<mp-board-area .type=${meta.type} .props=${props} .lastMoveFrom=${st.before} locked></mp-board-area>`)}`;
    }
    const props: BoardProps = {
      view: game.view,
      legalMoves: s.boardLocked ? [] : game.legalMoves,
      yourSeat: game.yourSeat,
      seats: meta.seats,
      activeSeats: game.activeSeats,
      status: game.status,
      prompt,
    };
    return keyed(
      this.gameId,
      html`<mp-board-area
        .type=${meta.type}
        .props=${props}
        .sinceView=${s.sinceDismissed ? null : s.seen.baseline}
        .lastMoveFrom=${s.lastBefore}
        ?locked=${s.boardLocked}
        @mp-board-drawn=${() => s.drawn()}
      ></mp-board-area>`,
    );
  }

  /** Your moves as plain buttons: the whole control on a board-less game, else a list one tap away. */
  private renderMoveList(meta: GameMeta, moves: GameState['legalMoves'], locked: boolean) {
    if (!moves.length) return nothing;
    const list = html`<mp-move-buttons .moves=${moves} ?disabled=${locked}></mp-move-buttons>`;
    if (boardTagFor(meta.type) === GENERIC_BOARD) return html`<h2 class="visually-hidden">Your moves</h2>${list}`;
    // The board draws these as its own controls: the plain list stays one tap away.
    return html`<details class="move-list"><summary>Your moves as a list (${moves.length})</summary>${list}</details>`;
  }

  private renderGame(meta: GameMeta) {
    const s = this.session;
    const game = s.game;
    const status = game?.status ?? meta.status;
    const active = game?.activeSeats ?? [];
    const yourSeat = s.yourSeat;
    const result = game?.result ?? meta.result ?? null;
    const yours = yourSeat !== null && active.includes(yourSeat) && status === 'active';
    const moves = yourSeat !== null ? (game?.legalMoves ?? []) : [];
    const version = game?.version ?? meta.version;
    const prompt = promptText({
      type: meta.type,
      status,
      activeSeats: active,
      yourSeat,
      seats: meta.seats,
      view: game?.view,
      botsToMove: s.botMoving,
      summary: result?.summary,
    });
    return html`${watchingNote({ meta, status, yourSeat, me: this.me, invite: this.invite, seatHint: this.seatHint })}
      ${sinceCard(s, meta, yourSeat)}
      <div
        class="layout ${status === 'active' ? 'running' : ''}"
        @mp-move=${this.onMove}
        @mp-resign=${(e: Event) => {
          e.stopPropagation();
          void s.resign();
        }}
        @mp-undo=${(e: CustomEvent<UndoDetail | undefined>) => s.undo(e.detail?.toTurnStart === true)}
        @mp-retry=${this.onRetry}
        @mp-rematch=${() => s.rematch()}
        @mp-clock-action=${(e: CustomEvent<ClockActionDetail>) => s.clockAction(e.detail)}
      >
        ${this.renderTurnBar(meta, game, yourSeat, status, prompt)}
        <section class="board card ${s.boardLocked ? 'locked' : ''}" aria-labelledby=${this.showReplay ? 'replay-title' : 'board-title'}>
          ${
            this.showReplay
              ? this.renderReplay(meta, status, version)
              : html`<div class="row board-head"><h2 id="board-title" class="visually-hidden">Board</h2></div>
                ${roundEndCard(s, meta)} ${this.renderBoard(meta, game, prompt)}`
          }
        </section>
        <div class="side">
          <section class="card">
            <mp-turn-deadline .meta=${meta} .status=${status} ?yours=${yours}></mp-turn-deadline>
            <mp-seat-list
              .players=${meta.players}
              .seats=${meta.seats}
              .activeSeats=${active}
              .yourSeat=${yourSeat}
              .changedSeats=${s.seen.changes(wordsFor(meta.type)?.quantities).flatMap((c) => (c.seat === null ? [] : [c.seat]))}
              .clocks=${status === 'active' ? (game?.clocks ?? meta.clocks) : []}
              .away=${status === 'active' ? meta.away : []}
            ></mp-seat-list>
            ${seatClockParts(s, meta, yourSeat)}
            ${
              result || isOver(status)
                ? html`<mp-game-over .meta=${meta} .result=${result} ?over=${isOver(status)} .yourSeat=${yourSeat} ?busy=${s.busy}></mp-game-over>`
                : nothing
            }
            <div class="actions">
              ${this.renderMoveList(meta, moves, s.boardLocked || s.busy)}
              <div class="row">
                ${
                  version > 0 && !this.showReplay
                    ? html`<button type="button" aria-expanded="false" @click=${() => (this.showReplay = true)}>Step through the game</button>`
                    : nothing
                }
                ${
                  status === 'active' && yourSeat !== null
                    ? html`<mp-resign-button .onResign=${meta.onResign} ?disabled=${s.busy || s.net.offline}></mp-resign-button>`
                    : nothing
                }
              </div>
            </div>
          </section>
          ${s.boardDrawn || this.showReplay ? this.renderChat(meta) : nothing}
          <section class="card">
            <h2>Log</h2>
            <mp-game-log .entries=${s.log.entries} .seats=${meta.seats} .leftOffAt=${s.since?.fromVersion ?? null}></mp-game-log>
          </section>
          ${aboutFold(this, meta, version)}
          ${yourSeat !== null && (status === 'active' || status === 'open') ? hookFold(this, this.gameId) : nothing}
          ${yourSeat !== null && status === 'active' ? emailRepliesFold(this, this.gameId) : nothing}
        </div>
      </div>
      <mp-confirm-dialog></mp-confirm-dialog>`;
  }

  override render() {
    const s = this.session;
    if (s.privateGame) return privateGameScreen(s.meta?.title, s.fatal, this.me);
    if (s.fatal) return unavailableScreen(s.fatal);
    const meta = s.meta;
    const pollError = s.pollError;
    if (!meta) {
      return pollError ? html`<p class="error" role="alert">${pollError.message}</p>` : html`<p class="muted">Loading the game…</p>`;
    }
    const open = meta.status === 'open';
    return html`<div class="head">
        <h1>${meta.title}</h1>
        <span class="badge">${STATUS_TEXT[s.game?.status ?? meta.status] ?? meta.status}</span>
        ${meta.isPublic ? nothing : html`<span class="badge" title="Only the players can watch this game">Private</span>`}
        ${meta.rematchOf ? html`<a class="muted" href="/games/${encodeURIComponent(meta.rematchOf)}">Rematch of an earlier game</a>` : nothing}
        <a class="how-to-play" href="/how-to-play/${encodeURIComponent(meta.type)}">How to play</a>
      </div>
      ${open && s.error ? html`<p class="error" role="alert">${s.error}</p>` : nothing}
      ${open && s.notice ? html`<p class="notice" role="status">${s.notice}</p>` : nothing}
      ${pollError && pollError.status !== 401 ? html`<p class="muted">Connection trouble: ${pollError.message}</p>` : nothing}
      ${open ? this.renderOpen(meta) : this.renderGame(meta)}
      ${open ? this.renderChat(meta) : nothing}
      ${open ? aboutFold(this, meta, meta.version) : nothing}
      ${open && meta.yourSeat !== null ? hookFold(this, this.gameId) : nothing}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-game-page': MpGamePage;
  }
}
