/**
 * Component data of Space Mountain: All Systems Go (Ravensburger, 2022).
 *
 * Sources: the rulebook (`docs/rules/space-mountain-all-systems-go.rulebook.txt`, "Components",
 * "Setup") and `docs/rules/README.md` section 3. The rulebook prints no board or card data, so
 * everything marked `// reconstruction` is a defensible choice consistent with the rulebook; a
 * publisher's real data can replace it here without touching the rules code.
 *
 * Coordinates: the Galaxy board is a grid of `BOARD_SIZE` x `BOARD_SIZE` squares, `row` 0 at the
 * top (north) to `BOARD_SIZE - 1` at the bottom (south), `col` 0 at the left (west).
 */

// The game's words live in a module of their own (cheap for a client to import); they are part
// of the component data, so they are re-exported here.
export { KIND_NAMES, squareName } from './words';

/** A square of the Galaxy board. */
export interface Square {
  row: number;
  col: number;
}

/** Side length of the square Galaxy board. */
export const BOARD_SIZE = 9; // reconstruction (README section 3: 9 x 9 grid)

/** The Fuel Gauge clip starts at 6 (rulebook, Setup: "Place the red Fuel Gauge clip at 6"). */
export const FUEL_START = 6;

/** The round ends when the Fuel Gauge reaches 1 (rulebook, Step 3: Check For Fuel). */
export const FUEL_EMPTY = 1;

/** 25 Mission Marker tokens (rulebook, Components). */
export const MISSION_MARKERS = 25;

/** Number of Navigation dice rolled each turn (rulebook, Starting the Game: "the 3 Navigation dice"). */
export const NAVIGATION_DICE = 3;

/**
 * Safeguard, not a rule: the rulebook has no end other than a winner, and a table where everyone
 * Refuels at once, or always runs out of fuel, could play forever. After this many rounds the
 * game ends without a winner and is ranked by progress (see `result`). Real games end in well
 * under 30 rounds; random play almost always ends before round 100.
 */
export const ROUND_CAP = 200;

// ---------------------------------------------------------------------------------------------
// Starports and Rockets

/** The five Starports: the five Space Mountains (README section 3, "Known facts"). */
export type StarportId = 'disneyland' | 'walt-disney-world' | 'tokyo' | 'paris' | 'hong-kong';

/** A Starport standee on its Starport icon. */
export interface Starport extends Square {
  id: StarportId;
  name: string;
  /** Colour of the Starport and of its Starport tokens (and of the Rocket that starts there, if any). */
  color: string;
}

/**
 * The five Starports in a fixed order; `STARPORTS[i]` for i < 4 is the home Starport of Rocket i
 * (`ROCKETS`). 4 Starports near the corners, 1 at the centre (README section 3).
 */
export const STARPORTS: readonly Starport[] = [
  { id: 'disneyland', name: 'Disneyland', color: 'red', row: 1, col: 1 }, // reconstruction (colour, position)
  { id: 'walt-disney-world', name: 'Walt Disney World', color: 'blue', row: 1, col: 7 }, // reconstruction
  { id: 'tokyo', name: 'Tokyo Disneyland', color: 'yellow', row: 7, col: 7 }, // reconstruction
  { id: 'paris', name: 'Disneyland Paris', color: 'green', row: 7, col: 1 }, // reconstruction
  { id: 'hong-kong', name: 'Hong Kong Disneyland', color: 'purple', row: 4, col: 4 }, // reconstruction (centre, no Rocket)
];

/** The Starport ids in board order. */
export const STARPORT_IDS: readonly StarportId[] = STARPORTS.map((s) => s.id);

/**
 * The 4 Rocket movers (rulebook, Components: "4 Rocket Movers"). Rocket i's colour matches its
 * home Starport `STARPORTS[i]` (rulebook, Setup: "Place the Rocket on the Starport icon of the
 * matching color"). Each player chooses a Rocket (option `rockets`, `rocketOf`); without a
 * choice seat i flies Rocket i.
 */
export const ROCKETS: readonly { color: string; home: StarportId }[] = [0, 1, 2, 3].map((i) => ({
  color: STARPORTS[i].color,
  home: STARPORTS[i].id,
}));

// ---------------------------------------------------------------------------------------------
// Wormholes

/** One mouth of a Wormhole; `twin` is the matching Wormhole the space tunnel leads to. */
export interface Wormhole extends Square {
  id: string;
  twin: string;
}

/**
 * 2 pairs of Wormholes (README section 3); each pair is symmetric through the centre.
 * // reconstruction (positions)
 */
