import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api } from '../api';
import type { FriendsAnswer, TableRequirements } from '../api-types';
import { formParts, shared } from '../styles';

/** What the new-game form sends about who plays: rated or not, and what a joining player must have. */
export interface TablePlayers {
  rated: boolean;
  requirements: TableRequirements;
}

/** Fired with a `TablePlayers` whenever a field changes. */
export const TABLE_PLAYERS_EVENT = 'mp-table-players-change';
/** Fired with a friend's id: create the table now with them seated ("Play with ..."). */
export const PLAY_WITH_EVENT = 'mp-play-with';

/**
 * The new-game form's "Who plays" part: a rated switch, the table's requirements (a minimum
 * reliability and a number of finished games), and one button per friend that creates the
 * table with them seated at once.
 */
@customElement('mp-table-players')
export class MpTablePlayers extends LitElement {
  static override styles = [
    shared,
    formParts,
    css`
      .grid {
        display: grid;
        gap: 0.5rem;
      }
      .friends {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
      }
      input[type='number'] {
        width: 6rem;
      }
    `,
  ];

  @property({ type: Boolean }) busy = false;
  @state() private friends: FriendsAnswer['friends'] = [];
  @state() private value: TablePlayers = { rated: true, requirements: {} };

  override connectedCallback(): void {
    super.connectedCallback();
    api<FriendsAnswer>('GET', '/api/me/friends').then(
      (f) => (this.friends = f.friends),
      () => {},
    );
  }

  private set(next: TablePlayers): void {
    this.value = next;
    this.dispatchEvent(new CustomEvent<TablePlayers>(TABLE_PLAYERS_EVENT, { detail: next, bubbles: true, composed: true }));
  }

  private number(e: Event): number | undefined {
    const raw = (e.target as HTMLInputElement).value;
    return raw === '' ? undefined : Number(raw);
  }

  override render() {
    const r = this.value.requirements;
    return html`<fieldset>
      <legend>Who plays</legend>
      <div class="grid">
        <label><input type="checkbox" .checked=${this.value.rated} @change=${(e: Event) => this.set({ ...this.value, rated: (e.target as HTMLInputElement).checked })} />
          Rated (counts for the players' ratings when every player took part; bots and private games never do)</label>
        <label>Minimum reliability
          <input type="number" min="0" max="100" step="5" placeholder="none" aria-label="Minimum reliability (%)"
            .value=${r.minReliability === undefined ? '' : String(Math.round(r.minReliability * 100))}
            @change=${(e: Event) => {
              const v = this.number(e);
              this.set({
                ...this.value,
                requirements: { ...r, minReliability: v === undefined ? undefined : Math.min(100, Math.max(0, v)) / 100 },
              });
            }} /> %</label>
        <label>Minimum games finished
          <input type="number" min="0" max="10000" placeholder="none" aria-label="Minimum games finished"
            .value=${r.minFinishedGames === undefined ? '' : String(r.minFinishedGames)}
            @change=${(e: Event) => {
              const v = this.number(e);
              this.set({
                ...this.value,
                requirements: { ...r, minFinishedGames: v === undefined ? undefined : Math.max(0, Math.floor(v)) },
              });
            }} /></label>
        ${
          this.friends.length
            ? html`<div>
              <div>Play with a friend: one click creates the table with them seated (they get an email).</div>
              <div class="friends">
                ${this.friends.map(
                  (f) =>
                    html`<button type="button" ?disabled=${this.busy} @click=${() =>
                      this.dispatchEvent(new CustomEvent<string>(PLAY_WITH_EVENT, { detail: f.id, bubbles: true, composed: true }))}>
                      Play with ${f.name}</button>`,
                )}
              </div>
            </div>`
            : nothing
        }
      </div>
    </fieldset>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-table-players': MpTablePlayers;
  }
}
