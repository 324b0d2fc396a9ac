import type { Seat } from '../../core';
import { MARBLES_PER_TURN, TOWN } from './components';
import { drawUpToHand } from './cards';
import { plural, say, who, type Ctx } from './context';
import { resolveFateCard } from './fate';
import { dropFateMarble, runMarbles } from './marbles';
import { finalScore } from './scoring';
import type { BigThunderState } from './state';

/**
 * Who must act now: the active player, or during a Claim Jumper every player still choosing a
 * card to discard (simultaneous); nobody once the game is over.
 */
export function activeSeats(s: BigThunderState): Seat[] {
  if (s.phase === 'over') return [];
  if (s.pending?.kind === 'claimJumper') return [...s.pending.waiting];
  return [s.turn];
}

/**
 * Starts `seat`'s turn. On Your Turn 1, Run Marbles: "Start every turn by running three marbles";
 * a Fate marble is resolved after the running is finished. A player whose cart is in Town may
 * take Town actions ("Whenever you are in Town on your turn").
 */
export function beginTurn(ctx: Ctx, seat: Seat): void {
  const { s } = ctx;
  s.turn = seat;
  s.turnNumber += 1;
  s.phase = 'play';
  s.current = null;
  s.pending = null;
  s.town = s.seats[seat].position === TOWN ? { sold: false, bought: false } : null;
  s.lastRun = [];
  s.lastFate = null;
  say(ctx, seat, `${who(seat)} begins ${s.endTriggeredBy !== null ? 'their final turn' : 'a turn'}.`);
  const runs = runMarbles(ctx, MARBLES_PER_TURN);
  if (!s.fateMarble) return;
  // The basin ran dry before the third marble: "Drop the Fate marble back in the basin, and
  // continue to step 2". A snapshot from rules version 1 has no `fateOnEmptyBasin` and keeps its reading.
  if (runs.length < MARBLES_PER_TURN && s.options.fateOnEmptyBasin === false) {
    say(ctx, null, 'The basin is empty: the Fate marble drops back in without a Fate card.');
    dropFateMarble(ctx);
    return;
  }
  resolveFateCard(ctx, { kind: 'turnStart' });
}

/**
 * On Your Turn 3, Draw, then the next player's turn: draw up to the hand size, then "Each other
 * player takes one final turn, and then the game is over" once someone reached the target
 * (End of the Game).
 */
export function endTurn(ctx: Ctx, seat: Seat): void {
  const { s } = ctx;
  s.current = null;
  s.town = null;
  drawUpToHand(ctx, seat);
  const next = (seat + 1) % s.players;
  if (s.endTriggeredBy !== null && next === s.endTriggeredBy) {
    s.phase = 'over';
    s.pending = null;
    const finals = s.seats.map(finalScore);
    ctx.log.push({
      seat: null,
      text: `The game is over: final scoring. ${finals.map((f, i) => `${who(i)} ${plural(f.total, 'point')}`).join(', ')}.`,
      kind: 'phase',
    });
    finals.forEach((f, i) => {
      say(ctx, i, `${who(i)}: ${f.track} points + ${f.gold} for gold sold at half + ${f.shares} for Town Shares = ${f.total}.`);
    });
    return;
  }
  beginTurn(ctx, next);
}
