import { playerMarker, type RngState, type Seat } from '../../core';
import type { AreaId, PlayerCount, Resource, StationId, Weather } from './components';
import type { SnowdoniaOptions } from './options';

/** Who owns a Track card or a Station space: a seat, or the game itself (events, neutral colour). */
export type Owner = Seat | 'game';

/** A Station card on the route (Setup 2, 4): Rubble left on each Excavation space and owners. */
export interface StationCard {
  kind: 'station';
  station: StationId;
  excavation: { rubble: number; owner: Owner | null }[];
  /** Owner of each building space, null while unbuilt (action E). */
  building: (Owner | null)[];
}

/** A Track card on the route (Setup 3, 4). Track is laid on it once `owner` is set (action D). */
export interface TrackCard {
  kind: 'track';
  card: number;
  rubble: number;
  owner: Owner | null;
}

/** A card of the route. */
export type RouteCard = StationCard | TrackCard;

/** Counts of Iron Ore, Stone and Coal (the Stock Yard, a player's cubes ...). */
export type Cubes = Record<Resource, number>;

/** A Contract card held by a player (face up: public in this implementation, README). */
export interface HeldContract {
  id: number;
  /** Turned sideways: its one-time effect has been used (rulebook, 1. Assign Labourers). */
  activated: boolean;
  /** Activated this round: the effect lasts until the end of the current round. */
  activeThisRound: boolean;
}

/** One player's pieces and cards. */
export interface PlayerState {
  iron: number;
  stone: number;
  coal: number;
  steel: number;
  rubble: number;
  /** Ownership Markers still in the personal supply (16 is a hard limit, Setup 6). */
  markers: number;
  /** Labourers in the personal supply, ready to be placed. */
  labourers: number;
  /** The Temporary Labourer has left the Pub this round (1. Assign Labourers). */
  temporaryHired: boolean;
  /** Labourers placed this round (the Temporary one may only be hired before the first). */
  placed: number;
  train: number | null;
  contracts: HeldContract[];
  /** The Station the Surveyor stands on (action G). */
  surveyor: StationId;
}

/** A Train in the Engine Shed with the Coal still on its card. */
export interface ShedTrain {
  train: number;
  coal: number;
}

/**
 * What the game waits for. `assign`: one seat places a Labourer (or first hires its Temporary
 * Labourer). `contracts`: the seats in `waiting` may activate Contracts for `area` (several at
 * once). `action`: `seat` chooses how to take the action of `area` space `space` (1-based;
 * `null` = Padarn's extra Build); `remaining` counts further picks (Site Office contracts).
 * `maintenance`: Train owners with a Steel Bar decide to pay (event 6); `eventsLeft` Event cubes
 * still wait to be placed. `over`: the game has ended.
 */
export type Step =
  | { kind: 'assign'; seat: Seat }
  | { kind: 'contracts'; area: AreaId; waiting: Seat[] }
  | { kind: 'action'; area: AreaId; space: number | null; seat: Seat; remaining: number }
  | { kind: 'maintenance'; waiting: Seat[]; eventsLeft: number }
  | { kind: 'over' };

/** Where action resolution stands (2. Resolve Actions): next space index of `area`. */
export interface Cursor {
  area: AreaId;
  /** 0-based index of the next space of `area` to resolve. */
  next: number;
  /** The Contract activation window of `area` has been held. */
  windowHeld: boolean;
  /** Padarn's extra Build (after all Builds) has been offered. */
  extraBuildDone: boolean;
}

