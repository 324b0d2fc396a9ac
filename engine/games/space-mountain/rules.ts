import { IllegalMove, playerMarker, require_, sentence, type LogEntry, type MoveResult, type Seat } from '../../core';
import { KIND_NAMES, STARPORTS, STARPORT_IDS, missionCard } from './components';
import { fly, placeMarker, putOnStarport, turnAndMove } from './flight';
import { flippableInOrder, markerSpots } from './missions';
import { FACINGS, type Decision, type SpaceMountainMove } from './moves';
import { approvedStarports, decisionText, finishTurnIfAllMoved, revealDecisions } from './round';
import { cloneState, type SpaceMountainState } from './state';

/**
 * Who must act now: in `launch` every player whose Rocket is not yet placed; in `plan` (Step 1)
 * every player still flying who has not decided; in `move` (Step 4) every player whose Rocket
 * waits for a choice. Several seats at once is normal: the decisions are simultaneous.
 */
export function activeSeats(s: SpaceMountainState): Seat[] {
  const out: Seat[] = [];
  for (let seat = 0; seat < s.players; seat++) if (isActive(s, seat)) out.push(seat);
  return out;
}

function isActive(s: SpaceMountainState, seat: Seat): boolean {
  switch (s.phase) {
    case 'launch':
      return s.rockets[seat] === null;
    case 'plan':
      return s.rockets[seat] !== null && s.decisions[seat] === null;
    case 'move':
      return s.flights[seat]?.pending != null;
    default:
      return false;
  }
}

/** The Refuel choices: flip none, or an alphabetical prefix of the completed face-up Missions (Step 1). */
export function refuelChoices(s: SpaceMountainState, seat: Seat): Decision[] {
  const flippable = flippableInOrder(s.missions[seat]);
  return Array.from({ length: flippable.length + 1 }, (_, k) => ({ type: 'refuel' as const, flip: flippable.slice(0, k) }));
}

function starportMoves(s: SpaceMountainState, seat: Seat): SpaceMountainMove[] {
  return approvedStarports(s, seat).flatMap((i) =>
    FACINGS.map((facing) => ({ type: 'starport' as const, starport: STARPORT_IDS[i], facing })),
  );
}

/** Every legal move of `seat` now, in a stable order (empty when the seat has nothing to do). */
export function legalMoves(s: SpaceMountainState, seat: Seat): SpaceMountainMove[] {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players || !isActive(s, seat)) return [];
  if (s.phase === 'launch') return starportMoves(s, seat);
  if (s.phase === 'plan') return [{ type: 'go' }, ...refuelChoices(s, seat)];
  const pending = s.flights[seat]!.pending!;
  switch (pending.kind) {
    case 'turn':
      return [
        { type: 'turn', dir: 'left' },
        { type: 'turn', dir: 'right' },
      ];
    case 'place':
      return markerSpots(s.missions[seat], pending.item).map((p) => ({ type: 'place', mission: p.mission, space: p.space }));
    case 'return':
      return starportMoves(s, seat);
    case 'wormhole':
      return FACINGS.map((facing) => ({ type: 'face', facing }));
  }
}

const PHASE_WORDS = {
  launch: 'Rockets are being placed on their Starports',
  plan: 'players are deciding: All Systems Go! or Refuel',
  move: 'Rockets are moving',
  over: 'the game is over',
} as const;

/**
 * Applies one move (pure: the input state is not changed). Throws `IllegalMove` with a stable
 * code when the rules refuse it: `game_over`, `not_your_turn`, `wrong_phase`, `not_in_round`,
 * `already_decided`, `flip_not_allowed`, `nothing_pending`, `no_turn_pending`, `nothing_to_place`,
 * `mission_not_in_play`, `mission_face_down`, `space_covered`, `picture_mismatch`,
 * `equivalent_space`, `no_return_pending`, `already_placed`, `starport_not_approved`,
 * `no_wormhole_pending`.
 */
