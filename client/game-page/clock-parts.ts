/**
 * The game page's clock parts, so the page stays a frame: the turn bar's line for a pause of the
 * table and "Next game" after your move, and the time control with its actions under the seats.
 * A table is seldom paused: the pause notice is a chunk of its own, loaded when there is a pause
 * or a proposal to show (client/on-demand.ts).
 */
import { html, nothing } from 'lit';
import type { GameMeta, GameState } from '../api-types';
import { drawOnDemand } from '../on-demand';
import '../components/mp-clock-actions';
import '../components/mp-next-game';

/** What the parts read of the page's session. */
interface Session {
  busy: boolean;
  turnPassed: boolean;
  net: { offline: boolean };
  game: GameState | null;
}

/** Inside the turn bar: the pause under way or proposed, and "Next game" once your move ended your turn. */
export function turnBarClockParts(s: Session, meta: GameMeta, yourSeat: number | null, gameId: string) {
  return html`${pauseNotice(s, meta, yourSeat)}
    ${s.turnPassed && meta.status === 'active' ? html`<mp-next-game offer .current=${gameId}></mp-next-game>` : nothing}`;
}

/** The pause under way or proposed (the notice draws nothing for a game that is not running). */
function pauseNotice(s: Session, meta: GameMeta, yourSeat: number | null) {
  if (meta.status !== 'active' || (!meta.pause && !meta.pauseProposal)) return nothing;
  drawOnDemand('mp-pause-notice', () => import('../components/mp-pause-notice'));
  return html`<mp-pause-notice .meta=${meta} .yourSeat=${yourSeat} ?disabled=${s.busy || s.net.offline}></mp-pause-notice>`;
}

/** Under the seats: the time control in words, "Propose a pause", the votes on a late seat. */
export function seatClockParts(s: Session, meta: GameMeta, yourSeat: number | null) {
  return html`<mp-clock-actions
    .meta=${meta}
    .clocks=${s.game?.clocks ?? meta.clocks}
    .yourSeat=${yourSeat}
    ?disabled=${s.busy || s.net.offline}
  ></mp-clock-actions>`;
}
