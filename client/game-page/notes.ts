/**
 * The game page's notes about the viewer: why they only watch (or, on a notification's link,
 * that they may sign in to play), and the screens for a game they may not see. Templates rendered
 * in the page's own tree, with its styles.
 */
import { html, nothing } from 'lit';
import type { GameMeta, GameStatus, Me } from '../api-types';
import { isOver, resignedSeat } from '../table';

/** For everyone without a seat (watchers, a player who resigned); nothing for a player or while the game waits. */
export function watchingNote(p: {
  meta: GameMeta;
  status: GameStatus;
  yourSeat: number | null;
  me: Me | null;
  invite: string | null;
  /** The seat a notification's link was for (`?seat=`). */
  seatHint: number | null;
}) {
  const { meta, status } = p;
  if (p.yourSeat !== null || status === 'open') return nothing;
  if (!p.me && p.seatHint !== null && p.seatHint < meta.players && !isOver(status)) {
    return html`<p class="notice sign-in-to-play" role="note">
      <strong>Is this your game?</strong> This link was sent to the player in seat ${p.seatHint + 1}.
      <a class="button primary" href="/">Sign in to play</a>
    </p>`;
  }
  const resigned = resignedSeat(meta.seats, p.me?.id);
  const why =
    resigned !== null
      ? `You resigned, so a bot plays seat ${resigned + 1}.`
      : p.invite
        ? 'This game started before you joined.'
        : isOver(status)
          ? 'You did not play in this game.'
          : 'You are not playing in this game.';
  return html`<p class="notice watching" role="note">
    <strong>You are watching.</strong> ${why} You see what every watcher sees, and you cannot make moves.
    ${p.me ? nothing : html`<a href="/">Sign in</a> to chat.`}
  </p>`;
}

/** A private game seen from outside (403 private_game). */
export function privateGameScreen(title: string | undefined, reason: string | null, me: Me | null) {
  return html`<h1>${title ?? 'This game'} is private</h1>
    <p class="notice private" role="alert">${reason}</p>
    <p>
      ${
        me
          ? html`You are signed in as ${me.name || me.email}, who has no seat at this table. If you were invited, open the invite
            link you were sent.`
          : html`If you have a seat, <a href="/">sign in</a> first.`
      }
    </p>
    <p><a href="/">Back to ${me ? 'your games' : 'the start page'}</a></p>`;
}

/** A game that does not exist, or that the viewer may not see. */
export function unavailableScreen(reason: string) {
  return html`<h1>Game not available</h1>
    <p class="error" role="alert">${reason}</p>
    <p><a href="/">Back to your games</a></p>`;
}
