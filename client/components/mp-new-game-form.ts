import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import { navigate } from '../router';
import { collectOptions, fieldsFromSchema, initialValues, playerCounts, validateValue, type OptionField } from '../schema-form';
import { formParts, shared } from '../styles';
import { botChoices, clampBots, NO_CLOCK, ON_RESIGN, startsAtOnce, type ClockChoice } from '../new-game-options';
import type { Answer, GameType, Me } from '../api-types';
import './mp-options-form';
import './mp-seat-choices';
import './mp-invite-link';
import './mp-time-control-fields';
import './mp-table-players';
import type { TablePlayers } from './mp-table-players';

/** A game just created: the answer of `POST /api/games`, and the title of its type. */
type Created = Answer<'createGame', 201> & { title: string };

/**
 * The new-game form: game type, number of players (the type's min..max) and the type's options,
 * drawn from its JSON Schema with the defaults filled in; bots for some or all other seats,
 * who may watch, what happens when a player resigns, and the clock (mp-time-control-fields). After creating, it
 * shows the invite link, or goes straight to the game when bots fill every other seat.
 */
@customElement('mp-new-game-form')
export class MpNewGameForm extends LitElement {
  static override styles = [
    shared,
    formParts,
    css`
      :host {
        max-width: 36rem;
      }
      form {
        display: grid;
        gap: 1rem;
      }
      .hint {
        font-size: 0.85rem;
        color: var(--mp-muted);
        margin: 0.25rem 0 0;
      }
    `,
  ];

