/**
 * One game as the game page plays it, in a reactive controller: it polls the metadata while the
 * game waits for players and the state once it runs (both with ETags, every second while a bot
 * moves), applies each answer (never an older one over a newer), posts moves, undo and the table
 * actions (join, start, a bot, resign, rematch) one at a time, keeps the busy, notice, error and
 * refusal state, loads the log once the board is drawn, and starts afresh when the page is
 * pointed at another game. The page only composes what it shows from this.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ApiError, api, messageOf } from '../api';
import type { Answer, GameMeta, GameState, ReplayStep, SinceLastSeen } from '../api-types';
import { ConnectivityController } from '../connectivity';
import { PollController } from '../poll-controller';
import { navigate } from '../router';
import { viewerSeat } from '../table';
import { setPageTitle } from '../waiting';
import { LogLoader } from './log-loader';
import { postAction } from './post-action';
import type { ClockActionDetail } from './clock-action';
import { changedOf, refusalLine, type Refusal } from './refusal';
import { SeenChanges } from './seen-changes';
import { StepThrough } from './step-through';

/** Said when a move or undo is tried while offline: it is not sent and not kept for later. */
const OFFLINE_MOVE = 'You are offline, so the move was not sent. Make it again once you are back online.';

/** Fired on window when the player's own move ended their turn (the header's "Next game" counts again). */
export const TURN_PASSED_EVENT = 'mp-turn-passed';

/** What the session reads from the page: which game, and the invite code of its link. */
export interface SessionHost extends ReactiveControllerHost {
  readonly gameId: string;
  readonly invite: string | null;
}

export class GameSession implements ReactiveController {
  meta: GameMeta | null = null;
  game: GameState | null = null;
  /** A move or a table action is on its way: the page takes no other. */
  busy = false;
  error: string | null = null;
  notice: string | null = null;
  /** The last move or undo refused because the game moved on: what changed, and the move to offer again. */
  refusal: Refusal | null = null;
  /** The game cannot be shown (404, 403): the sentence why. */
  fatal: string | null = null;
  /** The game is private and the viewer has no seat (403 private_game). */
  privateGame = false;
  /** "Since you last looked" as the first state of this visit said it (later ones are shorter); the card follows the log from its `fromVersion`. */
  since: SinceLastSeen | null = null;
  /** The card has been read: it is one line. */
  sinceDismissed = false;
  /** The `seq` of the round-end line the player hid (the card shows again for a newer one). */
  phaseHidden: number | null = null;
  /**
   * The board has been drawn once: the log (and the chat) are asked for only then, so their
   * answers are never handled (on a slow phone, for a long time) before the board is on screen.
   */
  boardDrawn = false;
  /** The player's own move just ended their turn: the page offers the next game waiting for them. */
  turnPassed = false;

  readonly log: LogLoader;
  readonly seen = new SeenChanges();
  /** "Step through what happened" on the board's place. */
  readonly steps: StepThrough;
  /** The seat's view before the game's last event (the board marks the last move against it), or null. */
  lastBefore: unknown = null;
  /** The version `lastBefore` is for. */
  private lastBeforeFor = -1;
  private readonly metaPoll: PollController<GameMeta>;
  private readonly statePoll: PollController<GameState>;
  /** Offline: moves are refused here (never queued) and the board draws no move controls. */
  readonly net: ConnectivityController;
  private metaLoadingFor = -1;
  private gameId = '';

  constructor(private readonly host: SessionHost) {
    host.addController(this);
    this.log = new LogLoader(host, () => (host.gameId ? `${this.base}/log` : null));
    this.steps = new StepThrough(host, () => this.base);
    this.metaPoll = new PollController<GameMeta>(host, {
      url: () => (host.gameId && !this.fatal && (!this.meta || this.meta.status === 'open') ? this.metaUrl : null),
      onData: (m) => this.applyMeta(m),
      onError: (e) => this.pollFailed(e),
    });
    this.net = new ConnectivityController(host, () => void this.statePoll.refresh());
    this.statePoll = new PollController<GameState>(host, {
      url: () => (host.gameId && !this.fatal && this.meta && this.meta.status !== 'open' ? `${this.base}/state` : null),
      onData: (s) => this.applyState(s),
      onError: (e) => this.pollFailed(e),
      fast: () => this.botMoving,
    });
  }

