import { IllegalMove, type MoveResult, type Seat } from '../../core';
import { ACTION_NAMES, SUPPLIES, type ActionKind } from './components';
import { actionInPlay, discardFromHand, playCard, useAction } from './cards';
import { newCtx, refuse, say, who, type Ctx, type Refusal } from './context';
import { claimJumperDiscard, offerTunnel, resolveFateCard } from './fate';
import { basinCount, runMarble } from './marbles';
import { bailWater, takeGold, whyNotBail, whyNotMine } from './mining';
import { resupply, whyNotResupply } from './market';
import { moveCart, moveCartTo } from './movement';
import type { BigThunderMove } from './moves';
import { takeSetAsideShare } from './scoring';
import { cloneState, type BigThunderState } from './state';
import { buyShare, buyUpgrade, removeUpgrade, sellGold, whyNotBuyShare, whyNotBuyUpgrade, whyNotRemoveUpgrade, whyNotSell } from './town';
import { activeSeats, endTurn } from './turn';

const PENDING_NAMES = {
  claimJumper: 'First choose the card to discard for the Claim Jumper.',
  tunnel: 'First choose whether to take the Crosscut Tunnel.',
  removeUpgrade: 'First choose which Upgrade to remove to make room.',
  chooseShare: 'First choose one of the set-aside Town Shares.',
} as const;

/**
 * Why `seat` may not make `move` now, or null when it is legal. The one source of truth for both
 * `legalMoves` (which filters candidate moves with it) and `applyMove` (which throws its answer).
 * Guard clauses in rulebook order, each naming its reason.
 */
export function whyIllegal(s: BigThunderState, seat: Seat, move: BigThunderMove): Refusal | null {
  if (s.phase === 'over') return refuse('game_over', 'The game is over.');
  if (!activeSeats(s).includes(seat)) return refuse('not_your_turn', 'It is not your turn.');
  const p = s.seats[seat];

  // A decision that interrupts the turn must be answered first.
  if (s.pending) {
    const pending = s.pending;
    const answers = { claimJumper: 'claimJumper', tunnel: 'tunnel', removeUpgrade: 'removeUpgrade', chooseShare: 'chooseShare' } as const;
    if (move.type !== answers[pending.kind]) return refuse('choice_pending', PENDING_NAMES[pending.kind]);
    switch (move.type) {
      case 'claimJumper':
        return p.hand.includes(move.card) ? null : refuse('not_in_hand', 'That card is not in your hand.');
      case 'tunnel':
        return null;
      case 'removeUpgrade':
        return whyNotRemoveUpgrade(s, seat, move.upgrade);
      case 'chooseShare':
        return move.index < s.setAside.length
          ? null
          : refuse('no_such_share', `There are only ${s.setAside.length} set-aside Town Shares.`);
    }
  }
  switch (move.type) {
    case 'claimJumper':
    case 'tunnel':
    case 'removeUpgrade':
    case 'chooseShare':
      return refuse('no_choice_pending', 'There is no such choice to make now.');
    case 'endTurn':
      return null;
    case 'discard':
      return p.hand.includes(move.card) ? null : refuse('not_in_hand', 'That card is not in your hand.');
  }

  // Everything else belongs to On Your Turn 2, Play Cards.
  if (s.phase === 'discard')
    return refuse('card_play_over', 'You have started discarding at the end of your turn: discard more cards or end your turn.');
  switch (move.type) {
    case 'play':
      return p.hand.includes(move.card) ? null : refuse('not_in_hand', 'That card is not in your hand.');
    case 'discardToMove':
      if (!p.hand.includes(move.card)) return refuse('not_in_hand', 'That card is not in your hand.');
      return SUPPLIES[move.card].discardToMove
        ? null
        : refuse('no_discard_to_move', `${SUPPLIES[move.card].name} has no Discard to Move action.`);
    case 'move':
    case 'pick':
    case 'pan':
    case 'bail':
    case 'resupply':
    case 'crosscut': {
      const why = whyNotAction(s, move.type, move.action);
      if (why) return why;
      switch (move.type) {
        case 'move': {
          const a = actionInPlay(s, move.action)!;
          return a.kind === 'move' && move.spaces > a.spaces ? refuse('too_far', `This Move action moves up to ${a.spaces} spaces.`) : null;
        }
        case 'pick':
        case 'pan':
          return whyNotMine(s, seat, move.type, move.shaft, move.marble);
        case 'bail':
          return whyNotBail(s, seat);
        case 'resupply':
          return whyNotResupply(s, move.slot);
        case 'crosscut':
          return basinCount(s.basin) === 0 ? refuse('basin_empty', 'The basin is empty: no marble can run.') : null;
      }
      return null;
    }
    case 'sell':
      return whyNotSell(s, seat, move);
    case 'buyUpgrade':
      return whyNotBuyUpgrade(s, seat, move.upgrade);
    case 'buyShare':
      return whyNotBuyShare(s, seat);
  }
}

