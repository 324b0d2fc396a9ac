import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { ApiError, api, messageOf } from '../api';
import { seatName } from '../names';
import { gameSentence } from '../game-page/turn-prompt';
import { logLineTemplate } from '../log-text';
import { boardTagFor, loadBoard, type BoardProps } from '../games';
import { shared } from '../styles';
import { clampStep, lensValue, lensView, parseLens, stepCaption, type ReplayLens } from '../replay';
import type { GameStatus, ReplayStep, SeatInfo } from '../api-types';
import './mp-generic-board';

type BoardElement = HTMLElement & Partial<BoardProps>;

/**
 * Steps through a game event by event (`GET /replay/:seq`): a slider and Back/Forward buttons
 * over 1..version, the game's own board drawn with the view the viewer had after that event, and
 * the log lines the event wrote. Once the game is over a seat picker shows any seat's view (or
 * the full state). The board here is only a picture: it gets no legal moves and no seat (so no
 * frame says "Your turn"), and any move event it raises stops at this element. The game page
 * shows it in the live board's place while it is open.
 */
@customElement('mp-replay-viewer')
export class MpReplayViewer extends LitElement {
  static override styles = [
    shared,
    css`
      .controls {
        display: grid;
        gap: 0.5rem;
        margin-bottom: 0.75rem;
      }
      .steps {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        align-items: center;
      }
      .steps .where {
        margin-left: auto;
        font-weight: 600;
        white-space: nowrap;
      }
      input[type='range'] {
        width: 100%;
        padding: 0;
        min-height: 2rem;
        accent-color: var(--mp-accent);
      }
      select {
        width: 100%;
      }
      .caption {
        margin: 0 0 0.5rem;
        color: var(--mp-muted);
      }
      .board-area {
        overflow-x: auto;
        margin-bottom: 0.75rem;
      }
      .loading {
        opacity: 0.6;
      }
      ul.log {
        margin: 0;
        padding-left: 1.2rem;
      }
      ul.log li {
        overflow-wrap: anywhere;
      }
      h3 {
        margin-top: 0.5rem;
      }
    `,
  ];

  @property({ attribute: false }) gameId = '';
  @property({ attribute: false }) type = '';
  @property({ attribute: false }) seats: SeatInfo[] = [];
  /** The game's current version: the replay runs over steps 1..version. */
  @property({ attribute: false }) version = 0;
  @property({ attribute: false }) status: GameStatus = 'active';

  @state() private seq = 0;
  @state() private step: ReplayStep | null = null;
  @state() private loading = false;
  @state() private error: string | null = null;
  @state() private lens: ReplayLens = { kind: 'own' };

  private cache = new Map<number, ReplayStep>();
  private wanted = 0;
  private boardEl: BoardElement | null = null;
  private boardTag = '';
  private rawEl: BoardElement | null = null;

  protected override willUpdate(changed: PropertyValues): void {
    // The board's chunk (usually in already: the game page loaded it); drawn once it is.
    if (changed.has('type') && this.type) void loadBoard(this.type).then(() => this.requestUpdate());
    if (changed.has('gameId') && changed.get('gameId') !== undefined) {
      this.cache.clear();
      this.step = null;
      this.seq = 0;
      this.lens = { kind: 'own' };
      this.boardEl = null;
    }
    // Once the game is over every step also carries all views and the full state: fetch afresh.
    const refetch = changed.has('status') && changed.get('status') !== undefined && this.seq > 0;
    if (refetch) this.cache.clear();
    const before = changed.get('version') as number | undefined;
    if (this.seq === 0 && this.version > 0) void this.go(this.version);
    // Watching the latest step of a running game: follow it as the game goes on.
    else if (changed.has('version') && (this.seq > this.version || (before !== undefined && this.seq === before)))
      void this.go(this.version);
    else if (refetch) void this.go(this.seq);
  }

  /** Shows step `seq` (clamped to 1..version), from the cache or the server. */
  private async go(seq: number): Promise<void> {
    const target = clampStep(seq, this.version);
    this.seq = target;
    this.wanted = target;
    this.error = null;
    const cached = this.cache.get(target);
    if (cached) {
      this.step = cached;
      return;
    }
    this.loading = true;
    try {
      const s = await api<ReplayStep>('GET', `/api/games/${encodeURIComponent(this.gameId)}/replay/${target}`);
      this.cache.set(target, s);
      if (this.wanted === target) this.step = s;
    } catch (err) {
      if (this.wanted === target) this.error = err instanceof ApiError && err.code === 'private_game' ? err.message : messageOf(err);
    } finally {
      if (this.wanted === target) this.loading = false;
    }
  }

