/**
 * Snowdonia (Deluxe Master Set), Mount Snowdon scenario: every piece of component data in one
 * module, so a publisher's real data can replace it without touching rules code.
 *
 * Sources: `snowdonia.rulebook.txt` (the authority, quoted as "rulebook") and section 2 of
 * `docs/rules/README.md` (first-edition data, quoted as "README"). Every value that neither source
 * gives is marked `// reconstruction`.
 */

// The game's words live in a module of their own (cheap for a client to import); they are part
// of the component data, so they are re-exported here.
export { AREA_IDS, AREA_NAMES, RESOURCE_NAMES, WEATHER_NAMES } from './words';

/** Weather icons on the backs of Contract cards and on the Weather discs (rulebook, Setup 12). */
export type Weather = 'sun' | 'rain' | 'fog';
export const WEATHERS: readonly Weather[] = ['sun', 'rain', 'fog'];

/** The seven Action Areas, resolved in this order (rulebook, 2. Resolve Actions). */
export type AreaId = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G';

export type PlayerCount = 2 | 3 | 4 | 5;
export const PLAYER_COUNTS: readonly PlayerCount[] = [2, 3, 4, 5];

/**
 * Numbered Action Spaces per Action Area by player count (README table "Action Area sizes";
 * the rulebook's overlays, Setup 9). Area G (Move the Surveyor) is unlimited.
 */
export const AREA_SIZES: Record<Exclude<AreaId, 'G'>, Record<PlayerCount, number>> = {
  A: { 2: 2, 3: 3, 4: 4, 5: 4 }, // README
  B: { 2: 2, 3: 2, 4: 3, 5: 3 }, // README
  C: { 2: 1, 3: 1, 4: 2, 5: 3 }, // README
  D: { 2: 1, 3: 2, 4: 3, 5: 3 }, // README
  E: { 2: 2, 3: 2, 4: 2, 5: 3 }, // README (+1 once the EXCAVATION overlay is placed, see rules)
  F: { 2: 1, 3: 2, 4: 2, 5: 2 }, // README
};

// ---------------------------------------------------------------------------------------------
// Stations (README "Stations", first-edition data)

export type StationId =
  | 'llanberis'
  | 'two-viaducts'
  | 'waterfall'
  | 'hebron'
  | 'halfway'
  | 'passing-loop'
  | 'rocky-valley-halt'
  | 'clogwyn'
  | 'yr-wyddfa';

export const STATION_IDS: readonly StationId[] = [
  'llanberis',
  'two-viaducts',
  'waterfall',
  'hebron',
  'halfway',
  'passing-loop',
  'rocky-valley-halt',
  'clogwyn',
  'yr-wyddfa',
];

/** A building space's cost: Stone cubes or Steel Bars (README "Build" column). */
export interface BuildCost {
  resource: 'stone' | 'steel';
  amount: number;
}

/** A Station card: Rubble on its Excavation spaces, its Building spaces, the Surveyor's VP. */
export interface StationData {
  id: StationId;
  name: string;
  /** The number in the top-right corner (Setup 2): stations are laid out in this order. */
  number: number;
  /** Track cards leading up to it from the previous station (Setup 3, top-left corner). */
  trackBefore: number;
  /** Excavation spaces, top-left first (action B): Rubble placed at setup, VP for the owner. */
  excavation: { rubble: number; vp: number }[];
  /** Building spaces (action E): cost and VP for the owner. */
  building: { cost: BuildCost; vp: number }[];
  /** VP for a Surveyor standing here at the end of the game (action G). */
  surveyorVp: number;
  /** Player counts using this card (Setup 2). */
  players: readonly PlayerCount[];
}

const ALL: readonly PlayerCount[] = [2, 3, 4, 5];
const stone = (amount: number): BuildCost => ({ resource: 'stone', amount });
const steel = (amount: number): BuildCost => ({ resource: 'steel', amount });

