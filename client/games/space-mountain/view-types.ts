/**
 * The Space Mountain view as the API sends it (`state.view`, built by the engine's `view(state,
 * seat)` in engine/games/space-mountain/view.ts). The client only reads it; the shapes are kept
 * here so the bundle does not depend on engine code (test/client/space-mountain-board.test.ts
 * checks that a real engine view fits these types).
 */

export type Facing = 'north' | 'east' | 'south' | 'west';
export type StarportId = 'disneyland' | 'walt-disney-world' | 'tokyo' | 'paris' | 'hong-kong';
export type MissionLetter = 'A' | 'B' | 'C' | 'D' | 'E';
export type SpaceItem = 'satellite' | 'comet' | 'planet' | 'astronaut';
export type MissionPicture = SpaceItem | 'any';
export type EncounterKind = SpaceItem | 'any-item' | 'return-to-starport';
export type Phase = 'launch' | 'plan' | 'move' | 'over';
export type Movement = 'straight' | 'turn';

export type SmDecision = { type: 'go' } | { type: 'refuel'; flip: MissionLetter[] };

/** A move of Space Mountain (the engine's `SpaceMountainMove`). */
export type SmMove =
  | { type: 'go' }
  | { type: 'refuel'; flip: MissionLetter[] }
  | { type: 'turn'; dir: 'left' | 'right' }
  | { type: 'place'; mission: MissionLetter; space: number }
  | { type: 'starport'; starport: StarportId; facing: Facing }
  | { type: 'face'; facing: Facing };

export interface SmStarport {
  id: StarportId;
  name: string;
  color: string;
  row: number;
  col: number;
}

export interface SmWormhole {
  id: string;
  twin: string;
  row: number;
  col: number;
}

export type SmToken = { row: number; col: number; faceUp: false } | { row: number; col: number; faceUp: true; kind: EncounterKind };

export type SmWaitingFor = { kind: 'turn' } | { kind: 'place'; item: SpaceItem | 'any' } | { kind: 'return' } | { kind: 'wormhole' };

export interface SmMission {
  letter: MissionLetter;
  card: string;
  spaces: { picture: MissionPicture; covered: boolean }[];
  faceDown: boolean;
  complete: boolean;
}

export interface SmPlayer {
  seat: number;
  color: string;
  home: StarportId;
  rocket: { row: number; col: number; facing: Facing } | null;
  decided: boolean;
  /** Only ever the viewer's own pending decision; null for everyone else. */
  decision: SmDecision | null;
  flight: { diceDone: number; waitingFor: SmWaitingFor | null } | null;
  missions: SmMission[];
  approved: StarportId[] | null;
  missionsComplete: number;
  starportsVisited: number;
}

export interface SmView {
  game: 'space-mountain';
  options: { missionsOnly: boolean; missions: 3 | 4 | 5; unknownSpace: boolean };
  you: number | null;
  phase: Phase;
  round: number;
  rollsThisRound: number;
  activePlayer: number;
  fuel: { level: number; start: number };
  dice: { movement: Movement; orange: boolean }[] | null;
  markers: { pool: number; total: number };
  board: { size: number; starports: SmStarport[]; wormholes: SmWormhole[] };
  tokens: SmToken[];
  players: SmPlayer[];
  lastDecisions: (SmDecision | null)[] | null;
  activeSeats: number[];
  legalMoves: SmMove[];
  winners: number[];
  ended: 'won' | 'round_cap' | null;
}

/** True when `v` looks like a Space Mountain view (the page may hand us anything). */
export function isSmView(v: unknown): v is SmView {
  if (!v || typeof v !== 'object') return false;
  const o = v as Partial<SmView>;
  return o.game === 'space-mountain' && !!o.board && Array.isArray(o.players) && Array.isArray(o.tokens) && !!o.fuel;
}