export const WORMHOLES: readonly Wormhole[] = [
  { id: 'alpha-1', twin: 'alpha-2', row: 2, col: 3 }, // reconstruction
  { id: 'alpha-2', twin: 'alpha-1', row: 6, col: 5 }, // reconstruction
  { id: 'beta-1', twin: 'beta-2', row: 3, col: 6 }, // reconstruction
  { id: 'beta-2', twin: 'beta-1', row: 5, col: 2 }, // reconstruction
];

// ---------------------------------------------------------------------------------------------
// Encounter tokens

/** The 4 kinds of Space Item pictured on Encounter tokens and Mission cards. // reconstruction (names) */
export type SpaceItem = 'satellite' | 'comet' | 'planet' | 'astronaut';

/** The Space Items in display order. */
export const SPACE_ITEMS: readonly SpaceItem[] = ['satellite', 'comet', 'planet', 'astronaut'];

/** What an Encounter token shows when face up (rulebook, Encounter Tokens: "Types of Encounter tokens"). */
export type EncounterKind = SpaceItem | 'any-item' | 'return-to-starport';

/**
 * The 16 Encounter tokens (rulebook, Components): 12 Space Items (3 of each of the 4 kinds),
 * 2 Any Item, 2 Return to Starport. // reconstruction (README section 3: the split)
 */
export const ENCOUNTER_TOKENS: readonly EncounterKind[] = [
  ...SPACE_ITEMS.flatMap((item) => [item, item, item]),
  'any-item',
  'any-item',
  'return-to-starport',
  'return-to-starport',
];

/**
 * The 16 Encounter token spaces (marked "!") in a fixed board order, row by row. A face-down
 * token is only ever identified by its space, so this order leaks nothing.
 * The layout is symmetric under a quarter turn about the centre, so every home Starport is
 * equally placed. No event square lies on the board edge, so a Rocket that wraps around never
 * lands on a Cosmic Event. // reconstruction (positions)
 */
export const ENCOUNTER_SPACES: readonly Square[] = [
  { row: 1, col: 4 },
  { row: 2, col: 2 },
  { row: 2, col: 5 },
  { row: 2, col: 6 },
  { row: 3, col: 2 },
  { row: 3, col: 3 },
  { row: 3, col: 5 },
  { row: 4, col: 1 },
  { row: 4, col: 7 },
  { row: 5, col: 3 },
  { row: 5, col: 5 },
  { row: 5, col: 6 },
  { row: 6, col: 2 },
  { row: 6, col: 3 },
  { row: 6, col: 6 },
  { row: 7, col: 4 },
];

// ---------------------------------------------------------------------------------------------
// Navigation dice

/** Types of Movement (rulebook): Straight (2 squares) or Turn (1 square, turn, 1 square). */
export type Movement = 'straight' | 'turn';

/** One face of a Navigation die. `orange` faces drop the Fuel Gauge by 1 (rulebook, Step 3). */
export interface DieFace {
  movement: Movement;
  orange: boolean;
}

/**
 * The 6 faces of each (identical) Navigation die: 3 Straight and 3 Turn, 2 of them orange, one
 * of each movement, so a roll of 3 dice drops the gauge by 1 on average.
 * // reconstruction (README section 3)
 */
export const DIE_FACES: readonly DieFace[] = [
  { movement: 'straight', orange: false }, // reconstruction
  { movement: 'straight', orange: false }, // reconstruction
  { movement: 'straight', orange: true }, // reconstruction
  { movement: 'turn', orange: false }, // reconstruction
  { movement: 'turn', orange: false }, // reconstruction
  { movement: 'turn', orange: true }, // reconstruction
];

// ---------------------------------------------------------------------------------------------
// Mission cards

/** The five Mission sets (rulebook, Setup: "Separate the Mission cards into sets by letter"). */
export type MissionLetter = 'A' | 'B' | 'C' | 'D' | 'E';

/** The Mission letters in alphabetical order, the order cards are laid out and flipped. */
export const MISSION_LETTERS: readonly MissionLetter[] = ['A', 'B', 'C', 'D', 'E'];

/** A picture on a Mission card: a Space Item, or the Any Item icon (`any`, a "?" symbol). */
export type MissionPicture = SpaceItem | 'any';

/** A Mission card: its set letter and the pictures of its spaces, left to right. */
export interface MissionCard {
  id: string;
  letter: MissionLetter;
  pictures: readonly MissionPicture[];
}