export function applyMove(state: SpaceMountainState, seat: Seat, move: SpaceMountainMove): MoveResult<SpaceMountainState> {
  require_(state.phase !== 'over', 'game_over', 'The game is over.');
  require_(Number.isInteger(seat) && seat >= 0 && seat < state.players, 'not_your_turn', 'That seat is not in this game.');
  const s = cloneState(state);
  const log: LogEntry[] = [];
  let reveals = false;
  switch (move.type) {
    case 'go':
    case 'refuel':
      reveals = decide(s, seat, move, log);
      break;
    case 'starport':
      reveals = chooseStarport(s, seat, move, log);
      break;
    case 'turn': {
      const pending = pendingOf(s, seat);
      require_(pending.kind === 'turn', 'no_turn_pending', 'Your Rocket is not in the middle of a Turn.');
      reveals = turnAndMove(s, seat, move.dir, log);
      reveals = fly(s, seat, log) || reveals;
      finishTurnIfAllMoved(s, log);
      break;
    }
    case 'place':
      reveals = chooseMarkerSpace(s, seat, move, log);
      break;
    case 'face': {
      const pending = pendingOf(s, seat);
      require_(pending.kind === 'wormhole', 'no_wormhole_pending', 'Your Rocket has not come out of a Wormhole.');
      s.rockets[seat]!.facing = move.facing;
      s.flights[seat]!.pending = null;
      log.push({ seat, text: `${playerMarker(seat)} comes out of the Wormhole facing ${move.facing}.` });
      reveals = fly(s, seat, log);
      finishTurnIfAllMoved(s, log);
      break;
    }
    default:
      throw new IllegalMove('bad_move', 'That is not a move of Space Mountain: All Systems Go.');
  }
  if (!reveals) return { state: s, log, reveals };
  // A decision reveals by being the last one in (the decisions shown, then the roll); any other move by flipping a token.
  const decided = move.type === 'go' || move.type === 'refuel';
  // The dice are rolled unless every player still in the round chose to Refuel (Ending a Round).
  const rolled = s.revealed?.some((d) => d?.type === 'go') ?? false;
  const revealed = !decided ? 'the Encounter token flipped' : rolled ? 'the decisions shown and the dice rolled' : 'the decisions shown';
  return { state: s, log, reveals, revealed };
}

/** Step 1: record a secret Go / Refuel decision; the last one in reveals them all and rolls. */
function decide(s: SpaceMountainState, seat: Seat, move: Decision, log: LogEntry[]): boolean {
  require_(s.phase === 'plan', 'wrong_phase', `You cannot decide now: ${PHASE_WORDS[s.phase]}.`);
  require_(s.rockets[seat] !== null, 'not_in_round', 'You have stopped to Refuel and play again next round.');
  require_(s.decisions[seat] === null, 'already_decided', 'You have already decided for this turn.');
  if (move.type === 'refuel') {
    const flippable = flippableInOrder(s.missions[seat]);
    const ok = move.flip.length <= flippable.length && move.flip.every((l, i) => flippable[i] === l);
    require_(
      ok,
      'flip_not_allowed',
      flippable.length
        ? `You may flip completed Missions in alphabetical order only: ${flippable.join(', ')} (a first part of that list).`
        : 'You have no completed Mission you may flip: Missions are flipped in alphabetical order, and each must be complete.',
    );
  }
  s.decisions[seat] = move.type === 'go' ? { type: 'go' } : { type: 'refuel', flip: [...move.flip] };
  log.push({ seat, text: `${playerMarker(seat)} has decided.` });
  log.push({ seat, text: sentence(`You chose: ${decisionText(s.decisions[seat]!)}`), only: [seat] });
  for (let other = 0; other < s.players; other++) {
    if (s.rockets[other] !== null && s.decisions[other] === null) return false;
  }
  revealDecisions(s, log);
  return true;
}