  private renderBoard(view: unknown, raw: boolean) {
    if (view === null || view === undefined) return html`<p class="muted">The game had not started yet at this step.</p>`;
    let el: BoardElement;
    if (raw) {
      // The full state has no board of its own: the readable list draws it.
      this.rawEl ??= document.createElement('mp-generic-board') as BoardElement;
      el = this.rawEl;
    } else {
      const tag = boardTagFor(this.type);
      if (!this.boardEl || this.boardTag !== tag) {
        this.boardEl = document.createElement(tag) as BoardElement;
        this.boardTag = tag;
      }
      el = this.boardEl;
    }
    // No seat for the board: a frame is a picture of the past, and a board told whose seat it is
    // would say "Your turn" on it. The view is still the seat's (its hand, its secrets).
    const prompt = raw ? '' : (gameSentence(this.type, view, null, this.seats, []) ?? '');
    const props: BoardProps = { view, legalMoves: [], yourSeat: null, seats: this.seats, activeSeats: [], status: this.status, prompt };
    Object.assign(el, props);
    return html`<div class="board-area ${this.loading ? 'loading' : ''}" @mp-move=${(e: Event) => e.stopPropagation()}>${el}</div>`;
  }

  private renderPicker(step: ReplayStep) {
    if (!step.views) return nothing;
    const own = step.yourSeat === null ? 'What watchers saw' : `Your view (${seatName(this.seats, step.yourSeat)})`;
    return html`<div>
      <label for="lens">Show the game as seen by</label>
      <select id="lens" @change=${(e: Event) => (this.lens = parseLens((e.target as HTMLSelectElement).value))}>
        <option value="own" ?selected=${this.lens.kind === 'own'}>${own}</option>
        ${step.views.map(
          (_, s) =>
            html`<option value=${lensValue({ kind: 'seat', seat: s })} ?selected=${this.lens.kind === 'seat' && this.lens.seat === s}>
              Seat ${s + 1}: ${seatName(this.seats, s)}
            </option>`,
        )}
        ${
          step.state !== null && step.state !== undefined
            ? html`<option value="state" ?selected=${this.lens.kind === 'state'}>Everything (the full state)</option>`
            : nothing
        }
      </select>
    </div>`;
  }

  override render() {
    if (this.version < 1) return html`<p class="muted">Nothing has happened yet.</p>`;
    const step = this.step;
    const seq = this.seq || this.version;
    const shown = step ? lensView(step, this.lens) : null;
    return html`<div class="controls">
        <div class="steps" role="group" aria-label="Replay steps">
          <button type="button" ?disabled=${seq <= 1} @click=${() => this.go(1)} aria-label="First step">« First</button>
          <button type="button" ?disabled=${seq <= 1} @click=${() => this.go(seq - 1)}>◀ Back</button>
          <button type="button" ?disabled=${seq >= this.version} @click=${() => this.go(seq + 1)}>Forward ▶</button>
          <button type="button" ?disabled=${seq >= this.version} @click=${() => this.go(this.version)} aria-label="Last step">Last »</button>
          <span class="where" aria-live="polite">Step ${seq} of ${this.version}</span>
        </div>
        <label class="visually-hidden" for="step">Step</label>
        <input
          id="step"
          type="range"
          min="1"
          max=${this.version}
          step="1"
          .value=${String(seq)}
          @input=${(e: Event) => this.go(Number((e.target as HTMLInputElement).value))}
        />
        ${step ? this.renderPicker(step) : nothing}
      </div>
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      ${
        step && shown
          ? html`<p class="caption">${stepCaption(step.kind)}${
              shown.seat !== null && !shown.raw
                ? html` · seen by ${seatName(this.seats, shown.seat)}`
                : shown.raw
                  ? ' · the full state'
                  : ' · as watchers saw it'
            }</p>
            ${this.renderBoard(shown.view, shown.raw)}
            <h3>What happened at this step</h3>
            ${
              step.log.length
                ? html`<ul class="log">${step.log.map((t) => html`<li>${logLineTemplate(t, this.seats)}</li>`)}</ul>`
                : html`<p class="muted">Nothing you may read.</p>`
            }`
          : this.error
            ? nothing
            : html`<p class="muted">Loading step ${seq}…</p>`
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-replay-viewer': MpReplayViewer;
  }
}