/** All Station cards of the Mount Snowdon scenario, in route order (README table). */
export const STATIONS: readonly StationData[] = [
  // Llanberis is printed on the board (Setup 2): no spaces, Surveyors start here (Setup 8).
  { id: 'llanberis', name: 'Llanberis', number: 0, trackBefore: 0, excavation: [], building: [], surveyorVp: 0, players: ALL },
  {
    id: 'two-viaducts',
    name: 'Two Viaducts',
    number: 1,
    trackBefore: 2,
    excavation: [
      { rubble: 4, vp: 4 },
      { rubble: 2, vp: 2 },
    ],
    building: [
      { cost: stone(4), vp: 9 },
      { cost: stone(3), vp: 7 },
      { cost: stone(2), vp: 4 },
      { cost: stone(1), vp: 1 },
    ],
    surveyorVp: 1,
    players: ALL,
  },
  {
    id: 'waterfall',
    name: 'Waterfall',
    number: 2,
    trackBefore: 1,
    excavation: [{ rubble: 2, vp: 3 }],
    building: [
      { cost: steel(1), vp: 7 },
      { cost: stone(2), vp: 4 },
    ],
    surveyorVp: 2,
    players: [3, 4, 5], // rulebook Setup 2: not used with 2 players
  },
  {
    id: 'hebron',
    name: 'Hebron',
    number: 3,
    trackBefore: 2,
    excavation: [{ rubble: 2, vp: 3 }],
    building: [
      { cost: stone(3), vp: 6 },
      { cost: stone(3), vp: 7 },
      { cost: steel(1), vp: 7 },
      { cost: steel(1), vp: 5 },
    ],
    surveyorVp: 4,
    players: ALL,
  },
  {
    id: 'halfway',
    name: 'Halfway',
    number: 4,
    trackBefore: 2,
    excavation: [
      { rubble: 2, vp: 3 },
      { rubble: 2, vp: 2 },
    ],
    building: [
      { cost: steel(1), vp: 7 },
      { cost: steel(1), vp: 5 },
      { cost: stone(3), vp: 6 },
      { cost: stone(3), vp: 5 },
    ],
    surveyorVp: 7,
    players: ALL,
  },
  {
    id: 'passing-loop',
    name: 'Passing Loop',
    number: 4.5,
    trackBefore: 1,
    excavation: [{ rubble: 4, vp: 5 }],
    building: [
      { cost: steel(1), vp: 8 },
      { cost: steel(1), vp: 6 },
      { cost: stone(2), vp: 5 },
    ],
    surveyorVp: 9,
    players: [5], // rulebook Setup 2: only used with 5 players
  },
  {
    id: 'rocky-valley-halt',
    name: 'Rocky Valley Halt',
    number: 5,
    trackBefore: 1,
    excavation: [{ rubble: 4, vp: 5 }],
    building: [{ cost: stone(4), vp: 9 }],
    surveyorVp: 11,
    players: ALL,
  },
  {
    id: 'clogwyn',
    name: 'Clogwyn',
    number: 6,
    trackBefore: 3,
    excavation: [{ rubble: 6, vp: 9 }],
    building: [
      { cost: stone(3), vp: 6 },
      { cost: stone(3), vp: 7 },
      { cost: steel(1), vp: 7 },
      { cost: steel(1), vp: 6 },
    ],
    surveyorVp: 15,
    players: ALL,
  },
  {
    id: 'yr-wyddfa',
    name: 'Yr Wyddfa',
    number: 7,
    trackBefore: 2,
    excavation: [
      { rubble: 3, vp: 5 },
      { rubble: 3, vp: 3 },
    ],
    building: [
      { cost: steel(2), vp: 14 },
      { cost: steel(1), vp: 7 },
      { cost: stone(3), vp: 7 },
      { cost: stone(3), vp: 5 },
    ],
    surveyorVp: 21,
    players: ALL,
  },
];