  /** Another game in the same page: start afresh. */
  hostUpdate(): void {
    if (this.host.gameId === this.gameId) return;
    const first = this.gameId === '';
    this.gameId = this.host.gameId;
    if (first) return;
    this.meta = null;
    this.game = null;
    this.log.reset();
    this.seen.reset();
    this.steps.close();
    this.lastBefore = null;
    this.lastBeforeFor = -1;
    this.since = null;
    this.sinceDismissed = false;
    this.phaseHidden = null;
    this.fatal = this.error = this.notice = null;
    this.refusal = null;
    this.privateGame = false;
    this.boardDrawn = false;
    this.turnPassed = false;
    this.metaLoadingFor = -1;
    this.metaPoll.reset();
    this.statePoll.reset();
    void this.metaPoll.refresh();
  }

  hostDisconnected(): void {
    setPageTitle();
  }

  /** The last poll's failure (for "Connection trouble"), cleared by the next success. */
  get pollError(): ApiError | null {
    return this.statePoll.error ?? this.metaPoll.error;
  }

  /** A bot is to move and the viewer is not: the board waits for the bot's move (the server's `botsToMove`). */
  get botMoving(): boolean {
    const g = this.game;
    if (g?.status !== 'active') return false;
    const you = g.yourSeat;
    if (you !== null && g.activeSeats.includes(you)) return false;
    return g.botsToMove;
  }

  /** The board takes no clicks: offline, or a bot is about to change it. */
  get boardLocked(): boolean {
    return this.net.offline || this.botMoving;
  }

  /** The viewer's seat, or null for a watcher (a player who resigned included). */
  get yourSeat(): number | null {
    return this.meta ? viewerSeat(this.meta.yourSeat, this.meta.seats, this.game?.yourSeat) : null;
  }

  /** The board has been drawn for the first time: the log may load now. */
  drawn(): void {
    if (this.boardDrawn) return;
    this.boardDrawn = true;
    if (this.game && this.log.version < 0) void this.log.load(this.game.version);
    this.host.requestUpdate();
  }

  /** The player read "Since you last looked": it collapses to one line (the board's changes are put away). */
  dismissSince(): void {
    this.sinceDismissed = true;
    this.seen.dismiss();
    this.host.requestUpdate();
  }

  /** The player hid the round-end card of the line at `seq`. */
  hidePhase(seq: number): void {
    this.phaseHidden = seq;
    this.host.requestUpdate();
  }

  /** The player opens the collapsed card again. */
  expandSince(): void {
    this.sinceDismissed = false;
    this.host.requestUpdate();
  }

  private get base(): string {
    return `/api/games/${encodeURIComponent(this.host.gameId)}`;
  }

  /** The game's metadata; an invitee of a private game shows its invite code to read it. */
  private get metaUrl(): string {
    return this.host.invite ? `${this.base}?invite=${encodeURIComponent(this.host.invite)}` : this.base;
  }

  private pollFailed(e: ApiError): void {
    if (e.status === 404) this.fatal = 'This game does not exist, or you may not see it.';
    else if (e.status === 403 && e.code === 'private_game') {
      this.privateGame = true;
      this.fatal = 'This game is private: only its players can watch it.';
    } else if (e.status === 403) this.fatal = e.message;
    this.host.requestUpdate();
  }

  private applyMeta(m: GameMeta): void {
    const wasOpen = !this.meta || this.meta.status === 'open';
    this.meta = m;
    // Already seated: the invite code has done its job; keep it out of the address bar.
    if (m.yourSeat !== null && this.host.invite) navigate(`/games/${encodeURIComponent(this.host.gameId)}`, { replace: true });
    if (wasOpen && m.status !== 'open') void this.statePoll.refresh();
    if (m.status !== 'open' && this.log.version < 0 && this.boardDrawn) void this.log.load(m.version);
    this.host.requestUpdate();
  }

