/**
 * The two cards above the board that say what happened: "Since you last looked" (following the
 * live game, client/game-page/since-follow.ts) and the round-end card (the last round or phase
 * end, client/game-page/round-end.ts). Templates the game page places; the state is the session's.
 */
import { html, nothing } from 'lit';
import type { GameMeta } from '../api-types';
import { wordsFor } from '../games/words';
import type { GameSession } from './game-session';
import { lastPhaseLine } from './round-end';
import { followedEntries } from './since-follow';
import '../components/mp-since-card';
import '../components/mp-round-end-card';

/** "Since you last looked" for a seated viewer, when there is anything to say (one line once read). */
export function sinceCard(s: GameSession, meta: GameMeta, yourSeat: number | null) {
  if (yourSeat === null) return nothing;
  const entries = followedEntries(s.since, s.log.entries, s.log.version >= 0, yourSeat);
  const changes = s.sinceDismissed ? [] : s.seen.changes(wordsFor(meta.type)?.quantities);
  if (!entries.length && !changes.length) return nothing;
  return html`<mp-since-card
    class="since"
    .entries=${entries}
    .changes=${changes}
    .seats=${meta.seats}
    .yourSeat=${yourSeat}
    ?collapsed=${s.sinceDismissed}
    @mp-since-dismiss=${() => s.dismissSince()}
    @mp-since-expand=${() => s.expandSince()}
  ></mp-since-card>`;
}

/** The last round or phase end in one short card, until the player hides it (a newer one shows again). */
export function roundEndCard(s: GameSession, meta: GameMeta) {
  const line = lastPhaseLine(s.log.entries);
  if (!line || line.seq === s.phaseHidden) return nothing;
  return html`<mp-round-end-card .entry=${line} .seats=${meta.seats} @mp-round-end-hide=${() => s.hidePhase(line.seq)}></mp-round-end-card>`;
}