/** The Station card with this id. */
export function stationData(id: StationId): StationData {
  const s = STATIONS.find((x) => x.id === id);
  if (!s) throw new Error(`unknown station ${id}`);
  return s;
}

/** The Stations in route order for a player count, Llanberis first (Setup 2). */
export function stationsFor(players: PlayerCount): StationData[] {
  return STATIONS.filter((s) => s.players.includes(players));
}

// ---------------------------------------------------------------------------------------------
// Track cards (README: rubble and VP; the deck size and optional 0/6/7 cards are sourced, the
// individual values are a reconstruction: regular rubble 2-5, VP 0-7 mostly 3-4).

/** A Track card: Rubble placed on it at setup (number next to the shovel) and its VP once laid. */
export interface TrackCardData {
  id: number;
  rubble: number;
  vp: number;
  /** The three optional-use cards (Setup 3: numbers 0, 6 and 7 next to the shovel). */
  optional: boolean;
}

/**
 * 14 regular Track cards (enough for the 14 positions of a 5-player route) and the three optional
 * ones. Regular Rubble totals 47; with the optional cards no 14-card route can need more than
 * 56, so Stations (34) + Track never exceed the 90 Rubble cubes in the box.
 */
export const TRACK_CARDS: readonly TrackCardData[] = [
  { id: 1, rubble: 2, vp: 2, optional: false }, // reconstruction
  { id: 2, rubble: 2, vp: 3, optional: false }, // reconstruction
  { id: 3, rubble: 2, vp: 3, optional: false }, // reconstruction
  { id: 4, rubble: 3, vp: 3, optional: false }, // reconstruction
  { id: 5, rubble: 3, vp: 3, optional: false }, // reconstruction
  { id: 6, rubble: 3, vp: 4, optional: false }, // reconstruction
  { id: 7, rubble: 3, vp: 3, optional: false }, // reconstruction
  { id: 8, rubble: 3, vp: 4, optional: false }, // reconstruction
  { id: 9, rubble: 4, vp: 4, optional: false }, // reconstruction
  { id: 10, rubble: 4, vp: 4, optional: false }, // reconstruction
  { id: 11, rubble: 4, vp: 3, optional: false }, // reconstruction
  { id: 12, rubble: 4, vp: 5, optional: false }, // reconstruction
  { id: 13, rubble: 5, vp: 4, optional: false }, // reconstruction
  { id: 14, rubble: 5, vp: 6, optional: false }, // reconstruction
  { id: 15, rubble: 0, vp: 0, optional: true }, // rubble: rulebook Setup 3; vp: reconstruction
  { id: 16, rubble: 6, vp: 6, optional: true }, // rubble: rulebook Setup 3; vp: reconstruction
  { id: 17, rubble: 7, vp: 7, optional: true }, // rubble: rulebook Setup 3; vp: reconstruction
];

/** The Track card with this id. */
export function trackCardData(id: number): TrackCardData {
  const t = TRACK_CARDS.find((x) => x.id === id);
  if (!t) throw new Error(`unknown track card ${id}`);
  return t;
}

// ---------------------------------------------------------------------------------------------
// Trains (README "Trains", base set)

/** What a Train does for its owner (README "Ability" column). */
export type TrainAbility =
  | { kind: 'excavate'; bonus: number } // Excavate at +N Work Rate (may exceed the track maximum)
  | { kind: 'works-iron'; iron: number } // Works: N Iron Ore make a Steel Bar
  | { kind: 'stock-yard'; extra: number } // Stock Yard: take N extra cubes (still max 1 Coal)
  | { kind: 'vp'; vp: number } // VP at game end
  | { kind: 'none' }
  | { kind: 'extra-build' } // one extra Build action after all other Builds
  | { kind: 'lay-track'; bonus: number }; // Lay Track at +N Work Rate