function pendingOf(s: SpaceMountainState, seat: Seat) {
  require_(s.phase === 'move', 'wrong_phase', `There is nothing to choose now: ${PHASE_WORDS[s.phase]}.`);
  const pending = s.flights[seat]?.pending;
  require_(pending, 'nothing_pending', 'Your Rocket is not waiting for a choice.');
  return pending;
}

/** Round start (and the first round): place the Rocket; or the choice after Return to Starport. */
function chooseStarport(
  s: SpaceMountainState,
  seat: Seat,
  move: Extract<SpaceMountainMove, { type: 'starport' }>,
  log: LogEntry[],
): boolean {
  const index = STARPORT_IDS.indexOf(move.starport);
  const allowed = approvedStarports(s, seat);
  const approvedNames = allowed.map((i) => STARPORTS[i].name).join(', ');
  if (s.phase === 'launch') {
    require_(s.rockets[seat] === null, 'already_placed', 'Your Rocket is already on its Starport.');
    require_(
      allowed.includes(index),
      'starport_not_approved',
      `${STARPORTS[index].name} is not Approved for Travel for you. You may use: ${approvedNames}.`,
    );
    putOnStarport(s, seat, index, move.facing);
    log.push({ seat, text: `${playerMarker(seat)} puts their Rocket on ${STARPORTS[index].name} facing ${move.facing}.` });
    if (s.rockets.every((r) => r !== null)) {
      s.phase = 'plan';
      log.push({ seat: null, text: 'All Rockets are ready. Step 1: All Systems Go! or Refuel?' });
    }
    return false;
  }
  const pending = pendingOf(s, seat);
  require_(pending.kind === 'return', 'no_return_pending', 'Your Rocket has not met a Return to Starport token.');
  require_(
    allowed.includes(index),
    'starport_not_approved',
    `${STARPORTS[index].name} is not Approved for Travel for you. You may use: ${approvedNames}.`,
  );
  putOnStarport(s, seat, index, move.facing);
  s.flights[seat]!.pending = null;
  log.push({ seat, text: `${playerMarker(seat)} returns their Rocket to ${STARPORTS[index].name} facing ${move.facing}.` });
  const flipped = fly(s, seat, log);
  finishTurnIfAllMoved(s, log);
  return flipped;
}

/** Space Items / Any Item: put the held Mission marker on an allowed space (Encounter Tokens). */
function chooseMarkerSpace(
  s: SpaceMountainState,
  seat: Seat,
  move: Extract<SpaceMountainMove, { type: 'place' }>,
  log: LogEntry[],
): boolean {
  const pending = pendingOf(s, seat);
  require_(pending.kind === 'place', 'nothing_to_place', 'You have no Mission marker to place.');
  const card = s.missions[seat].find((m) => m.letter === move.mission);
  require_(card, 'mission_not_in_play', `Mission ${move.mission} is not in play in this game.`);
  require_(!card.faceDown, 'mission_face_down', `Mission ${move.mission} is already flipped face down.`);
  const pictures = missionCard(card.card).pictures;
  require_(move.space < pictures.length, 'space_covered', `Mission ${move.mission} has only ${pictures.length} spaces.`);
  require_(!card.covered[move.space], 'space_covered', `That space of Mission ${move.mission} is already covered.`);
  const picture = pictures[move.space];
  require_(
    pending.item === 'any' || picture === 'any' || picture === pending.item,
    'picture_mismatch',
    `A ${KIND_NAMES[pending.item]} goes on a ${KIND_NAMES[pending.item]} picture or an Any Item (?) space, not on a ${KIND_NAMES[picture]}.`,
  );
  const leftmost = pictures.findIndex((p, i) => p === picture && !card.covered[i]);
  require_(
    leftmost === move.space,
    'equivalent_space',
    `Spaces with the same picture on a card are interchangeable: use the leftmost free one (space ${leftmost + 1}).`,
  );
  placeMarker(s, seat, move.mission, move.space, log);
  s.flights[seat]!.pending = null;
  const flipped = fly(s, seat, log);
  finishTurnIfAllMoved(s, log);
  return flipped;
}