/**
 * The 20 Mission cards, 4 per set (rulebook, Components). Sets A and B need 2 items, C, D and E
 * need 3 (README section 3). Each set is one pattern rotated through the 4 Space Items, so every
 * deal is equally hard; D and E carry the Any Item "?" space. // reconstruction (all pictures)
 */
export const MISSION_CARDS: readonly MissionCard[] = [
  { id: 'A1', letter: 'A', pictures: ['satellite', 'comet'] }, // reconstruction
  { id: 'A2', letter: 'A', pictures: ['comet', 'planet'] }, // reconstruction
  { id: 'A3', letter: 'A', pictures: ['planet', 'astronaut'] }, // reconstruction
  { id: 'A4', letter: 'A', pictures: ['astronaut', 'satellite'] }, // reconstruction
  { id: 'B1', letter: 'B', pictures: ['satellite', 'planet'] }, // reconstruction
  { id: 'B2', letter: 'B', pictures: ['comet', 'astronaut'] }, // reconstruction
  { id: 'B3', letter: 'B', pictures: ['planet', 'satellite'] }, // reconstruction
  { id: 'B4', letter: 'B', pictures: ['astronaut', 'comet'] }, // reconstruction
  { id: 'C1', letter: 'C', pictures: ['satellite', 'comet', 'planet'] }, // reconstruction
  { id: 'C2', letter: 'C', pictures: ['comet', 'planet', 'astronaut'] }, // reconstruction
  { id: 'C3', letter: 'C', pictures: ['planet', 'astronaut', 'satellite'] }, // reconstruction
  { id: 'C4', letter: 'C', pictures: ['astronaut', 'satellite', 'comet'] }, // reconstruction
  { id: 'D1', letter: 'D', pictures: ['satellite', 'satellite', 'any'] }, // reconstruction
  { id: 'D2', letter: 'D', pictures: ['comet', 'comet', 'any'] }, // reconstruction
  { id: 'D3', letter: 'D', pictures: ['planet', 'planet', 'any'] }, // reconstruction
  { id: 'D4', letter: 'D', pictures: ['astronaut', 'astronaut', 'any'] }, // reconstruction
  { id: 'E1', letter: 'E', pictures: ['satellite', 'astronaut', 'any'] }, // reconstruction
  { id: 'E2', letter: 'E', pictures: ['comet', 'satellite', 'any'] }, // reconstruction
  { id: 'E3', letter: 'E', pictures: ['planet', 'comet', 'any'] }, // reconstruction
  { id: 'E4', letter: 'E', pictures: ['astronaut', 'planet', 'any'] }, // reconstruction
];

const CARDS_BY_ID: Readonly<Record<string, MissionCard>> = Object.fromEntries(MISSION_CARDS.map((c) => [c.id, c]));

/** The Mission card with this id; throws on an unknown id (a corrupt state). */
export function missionCard(id: string): MissionCard {
  const card = CARDS_BY_ID[id];
  if (!card) throw new Error(`unknown Mission card ${id}`);
  return card;
}

// ---------------------------------------------------------------------------------------------
// Lookups used by movement

/** What is printed or placed on a square, as far as movement cares. */
export type SquareFeature =
  | { type: 'starport'; starport: number }
  | { type: 'wormhole'; wormhole: number }
  | { type: 'encounter'; space: number }
  | null;

const FEATURES: SquareFeature[] = (() => {
  const grid: SquareFeature[] = Array(BOARD_SIZE * BOARD_SIZE).fill(null);
  const put = (sq: Square, f: SquareFeature) => {
    const i = sq.row * BOARD_SIZE + sq.col;
    if (grid[i]) throw new Error(`two features on square ${sq.row},${sq.col}`);
    grid[i] = f;
  };
  for (const [i, s] of STARPORTS.entries()) put(s, { type: 'starport', starport: i });
  for (const [i, w] of WORMHOLES.entries()) put(w, { type: 'wormhole', wormhole: i });
  for (const [i, e] of ENCOUNTER_SPACES.entries()) put(e, { type: 'encounter', space: i });
  return grid;
})();

/** The Cosmic Event printed on (or placed on) a square, or null for empty space. */
export function featureAt(row: number, col: number): SquareFeature {
  return FEATURES[row * BOARD_SIZE + col];
}

/** Index in `WORMHOLES` of the twin of Wormhole `i`. */
export function wormholeTwin(i: number): number {
  const twin = WORMHOLES.findIndex((w) => w.id === WORMHOLES[i].twin);
  if (twin < 0) throw new Error(`wormhole ${WORMHOLES[i].id} has no twin`);
  return twin;
}
