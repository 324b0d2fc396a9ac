import type { Seat } from '../../core';
import {
  BOARD_SIZE,
  ENCOUNTER_SPACES,
  FUEL_START,
  MISSION_MARKERS,
  STARPORTS,
  WORMHOLES,
  missionCard,
  type EncounterKind,
  type MissionLetter,
  type MissionPicture,
  type Movement,
  type SpaceItem,
  type StarportId,
} from './components';
import { isComplete } from './missions';
import type { Facing, SpaceMountainMove } from './moves';
import { rocketOf } from './rockets';
import { activeSeats, legalMoves } from './rules';
import type { Phase, SpaceMountainState } from './state';

/** The printed Galaxy board (static data, sent so the client needs no copy of the map). */
export interface BoardView {
  size: number;
  starports: { id: StarportId; name: string; color: string; row: number; col: number }[];
  wormholes: { id: string; twin: string; row: number; col: number }[];
}

/** An Encounter token on its space: face down it shows nothing but where it lies. */
export type TokenView = { row: number; col: number; faceUp: false } | { row: number; col: number; faceUp: true; kind: EncounterKind };

/** What a seat's Rocket is waiting for in Step 4 (public: everyone sees the board). */
export type WaitingForView = { kind: 'turn' } | { kind: 'place'; item: SpaceItem | 'any' } | { kind: 'return' } | { kind: 'wormhole' };

/** One player, as seen by the viewer. */
export interface PlayerView {
  seat: Seat;
  color: string;
  home: StarportId;
  /** On the board, or null (Refuelled / not yet placed this round). */
  rocket: { row: number; col: number; facing: Facing } | null;
  /** Step 1 (plan phase): has this player decided? (their choice stays secret until all are in) */
  decided: boolean;
  /** This player's own pending decision: only in the viewer's own entry, else null. */
  decision: { type: 'go' } | { type: 'refuel'; flip: MissionLetter[] } | null;
  /** Step 4 progress this roll: dice used (0-3) and what the Rocket waits for; null when not moving. */
  flight: { diceDone: number; waitingFor: WaitingForView | null } | null;
  missions: {
    letter: MissionLetter;
    card: string;
    spaces: { picture: MissionPicture; covered: boolean }[];
    faceDown: boolean;
    complete: boolean;
  }[];
  /** Starport tokens showing Approved for Travel, in board order; null in the Missions-only game. */
  approved: StarportId[] | null;
  missionsComplete: number;
  starportsVisited: number;
}

/** Everything a seat (or a spectator) may see of a game, built field by field. */
export interface SpaceMountainView {
  game: 'space-mountain';
  options: { missionsOnly: boolean; missions: 3 | 4 | 5; unknownSpace: boolean };
  /** The viewing seat, or null for a spectator. */
  you: Seat | null;
  phase: Phase;
  round: number;
  rollsThisRound: number;
  activePlayer: Seat;
  fuel: { level: number; start: number };
  /** Last roll, bottom die first, or null before the first roll. */
  dice: { movement: Movement; orange: boolean }[] | null;
  markers: { pool: number; total: number };
  board: BoardView;
  tokens: TokenView[];
  players: PlayerView[];
  /** Decisions revealed at the last Step 1 (null for players who were not asked). */
  lastDecisions: ({ type: 'go' } | { type: 'refuel'; flip: MissionLetter[] } | null)[] | null;
  activeSeats: Seat[];
  /** The viewer's legal moves (empty for spectators and idle seats). */
  legalMoves: SpaceMountainMove[];
  winners: Seat[];
  ended: 'won' | 'round_cap' | null;
}

const BOARD: BoardView = {
  size: BOARD_SIZE,
  starports: STARPORTS.map((s) => ({ id: s.id, name: s.name, color: s.color, row: s.row, col: s.col })),
  wormholes: WORMHOLES.map((w) => ({ id: w.id, twin: w.twin, row: w.row, col: w.col })),
};

function decisionView(d: { type: 'go' } | { type: 'refuel'; flip: MissionLetter[] } | null) {
  if (!d) return null;
  return d.type === 'go' ? { type: 'go' as const } : { type: 'refuel' as const, flip: [...d.flip] };
}

/**
 * What `seat` (or a spectator, `null`) may see. Built field by field: face-down Encounter tokens
 * appear only as their space ("!" spaces are printed on the board, so that says nothing), other
 * players' Step 1 decisions only as "decided" until all are in, and the RNG state never.
 */
export function view(s: SpaceMountainState, seat: Seat | null): SpaceMountainView {
  const viewer = seat !== null && Number.isInteger(seat) && seat >= 0 && seat < s.players ? seat : null;
  return {
    game: 'space-mountain',
    options: { missionsOnly: s.options.missionsOnly, missions: s.options.missions, unknownSpace: s.options.unknownSpace },
    you: viewer,
    phase: s.phase,
    round: s.round,
    rollsThisRound: s.rolls,
    activePlayer: s.activePlayer,
    fuel: { level: s.fuel, start: FUEL_START },
    dice: s.dice ? s.dice.map((d) => ({ movement: d.movement, orange: d.orange })) : null,
    markers: { pool: s.pool, total: MISSION_MARKERS },
    board: { size: BOARD.size, starports: BOARD.starports.map((p) => ({ ...p })), wormholes: BOARD.wormholes.map((w) => ({ ...w })) },
    tokens: s.tokens.map((t, i): TokenView => {
      const { row, col } = ENCOUNTER_SPACES[i];
      return t.faceUp ? { row, col, faceUp: true, kind: t.kind } : { row, col, faceUp: false };
    }),
    players: Array.from({ length: s.players }, (_, p) => playerView(s, p, viewer)),
    lastDecisions: s.revealed ? s.revealed.map(decisionView) : null,
    activeSeats: activeSeats(s),
    legalMoves: viewer === null ? [] : legalMoves(s, viewer),
    winners: [...s.winners],
    ended: s.ended,
  };
}

function playerView(s: SpaceMountainState, p: Seat, viewer: Seat | null): PlayerView {
  const rocket = s.rockets[p];
  const flight = s.flights[p];
  const pending = flight?.pending ?? null;
  const approved = s.approved ? STARPORTS.filter((_, i) => s.approved![p][i]).map((sp) => sp.id) : null;
  return {
    seat: p,
    color: rocketOf(s, p).color,
    home: rocketOf(s, p).home,
    rocket: rocket ? { row: rocket.row, col: rocket.col, facing: rocket.facing } : null,
    decided: s.phase === 'plan' && s.decisions[p] !== null,
    decision: p === viewer ? decisionView(s.decisions[p]) : null,
    flight: flight
      ? {
          diceDone: flight.die, // a die in the middle of a Turn is not counted yet
          waitingFor: pending ? (pending.kind === 'place' ? { kind: 'place', item: pending.item } : { kind: pending.kind }) : null,
        }
      : null,
    missions: s.missions[p].map((m) => ({
      letter: m.letter,
      card: m.card,
      spaces: missionCard(m.card).pictures.map((picture, i) => ({ picture, covered: m.covered[i] })),
      faceDown: m.faceDown,
      complete: isComplete(m),
    })),
    approved,
    missionsComplete: s.missions[p].filter(isComplete).length,
    starportsVisited: approved ? approved.length : 0,
  };
}
