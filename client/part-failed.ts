/**
 * What a part of a page loaded on first use (client/on-demand.ts) shows when its chunk could not
 * be loaded: a sentence, "Try again" when asking again does request it anew (`canTryAgain`), and
 * always "Reload the page", which loads every chunk afresh.
 */
import { html, nothing } from 'lit';
import { canTryAgain } from './on-demand';

/** `what` ("The report form") could not be loaded with `err`; `tryAgain` loads it again. */
export function partFailed(what: string, err: unknown, tryAgain?: () => void) {
  const again = !!tryAgain && canTryAgain(err);
  return html`<p class="error part-failed" role="alert">
    ${what} could not be loaded${again ? ': check the connection and try again, or reload the page.' : '. Reload the page to load it.'}
    ${again ? html`<button type="button" @click=${tryAgain}>Try again</button>` : nothing}
    <button type="button" @click=${() => location.reload()}>Reload the page</button>
  </p>`;
}
