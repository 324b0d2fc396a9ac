import { html, type TemplateResult } from 'lit';

/** A player's name as a link to their profile (`/players/:id`); a bot or a deleted account is plain text. */
export function playerLink(name: string, playerId: string | null | undefined): TemplateResult | string {
  return playerId ? html`<a class="player" href="/players/${encodeURIComponent(playerId)}">${name}</a>` : name;
}

/** A reliability share as the pages show it: "92% reliable", or "new" without an ended timed game. */
export function reliabilityText(share: number | null): string {
  return share === null ? 'no timed games yet' : `${Math.round(share * 100)}% reliable`;
}

/** A rating ordinal as shown (one decimal), or "provisional". */
export function ratingText(ordinal: number | null): string {
  return ordinal === null ? 'rating provisional' : `rating ${ordinal.toFixed(1)}`;
}
