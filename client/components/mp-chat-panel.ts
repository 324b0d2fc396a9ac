import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { seatColor } from '../seat-colours';
import { customElement, property, query, state } from 'lit/decorators.js';
import { ApiError, api, messageOf } from '../api';
import { timeAgo } from '../format';
import { PollController } from '../poll-controller';
import { shared } from '../styles';
import { CHAT_MAX_LENGTH, chatDraftProblem, chatSegments, completeMention, lastChatId, mentionsMe, mergeChat } from '../chat-text';
import type { ChatAnswer, ChatLine, Me } from '../api-types';
import { elementOnDemand } from '../on-demand';
import { partFailed } from '../part-failed';

/**
 * The game's chat: players and watchers of a public game read it (polled every few seconds with
 * `?after=`), signed-in readers write. Every line is shown as text (Lit escapes it); `@name`
 * mentions are highlighted, more strongly when they name you. A signed-in reader may block or
 * report the author of a line (their lines then stop: the server no longer sends them) and mute
 * the whole chat for themselves.
 */
@customElement('mp-chat-panel')
export class MpChatPanel extends LitElement {
  static override styles = [
    shared,
    css`
      ol {
        list-style: none;
        margin: 0 0 0.75rem;
        padding: 0;
        max-height: 18rem;
        overflow-y: auto;
        overscroll-behavior: contain;
      }
      li {
        padding: 0.35rem 0;
        border-bottom: 1px solid var(--mp-border);
      }
      li:last-child {
        border-bottom: none;
      }
      li.to-me {
        background: var(--mp-notice-bg);
        border-radius: 0.4rem;
        padding-left: 0.4rem;
        padding-right: 0.4rem;
      }
      .who {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.4rem;
        font-size: 0.85rem;
      }
      .name {
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      .dot {
        flex: none;
        width: 0.6rem;
        height: 0.6rem;
        border-radius: 50%;
        border: 1px solid var(--mp-border-strong);
      }
      .tag,
      time {
        color: var(--mp-muted);
        font-size: 0.8rem;
      }
      .text {
        margin: 0.1rem 0 0;
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      .mention {
        background: none;
        color: var(--mp-accent-text);
        font-weight: 600;
      }
      .mention.you {
        background: var(--mp-accent);
        color: var(--mp-on-accent);
        border-radius: 0.25rem;
        padding: 0 0.2rem;
      }
      form {
        display: flex;
        gap: 0.5rem;
        align-items: flex-end;
      }
      textarea {
        flex: 1;
        min-width: 0;
        font: inherit;
        min-height: 2.5rem;
        max-height: 8rem;
        resize: vertical;
        padding: 0.35rem 0.5rem;
        border-radius: 0.4rem;
        border: 1px solid var(--mp-border-strong);
        background: var(--mp-input-bg);
        color: var(--mp-text);
      }
      textarea:focus-visible {
        outline: 2px solid var(--mp-focus);
        outline-offset: 2px;
      }
      .hint {
        font-size: 0.8rem;
        margin: 0.35rem 0 0;
      }
      .complete {
        display: flex;
        flex-wrap: wrap;
        gap: 0.35rem;
        margin: 0.35rem 0 0;
        padding: 0;
        list-style: none;
      }
      .head {
        display: flex;
        align-items: baseline;
        justify-content: space-between;
        gap: 0.5rem;
      }
      .line-actions {
        margin-left: auto;
        display: flex;
        gap: 0.25rem;
      }
      .line-actions button,
      .head button {
        font-size: 0.75rem;
        padding: 0.05rem 0.4rem;
      }
      .name a {
        color: inherit;
      }
      .complete button {
        font-size: 0.85rem;
        padding: 0.15rem 0.5rem;
      }
    `,
  ];

  @property({ attribute: false }) gameId = '';
  /** The signed-in reader, or null (then the panel only reads). */
  @property({ attribute: false }) me: Me | null = null;
  /** The reader's seat, or null for a watcher. */
  @property({ attribute: false }) yourSeat: number | null = null;
  /** Display names of the seated players: what `@` mentions and completion offer. */
  @property({ attribute: false }) names: (string | null)[] = [];

  @state() private lines: ChatLine[] = [];
  @state() private draft = '';
  @state() private sending = false;
  @state() private sendError: string | null = null;
  /** Seated names that complete the `@name` being typed at the caret. */
  @state() private completions: string[] = [];
  /** 403 from the server: not a player and the game is private. */
  @state() private forbidden: string | null = null;
  /** The reader muted this game's chat (the server sends no lines). */
  @state() private muted = false;
  @state() private actionError: string | null = null;
  /** A dialog whose chunk could not be loaded: what it is, why, and the action that asked for it. */
  @state() private dialogFailed: { what: string; err: unknown; again: () => void } | null = null;

  @query('ol') private list?: HTMLOListElement;
  @query('textarea') private box?: HTMLTextAreaElement;
  private stickToBottom = true;