/** A Train card of the Engine Shed (Setup 13). */
export interface TrainData {
  no: number;
  name: string;
  /** Steel Bars to buy it (action E). */
  cost: number;
  /** Coal placed on the card in the Engine Shed (Setup 14); the buyer takes it. */
  coal: number;
  /** Coal paid to take the Temporary Labourer from the Pub (1. Assign Labourers). */
  pubCost: number;
  ability: TrainAbility;
  text: string;
}

/** The seven base-set Trains (README "Trains"); the Engine Shed shows six of them. */
export const TRAINS: readonly TrainData[] = [
  {
    no: 1,
    name: 'L.A.D.A.S.',
    cost: 2,
    coal: 1,
    pubCost: 1,
    ability: { kind: 'excavate', bonus: 2 },
    text: 'Excavate at +2 Work Rate (may exceed the track maximum).',
  }, // README
  {
    no: 2,
    name: 'Enid',
    cost: 2,
    coal: 0,
    pubCost: 1,
    ability: { kind: 'works-iron', iron: 2 },
    text: 'Works: 2 Iron Ore make a Steel Bar.',
  }, // README
  {
    no: 3,
    name: 'Wyddfa',
    cost: 2,
    coal: 1,
    pubCost: 1,
    ability: { kind: 'stock-yard', extra: 1 },
    text: 'Stock Yard: take 1 extra cube (still max 1 Coal).',
  }, // README
  { no: 4, name: 'Snowdon', cost: 1, coal: 1, pubCost: 1, ability: { kind: 'vp', vp: 9 }, text: '+9 VP at the end of the game.' }, // README
  { no: 5, name: 'Moel Siabod', cost: 1, coal: 2, pubCost: 1, ability: { kind: 'none' }, text: 'No ability (cheap, comes with 2 Coal).' }, // README
  // README; reconstruction: the extra Build is taken only in a round in which the owner had a
  // Labourer on BUILD (otherwise it would be a free action every round), and it may be declined.
  {
    no: 6,
    name: 'Padarn',
    cost: 2,
    coal: 1,
    pubCost: 2,
    ability: { kind: 'extra-build' },
    text: 'One extra Build action after all other Builds (in a round you Build).',
  },
  {
    no: 7,
    name: 'Ralph',
    cost: 2,
    coal: 1,
    pubCost: 1 /* reconstruction */,
    ability: { kind: 'lay-track', bonus: 1 },
    text: 'Lay Track at +1 Work Rate.',
  }, // README
];

/** The Train card with this number. */
export function trainData(no: number): TrainData {
  const t = TRAINS.find((x) => x.no === no);
  if (!t) throw new Error(`unknown train ${no}`);
  return t;
}

/** Train cards face up in the Engine Shed (Setup 13). */
export const ENGINE_SHED_SIZE = 6;

// ---------------------------------------------------------------------------------------------
// Cubes, the Stock Yard and the Supply Bag

/** Resources that live in the Supply Bag and the Stock Yard (rulebook, Actions preamble). */
export type Resource = 'iron' | 'stone' | 'coal';
export const RESOURCES: readonly Resource[] = ['iron', 'stone', 'coal'];

/** Every wooden piece in the box (README "Component totals"). */
export const COMPONENTS = {
  iron: 40,
  stone: 24,
  coal: 14,
  event: 5,
  rubble: 90,
  steel: 18,
  /** Ownership Markers per player, a fixed limit (Setup 6). */
  markers: 16,
  /** Labourers per player: two in the personal supply, one at the Pub (Setup 7). */
  labourers: 3,
} as const;

/** The Stock Yard at setup: 7 Iron Ore, 4 Stone, 1 Coal (rulebook Setup 14). */
export const STOCK_YARD_START = { iron: 7, stone: 4, coal: 1 } as const;

/**
 * The Supply Table (rulebook Setup 14; the numbers are the README reconstruction): cubes put in
 * the Supply Bag. `'all'` (5 players) = every cube not in the Stock Yard or on the Engine Shed.
 * Reconstruction: the Coal on Engine Shed Trains comes from the box, not from these amounts
 * (a 2-player table of 4 Coal could not otherwise fill six Trains).
 */
