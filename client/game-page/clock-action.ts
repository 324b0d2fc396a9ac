/**
 * The table's clock actions as the game page's parts ask for them: one event, `mp-clock-action`,
 * with the path under the game (`pause`, `pause/agree`, `resume`, `seats/2/votes`), the body, and
 * the sentence that confirms it; the game session posts it (GameSession.clockAction).
 */

/** The event's name (bubbling, composed). */
export const CLOCK_ACTION_EVENT = 'mp-clock-action';

/** What a clock action asks for. */
export interface ClockActionDetail {
  path: string;
  body?: unknown;
  /** The line that confirms it; null when the page's own state says it already (a proposal shows in the turn bar's pause notice). */
  done: string | null;
}

/** Fires a clock action from `from`. */
export function sendClockAction(from: EventTarget, detail: ClockActionDetail): void {
  from.dispatchEvent(new CustomEvent<ClockActionDetail>(CLOCK_ACTION_EVENT, { detail, bubbles: true, composed: true }));
}