  private readonly poll = new PollController<ChatAnswer>(this, {
    url: () =>
      this.gameId && !this.forbidden ? `/api/games/${encodeURIComponent(this.gameId)}/chat?after=${lastChatId(this.lines)}` : null,
    onData: (d) => {
      this.muted = d.muted;
      if (d.muted) this.lines = [];
      else this.add(d.messages);
    },
    onError: (e) => {
      if (e.status === 403) this.forbidden = e.message;
    },
    timing: { visibleMs: 4_000 },
  });

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('gameId') && changed.get('gameId') !== undefined) {
      this.lines = [];
      this.forbidden = this.sendError = null;
      this.poll.reset();
      void this.poll.refresh();
    } else if (changed.has('gameId')) {
      // The panel comes with the game page's extras chunk and upgrades in a page already drawn:
      // its poll started on connecting, before the game id the page had set was given back to it
      // on this first update, and found no URL. Poll now, not a poll interval (4 s) later.
      this.poll.resume();
    }
    if (changed.has('lines') && this.list) {
      const l = this.list;
      this.stickToBottom = l.scrollHeight - l.scrollTop - l.clientHeight < 40;
    }
  }

  protected override updated(changed: PropertyValues): void {
    if (changed.has('lines') && this.list && this.stickToBottom) this.list.scrollTop = this.list.scrollHeight;
  }

  private add(fresh: ChatLine[]): void {
    const merged = mergeChat(this.lines, fresh);
    if (merged !== this.lines) this.lines = merged;
  }

  private async send(e: Event): Promise<void> {
    e.preventDefault();
    if (this.sending) return;
    const problem = chatDraftProblem(this.draft);
    if (problem) {
      this.sendError = problem;
      return;
    }
    this.sending = true;
    this.sendError = null;
    try {
      const line = await api<ChatLine>('POST', `/api/games/${encodeURIComponent(this.gameId)}/chat`, { body: { text: this.draft.trim() } });
      this.stickToBottom = true;
      this.add([line]);
      this.draft = '';
      this.completions = [];
    } catch (err) {
      this.sendError = err instanceof ApiError && err.status === 401 ? 'Sign in again to chat.' : messageOf(err);
    } finally {
      this.sending = false;
    }
  }

  private suggest(): void {
    const box = this.box;
    this.completions = box ? (completeMention(this.draft, box.selectionStart ?? this.draft.length, this.names)?.names ?? []) : [];
  }

  private complete(name: string): void {
    const box = this.box;
    const found = box ? completeMention(this.draft, box.selectionStart ?? this.draft.length, this.names) : null;
    if (!box || !found) return;
    const next = found.apply(name);
    this.draft = next.draft;
    this.completions = [];
    box.value = next.draft;
    box.focus();
    box.setSelectionRange(next.caret, next.caret);
  }

  private onKey(e: KeyboardEvent): void {
    // Tab takes the first completion of an `@name` being typed.
    if (e.key === 'Tab' && !e.shiftKey && this.completions.length) {
      e.preventDefault();
      this.complete(this.completions[0]);
      return;
    }
    // Enter sends, Shift+Enter starts a new line (as in most chats).
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      void this.send(e);
    }
  }

  /** Blocks the author of `l` (after asking): their lines leave the panel now, and the server sends no more. */
  private async block(l: ChatLine): Promise<void> {
    // The dialogs are chunks of their own, loaded on first use (client/on-demand.ts).
    const dialog = await this.dialog(
      'mp-confirm-dialog',
      () => import('./mp-confirm-dialog'),
      'The question before blocking',
      () => this.block(l),
    );
    const ok = await dialog?.ask(
      `Block ${l.name}? They are not told. Their chat lines stop reaching you, and you no longer see each other's open tables.`,
      'Block',
    );
    if (!ok) return;
    this.actionError = null;
    try {
      await api('POST', '/api/me/blocks', { body: { playerId: l.playerId } });
      this.lines = this.lines.filter((x) => x.playerId !== l.playerId);
    } catch (err) {
      this.actionError = messageOf(err);
    }
  }

  private async report(l: ChatLine): Promise<void> {
    const dialog = await this.dialog(
      'mp-report-dialog',
      () => import('./mp-report-dialog'),
      'The report form',
      () => this.report(l),
    );
    await dialog?.open({ playerId: l.playerId, name: l.name, gameId: this.gameId, chatId: l.id });
  }

  /**
   * The dialog `tag` of this panel, once its chunk is in; null when it could not be loaded: then
   * the panel says so, with `again` (the action that asked for it) as "Try again".
   */
  private async dialog<K extends 'mp-confirm-dialog' | 'mp-report-dialog'>(
    tag: K,
    load: () => Promise<unknown>,
    what: string,
    again: () => void,
  ) {
    this.actionError = null;
    this.dialogFailed = null;
    try {
      return await elementOnDemand(this.renderRoot, tag, load);
    } catch (err) {
      this.dialogFailed = { what, err, again };
      return null;
    }
  }

  private async setMuted(muted: boolean): Promise<void> {
    this.actionError = null;
    try {
      await api('PUT', `/api/games/${encodeURIComponent(this.gameId)}/chat/mute`, { body: { muted } });
      this.muted = muted;
      this.lines = [];
      this.poll.reset();
      void this.poll.refresh();
    } catch (err) {
      this.actionError = messageOf(err);
    }
  }

  private renderLine(l: ChatLine) {
    const myName = this.me?.name ?? null;
    const toMe = !!myName && mentionsMe(l.text, this.names, myName);
    return html`<li class=${toMe ? 'to-me' : ''}>
      <div class="who">
        <span
          class="dot"
          style=${l.seat === null ? 'background: transparent' : `background: ${seatColor(Number(l.seat))}`}
        ></span>
        <span class="name"><a href="/players/${encodeURIComponent(l.playerId)}">${l.name}</a></span>
        ${l.seat === null ? html`<span class="tag">watching</span>` : nothing}
        <time datetime=${l.at} title=${l.at}>${timeAgo(l.at)}</time>
        ${
          this.me && l.playerId !== this.me.id
            ? html`<span class="line-actions">
              <button type="button" aria-label=${`Report ${l.name}`} @click=${() => this.report(l)}>Report</button>
              <button type="button" aria-label=${`Block ${l.name}`} @click=${() => this.block(l)}>Block</button>
            </span>`
            : nothing
        }
      </div>
      <p class="text">${chatSegments(l.text, this.names, myName).map((s) =>
        s.mention ? html`<mark class="mention ${s.you ? 'you' : ''}">${s.text}</mark>` : s.text,
      )}</p>
    </li>`;
  }

  private renderForm() {
    if (!this.me) {
      return html`<p class="muted"><a href="/">Sign in</a> to chat.</p>`;
    }
    const left = CHAT_MAX_LENGTH - this.draft.trim().length;
    return html`<form @submit=${this.send}>
        <textarea
          rows="2"
          aria-label="Chat message"
          placeholder=${this.yourSeat === null ? 'Say something (as a watcher)' : 'Say something (@name mentions a player)'}
          maxlength=${CHAT_MAX_LENGTH}
          .value=${this.draft}
          @input=${(e: Event) => {
            this.draft = (e.target as HTMLTextAreaElement).value;
            this.sendError = null;
            this.suggest();
          }}
          @keydown=${this.onKey}
        ></textarea>
        <button class="primary" type="submit" ?disabled=${this.sending || !this.draft.trim()}>Send</button>
      </form>
      ${
        this.completions.length
          ? html`<ul class="complete" aria-label="Mention a player (Tab takes the first)">
            ${this.completions.map((n) => html`<li><button type="button" @click=${() => this.complete(n)}>@${n}</button></li>`)}
          </ul>`
          : nothing
      }
      ${this.sendError ? html`<p class="error hint" role="alert">${this.sendError}</p>` : nothing}
      ${left < 100 ? html`<p class="muted hint">${left} characters left.</p>` : nothing}
      <p class="muted hint">Enter sends; Shift+Enter starts a new line.</p>`;
  }

  override render() {
    if (this.forbidden) return html`<h2>Chat</h2><p class="muted">${this.forbidden}</p>`;
    const head = html`<div class="head">
      <h2>Chat</h2>
      ${this.me && !this.muted ? html`<button type="button" @click=${() => this.setMuted(true)}>Mute chat</button>` : nothing}
    </div>`;
    const dialogs = html`<mp-confirm-dialog></mp-confirm-dialog><mp-report-dialog></mp-report-dialog>`;
    const failed = this.dialogFailed;
    const problem = this.actionError
      ? html`<p class="error hint" role="alert">${this.actionError}</p>`
      : failed
        ? partFailed(failed.what, failed.err, failed.again)
        : nothing;
    if (this.muted) {
      return html`${head}
        <p class="muted">You muted this game's chat: nothing said here reaches you.</p>
        <button type="button" @click=${() => this.setMuted(false)}>Unmute chat</button>
        ${problem}${dialogs}`;
    }
    return html`${head}
      ${
        this.lines.length
          ? html`<ol role="log" aria-label="Chat log">${this.lines.map((l) => this.renderLine(l))}</ol>`
          : html`<p class="muted">${
              this.poll.error && this.poll.failures > 0 && this.lines.length === 0 && this.poll.data === undefined
                ? 'The chat is not reachable right now; retrying.'
                : this.poll.data === undefined && this.lines.length === 0
                  ? 'Loading the chat…'
                  : 'No messages yet.'
            }</p>`
      }
      ${problem}
      ${this.renderForm()}${dialogs}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-chat-panel': MpChatPanel;
  }
}
