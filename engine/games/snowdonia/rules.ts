import { IllegalMove, require_, type MoveResult, type Seat } from '../../core';
import { AREA_NAMES } from './components';
import { activateContract, activatableContracts } from './contracts';
import { newCtx, say } from './context';
import { canHireTemporary, hireTemporary, placeLabourer, placementMoves } from './assign';
import { maintainTrain } from './events';
import {
  actionChoices,
  afterMaintenance,
  afterPlacement,
  applyActionChoice,
  continueAction,
  finishExtraBuild,
  resumeResolution,
} from './flow';
import type { SnowdoniaMove } from './moves';
import { cloneState, playerName, type SnowdoniaState } from './state';

/** Seats that must act now (several during a Contract window or Train maintenance). */
export function activeSeats(s: SnowdoniaState): Seat[] {
  switch (s.step.kind) {
    case 'assign':
    case 'action':
      return [s.step.seat];
    case 'contracts':
    case 'maintenance':
      return [...s.step.waiting];
    case 'over':
      return [];
  }
}

/** Every legal move of `seat` now, in a stable order (empty when it has nothing to do). */
export function legalMoves(s: SnowdoniaState, seat: Seat): SnowdoniaMove[] {
  const step = s.step;
  switch (step.kind) {
    case 'assign':
      if (step.seat !== seat) return [];
      return [...(canHireTemporary(s, seat) ? [{ type: 'hire-temporary' as const }] : []), ...placementMoves(s)];
    case 'contracts':
      if (!step.waiting.includes(seat)) return [];
      return [
        ...activatableContracts(s, seat, step.area).map((contract) => ({ type: 'activate-contract' as const, contract })),
        { type: 'pass-contracts' as const },
      ];
    case 'action':
      if (step.seat !== seat) return [];
      return [...actionChoices(s, step), ...(step.space === null ? [{ type: 'skip' as const }] : [])];
    case 'maintenance':
      if (!step.waiting.includes(seat)) return [];
      return [
        { type: 'maintain-train', pay: true },
        { type: 'maintain-train', pay: false },
      ];
    case 'over':
      return [];
  }
}

const STEP_WORDS = {
  assign: 'Labourers are being assigned',
  contracts: 'players may activate Contract cards',
  action: 'an action is being resolved',
  maintenance: 'Train owners are deciding on maintenance',
  over: 'the game is over',
} as const;

function wrongStep(s: SnowdoniaState): never {
  throw new IllegalMove('wrong_step', `That move is not possible now: ${STEP_WORDS[s.step.kind]}.`);
}

/**
 * Applies one move (pure: the input state is never changed) and runs every forced step after it.
 * Throws `IllegalMove` with a stable code: `game_over`, `not_your_turn`, `wrong_step`, `no_train`,
 * `temporary_hired`, `already_placed`, `not_enough_coal`, `no_labourer`, `no_such_space`,
 * `space_taken`, `fog`, `not_your_contract`, `contract_used`, `wrong_area`, `must_take_cube`,
 * `too_many_cubes`, `too_much_coal`, `not_in_stock_yard`, `no_conversion`, `too_many_conversions`,
 * `not_enough_iron`, `no_steel_in_supply`, `not_enough_rubble`, `no_stone_in_bag`,
 * `no_cleared_track`, `too_much_track`, `not_enough_steel`, `no_markers`, `no_such_station`,
 * `space_built`, `station_not_cleared`, `cannot_afford`, `trains_not_for_sale`,
 * `train_not_in_shed`, `contract_not_in_site_office`, `cannot_skip`, `no_steel`.
 */
export function applyMove(state: SnowdoniaState, seat: Seat, move: SnowdoniaMove): MoveResult<SnowdoniaState> {
  checkTurn(state, seat);
  const s = cloneState(state);
  return { state: s, ...resolveMove(s, seat, move) };
}

/**
 * `applyMove` on a state the caller owns exclusively (trusted replays, Game contract): the same
 * checks, effect, log and errors, without the copy. No rule keeps a reference to the move or to a
 * component constant in the state, so later moves change nothing outside it.
 */
export function applyMoveInPlace(s: SnowdoniaState, seat: Seat, move: SnowdoniaMove): Omit<MoveResult<SnowdoniaState>, 'state'> {
  checkTurn(s, seat);
  return resolveMove(s, seat, move);
}

function checkTurn(s: SnowdoniaState, seat: Seat): void {
  require_(s.step.kind !== 'over', 'game_over', 'The game is over.');
  require_(activeSeats(s).includes(seat), 'not_your_turn', 'It is not your turn.');
}

/** Applies `move` to `s` itself and runs every forced step after it. */
function resolveMove(s: SnowdoniaState, seat: Seat, move: SnowdoniaMove): Omit<MoveResult<SnowdoniaState>, 'state'> {
  const ctx = newCtx();
  const step = s.step;
  switch (move.type) {
    case 'hire-temporary':
      if (step.kind !== 'assign') wrongStep(s);
      hireTemporary(s, ctx, seat);
      break;
    case 'place':
      if (step.kind !== 'assign') wrongStep(s);
      placeLabourer(s, ctx, seat, move);
      afterPlacement(s, ctx, seat);
      break;
    case 'activate-contract':
    case 'pass-contracts': {
      if (step.kind !== 'contracts') wrongStep(s);
      if (move.type === 'activate-contract') activateContract(s, ctx, seat, move.contract);
      else say(ctx, seat, `${playerName(seat)} activates no (more) Contracts for ${AREA_NAMES[step.area]}.`);
      if (move.type === 'pass-contracts' || activatableContracts(s, seat, step.area).length === 0) {
        step.waiting = step.waiting.filter((x) => x !== seat);
      }
      if (step.waiting.length === 0) resumeResolution(s, ctx);
      break;
    }
    case 'skip':
      if (step.kind !== 'action') wrongStep(s);
      require_(step.space === null, 'cannot_skip', 'Your Labourer is here: this action must be taken.');
      say(ctx, seat, `${playerName(seat)} declined Padarn's extra Build.`);
      finishExtraBuild(s, ctx);
      break;
    case 'maintain-train': {
      if (step.kind !== 'maintenance') wrongStep(s);
      require_(!move.pay || s.seats[seat].steel > 0, 'no_steel', 'You have no Steel Bar to pay.');
      maintainTrain(s, ctx, seat, move.pay);
      step.waiting = step.waiting.filter((x) => x !== seat);
      if (step.waiting.length === 0) afterMaintenance(s, ctx, step.eventsLeft);
      break;
    }
    default: {
      if (step.kind !== 'action') wrongStep(s);
      const fits =
        (move.type === 'take-cubes' && step.area === 'A') ||
        (move.type === 'convert' && step.area === 'C') ||
        (move.type === 'lay-track' && step.area === 'D') ||
        ((move.type === 'build-station' || move.type === 'buy-train') && step.area === 'E') ||
        (move.type === 'take-contract' && step.area === 'F');
      if (!fits) throw new IllegalMove('wrong_step', `That is not a choice of the ${AREA_NAMES[step.area]} action.`);
      applyActionChoice(s, ctx, step, move);
      if (step.space === null) finishExtraBuild(s, ctx);
      else continueAction(s, ctx, step);
    }
  }
  return { log: ctx.log, reveals: ctx.reveals, ...(ctx.revealed ? { revealed: ctx.revealed } : {}) };
}
