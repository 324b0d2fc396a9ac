import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import { ApiError, api, messageOf } from '../api';
import { STATUS_TEXT } from '../format';
import { boardTagFor, GENERIC_BOARD, loadBoard, type BoardProps } from '../games';
import type { MoveEventDetail } from '../games/move-event';
import { ConnectivityController } from '../connectivity';
import { LogLoader } from '../game-page/log-loader';
import { confirmQuestion, findLegal } from '../game-page/move-confirm';
import { postAction } from '../game-page/post-action';
import { SeenChanges } from '../game-page/seen-changes';
import { globalMoves, promptText } from '../game-page/turn-prompt';
import { wordsFor } from '../games/words';
import { PollController } from '../poll-controller';
import { navigate } from '../router';
import { shared } from '../styles';
import { isOver, resignedSeat, viewerSeat } from '../table';
import type { Answer, GameMeta, GameState, Me, SinceLastSeen } from '../api-types';
import { setPageTitle } from '../waiting';
import type { MpConfirmDialog } from './mp-confirm-dialog';
import './mp-confirm-dialog';
import './mp-game-over';
import './mp-since-card';
import './mp-turn-bar';
import './mp-turn-deadline';
import './mp-generic-board';
import './mp-move-buttons';
import './mp-resign-button';
import './mp-seat-list';

type BoardElement = HTMLElement & Partial<BoardProps>;

/** Said when a move or undo is tried while offline: it is not sent and not kept for later. */
const OFFLINE_MOVE = 'You are offline, so the move was not sent. Make it again once you are back online.';

