/**
 * The game page's folded sections: "About this game", "Notify this game to a webhook" and
 * "Replies by email". Few visits open them, so the page draws the fold and its summary line, and
 * the element inside is a chunk of its own, loaded the first time the fold is opened
 * (client/on-demand.ts); it upgrades when its chunk arrives, and says "Loading…" until then (the
 * page's `.fold` styles). When its chunk could not be loaded the fold says so, with "Try again"
 * and "Reload the page" (client/part-failed.ts), rather than "Loading…" for ever.
 */
import { html, type ReactiveControllerHost } from 'lit';
import type { GameMeta } from '../api-types';
import { defineOnDemand } from '../on-demand';
import { partFailed } from '../part-failed';

/** Tag -> why its chunk could not be loaded, while it could not (element definitions are per document, so is this). */
const failures = new Map<string, unknown>();

function fold(host: ReactiveControllerHost, summary: string, className: string, tag: string, load: () => Promise<unknown>, body: unknown) {
  const open = () => {
    // "Loading…" again while it is asked for anew.
    if (failures.delete(tag)) host.requestUpdate();
    defineOnDemand(tag, load).then(
      () => undefined,
      (err: unknown) => {
        failures.set(tag, err);
        host.requestUpdate();
      },
    );
  };
  const toggled = (e: Event) => {
    if ((e.target as HTMLDetailsElement).open) open();
  };
  const failure = failures.get(tag);
  return html`<details class="fold ${className}" @toggle=${toggled}>
    <summary>${summary}</summary>
    ${failures.has(tag) ? partFailed(`“${summary}”`, failure, open) : body}
  </details>`;
}

/** The seed hash, the time control, when the game was created, the version on screen. */
export function aboutFold(host: ReactiveControllerHost, meta: GameMeta, version: number) {
  return fold(
    host,
    'About this game',
    'card',
    'mp-about-game',
    () => import('../components/mp-about-game'),
    html`<mp-about-game .meta=${meta} .version=${version}></mp-about-game>`,
  );
}

/** A seated player's own webhook for this game. */
export function hookFold(host: ReactiveControllerHost, gameId: string) {
  return fold(
    host,
    'Notify this game to a webhook',
    'card',
    'mp-game-hook',
    () => import('../components/mp-game-hook'),
    html`<mp-game-hook .gameId=${gameId}></mp-game-hook>`,
  );
}

/** Playing this game by replying to its turn emails, off or on again. */
export function emailRepliesFold(host: ReactiveControllerHost, gameId: string) {
  return fold(
    host,
    'Replies by email',
    'card',
    'mp-game-email-replies',
    () => import('../components/mp-game-email-replies'),
    html`<mp-game-email-replies .gameId=${gameId}></mp-game-email-replies>`,
  );
}
