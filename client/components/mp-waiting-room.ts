import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import type { Answer, GameMeta, Me, SeatWithChoices } from '../api-types';
import { shared } from '../styles';
import { emptySeats } from '../table';
import './mp-seated-records';
import './mp-invite-link';
import { PRINTED_COLOURS } from '../seat-colours';
import './mp-seat-choices';
import './mp-seat-list';

/**
 * The waiting room of an open game, and the invite page before joining: who has joined, the
 * options, who invited you and how the game starts (by itself when the last seat is taken, or
 * by its creator). Seated players invite by email or by the link; the creator may fill seats
 * with bots and start. Join, Start and "Add a bot" are the page's to perform: this element asks
 * with `mp-join` (detail: the setup choices to join with), `mp-start` and `mp-add-bot` (detail:
 * the seat) events. Where the game gives players a choice (Space Mountain's Rocket), a joiner
 * picks before joining and a seated player changes theirs here (`PUT /api/games/:id/choices`).
 */
@customElement('mp-waiting-room')
export class MpWaitingRoom extends LitElement {
  static override styles = [
    shared,
    css`
      h2 {
        margin-top: 0;
      }
      h3 {
        font-size: 1rem;
        margin: 1rem 0 0.4rem;
      }
      .options {
        margin: 0.25rem 0 0;
        padding-left: 1.2rem;
      }
      ul.bots {
        list-style: none;
        padding: 0;
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
      }
      form {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
      }
      form input {
        flex: 1 1 14rem;
        min-width: 0;
      }
      .status {
        min-height: 1.25rem;
        font-size: 0.9rem;
      }
    `,
  ];

  @property({ attribute: false }) meta: GameMeta | null = null;
  /** The invite code of the link the viewer opened, if any. */
  @property({ attribute: false }) invite: string | null = null;
  @property({ attribute: false }) me: Me | null = null;
  /** The page is performing a join, start or bot request. */
  @property({ type: Boolean }) busy = false;
  @state() private email = '';
  @state() private sending = false;
  @state() private sent: { ok: boolean; text: string } | null = null;
  /** A joiner's choices, sent with Join. */
  @state() private joinChoices: Record<string, string> = {};
  /** A seated player's choices as last saved here (the polled meta catches up later). */
  @state() private saved: { gameId: string; choices: Record<string, string> } | null = null;
  @state() private choosing = false;
  @state() private chose: { ok: boolean; text: string } | null = null;

  private ask(name: 'mp-join' | 'mp-start' | 'mp-add-bot', detail?: unknown): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  /** The viewer's current choices: saved here, else as the server last said. */
  private mine(meta: GameMeta): Record<string, string> {
    if (meta.yourSeat === null) return this.joinChoices;
    if (this.saved?.gameId === meta.id) return this.saved.choices;
    return (meta.seats as SeatWithChoices[]).find((s) => s.seat === meta.yourSeat)?.choices ?? {};
  }

  private async choose(meta: GameMeta, choices: Record<string, string>): Promise<void> {
    if (meta.yourSeat === null) {
      this.joinChoices = choices;
      return;
    }
    if (this.choosing) return;
    this.choosing = true;
    this.chose = null;
    try {
      const r = await api<Answer<'setSeatChoices'>>('PUT', `/api/games/${encodeURIComponent(meta.id)}/choices`, {
        body: { choices },
      });
      this.saved = { gameId: meta.id, choices: r.choices };
      this.chose = { ok: true, text: choiceText(meta, r.choices) };
    } catch (err) {
      this.chose = { ok: false, text: messageOf(err) };
    } finally {
      this.choosing = false;
    }
  }

  private renderChoices(meta: GameMeta, canJoin: boolean) {
    if (!meta.seatChoices.length || (meta.yourSeat === null && !canJoin)) return nothing;
    return html`<mp-seat-choices
        .choices=${meta.seatChoices}
        .seats=${meta.seats}
        .yourSeat=${meta.yourSeat}
        .selected=${this.mine(meta)}
        ?disabled=${this.busy || this.choosing}
        @mp-choose=${(e: CustomEvent<Record<string, string>>) => this.choose(meta, e.detail)}
      ></mp-seat-choices>
      <div class="status ${this.chose && !this.chose.ok ? 'error' : ''}" role="status">${this.chose?.text ?? ''}</div>`;
  }

  private async sendInvite(e: Event): Promise<void> {
    e.preventDefault();
    const email = this.email.trim();
    if (!email || !this.meta || this.sending) return;
    this.sending = true;
    this.sent = null;
    try {
      const r = await api<Answer<'inviteByEmail', 202>>('POST', `/api/games/${encodeURIComponent(this.meta.id)}/invite`, {
        body: { email },
      });
      this.sent = { ok: true, text: `Invitation sent to ${r.sentTo}.` };
      this.email = '';
    } catch (err) {
      this.sent = { ok: false, text: messageOf(err) };
    } finally {
      this.sending = false;
    }
  }