export const SUPPLY_TABLE: Record<PlayerCount, { iron: number | 'all'; stone: number | 'all'; coal: number | 'all'; event: number }> = {
  2: { iron: 18, stone: 10, coal: 4, event: 3 }, // reconstruction
  3: { iron: 24, stone: 14, coal: 5, event: 4 }, // reconstruction
  4: { iron: 30, stone: 18, coal: 6, event: 5 }, // reconstruction
  5: { iron: 'all', stone: 'all', coal: 'all', event: 5 }, // reconstruction
};

/** Cubes drawn from the Supply Bag each round (5. Restock the Stock Yard; README reconstruction). */
export const DRAWS_PER_ROUND: Record<PlayerCount, number> = { 2: 6, 3: 9, 4: 12, 5: 12 };

/** Stock Yard action: cubes per action and the Coal limit (action A). */
export const STOCK_YARD_TAKE = 3;
export const STOCK_YARD_MAX_COAL = 1;

/** Works conversions (action C; README for Rubble -> Stone from the bag). */
export const WORKS = { iron: 3, rubble: 2, minConversions: 1, maxConversions: 3 } as const;

// ---------------------------------------------------------------------------------------------
// Work Rate tracks and the weather (README reconstruction; rulebook 4. Check the Weather)

export const WORK_RATE = {
  excavation: { min: 2, max: 5, start: 3 }, // reconstruction
  layTrack: { min: 1, max: 3, start: 2 }, // reconstruction
} as const;

/** Work Rate changes of the weather on the "!" space (rulebook, 4. Check the Weather). */
export const WEATHER_EFFECTS: Record<Weather, { excavation: number; layTrack: number; blocks: boolean }> = {
  sun: { excavation: 2, layTrack: 1, blocks: false },
  rain: { excavation: -1, layTrack: -1, blocks: false },
  fog: { excavation: 0, layTrack: 0, blocks: true },
};

/** Weather discs in the box (README): never run short with a 3-space track plus 2 fog discs. */
export const WEATHER_DISCS: Record<Weather, number> = { sun: 3, rain: 3, fog: 5 };

// ---------------------------------------------------------------------------------------------
// The Event track (README reconstruction; events 2 and 6 are sourced)

export type EventKind = 'excavate' | 'trains' | 'lay-track' | 'build-station' | 'maintenance';

/** A space of the Event track and the event its cube triggers. */
export interface EventSpace {
  space: number;
  kind: EventKind;
  name: string;
  text: string;
}

/** The eight Event track spaces, left to right. */
export const EVENT_TRACK: readonly EventSpace[] = [
  { space: 1, kind: 'excavate', name: 'Excavate', text: 'The railway company clears the next two Rubble spaces up the mountain.' }, // reconstruction
  { space: 2, kind: 'trains', name: 'Trains for sale', text: 'Trains may now be bought at the Build action.' }, // README (sourced)
  {
    space: 3,
    kind: 'lay-track',
    name: 'Track is laid',
    text: 'The railway company lays track on as many cleared Track cards as the Lay Track Work Rate.',
  }, // reconstruction
  {
    space: 4,
    kind: 'build-station',
    name: 'Station built',
    text: 'The railway company fills the remaining building spaces of the next incomplete Station.',
  }, // reconstruction
  { space: 5, kind: 'excavate', name: 'Excavate', text: 'The railway company clears the next two Rubble spaces up the mountain.' }, // reconstruction
  { space: 6, kind: 'maintenance', name: 'Train maintenance', text: 'Each Train owner pays 1 Steel Bar or loses the Train.' }, // README (sourced)
  {
    space: 7,
    kind: 'lay-track',
    name: 'Track is laid',
    text: 'The railway company lays track on as many cleared Track cards as the Lay Track Work Rate.',
  }, // reconstruction
  {
    space: 8,
    kind: 'build-station',
    name: 'Station built',
    text: 'The railway company fills the remaining building spaces of the next incomplete Station.',
  }, // reconstruction
];