/**
 * One game: the turn bar (what to do now, the main controls, undo), "since you last looked",
 * the board (or the replay in its place), seats, your moves as a list, resign, the log, the
 * chat and "About this game". While the game is open it shows the invite (to seated
 * players), Join (to a visitor with an invite), "Add a bot" and Start (to the creator); once
 * over, the record to download and verify and "Play again". Anyone else watching a public game
 * sees what spectators see (the view for no seat) without move controls; a private game tells
 * them it is private. It polls the meta while the game is open and the state afterwards, both
 * with ETags (see PollController), every second while a bot is moving. The board takes no clicks
 * while offline, while a move is on its way and while a bot is to move.
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
      .layout {
        display: grid;
        gap: 1rem;
        grid-template-columns: minmax(0, 1fr);
      }
      .layout > * {
        margin: 0;
        min-width: 0;
      }
      /* Phone: the turn bar is fixed to the bottom; leave room so it covers nothing. */
      @media (max-width: 49.99rem) {
        .layout.running {
          padding-bottom: 9rem;
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
      .board-area {
        overflow-x: auto;
      }
      .since {
        margin-bottom: 1rem;
      }
    `,
  ];

  @property({ attribute: false }) me: Me | null = null;
  @property({ attribute: false }) gameId = '';
  @property({ attribute: false }) invite: string | null = null;
  /** The seat a notification's link was for (`?seat=`): a signed-out reader is asked to sign in to play it. */
  @property({ attribute: false }) seatHint: number | null = null;

  @state() private meta: GameMeta | null = null;
  @state() private game: GameState | null = null;
  @state() private busy = false;
  @state() private error: string | null = null;
  @state() private notice: string | null = null;
  @state() private fatal: string | null = null;
  /** The game is private and the viewer has no seat (403 private_game). */
  @state() private privateGame = false;
  @state() private showReplay = false;
  /** "Since you last looked" as the first state of this visit said it (later ones are shorter). */
  @state() private since: SinceLastSeen | null = null;
  @state() private sinceDismissed = false;

  private metaLoadingFor = -1;

  private boardEl: BoardElement | null = null;
  private boardTag = '';
  /** The tag `loadBoard` gave for the game type `boardFor` (its board's chunk is in); null while it loads. */
  @state() private boardReady: string | null = null;
  private boardFor = '';
  /**
   * The board has been drawn once: the log and the chat are asked for only then, so their
   * answers are never handled (on a slow phone, for a long time) before the board is on screen.
   */
  @state() private boardDrawn = false;
  private readonly log = new LogLoader(this, () => (this.gameId ? `${this.base}/log` : null));
  private readonly seen = new SeenChanges();

  private get base(): string {
    return `/api/games/${encodeURIComponent(this.gameId)}`;
  }

  /** The game's metadata; an invitee of a private game shows its invite code to read it. */
  private get metaUrl(): string {
    return this.invite ? `${this.base}?invite=${encodeURIComponent(this.invite)}` : this.base;
  }

  /** Meta (seats, invite, status) is polled while the game is open: players join then. */
  private readonly metaPoll = new PollController<GameMeta>(this, {
    url: () => (this.gameId && !this.fatal && (!this.meta || this.meta.status === 'open') ? this.metaUrl : null),
    onData: (m) => this.applyMeta(m),
    onError: (e) => this.pollFailed(e),
  });

  /** Offline: moves are refused here (never queued) and the board draws no move controls. */
  private readonly net = new ConnectivityController(this, () => void this.statePoll.refresh());

  /** The state (view, legal moves, whose turn) is polled once the game has started; fast while a bot moves. */
  private readonly statePoll = new PollController<GameState>(this, {
    url: () => (this.gameId && !this.fatal && this.meta && this.meta.status !== 'open' ? `${this.base}/state` : null),
    onData: (s) => this.applyState(s),
    onError: (e) => this.pollFailed(e),
    fast: () => this.botMoving,
  });

  /** A bot is to move and the viewer is not: the board waits for the bot's move (the server's `botsToMove`). */
  private get botMoving(): boolean {
    const g = this.game;
    if (g?.status !== 'active') return false;
    const you = g.yourSeat;
    if (you !== null && g.activeSeats.includes(you)) return false;
    return g.botsToMove;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    setPageTitle();
  }

  /**
   * `data-version` on the element: the game version the page has drawn. Browser tests wait for it
   * to reach the server's version before comparing the page with the server.
   */
  protected override updated(): void {
    if (this.game) this.dataset.version = String(this.game.version);
    else delete this.dataset.version;
    const board = this.boardEl as (BoardElement & { updateComplete?: Promise<unknown> }) | null;
    if (!this.boardDrawn && board?.isConnected) {
      const drawn = () => {
        if (this.boardDrawn || this.boardEl !== board) return;
        this.boardDrawn = true;
        if (this.game && this.log.version < 0) void this.log.load(this.game.version);
      };
      // After the board's own render has been painted (a hidden tab paints nothing: the timer then).
      void Promise.resolve(board.updateComplete).then(() => {
        requestAnimationFrame(drawn);
        setTimeout(drawn, 250);
      });
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('gameId') && changed.get('gameId') !== undefined) {
      // Another game in the same element: start afresh.
      this.meta = null;
      this.game = null;
      this.log.reset();
      this.seen.reset();
      this.since = null;
      this.sinceDismissed = false;
      this.fatal = this.error = this.notice = null;
      this.privateGame = false;
      this.showReplay = false;
      this.boardEl = null;
      this.boardDrawn = false;
      this.metaLoadingFor = -1;
      this.metaPoll.reset();
      this.statePoll.reset();
      void this.metaPoll.refresh();
    }
    // Only this game's board is loaded (its own chunk); a placeholder stands in until then.
    const type = this.meta?.type;
    if (type && this.boardFor !== type) {
      this.boardFor = type;
      this.boardReady = null;
      void loadBoard(type).then((tag) => {
        if (this.boardFor === type) this.boardReady = tag;
      });
    }
    // Chunks of their own, loaded when shown (an element upgrades when defined): not every visit needs them.
    if (this.meta?.status === 'open') void import('./mp-waiting-room');
    if (this.showReplay) void import('./mp-replay-viewer');
    if (this.boardDrawn || this.meta?.status === 'open') void import('../game-page/extras');
  }

  private pollFailed(e: ApiError): void {
    if (e.status === 404) this.fatal = 'This game does not exist, or you may not see it.';
    else if (e.status === 403 && e.code === 'private_game') {
      this.privateGame = true;
      this.fatal = 'This game is private: only its players can watch it.';
    } else if (e.status === 403) this.fatal = e.message;
  }

  private applyMeta(m: GameMeta): void {
    const wasOpen = !this.meta || this.meta.status === 'open';
    this.meta = m;
    // Already seated: the invite code has done its job; keep it out of the address bar.
    if (m.yourSeat !== null && this.invite) navigate(`/games/${encodeURIComponent(this.gameId)}`, { replace: true });
    if (wasOpen && m.status !== 'open') void this.statePoll.refresh();
    if (m.status !== 'open' && this.log.version < 0 && this.boardDrawn) void this.log.load(m.version);
  }

  /** Installs a state unless an older one arrived late. */
  private applyState(s: GameState): void {
    if (this.game && s.version < this.game.version) return;
    this.game = s;
    // The first answer of a visit says what happened while away; later ones only since the last poll.
    // Only when somebody else acted: a first visit to a game just set up has nothing to catch up on.
    const others = s.sinceLastSeen?.entries.some((e) => e.seat !== null && e.seat !== s.yourSeat);
    if (!this.since && !this.sinceDismissed && others) this.since = s.sinceLastSeen ?? null;
    if (s.view !== null && s.view !== undefined) {
      this.seen.drawn(this.gameId, s.yourSeat, s.version, s.view, document.visibilityState === 'visible');
    }
    const m = this.meta;
    if (m && (s.status !== m.status || s.yourSeat !== viewerSeat(m.yourSeat, m.seats))) void this.reloadMeta();
    // A timed game's deadline moves with every turn, and only the meta carries it.
    else if (m && m.timeControl !== 'none' && s.version > m.version && this.metaLoadingFor < s.version) {
      this.metaLoadingFor = s.version;
      void this.reloadMeta();
    }
    if (s.version !== this.log.version && this.boardDrawn) void this.log.load(s.version);
    setPageTitle(
      `${s.yourSeat !== null && s.activeSeats.includes(s.yourSeat) ? '(Your turn) ' : ''}${this.meta?.title ?? 'Game'} · Mountain Post`,
    );
  }

  private async reloadMeta(): Promise<void> {
    try {
      this.applyMeta(await api<GameMeta>('GET', this.metaUrl));
    } catch {
      /* the poll will tell */
    }
  }

  /** POSTs a game action (see postAction: one Idempotency-Key, network retries). */
  private post<T>(path: string, body: unknown): Promise<T> {
    return postAction<T>(`${this.base}${path}`, body);
  }

  /** Shared handling of a move's or undo's refusal. */
  private refused(err: unknown, what: 'move' | 'undo'): void {
    const current = err instanceof ApiError && err.status === 409 ? (err.body as { state?: GameState } | null)?.state : undefined;
    if (current && typeof current === 'object') {
      // stale_version: someone acted first. Show the position as it is now.
      this.applyState(current);
      this.statePoll.accept(this.game!);
      this.notice = `The game moved on before your ${what} arrived, so it was not applied. This is the current position: look, then try again.`;
      return;
    }
    if (err instanceof ApiError && err.status === 409) {
      void this.statePoll.refresh();
      void this.reloadMeta();
    }
    if (err instanceof ApiError && err.code === 'undo_barrier') {
      this.error = err.message || 'That move cannot be taken back: it revealed something, or another player has acted since.';
      return;
    }
    this.error = messageOf(err);
  }

  /**
   * A move from the board, the turn bar or the move list. Sent at the version the player was
   * looking at; a move the server marks as doing nothing (or with a warning) is asked about first.
   * While a bot is to move nothing is sent: the board the player clicked is about to change.
   */
  private readonly onMove = async (e: CustomEvent<MoveEventDetail>): Promise<void> => {
    e.stopPropagation();
    const game = this.game;
    if (!game || this.busy || this.botMoving) return;
    if (this.net.offline) {
      this.error = OFFLINE_MOVE;
      return;
    }
    const question = confirmQuestion(findLegal(game.legalMoves, e.detail.move));
    if (question) {
      const dialog = this.renderRoot.querySelector<MpConfirmDialog>('mp-confirm-dialog');
      if (!dialog || !(await dialog.ask(question))) return;
      // The answer came later: a poll may have brought another position meanwhile.
      if (this.game !== game || this.busy) return;
    }
    this.busy = true;
    this.error = this.notice = null;
    try {
      const s = await this.post<GameState>('/moves', { version: game.version, move: e.detail.move });
      this.applyState(s);
      this.statePoll.accept(this.game!);
    } catch (err) {
      this.refused(err, 'move');
    } finally {
      this.busy = false;
    }
  };

  private readonly undo = async (): Promise<void> => {
    const game = this.game;
    if (!game || this.busy) return;
    if (this.net.offline) {
      this.error = OFFLINE_MOVE;
      return;
    }
    this.busy = true;
    this.error = this.notice = null;
    try {
      const s = await this.post<GameState>('/undo', { version: game.version });
      this.applyState(s);
      this.statePoll.accept(this.game!);
      this.notice = 'Your last move was taken back.';
      void this.log.load(s.version, true);
    } catch (err) {
      this.refused(err, 'undo');
    } finally {
      this.busy = false;
    }
  };

  /**
   * Runs one table action (join, start, a bot, resign, rematch): one at a time, the last notice
   * cleared, a failure said in the server's words (then `after`, to show the table as it is).
   */
  private async act(run: () => Promise<void>, after?: () => void): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error = this.notice = null;
    try {
      await run();
    } catch (err) {
      this.error = messageOf(err);
      after?.();
    } finally {
      this.busy = false;
    }
  }

  /** Joins with the invite; `e.detail` carries the setup choices picked in the waiting room (a Rocket). */
  private readonly join = (e?: CustomEvent<Record<string, string> | undefined>): Promise<void> =>
    this.act(async () => {
      if (!this.invite) return;
      const choices = e?.detail && Object.keys(e.detail).length ? e.detail : undefined;
      const res = await api<Answer<'joinGame'>>('POST', `${this.base}/join`, {
        body: { invite: this.invite, ...(choices ? { choices } : {}) },
      });
      this.notice = `You joined the game in seat ${res.seat + 1}.`;
      navigate(`/games/${encodeURIComponent(this.gameId)}`, { replace: true });
      await this.reloadMeta();
    });

  private readonly start = (): Promise<void> =>
    this.act(async () => {
      const s = await api<GameState>('POST', `${this.base}/start`);
      await this.reloadMeta();
      if (s && typeof s === 'object' && 'version' in s) {
        this.applyState(s);
        this.statePoll.accept(this.game!);
      }
    });

  private readonly addBot = (seat: number): Promise<void> =>
    this.act(
      async () => {
        await api('POST', `${this.base}/seats/${seat}/bot`);
        this.notice = `A bot took seat ${seat + 1}.`;
        await this.reloadMeta();
      },
      () => void this.reloadMeta(),
    );

  private readonly onResign = (e: Event): Promise<void> => {
    e.stopPropagation();
    return this.act(async () => {
      // The answer is the seat's last state (with its moves); from now on this viewer watches, so
      // show the watcher's state instead.
      await this.post<GameState>('/resign', {});
      this.notice =
        this.meta?.onResign === 'end'
          ? 'You resigned, and the game has ended.'
          : 'You resigned. A bot plays your seat now; you can keep watching.';
      await this.reloadMeta();
      await this.statePoll.refresh();
    });
  };

  /** "Play again": the same seats and options in a new game (the same one when asked twice). */
  private readonly rematch = (): Promise<void> =>
    this.act(async () => {
      const res = await this.post<{ id: string }>('/rematch', {});
      navigate(`/games/${encodeURIComponent(res.id)}`);
    });

  /** The board takes no clicks: offline, or a bot is about to change it. */
  private get boardLocked(): boolean {
    return this.net.offline || this.botMoving;
  }

  private renderBoard(meta: GameMeta, game: GameState, prompt: string) {
    const tag = this.boardReady;
    if (!tag) return html`<p class="muted">Loading the board…</p>`;
    if (!this.boardEl || this.boardTag !== tag) {
      this.boardEl = document.createElement(tag) as BoardElement;
      this.boardTag = tag;
    }
    const props: BoardProps = {
      view: game.view,
      legalMoves: this.boardLocked ? [] : game.legalMoves,
      yourSeat: game.yourSeat,
      seats: meta.seats,
      activeSeats: game.activeSeats,
      status: game.status,
      prompt,
    };
    Object.assign(this.boardEl, props);
    return html`<div class="board-area" ?inert=${this.boardLocked} aria-disabled=${this.boardLocked ? 'true' : 'false'}>${this.boardEl}</div>`;
  }

  private renderOpen(meta: GameMeta) {
    return html`<mp-waiting-room
      .meta=${meta}
      .invite=${this.invite}
      .me=${this.me}
      .busy=${this.busy}
      @mp-join=${this.join}
      @mp-start=${this.start}
      @mp-add-bot=${(e: CustomEvent<number>) => this.addBot(e.detail)}
    ></mp-waiting-room>`;
  }

  /** The viewer's seat, or null for a watcher (a player who resigned included). */
  private seat(meta: GameMeta): number | null {
    return viewerSeat(meta.yourSeat, meta.seats, this.game?.yourSeat);
  }

  /** Whether this viewer may read the chat: players always, anyone for a public game. */
  private canSeeChat(meta: GameMeta): boolean {
    return this.seat(meta) !== null || meta.isPublic;
  }

  private renderChat(meta: GameMeta) {
    if (!this.canSeeChat(meta)) return nothing;
    return html`<section class="card">
      ${keyed(this.gameId, html`<mp-chat-panel .gameId=${this.gameId} .me=${this.me} .yourSeat=${this.seat(meta)} .names=${meta.seats.map((s) => s.name)}></mp-chat-panel>`)}
    </section>`;
  }

  /** Who is looking: a note for everyone without a seat (watchers, a player who resigned). */
  private renderWatching(meta: GameMeta, yourSeat: number | null, status: string) {
    if (yourSeat !== null || status === 'open') return nothing;
    const resigned = resignedSeat(meta.seats, this.me?.id);
    const why =
      resigned !== null
        ? `You resigned, so a bot plays seat ${resigned + 1}.`
        : this.invite
          ? 'This game started before you joined.'
          : isOver(status)
            ? 'You did not play in this game.'
            : 'You are not playing in this game.';
    if (!this.me && this.seatHint !== null && this.seatHint < meta.players && !isOver(status)) {
      return html`<p class="notice sign-in-to-play" role="note">
        <strong>Is this your game?</strong> This link was sent to the player in seat ${this.seatHint + 1}.
        <a class="button primary" href="/">Sign in to play</a>
      </p>`;
    }
    return html`<p class="notice watching" role="note">
      <strong>You are watching.</strong> ${why} You see what every watcher sees, and you cannot make moves.
      ${this.me ? nothing : html`<a href="/">Sign in</a> to chat.`}
    </p>`;
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

  /** "Since you last looked": the server's lines of this visit and the board's changes. */
  private renderSince(meta: GameMeta, yourSeat: number | null) {
    if (yourSeat === null || this.sinceDismissed) return nothing;
    const entries = (this.since?.entries ?? []).filter((e) => !e.undone);
    const changes = this.seen.changes(wordsFor(meta.type)?.quantities);
    if (!entries.length && !changes.length) return nothing;
    return html`<mp-since-card
      class="since"
      .entries=${entries}
      .changes=${changes}
      .seats=${meta.seats}
      .yourSeat=${yourSeat}
      @mp-since-dismiss=${() => {
        this.sinceDismissed = true;
        this.seen.dismiss();
      }}
    ></mp-since-card>`;
  }

  /** The sentence of the turn bar and the board's status line: what to do now, or what the game waits for. */
  private prompt(meta: GameMeta, game: GameState | null, yourSeat: number | null, status: GameState['status']): string {
    return promptText({
      type: meta.type,
      status,
      activeSeats: game?.activeSeats ?? [],
      yourSeat,
      seats: meta.seats,
      view: game?.view,
      botsToMove: this.botMoving,
      summary: (game?.result ?? meta.result)?.summary,
    });
  }

  /** The turn bar: the sentence, the board-independent moves, Undo, and the page's notices. */
  private renderTurnBar(meta: GameMeta, game: GameState | null, yourSeat: number | null, status: GameState['status'], prompt: string) {
    const active = game?.activeSeats ?? [];
    const moves = yourSeat !== null ? (game?.legalMoves ?? []) : [];
    const canUndo = status === 'active' && yourSeat !== null && game?.canUndo === true;
    const bot = this.botMoving;
    const offline = this.net.offline;
    const yours = status === 'active' && yourSeat !== null && active.includes(yourSeat);
    return html`<mp-turn-bar
      id="turn-bar"
      class="turn"
      .prompt=${prompt}
      ?yours=${yours}
      ?working=${bot || this.busy}
      .moves=${globalMoves(meta.type, moves)}
      ?canUndo=${canUndo}
      ?disabled=${this.busy || offline || bot}
      .notice=${offline ? 'You are offline: the board waits until the connection is back.' : this.notice}
      .error=${this.error}
    ></mp-turn-bar>`;
  }

  private renderGame(meta: GameMeta) {
    const game = this.game;
    const status = game?.status ?? meta.status;
    const active = game?.activeSeats ?? [];
    const yourSeat = this.seat(meta);
    const result = game?.result ?? meta.result ?? null;
    const yours = yourSeat !== null && active.includes(yourSeat) && status === 'active';
    const canResign = status === 'active' && yourSeat !== null;
    const moves = yourSeat !== null ? (game?.legalMoves ?? []) : [];
    const version = game?.version ?? meta.version;
    const locked = this.boardLocked || this.busy;
    const prompt = this.prompt(meta, game, yourSeat, status);
    return html`${this.renderWatching(meta, yourSeat, status)} ${this.renderSince(meta, yourSeat)}
      <div class="layout ${status === 'active' ? 'running' : ''}" @mp-move=${this.onMove} @mp-resign=${this.onResign} @mp-undo=${this.undo} @mp-rematch=${this.rematch}>
        ${this.renderTurnBar(meta, game, yourSeat, status, prompt)}
        <section class="board card ${this.boardLocked ? 'locked' : ''}" aria-labelledby=${this.showReplay ? 'replay-title' : 'board-title'}>
          ${
            this.showReplay
              ? this.renderReplay(meta, status, version)
              : html`<div class="row board-head">
                  <h2 id="board-title" class="visually-hidden">Board</h2>
                </div>
                ${game ? this.renderBoard(meta, game, prompt) : html`<p class="muted">Loading the board…</p>`}`
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
              .changedSeats=${this.seen.changes(wordsFor(meta.type)?.quantities).flatMap((c) => (c.seat === null ? [] : [c.seat]))}
            ></mp-seat-list>
            ${
              result || isOver(status)
                ? html`<mp-game-over .meta=${meta} .result=${result} ?over=${isOver(status)} .yourSeat=${yourSeat} ?busy=${this.busy}></mp-game-over>`
                : nothing
            }
            <div class="actions">
              ${
                moves.length
                  ? boardTagFor(meta.type) === GENERIC_BOARD
                    ? html`<h2 class="visually-hidden">Your moves</h2>
                      <mp-move-buttons .moves=${moves} ?disabled=${locked}></mp-move-buttons>`
                    : // The board draws these as its own controls: the plain list stays one tap away.
                      html`<details class="move-list">
                      <summary>Your moves as a list (${moves.length})</summary>
                      <mp-move-buttons .moves=${moves} ?disabled=${locked}></mp-move-buttons>
                    </details>`
                  : nothing
              }
              <div class="row">
                ${
                  version > 0 && !this.showReplay
                    ? html`<button type="button" aria-expanded="false" @click=${() => (this.showReplay = true)}>Step through the game</button>`
                    : nothing
                }
                ${canResign ? html`<mp-resign-button .onResign=${meta.onResign} ?disabled=${this.busy || this.net.offline}></mp-resign-button>` : nothing}
              </div>
            </div>
          </section>
          ${this.boardDrawn || this.showReplay ? this.renderChat(meta) : nothing}
          <section class="card">
            <h2>Log</h2>
            <mp-game-log .entries=${this.log.entries} .seats=${meta.seats} .leftOffAt=${this.since?.fromVersion ?? null}></mp-game-log>
          </section>
          <mp-about-game .meta=${meta} .version=${version}></mp-about-game>
          ${yourSeat !== null && (status === 'active' || status === 'open') ? html`<mp-game-hook .gameId=${this.gameId}></mp-game-hook>` : nothing}
          ${yourSeat !== null && status === 'active' ? html`<mp-game-email-replies .gameId=${this.gameId}></mp-game-email-replies>` : nothing}
        </div>
      </div>
      <mp-confirm-dialog></mp-confirm-dialog>`;
  }

  override render() {
    if (this.privateGame) {
      return html`<h1>${this.meta?.title ?? 'This game'} is private</h1>
        <p class="notice private" role="alert">${this.fatal}</p>
        <p>
          ${
            this.me
              ? html`You are signed in as ${this.me.name || this.me.email}, who has no seat at this table. If you were invited, open
                the invite link you were sent.`
              : html`If you have a seat, <a href="/">sign in</a> first.`
          }
        </p>
        <p><a href="/">Back to ${this.me ? 'your games' : 'the start page'}</a></p>`;
    }
    if (this.fatal) {
      return html`<h1>Game not available</h1>
        <p class="error" role="alert">${this.fatal}</p>
        <p><a href="/">Back to your games</a></p>`;
    }
    const meta = this.meta;
    const pollError = this.statePoll.error ?? this.metaPoll.error;
    if (!meta) {
      return pollError ? html`<p class="error" role="alert">${pollError.message}</p>` : html`<p class="muted">Loading the game…</p>`;
    }
    return html`<div class="head">
        <h1>${meta.title}</h1>
        <span class="badge">${STATUS_TEXT[this.game?.status ?? meta.status] ?? meta.status}</span>
        ${meta.isPublic === false ? html`<span class="badge" title="Only the players can watch this game">Private</span>` : nothing}
        ${meta.rematchOf ? html`<a class="muted" href="/games/${encodeURIComponent(meta.rematchOf)}">Rematch of an earlier game</a>` : nothing}
        <a class="how-to-play" href="/how-to-play/${encodeURIComponent(meta.type)}">How to play</a>
      </div>
      ${meta.status === 'open' && this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      ${meta.status === 'open' && this.notice ? html`<p class="notice" role="status">${this.notice}</p>` : nothing}
      ${pollError && pollError.status !== 401 ? html`<p class="muted">Connection trouble: ${pollError.message}</p>` : nothing}
      ${meta.status === 'open' ? this.renderOpen(meta) : this.renderGame(meta)}
      ${meta.status === 'open' ? this.renderChat(meta) : nothing}
      ${meta.status === 'open' ? html`<mp-about-game .meta=${meta} .version=${meta.version}></mp-about-game>` : nothing}
      ${meta.status === 'open' && meta.yourSeat !== null ? html`<mp-game-hook .gameId=${this.gameId}></mp-game-hook>` : nothing}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-game-page': MpGamePage;
  }
}