  /** Installs a state unless an older one arrived late. */
  private applyState(s: GameState): void {
    if (this.game && s.version < this.game.version) return;
    const prev = this.game;
    this.game = s;
    this.trackLastMove(prev, s);
    // The first answer of a visit says what happened while away; later ones only since the last poll.
    // Only when somebody else acted: a first visit to a game just set up has nothing to catch up on.
    const others = s.sinceLastSeen?.entries.some((e) => e.seat !== null && e.seat !== s.yourSeat);
    if (!this.since && !this.sinceDismissed && others) this.since = s.sinceLastSeen;
    if (s.view !== null && s.view !== undefined) {
      this.seen.drawn(this.host.gameId, s.yourSeat, s.version, s.view, document.visibilityState === 'visible');
    }
    const m = this.meta;
    if (m && (s.status !== m.status || s.yourSeat !== viewerSeat(m.yourSeat, m.seats))) void this.reloadMeta();
    // A timed game's deadline moves with every turn, and only the meta carries it.
    else if (m && m.timeControl.kind !== 'none' && s.version > m.version && this.metaLoadingFor < s.version) {
      this.metaLoadingFor = s.version;
      void this.reloadMeta();
    }
    if (s.version !== this.log.version && this.boardDrawn) void this.log.load(s.version);
    setPageTitle(`${s.yourSeat !== null && s.activeSeats.includes(s.yourSeat) ? '(Your turn) ' : ''}${m?.title ?? 'Game'} · Mountain Post`);
    this.host.requestUpdate();
  }

  /**
   * Keeps the view before the last event: the state drawn just before when it was one event
   * older, else the seat's replay frame of that event (asked once per version).
   */
  private trackLastMove(prev: GameState | null, s: GameState): void {
    if (s.version === this.lastBeforeFor) return;
    this.lastBeforeFor = s.version;
    if (prev && prev.version === s.version - 1 && prev.yourSeat === s.yourSeat && prev.view != null) {
      this.lastBefore = prev.view;
      return;
    }
    this.lastBefore = null;
    if (s.version < 2 || s.view == null) return;
    const v = s.version;
    api<ReplayStep>('GET', `${this.base}/replay/${v - 1}`)
      .then((r) => {
        if (this.game?.version !== v || this.lastBeforeFor !== v) return;
        this.lastBefore = r.view;
        this.host.requestUpdate();
      })
      .catch(() => {
        /* no mark of the last move: nothing else depends on it */
      });
  }

  /** A state answered by a move, an undo or a start: shown, and the poll's baseline. */
  private applyAnswer(s: GameState): void {
    this.applyState(s);
    this.statePoll.accept(this.game!);
  }

  private async reloadMeta(): Promise<void> {
    try {
      this.applyMeta(await api<GameMeta>('GET', this.metaUrl));
    } catch {
      /* the poll will tell */
    }
  }