/** Rubble spaces (Track cards or Station excavation spaces) cleared by an Excavate event. */
export const EVENT_EXCAVATE_SPACES = 2; // reconstruction

// ---------------------------------------------------------------------------------------------
// Contract cards (README "Contracts": requirement kinds and some values are first-edition data;
// names, individual values, activation areas, effects and weather backs are reconstructions)

/** An end-game goal: met -> the card's VP (README "Requirement kinds"). */
export type Requirement =
  /** At least `stations` different Station cards carry one of your Ownership Markers. */
  | { kind: 'stations'; stations: number }
  | { kind: 'stations-track'; stations: number; track: number }
  | { kind: 'stations-track-rubble'; stations: number; track: number; rubble: number }
  /** Rubble cubes still held at game end (README). */
  | { kind: 'rubble'; rubble: number }
  | { kind: 'rubble-track'; rubble: number; track: number }
  /** Track cards you own. */
  | { kind: 'track'; track: number }
  /** 2 VP per Coal held at game end (the card's `vp` is per Coal). */
  | { kind: 'coal' }
  /** Your Surveyor stands on this Station or further up the line. */
  | { kind: 'surveyor'; station: StationId };

/** A one-time effect for the current round, activated before its Action Area resolves (rulebook). */
export type ContractEffect =
  | { kind: 'stock-yard-extra'; cubes: number } // take N more cubes at each of your Stock Yard actions
  | { kind: 'stock-yard-coal'; coal: number } // take up to N Coal at each of your Stock Yard actions
  | { kind: 'excavate-extra'; rubble: number } // +N Excavation Work Rate for your Excavation actions
  | { kind: 'works-extra'; conversions: number } // N more conversions at each of your Works actions
  | { kind: 'lay-track-extra'; track: number } // +N Lay Track Work Rate for your Lay Track actions
  | { kind: 'build-discount'; stone: number } // your Station spaces cost N Stone less
  | { kind: 'site-office-extra'; contracts: number } // take N more Contracts at each Site Office action
  | { kind: 'surveyor-extra'; stations: number }; // your Surveyor moves N more Stations

/** A Contract card: activation Action Area and effect, end-game requirement and VP, weather back. */
export interface ContractData {
  id: number;
  name: string;
  /** Action Area in the bottom-left corner: when the effect may be activated. */
  area: AreaId;
  effect: ContractEffect;
  requirement: Requirement;
  /** VP when the requirement is met (per Coal for `coal`). */
  vp: number;
  /** Weather icon on the card's back (Setup 12; README: 10 of each, reconstruction). */
  weather: Weather;
  /** Player counts using the card (Setup 11: cards 28 and 29 are for 3-5 players). */
  players: readonly PlayerCount[];
}

const c = (
  id: number,
  name: string,
  area: AreaId,
  effect: ContractEffect,
  requirement: Requirement,
  vp: number,
  players: readonly PlayerCount[] = ALL,
): ContractData => ({ id, name, area, effect, requirement, vp, weather: WEATHERS[(id - 1) % 3], players });