  private renderInvite(meta: GameMeta) {
    if (meta.yourSeat === null || !meta.inviteUrl) return nothing;
    return html`<h3>Invite players</h3>
      <form @submit=${this.sendInvite}>
        <label class="visually-hidden" for="invite-email">Email address to invite</label>
        <input
          id="invite-email"
          type="email"
          autocomplete="off"
          placeholder="friend@example.com"
          required
          .value=${this.email}
          @input=${(e: Event) => (this.email = (e.target as HTMLInputElement).value)}
        />
        <button type="submit" ?disabled=${this.sending}>${this.sending ? 'Sending…' : 'Send invitation'}</button>
      </form>
      <div class="status ${this.sent && !this.sent.ok ? 'error' : ''}" role="status">${this.sent?.text ?? ''}</div>
      <mp-invite-link .url=${meta.inviteUrl}></mp-invite-link>`;
  }

  override render() {
    const meta = this.meta;
    if (!meta) return nothing;
    const empty = emptySeats(meta.players, meta.seats);
    const filled = meta.players - empty.length;
    const autoStart = meta.startWhenFull !== false;
    const canJoin = meta.yourSeat === null && !!this.invite && !!this.me;
    return html`<section class="card" aria-labelledby="waiting-h">
      <h2 id="waiting-h">Waiting for players</h2>
      ${
        canJoin
          ? html`<p data-invited-by>You were invited to this game.${meta.invitedBy ? html` <strong>${meta.invitedBy}</strong> sent the invitation.` : nothing}</p>`
          : meta.invitedBy
            ? html`<p data-invited-by><strong>${meta.invitedBy}</strong> invited you to this game.</p>`
            : nothing
      }
      <p>${filled} of ${meta.players} seats taken.
        ${
          autoStart
            ? 'The game starts by itself when the last seat is taken; everyone is told.'
            : 'The game starts when its creator starts it.'
        }</p>
      <mp-seat-list style=${seatColors(meta)} .players=${meta.players} .seats=${meta.seats} .activeSeats=${[]} .yourSeat=${meta.yourSeat}></mp-seat-list>
      <mp-seated-records .seats=${meta.seats} .gameType=${meta.type}></mp-seated-records>
      ${
        meta.optionsText.length
          ? html`<h3>Options</h3>
            <ul class="options">
              ${meta.optionsText.map((o) => html`<li>${o}</li>`)}
            </ul>`
          : nothing
      }
      ${this.renderChoices(meta, canJoin)}
      ${
        canJoin
          ? html`<p><button class="primary" ?disabled=${this.busy} @click=${() => this.ask('mp-join', this.joinChoices)}>Join game</button></p>`
          : meta.yourSeat === null
            ? html`<p class="muted">You need an invite link to join this game.</p>`
            : nothing
      }
      ${this.renderInvite(meta)}
      ${
        meta.isCreator && empty.length
          ? html`<h3>Fill a seat with a bot</h3>
            <ul class="bots">
              ${empty.map(
                (seat) => html`<li>
                  <button ?disabled=${this.busy} @click=${() => this.ask('mp-add-bot', seat)} aria-label="Add a bot to seat ${seat + 1}">
                    Add a bot (seat ${seat + 1})
                  </button>
                </li>`,
              )}
            </ul>`
          : nothing
      }
      ${
        meta.isCreator && (!autoStart || empty.length === 0)
          ? html`<p class="row">
            <button class=${autoStart ? '' : 'primary'} ?disabled=${this.busy} @click=${() => this.ask('mp-start')}>Start game</button>
            ${empty.length ? html`<span class="muted">Waiting for ${empty.length} more.</span>` : nothing}
          </p>`
          : nothing
      }
    </section>`;
  }
}

/**
 * Where players choose a colour (a Rocket), each seat's dot shows the colour it chose, and a
 * seat that has not chosen yet a neutral grey: the palette's seat colours would say otherwise.
 */
function seatColors(meta: GameMeta): string {
  const choice = meta.seatChoices.find((c) => c.values.some((v) => Object.hasOwn(PRINTED_COLOURS, v.id)));
  if (!choice) return '';
  const seats = meta.seats as SeatWithChoices[];
  return Array.from({ length: meta.players }, (_, i) => {
    const value = seats.find((s) => s.seat === i)?.choices?.[choice.id];
    return `--mp-seat-${i}: ${(value && Object.hasOwn(PRINTED_COLOURS, value) && PRINTED_COLOURS[value]) || 'var(--mp-muted)'};`;
  }).join(' ');
}

/** "You chose the Blue Rocket." / "No preference: the start gives you one that is left." */
function choiceText(meta: GameMeta, choices: Record<string, string>): string {
  const said = meta.seatChoices.flatMap((c) => {
    const v = c.values.find((x) => x.id === choices[c.id]);
    return v ? [`the ${v.label}`] : [];
  });
  return said.length ? `You chose ${said.join(' and ')}.` : 'No preference: the start gives you one that is left.';
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-waiting-room': MpWaitingRoom;
  }
}