  @property({ attribute: false }) me: Me | null = null;
  @state() private types: GameType[] | null = null;
  @state() private typeId = '';
  @state() private players = 0;
  @state() private fields: OptionField[] = [];
  @state() private values: Record<string, unknown> = {};
  /** The creator's setup choices for seat 1 (a Rocket), sent as `choices`. */
  @state() private choices: Record<string, string> = {};
  @state() private clock: ClockChoice = NO_CLOCK;
  /** Rated, requirements (from <mp-table-players>). */
  @state() private tablePlayers: TablePlayers = { rated: true, requirements: {} };
  @state() private bots = 0;
  @state() private isPublic = true;
  @state() private startWhenFull = true;
  @state() private onResign: 'bot' | 'end' = 'bot';
  @state() private busy = false;
  @state() private error: string | null = null;
  @state() private created: Created | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.loadTypes();
  }

  private async loadTypes(): Promise<void> {
    try {
      const types = await api<GameType[]>('GET', '/api/game-types');
      this.types = types;
      if (types.length) this.selectType(types[0].id);
    } catch (err) {
      this.error = messageOf(err);
    }
  }

  private get type(): GameType | undefined {
    return this.types?.find((t) => t.id === this.typeId);
  }

  private selectType(id: string): void {
    const t = this.types?.find((x) => x.id === id);
    if (!t) return;
    this.typeId = id;
    const counts = playerCounts(t.minPlayers, t.maxPlayers);
    if (!counts.includes(this.players)) this.players = counts[0];
    this.bots = clampBots(this.bots, this.players);
    this.fields = fieldsFromSchema(t.options);
    this.values = initialValues(this.fields);
    this.choices = {};
    this.error = null;
  }

  private async submit(e: Event, friends: string[] = []): Promise<void> {
    e.preventDefault();
    const t = this.type;
    if (!t || this.busy) return;
    const problem = this.fields.map((f) => validateValue(f, this.values[f.key])).find(Boolean);
    if (problem) {
      this.error = problem;
      return;
    }
    this.busy = true;
    this.error = null;
    try {
      const res = await api<Answer<'createGame', 201>>('POST', '/api/games', {
        body: {
          type: t.id,
          players: this.players,
          options: collectOptions(this.fields, this.values),
          ...this.clock,
          onResign: this.onResign,
          public: this.isPublic,
          startWhenFull: this.startWhenFull,
          bots: this.bots,
          ...(Object.keys(this.choices).length ? { choices: this.choices } : {}),
          ...this.tablePlayers,
          ...(friends.length ? { friends } : {}),
        },
      });
      // Bots (and friends) in every other seat: the server has started the game already.
      const seated = this.bots + friends.length;
      if (startsAtOnce(this.players, this.bots) || (friends.length && seated === this.players - 1 && this.startWhenFull))
        navigate(`/games/${encodeURIComponent(res.id)}`);
      else this.created = { id: res.id, inviteUrl: res.inviteUrl, title: t.title };
    } catch (err) {
      this.error = messageOf(err);
    } finally {
      this.busy = false;
    }
  }

  private renderCreated(c: Created) {
    return html`<div class="card">
      <h1>Game created</h1>
      <p>Your ${c.title} game is waiting for players. Invite them by email from the game's page, or send them this link.
        ${
          this.startWhenFull
            ? 'The game starts by itself when the last seat is taken.'
            : 'Once every seat is taken, start the game from its page.'
        }</p>
      <mp-invite-link .url=${c.inviteUrl}></mp-invite-link>
      <p class="row">
        <a class="button primary" href="/games/${encodeURIComponent(c.id)}">Go to the game</a>
        <button type="button" @click=${() => (this.created = null)}>Create another</button>
      </p>
    </div>`;
  }

  private renderTable() {
    const choices = botChoices(this.players);
    return html`<fieldset>
      <legend>At the table</legend>
      <label for="bots">Play against bots</label>
      <select id="bots" @change=${(e: Event) => (this.bots = clampBots(Number((e.target as HTMLSelectElement).value), this.players))}>
        ${choices.map(
          (n) => html`<option value=${n} ?selected=${n === this.bots}>
            ${n === 0 ? 'No bots: invite people' : n === this.players - 1 ? `${n} ${n === 1 ? 'bot' : 'bots'}: start now, just me` : `${n} ${n === 1 ? 'bot' : 'bots'}, invite the rest`}
          </option>`,
        )}
      </select>
      <p class="hint">Bots take the seats after yours, from seat 2 on, and play the built-in strategy.</p>
      <div class="radio" style="margin-top: 0.75rem">
        <input type="checkbox" id="public" .checked=${this.isPublic} @change=${(e: Event) => (this.isPublic = (e.target as HTMLInputElement).checked)} />
        <label for="public">Public: anyone with the link may watch and chat</label>
      </div>
      <p class="hint">${this.isPublic ? 'Listed in the lobby, where anyone may join or watch. Watchers see only what every player may see.' : 'Private: only the players see the board, the log and the chat; only your invitations bring players. A private game is not rated: its record is not public, so it changes nobody\u2019s rating.'}</p>
      <div class="radio" style="margin-top: 0.75rem">
        <input type="checkbox" id="start-when-full" .checked=${this.startWhenFull} @change=${(e: Event) => (this.startWhenFull = (e.target as HTMLInputElement).checked)} />
        <label for="start-when-full">Start by itself when the last seat is taken</label>
      </div>
      <p class="hint">${this.startWhenFull ? 'Everyone is told the game has started.' : 'You start it from the game page.'}</p>
      <fieldset class="inner">
        <legend>When a player resigns</legend>
        ${ON_RESIGN.map(
          (x) => html`<div class="radio">
            <input
              type="radio"
              name="on-resign"
              id="on-resign-${x.value}"
              value=${x.value}
              .checked=${x.value === this.onResign}
              @change=${() => (this.onResign = x.value)}
            />
            <label for="on-resign-${x.value}">${x.label}</label>
          </div>`,
        )}
      </fieldset>
    </fieldset>`;
  }

  override render() {
    if (this.created) return this.renderCreated(this.created);
    const t = this.type;
    return html`<h1>New game</h1>
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      ${
        this.types === null
          ? this.error
            ? nothing
            : html`<p class="muted">Loading games…</p>`
          : this.types.length === 0
            ? html`<p>No games are available on this server yet.</p>`
            : html`<form class="card" @submit=${this.submit}>
              <div>
                <label for="type">Game</label>
                <select id="type" @change=${(e: Event) => this.selectType((e.target as HTMLSelectElement).value)}>
                  ${this.types.map((x) => html`<option value=${x.id} ?selected=${x.id === this.typeId}>${x.title}</option>`)}
                </select>
              </div>
              ${
                t
                  ? html`<div>
                      <label for="players">Players</label>
                      <select
                        id="players"
                        @change=${(e: Event) => {
                          this.players = Number((e.target as HTMLSelectElement).value);
                          this.bots = clampBots(this.bots, this.players);
                        }}
                      >
                        ${playerCounts(t.minPlayers, t.maxPlayers).map(
                          (n) => html`<option value=${n} ?selected=${n === this.players}>${n} players</option>`,
                        )}
                      </select>
                    </div>
                    <fieldset>
                      <legend>Options</legend>
                      <mp-options-form
                        .fields=${this.fields}
                        .values=${this.values}
                        @mp-options-change=${(e: CustomEvent<Record<string, unknown>>) => (this.values = e.detail)}
                      ></mp-options-form>
                    </fieldset>
                    ${
                      t.seatChoices.length
                        ? html`<mp-seat-choices
                          .choices=${t.seatChoices}
                          .yourSeat=${0}
                          .selected=${this.choices}
                          @mp-choose=${(e: CustomEvent<Record<string, string>>) => (this.choices = e.detail)}
                        ></mp-seat-choices>`
                        : nothing
                    }
                    ${this.renderTable()}
                    <mp-time-control-fields
                      .value=${this.clock}
                      @mp-clock-choice=${(e: CustomEvent<ClockChoice>) => (this.clock = e.detail)}
                    ></mp-time-control-fields>
                    <mp-table-players
                      ?busy=${this.busy}
                      @mp-table-players-change=${(e: CustomEvent<TablePlayers>) => (this.tablePlayers = e.detail)}
                      @mp-play-with=${(e: CustomEvent<string>) => this.submit(e, [e.detail])}
                    ></mp-table-players>`
                  : nothing
              }
              <div><button class="primary" type="submit" ?disabled=${this.busy || !t}>
                  ${this.busy ? 'Creating…' : startsAtOnce(this.players, this.bots) ? 'Create and start' : 'Create game'}
                </button></div>
            </form>`
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-new-game-form': MpNewGameForm;
  }
}