/** The 30 Contract cards. Weather backs cycle Sun, Rain, Fog by card number (10 each, reconstruction). */
export const CONTRACTS: readonly ContractData[] = [
  c(1, 'Station Master', 'E', { kind: 'build-discount', stone: 1 }, { kind: 'stations', stations: 5 }, 15), // README 5->15
  c(2, 'Station Agent', 'E', { kind: 'build-discount', stone: 1 }, { kind: 'stations', stations: 4 }, 10), // README 4->10
  c(3, 'Booking Clerk', 'A', { kind: 'stock-yard-extra', cubes: 1 }, { kind: 'stations', stations: 3 }, 6), // README 3->6
  c(4, 'Porter', 'B', { kind: 'excavate-extra', rubble: 1 }, { kind: 'stations-track', stations: 2, track: 2 }, 8), // reconstruction
  c(5, 'Signalman', 'D', { kind: 'lay-track-extra', track: 1 }, { kind: 'stations-track', stations: 3, track: 3 }, 14), // reconstruction
  c(6, 'Platelayer', 'C', { kind: 'works-extra', conversions: 1 }, { kind: 'stations-track-rubble', stations: 2, track: 2, rubble: 2 }, 10), // reconstruction
  c(7, 'Navvy Ganger', 'B', { kind: 'excavate-extra', rubble: 2 }, { kind: 'stations-track-rubble', stations: 3, track: 3, rubble: 3 }, 18), // reconstruction
  c(8, 'Spoil Heap', 'B', { kind: 'excavate-extra', rubble: 1 }, { kind: 'rubble', rubble: 4 }, 5), // README 4->5
  c(9, 'Rubble Merchant', 'C', { kind: 'works-extra', conversions: 1 }, { kind: 'rubble', rubble: 6 }, 8), // reconstruction
  c(10, 'Quarry Foreman', 'B', { kind: 'excavate-extra', rubble: 2 }, { kind: 'rubble', rubble: 8 }, 10), // reconstruction
  c(11, 'Ballast Contractor', 'A', { kind: 'stock-yard-extra', cubes: 1 }, { kind: 'rubble', rubble: 10 }, 13), // reconstruction
  c(12, 'Hard Core', 'G', { kind: 'surveyor-extra', stations: 1 }, { kind: 'rubble', rubble: 12 }, 16), // reconstruction
  c(13, 'Landfill', 'F', { kind: 'site-office-extra', contracts: 1 }, { kind: 'rubble', rubble: 16 }, 21), // README 16->21
  c(14, 'Embankment', 'D', { kind: 'lay-track-extra', track: 1 }, { kind: 'rubble-track', rubble: 3, track: 1 }, 7), // reconstruction
  c(15, 'Cutting', 'B', { kind: 'excavate-extra', rubble: 1 }, { kind: 'rubble-track', rubble: 5, track: 2 }, 11), // reconstruction
  c(16, 'Tunnel Gang', 'C', { kind: 'works-extra', conversions: 2 }, { kind: 'rubble-track', rubble: 6, track: 3 }, 16), // reconstruction
  c(17, 'Track Layer', 'D', { kind: 'lay-track-extra', track: 1 }, { kind: 'track', track: 1 }, 4), // README 1->4
  c(18, 'Permanent Way', 'A', { kind: 'stock-yard-extra', cubes: 1 }, { kind: 'track', track: 2 }, 9), // reconstruction
  c(19, 'Rail Gang', 'D', { kind: 'lay-track-extra', track: 1 }, { kind: 'track', track: 3 }, 15), // reconstruction
  c(20, 'Rack Rail', 'C', { kind: 'works-extra', conversions: 1 }, { kind: 'track', track: 4 }, 24), // reconstruction
  c(21, 'Summit Line', 'E', { kind: 'build-discount', stone: 1 }, { kind: 'track', track: 5 }, 40), // README 5->40
  c(22, 'Coal Merchant', 'A', { kind: 'stock-yard-coal', coal: 2 }, { kind: 'coal' }, 2), // README 2 VP per Coal
  c(23, 'Coal Board', 'G', { kind: 'surveyor-extra', stations: 1 }, { kind: 'coal' }, 2), // README 2 VP per Coal
  c(24, 'Coal Yard', 'F', { kind: 'site-office-extra', contracts: 1 }, { kind: 'coal' }, 2), // README 2 VP per Coal
  c(25, 'Station Inspector', 'G', { kind: 'surveyor-extra', stations: 1 }, { kind: 'stations-track', stations: 4, track: 2 }, 14), // reconstruction
  c(26, 'Architect', 'E', { kind: 'build-discount', stone: 1 }, { kind: 'stations', stations: 3 }, 6), // README 3->6
  c(27, 'Engineer', 'F', { kind: 'site-office-extra', contracts: 1 }, { kind: 'stations-track', stations: 2, track: 3 }, 11), // reconstruction
  c(28, 'Mountain Guide', 'G', { kind: 'surveyor-extra', stations: 1 }, { kind: 'surveyor', station: 'clogwyn' }, 10, [3, 4, 5]), // README: Surveyor, 3-5 players; values reconstruction
  c(29, 'Summit Surveyor', 'G', { kind: 'surveyor-extra', stations: 1 }, { kind: 'surveyor', station: 'yr-wyddfa' }, 15, [3, 4, 5]), // README: Surveyor, 3-5 players; values reconstruction
  c(
    30,
    'Chief Engineer',
    'F',
    { kind: 'site-office-extra', contracts: 1 },
    { kind: 'stations-track-rubble', stations: 4, track: 4, rubble: 4 },
    25,
  ), // reconstruction
];

