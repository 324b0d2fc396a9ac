import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api } from '../api';
import type { PlayerProfile, SeatInfo } from '../api-types';
import { playerLink, ratingText, reliabilityText } from '../player-link';
import { shared } from '../styles';

/**
 * The invite page's record of each seated player: reliability and their rating of this game
 * type, read from their profiles (`GET /api/players/:id`), so a joiner knows whom they sit with.
 */
@customElement('mp-seated-records')
export class MpSeatedRecords extends LitElement {
  static override styles = [
    shared,
    css`
      ul {
        list-style: none;
        padding: 0;
        margin: 0.5rem 0;
        font-size: 0.9rem;
      }
    `,
  ];

  @property({ attribute: false }) seats: SeatInfo[] = [];
  @property() gameType = '';
  @state() private profiles = new Map<string, PlayerProfile>();

  override updated(changed: Map<string, unknown>): void {
    if (!changed.has('seats')) return;
    for (const s of this.seats) {
      if (!s.userId || s.isBot || this.profiles.has(s.userId)) continue;
      const id = s.userId;
      api<PlayerProfile>('GET', `/api/players/${encodeURIComponent(id)}`).then(
        (p) => (this.profiles = new Map(this.profiles).set(id, p)),
        () => {},
      );
    }
  }

  override render() {
    const rows = this.seats.flatMap((s) => {
      const p = s.userId ? this.profiles.get(s.userId) : undefined;
      return p ? [{ s, p }] : [];
    });
    if (!rows.length) return nothing;
    return html`<ul aria-label="Seated players' records">
      ${rows.map(({ s, p }) => {
        const r = p.ratings.find((x) => x.type === this.gameType);
        return html`<li data-record=${s.seat}>${playerLink(p.name, p.id)}: ${reliabilityText(p.reliability.share)}, ${ratingText(r?.ordinal ?? null)}</li>`;
      })}
    </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-seated-records': MpSeatedRecords;
  }
}
