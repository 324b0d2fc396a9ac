/**
 * The game page's folded sections: "About this game", "Notify this game to a webhook" and
 * "Replies by email". Few visits open them, so the page draws the fold and its summary line, and
 * the element inside is a chunk of its own, loaded the first time the fold is opened
 * (client/on-demand.ts); it upgrades when its chunk arrives, and says "Loading…" until then (the
 * page's `.fold` styles).
 */
import { html } from 'lit';
import type { GameMeta } from '../api-types';
import { drawOnDemand } from '../on-demand';

function fold(summary: string, className: string, tag: string, load: () => Promise<unknown>, body: unknown) {
  const toggled = (e: Event) => {
    if ((e.target as HTMLDetailsElement).open) drawOnDemand(tag, load);
  };
  return html`<details class="fold ${className}" @toggle=${toggled}>
    <summary>${summary}</summary>
    ${body}
  </details>`;
}

/** The seed hash, the time control, when the game was created, the version on screen. */
export function aboutFold(meta: GameMeta, version: number) {
  return fold(
    'About this game',
    'card',
    'mp-about-game',
    () => import('../components/mp-about-game'),
    html`<mp-about-game .meta=${meta} .version=${version}></mp-about-game>`,
  );
}

/** A seated player's own webhook for this game. */
export function hookFold(gameId: string) {
  return fold(
    'Notify this game to a webhook',
    'card',
    'mp-game-hook',
    () => import('../components/mp-game-hook'),
    html`<mp-game-hook .gameId=${gameId}></mp-game-hook>`,
  );
}

/** Playing this game by replying to its turn emails, off or on again. */
export function emailRepliesFold(gameId: string) {
  return fold(
    'Replies by email',
    '',
    'mp-game-email-replies',
    () => import('../components/mp-game-email-replies'),
    html`<mp-game-email-replies .gameId=${gameId}></mp-game-email-replies>`,
  );
}