/** The full game state: plain JSON, never sent to a client as is (see view.ts). */
export interface SnowdoniaState {
  players: PlayerCount;
  options: SnowdoniaOptions;
  round: number;
  startPlayer: Seat;
  step: Step;
  cursor: Cursor | null;
  /** Railway route up the mountain, Llanberis first (Setup 2, 3). */
  route: RouteCard[];
  /** Labourers on the Action Spaces: seat or null per numbered space; G grows (unlimited). */
  areas: Record<AreaId, (Seat | null)[]>;
  /** The special EXCAVATION overlay is on the board: B is closed, BUILD has one more space. */
  excavationOverlay: boolean;
  workRate: { excavation: number; layTrack: number };
  /** Weather discs: index 0 is the "!" space (current weather), then the forecast. */
  weatherTrack: (Weather | null)[];
  /** Occupied spaces of the Event track (left to right). */
  eventTrack: boolean[];
  trainsForSale: boolean;
  stockYard: Cubes;
  /** Supply Bag contents by colour (drawn at random; no order exists). */
  bag: Cubes & { event: number };
  /** Cubes returned to the box at setup (Supply Table) or by a full Event track. */
  box: Cubes & { event: number };
  /** General supply of Rubble and Steel Bars (limited to the box contents). */
  supply: { rubble: number; steel: number };
  /** Face-down Contract deck, top card first (hidden: only the top card's back is public). */
  contractDeck: number[];
  /** Site Office spaces "1", "2", "3" (space "1" is next to the discard pile). */
  siteOffice: (number | null)[];
  contractDiscard: number[];
  /** Contracts not used with this player count (cards 28, 29 with 2 players). */
  contractsOut: number[];
  engineShed: ShedTrain[];
  /** Trains left in the box (not drawn into the Engine Shed). */
  trainsOut: number[];
  seats: PlayerState[];
  /** End of game triggered: finish the current round's actions, then score (README). */
  endTriggered: boolean;
  rng: RngState;
}

/**
 * A deep copy (engine functions never change their input). Written out field by field because it
 * runs once per move and a generic deep copy dominated the engine's profile; a test walks the
 * copy to prove it shares no object with the original.
 */
export function cloneState(s: SnowdoniaState): SnowdoniaState {
  const step = s.step;
  return {
    ...s,
    options: { ...s.options },
    step: step.kind === 'contracts' || step.kind === 'maintenance' ? { ...step, waiting: [...step.waiting] } : { ...step },
    cursor: s.cursor && { ...s.cursor },
    route: s.route.map((c) =>
      c.kind === 'track' ? { ...c } : { ...c, excavation: c.excavation.map((e) => ({ ...e })), building: [...c.building] },
    ),
    areas: {
      A: [...s.areas.A],
      B: [...s.areas.B],
      C: [...s.areas.C],
      D: [...s.areas.D],
      E: [...s.areas.E],
      F: [...s.areas.F],
      G: [...s.areas.G],
    },
    workRate: { ...s.workRate },
    weatherTrack: [...s.weatherTrack],
    eventTrack: [...s.eventTrack],
    stockYard: { ...s.stockYard },
    bag: { ...s.bag },
    box: { ...s.box },
    supply: { ...s.supply },
    contractDeck: [...s.contractDeck],
    siteOffice: [...s.siteOffice],
    contractDiscard: [...s.contractDiscard],
    contractsOut: [...s.contractsOut],
    engineShed: s.engineShed.map((t) => ({ ...t })),
    trainsOut: [...s.trainsOut],
    seats: s.seats.map((p) => ({ ...p, contracts: p.contracts.map((h) => ({ ...h })) })),
    rng: [...s.rng],
  };
}

/** How a seat is named in log lines: the `{{p:N}}` marker each surface renders as the display name. */
export function playerName(seat: Seat): string {
  return playerMarker(seat);
}

/** A seat's role in the rulebook's words ("Player 1"), shown beside the display name (`seatRole`). */
export function seatLabel(seat: Seat): string {
  return `Player ${seat + 1}`;
}

/** Seats in clockwise order beginning with `first` (rulebook: "clockwise, beginning with the Start Player"). */
export function clockwiseFrom(s: { players: number }, first: Seat): Seat[] {
  return Array.from({ length: s.players }, (_, i) => (first + i) % s.players);
}
