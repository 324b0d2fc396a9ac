/**
 * The two cards above the board that say what happened: "Since you last looked" (following the
 * live game, client/game-page/since-follow.ts) and the round-end card (the last round or phase
 * end, client/game-page/round-end.ts), and the bar over the board while the player steps through
 * what happened (client/game-page/step-through.ts, components/mp-step-bar.ts). Templates the game
 * page places; the state is the session's.
 */
import { html, nothing } from 'lit';
import type { GameMeta } from '../api-types';
import { wordsFor } from '../games/words';
import type { GameSession } from './game-session';
import { lastPhaseLine } from './round-end';
import { followedEntries } from './since-follow';
import { stepsOf, type StepThrough } from './step-through';
import { drawOnDemand } from '../on-demand';
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
    ?canStep=${stepsOf(entries, meta.seats).length > 0}
    @mp-since-step=${() => s.steps.start(stepsOf(entries, meta.seats))}
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

/**
 * Over the board while stepping through what happened: which step, its lines, Back, Next, and the
 * way back to the game. Shown only after the player asks for it, so its element is a chunk of its
 * own (client/on-demand.ts), loaded then, while the first step's position is fetched.
 */
export function stepBar(st: StepThrough) {
  drawOnDemand('mp-step-bar', () => import('../components/mp-step-bar'));
  return html`<mp-step-bar
    class="step-bar"
    .index=${st.index}
    .count=${st.steps.length}
    .lines=${st.steps[st.index]?.lines ?? []}
    ?loading=${st.view === null}
    .error=${st.error}
    @mp-step-go=${(e: CustomEvent<number>) => void st.go(e.detail)}
    @mp-step-close=${() => st.close()}
  ></mp-step-bar>`;
}
