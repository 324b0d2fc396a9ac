import { initialState, Task } from '@lit/task';
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import { shared } from '../styles';
import { setPageTitle } from '../waiting';

import type { Rules } from '../api-types';
/** `GET /api/game-types/:id/rules` as the page reads it (see engine/core/how-to-play.ts). */

/**
 * A game's How to play page (`/how-to-play/:id`): the summary in our own words (goal, a turn,
 * the end, scoring) and the readings the engine chose where the rulebook is silent, each naming
 * the option that switches it. Open to visitors, so an invitation can link to it.
 */
@customElement('mp-how-to-play')
export class MpHowToPlay extends LitElement {
  static override styles = [
    shared,
    css`
      ol.turn li + li {
        margin-top: 0.4rem;
      }
      .notes li {
        margin-bottom: 0.6rem;
      }
      .option {
        font-size: 0.9em;
      }
    `,
  ];

  /** Game type id, e.g. `big-thunder`. */
  @property() gameType = '';

  /** The rules of `gameType`, fetched again whenever it changes. */
  private rules = new Task(this, {
    task: async ([type]) => {
      if (!type) return initialState;
      const rules = await api<Rules>('GET', `/api/game-types/${encodeURIComponent(type)}/rules`);
      setPageTitle(`How to play ${rules.title}`);
      return rules;
    },
    args: () => [this.gameType],
  });

  override render() {
    return this.rules.render({
      initial: () => html`<p class="muted">Loading…</p>`,
      pending: () => html`<p class="muted">Loading…</p>`,
      error: (err) =>
        html`<h1>How to play</h1><p class="error" role="alert">${messageOf(err)}</p><p><a href="/">Back to the start page</a></p>`,
      complete: (r) => this.renderRules(r),
    });
  }

  private renderRules(r: Rules) {
    return html`<article>
      <h1>How to play ${r.title}</h1>
      <section class="card" aria-labelledby="goal">
        <h2 id="goal">Goal</h2>
        <p>${r.summary.goal}</p>
        <h2>A turn</h2>
        <ol class="turn">
          ${r.summary.turn.map((step) => html`<li>${step}</li>`)}
        </ol>
        <h2>The end</h2>
        <p>${r.summary.end}</p>
        <h2>Who wins</h2>
        <p>${r.summary.scoring}</p>
      </section>
      <section class="card" aria-labelledby="readings">
        <h2 id="readings">How this server reads the rules</h2>
        <p class="muted">Where the rulebook is silent, unclear or missing, the engine had to choose. Options can be set when a game is created.</p>
        <ul class="notes">
          ${r.notes.map(
            (n) => html`<li id=${`note-${n.id}`}>
              ${n.text}${n.option ? html` <span class="option muted">Option: <code>${n.option}</code>.</span>` : nothing}
            </li>`,
          )}
        </ul>
        <p class="muted">Rules version ${r.rulesVersion}.</p>
      </section>
      <p><a href="/new">Start a game</a></p>
    </article>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-how-to-play': MpHowToPlay;
  }
}