/** The Contract card with this number. */
export function contractData(id: number): ContractData {
  const k = CONTRACTS.find((x) => x.id === id);
  if (!k) throw new Error(`unknown contract ${id}`);
  return k;
}

/** Contract cards in the Site Office (Setup 12). */
export const SITE_OFFICE_SIZE = 3;
/** Spaces on the Weather Track: "!" (the current weather), then the forecast (Setup 12). */
export const WEATHER_TRACK_SIZE = 3;

/** Readable text of a requirement ("3 Stations and 2 Track cards"). */
export function requirementText(r: Requirement, vp: number): string {
  const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  switch (r.kind) {
    case 'stations':
      return `${n(r.stations, 'Station', 'Stations')}: ${vp} VP`;
    case 'stations-track':
      return `${n(r.stations, 'Station', 'Stations')} and ${n(r.track, 'Track card', 'Track cards')}: ${vp} VP`;
    case 'stations-track-rubble':
      return `${n(r.stations, 'Station', 'Stations')}, ${n(r.track, 'Track card', 'Track cards')} and ${n(r.rubble, 'Rubble', 'Rubble')} held: ${vp} VP`;
    case 'rubble':
      return `${n(r.rubble, 'Rubble', 'Rubble')} held: ${vp} VP`;
    case 'rubble-track':
      return `${n(r.rubble, 'Rubble', 'Rubble')} held and ${n(r.track, 'Track card', 'Track cards')}: ${vp} VP`;
    case 'track':
      return `${n(r.track, 'Track card', 'Track cards')}: ${vp} VP`;
    case 'coal':
      return `${vp} VP per Coal held`;
    case 'surveyor':
      return `Surveyor at ${stationData(r.station).name} or beyond: ${vp} VP`;
  }
}

/** Readable text of an activation effect ("+1 Excavation Work Rate this round"). */
export function effectText(e: ContractEffect): string {
  switch (e.kind) {
    case 'stock-yard-extra':
      return `Stock Yard: take ${e.cubes} more cube${e.cubes === 1 ? '' : 's'} this round`;
    case 'stock-yard-coal':
      return `Stock Yard: take up to ${e.coal} Coal this round`;
    case 'excavate-extra':
      return `Excavation: +${e.rubble} Work Rate this round`;
    case 'works-extra':
      return `Works: ${e.conversions} more conversion${e.conversions === 1 ? '' : 's'} this round`;
    case 'lay-track-extra':
      return `Lay Track: +${e.track} Work Rate this round`;
    case 'build-discount':
      return `Build: Station spaces cost ${e.stone} Stone less this round`;
    case 'site-office-extra':
      return `Site Office: take ${e.contracts} more Contract this round`;
    case 'surveyor-extra':
      return `Surveyor: move ${e.stations} more Station this round`;
  }
}