/** Why action `index` of the card in play can't be taken as a `kind` action, or null. */
function whyNotAction(s: BigThunderState, kind: ActionKind, index: number): Refusal | null {
  if (!s.current) return refuse('no_card_in_play', 'Play a card first: actions come from the card you played last.');
  const a = actionInPlay(s, index);
  if (!a || a.kind !== kind) return refuse('no_such_action', `${SUPPLIES[s.current.card].name} has no ${ACTION_NAMES[kind]} action there.`);
  if (s.current.used[index]) return refuse('action_used', `You have already taken that ${ACTION_NAMES[kind]} action of this card.`);
  return null;
}

/**
 * Applies one move (pure: `s` is not changed). Throws `IllegalMove` with the reason when the rules
 * refuse it. `reveals` is true when marbles ran, cards were drawn or hidden cards were looked at.
 */
export function applyMove(s: BigThunderState, seat: Seat, move: BigThunderMove): MoveResult<BigThunderState> {
  checkLegal(s, seat, move);
  const copy = cloneState(s);
  return { state: copy, ...resolveMove(copy, seat, move) };
}

/**
 * `applyMove` on a state the caller owns exclusively (trusted replays, Game contract): the same
 * checks, effect, log and errors, without the copy. No rule keeps a reference to the move or to a
 * component constant in the state, so later moves change nothing outside it.
 */
export function applyMoveInPlace(s: BigThunderState, seat: Seat, move: BigThunderMove): Omit<MoveResult<BigThunderState>, 'state'> {
  checkLegal(s, seat, move);
  return resolveMove(s, seat, move);
}

function checkLegal(s: BigThunderState, seat: Seat, move: BigThunderMove): void {
  const why = whyIllegal(s, seat, move);
  if (why) throw new IllegalMove(why.code, why.message);
}

/** Performs a legal `move` on `s` itself. */
function resolveMove(s: BigThunderState, seat: Seat, move: BigThunderMove): Omit<MoveResult<BigThunderState>, 'state'> {
  const ctx = newCtx(s);
  perform(ctx, seat, move);
  s.rng = ctx.rng.state;
  return { log: ctx.log, reveals: ctx.reveals, ...(ctx.revealed ? { revealed: ctx.revealed } : {}) };
}

function perform(ctx: Ctx, seat: Seat, move: BigThunderMove): void {
  const { s } = ctx;
  switch (move.type) {
    case 'play':
      return playCard(ctx, seat, move.card);
    case 'discardToMove':
      discardFromHand(ctx, seat, move.card, true);
      say(ctx, seat, `${who(seat)} discards ${SUPPLIES[move.card].name} to move.`);
      return moveCart(ctx, seat, 1);
    case 'move':
      useAction(ctx, move.action);
      return moveCart(ctx, seat, move.spaces);
    case 'pick':
    case 'pan':
      useAction(ctx, move.action);
      return takeGold(ctx, seat, move.type, move.shaft, move.marble);
    case 'bail':
      useAction(ctx, move.action);
      return bailWater(ctx, seat);
    case 'resupply':
      useAction(ctx, move.action);
      return resupply(ctx, seat, move.slot);
    case 'crosscut': {
      useAction(ctx, move.action);
      s.lastRun = [];
      s.lastFate = null;
      say(ctx, seat, `${who(seat)} digs a Crosscut Tunnel.`);
      const run = runMarble(ctx)!;
      if (run.marble === 'fate') return resolveFateCard(ctx, { kind: 'crosscut', shaft: run.shaft });
      return offerTunnel(ctx, run.shaft);
    }
    case 'tunnel': {
      const pending = s.pending;
      s.pending = null;
      if (pending?.kind !== 'tunnel') return;
      if (move.enter) moveCartTo(ctx, seat, pending.shaft);
      else say(ctx, seat, `${who(seat)} stays put.`);
      return;
    }
    case 'sell':
      return sellGold(ctx, seat, move);
    case 'buyUpgrade':
      return buyUpgrade(ctx, seat, move.upgrade);
    case 'removeUpgrade':
      return removeUpgrade(ctx, seat, move.upgrade);
    case 'buyShare':
      return buyShare(ctx, seat);
    case 'chooseShare':
      s.pending = null;
      return takeSetAsideShare(ctx, seat, move.index);
    case 'discard':
      s.phase = 'discard';
      s.town = null;
      discardFromHand(ctx, seat, move.card, true);
      return say(ctx, seat, `${who(seat)} discards ${SUPPLIES[move.card].name}.`);
    case 'endTurn':
      return endTurn(ctx, seat);
    case 'claimJumper':
      return claimJumperDiscard(ctx, seat, move.card);
  }
}