  /** Shared handling of a move's or undo's refusal. */
  private refused(err: unknown, what: 'move' | 'undo', move: unknown = null): void {
    const current = err instanceof ApiError && err.status === 409 ? (err.body as { state?: GameState } | null)?.state : undefined;
    if (current && typeof current === 'object') {
      // stale_version: someone acted first. Show the position as it is now, and say what changed.
      this.applyAnswer(current);
      this.refusal = { line: refusalLine(changedOf((err as ApiError).body), this.meta?.seats ?? [], what), move };
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
   * Runs one request at a time (a move, an undo or a table action): the last notice cleared, the
   * page told before and after; nothing when another is still on its way.
   */
  private async run(work: () => Promise<void>, failed: (err: unknown) => void): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error = this.notice = null;
    this.refusal = null;
    this.host.requestUpdate();
    try {
      await work();
    } catch (err) {
      failed(err);
    } finally {
      this.busy = false;
      this.host.requestUpdate();
    }
  }

  /**
   * Sends a move at the version the player was looking at. `ask` puts a question first (a move
   * the server marks as doing nothing, or with a warning) and says whether to go on. While a bot
   * is to move nothing is sent: the board the player clicked is about to change.
   */
  async move(move: unknown, ask: (game: GameState) => Promise<boolean>): Promise<void> {
    const game = this.game;
    if (!game || this.busy || this.botMoving) return;
    if (this.net.offline) return this.offline();
    if (!(await ask(game))) return;
    // The answer came later: a poll may have brought another position meanwhile.
    if (this.game !== game) return;
    const mine = (g: GameState | null) => !!g && g.yourSeat !== null && g.activeSeats.includes(g.yourSeat);
    await this.run(
      async () => {
        this.applyAnswer(await postAction<GameState>(`${this.base}/moves`, { version: game.version, move }));
        if (mine(game) && !mine(this.game)) {
          this.turnPassed = true;
          window.dispatchEvent(new Event(TURN_PASSED_EVENT));
        }
      },
      (err) => this.refused(err, 'move', move),
    );
  }

  /** A clock action of the table (clock-action.ts); its answer (the clocks, the pause, the votes) goes into the meta. */
  clockAction(a: ClockActionDetail): Promise<void> {
    return this.act(async () => {
      const clocks = await api<Answer<'proposePause'>>('POST', `${this.base}/${a.path}`, a.body === undefined ? {} : { body: a.body });
      if (this.meta) this.meta = { ...this.meta, ...clocks };
      this.notice = a.done;
    });
  }

  /**
   * Takes back the last move, or with `toTurnStart` every step since the turn began that can
   * still be taken back (the state's `undoableSteps`), in one request.
   */
  async undo(toTurnStart = false): Promise<void> {
    const game = this.game;
    if (!game || this.busy) return;
    if (this.net.offline) return this.offline();
    const steps = game.undoableSteps;
    await this.run(
      async () => {
        const body = toTurnStart ? { version: game.version, toTurnStart: true } : { version: game.version };
        const s = await postAction<GameState>(`${this.base}/undo`, body);
        this.applyAnswer(s);
        this.notice =
          toTurnStart && steps > 1 ? `Your turn was restarted: ${steps} steps were taken back.` : 'Your last move was taken back.';
        void this.log.load(s.version, true);
      },
      (err) => this.refused(err, 'undo'),
    );
  }

  private offline(): void {
    this.error = OFFLINE_MOVE;
    this.host.requestUpdate();
  }

  /** Runs one table action; a failure is said in the server's words (then `after`, to show the table as it is). */
  private act(work: () => Promise<void>, after?: () => void): Promise<void> {
    return this.run(work, (err) => {
      this.error = messageOf(err);
      after?.();
    });
  }

  /** Joins with the invite, with the setup choices picked in the waiting room (a Rocket). */
  join(choices: Record<string, string> | undefined): Promise<void> {
    return this.act(async () => {
      const invite = this.host.invite;
      if (!invite) return;
      const res = await api<Answer<'joinGame'>>('POST', `${this.base}/join`, {
        body: { invite, ...(choices && Object.keys(choices).length ? { choices } : {}) },
      });
      this.notice = `You joined the game in seat ${res.seat + 1}.`;
      navigate(`/games/${encodeURIComponent(this.host.gameId)}`, { replace: true });
      await this.reloadMeta();
    });
  }

  start(): Promise<void> {
    return this.act(async () => {
      const s = await api<GameState>('POST', `${this.base}/start`);
      await this.reloadMeta();
      this.applyAnswer(s);
    });
  }

  addBot(seat: number): Promise<void> {
    return this.act(
      async () => {
        await api('POST', `${this.base}/seats/${seat}/bot`);
        this.notice = `A bot took seat ${seat + 1}.`;
        await this.reloadMeta();
      },
      () => void this.reloadMeta(),
    );
  }

  resign(): Promise<void> {
    return this.act(async () => {
      // The answer is the seat's last state (with its moves); from now on this viewer watches, so
      // show the watcher's state instead.
      await postAction<GameState>(`${this.base}/resign`, {});
      this.notice =
        this.meta?.onResign === 'end'
          ? 'You resigned, and the game has ended.'
          : 'You resigned. A bot plays your seat now; you can keep watching.';
      await this.reloadMeta();
      await this.statePoll.refresh();
    });
  }

  /** "Play again": the same seats and options in a new game (the same one when asked twice). */
  rematch(): Promise<void> {
    return this.act(async () => {
      const res = await postAction<Answer<'createRematch'>>(`${this.base}/rematch`, {});
      navigate(`/games/${encodeURIComponent(res.id)}`);
    });
  }
}
