/**
 * The two cards above the board that say what happened: "Since you last looked" (following the
 * live game, client/game-page/since-follow.ts) and the round-end card (the last round or phase
 * end, client/game-page/round-end.ts), and the bar over the board while the player steps through
 * what happened (client/game-page/step-through.ts). Templates the game page places; the state is
 * the session's.
 */
import { html, nothing } from 'lit';
import type { GameMeta } from '../api-types';
import { wordsFor } from '../games/words';
import type { GameSession } from './game-session';
import { lastPhaseLine } from './round-end';
import { followedEntries } from './since-follow';
import { stepsOf, type StepThrough } from './step-through';
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

/** Over the board while stepping through what happened: which step, its lines, Back, Next, and the way back to the game. */
export function stepBar(st: StepThrough) {
  const step = st.steps[st.index];
  const last = st.index === st.steps.length - 1;
  return html`<div class="step-bar" role="group" aria-labelledby="step-bar-title">
    <p id="step-bar-title" aria-live="polite">
      <b>What happened, ${st.index + 1} of ${st.steps.length}:</b> ${step?.lines.join('; ')}.
      ${st.error ? html`<span class="error">${st.error}</span>` : st.view === null ? html`<span class="muted">Loading…</span>` : nothing}
    </p>
    <div class="row">
      <button type="button" ?disabled=${st.index === 0} @click=${() => st.go(st.index - 1)}>Back</button>
      <button type="button" ?disabled=${last} @click=${() => st.go(st.index + 1)}>Next</button>
      <button type="button" class=${last ? 'primary' : ''} @click=${() => st.close()}>Back to the game</button>
    </div>
  </div>`;
}
