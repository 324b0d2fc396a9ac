/**
 * Component data of Big Thunder Mountain Railroad (Funko Games, 2022).
 *
 * Every value either cites its source (the rulebook, `rulebook.txt`, or the "Known facts" of
 * `docs/rules/README.md` section 1) or is marked `// reconstruction`: a defensible choice where
 * the rulebook prints no card list. A publisher's real data can replace this module without
 * touching the rules code, which only reads the tables below.
 */
import { actionName } from './words';

// The board's numbers and the game's words live in a module of their own (cheap for a client to
// import); they are part of the component data, so they are re-exported here.
export { ACTION_NAMES, CART_CAPACITY, MAX_TOWN_TOKENS, MAX_UPGRADES, SCORE_TRACK_LENGTH, SHAFTS, TOWN, TRACK_SPACES } from './words';

/** The four marble colours (README "Known facts": yellow = Gold Nugget, brown = Raw Ore, blue = Water, red = Fate). */
export type MarbleKind = 'gold' | 'ore' | 'water' | 'fate';

/** Marbles in the box: 23 (rulebook, Contents). */
export const MARBLES_IN_BOX = 23;

/**
 * Marbles that start in the basin: the non-Fate marbles plus one red Fate marble
 * (rulebook, Mine Setup 3 and 5; the other red marble stays in the box as a spare).
 */
export const STARTING_BASIN = {
  water: 7, // reconstruction (README: 7 Water, 7 Gold Nugget, 7 Raw Ore)
  gold: 7, // reconstruction
  ore: 7, // reconstruction
  fate: 1, // rulebook, Mine Setup 5: "Drop one red marble into the basin"
} as const;

/** Red marbles kept in the game box as a spare (rulebook, Mine Setup 5). */
export const SPARE_FATE_MARBLES = 1;

/** Town Tokens in the box (rulebook, Contents). The supply never runs out: 4 mats x 5 = 20. */
export const TOWN_TOKENS_IN_BOX = 20;
/** Cards in hand after drawing (rulebook, On Your Turn 3); 5 with the 5-Card Hand Upgrade. */
export const HAND_SIZE = 4;
/** Marbles run at the start of every turn (rulebook, On Your Turn 1). */
export const MARBLES_PER_TURN = 3;
/** Market size (rulebook, General Setup 3). */
export const MARKET_SIZE = 3;
/** The star space (rulebook, End of the Game) and the longer-game target (FOR A LONGER GAME). */
export const STAR_SPACE = 20;
export const LONGER_GAME_TARGET = 25;
/** Town Shares cost two Town Tokens (rulebook, Buy One Upgrade or One Town Share). */
export const TOWN_SHARE_COST = 2;

/** Points or Town Tokens a marble sells for (rulebook, The Marbles; Sell Gold). */
export const SELL_VALUE = { gold: 2, ore: 1 } as const;

// ---------------------------------------------------------------------------------------------
// Players

/** One player colour: Mine Cart, Locomotive, mat and eight Starting Supplies (rulebook, Player Setup). */
export interface Train {
  /** Locomotive name (README "Known facts"). */
  name: string;
  /** Colour of cart, mat and card borders. */
  colour: string;
}

/**
 * The four player colours, in seat order. Names: README "Known facts". Colours: reconstruction
 * (the rulebook's examples name yellow, gray, blue and green Mine Carts).
 */
export const TRAINS: readonly Train[] = [
  { name: 'U.R. Courageous', colour: 'yellow' }, // reconstruction (colour)
  { name: 'U.B. Bold', colour: 'gray' }, // reconstruction (colour)
  { name: 'I.M. Brave', colour: 'blue' }, // reconstruction (colour)
  { name: 'I.M. Fearless', colour: 'green' }, // reconstruction (colour)
];

// ---------------------------------------------------------------------------------------------
// Supplies cards

/** One action image on a Supplies card (rulebook, Card Actions). Each image is one action. */
export type CardAction =
  | { kind: 'move'; spaces: number }
  | { kind: 'pick' }
  | { kind: 'pan' }
  | { kind: 'bail' }
  | { kind: 'resupply' }
  | { kind: 'crosscut' };

/** The kinds of card action. */
export type ActionKind = CardAction['kind'];

/** A Supplies card. `discardToMove`: the card shows the Discard to Move action (rulebook, Card Actions). */
export interface SuppliesCard {
  id: number;
  name: string;
  actions: readonly CardAction[];
  discardToMove: boolean;
  /** Seat colour of a Starting Supplies card (0..3), or null for a Market card. */
  starting: number | null;
}

/** A card design and how many copies exist. */
interface Design {
  actions: CardAction[];
  discardToMove: boolean;
  copies: number;
}

const mv = (spaces: number): CardAction => ({ kind: 'move', spaces });
const pick: CardAction = { kind: 'pick' };
const pan: CardAction = { kind: 'pan' };
const bail: CardAction = { kind: 'bail' };
const resupply: CardAction = { kind: 'resupply' };
const crosscut: CardAction = { kind: 'crosscut' };

/**
 * The eight Starting Supplies of each colour (rulebook, Player Setup 2: eight cards each).
 * reconstruction (README): 2x Move 2, 2x Pick for Gold, 1x Pan for Gold, 1x Bail Water + Move 1,
 * 1x Resupply, 1x Pick for Gold + Move 1. The rulebook's TURN EXAMPLE is played with these
 * (Move 2, Pan for Gold, Bail Water + Move 1, Pick for Gold).
 * reconstruction: Discard to Move is printed on every card that has no Move action (on a Move 2
 * card it would be pointless: playing it already moves up to two spaces).
 */
const STARTING_DESIGNS: readonly Design[] = [
  { actions: [mv(2)], discardToMove: false, copies: 2 }, // reconstruction
  { actions: [pick], discardToMove: true, copies: 2 }, // reconstruction
  { actions: [pan], discardToMove: true, copies: 1 }, // reconstruction
  { actions: [bail, mv(1)], discardToMove: false, copies: 1 }, // reconstruction
  { actions: [resupply], discardToMove: true, copies: 1 }, // reconstruction
  { actions: [pick, mv(1)], discardToMove: false, copies: 1 }, // reconstruction
];

/**
 * The 30 Market cards (62 Supplies - 4 x 8 Starting Supplies; README "Known facts").
 * reconstruction: stronger two-action combinations of the same actions, with Crosscut Tunnel and
 * cards with two separate Move actions (rulebook F.A.Q.: "Some Supplies have two separate Move
 * actions"). Discard to Move on every card without a Move action, as on the Starting Supplies.
 */
const MARKET_DESIGNS: readonly Design[] = [
  { actions: [mv(3)], discardToMove: false, copies: 2 }, // reconstruction
  { actions: [mv(2), mv(1)], discardToMove: false, copies: 2 }, // reconstruction (two separate Moves, F.A.Q.)
  { actions: [mv(1), mv(1)], discardToMove: false, copies: 1 }, // reconstruction (two separate Moves, F.A.Q.)
  { actions: [pick, pick], discardToMove: true, copies: 2 }, // reconstruction
  { actions: [pan, pan], discardToMove: true, copies: 2 }, // reconstruction
  { actions: [pick, pan], discardToMove: true, copies: 2 }, // reconstruction
  { actions: [mv(2), pick], discardToMove: false, copies: 2 }, // reconstruction
  { actions: [mv(1), pan], discardToMove: false, copies: 2 }, // reconstruction
  { actions: [mv(2), pan], discardToMove: false, copies: 1 }, // reconstruction
  { actions: [bail, pan], discardToMove: true, copies: 2 }, // reconstruction
  { actions: [bail, bail], discardToMove: true, copies: 1 }, // reconstruction
  { actions: [bail, mv(2)], discardToMove: false, copies: 1 }, // reconstruction
  { actions: [pick, bail], discardToMove: true, copies: 1 }, // reconstruction
  { actions: [crosscut, pick], discardToMove: true, copies: 2 }, // reconstruction
  { actions: [crosscut, mv(1)], discardToMove: false, copies: 2 }, // reconstruction
  { actions: [crosscut], discardToMove: true, copies: 1 }, // reconstruction
  { actions: [resupply, mv(1)], discardToMove: false, copies: 2 }, // reconstruction
  { actions: [resupply, pick], discardToMove: true, copies: 1 }, // reconstruction
  { actions: [resupply, bail], discardToMove: true, copies: 1 }, // reconstruction
];

/** A card's name from its actions ("Move 2", "Pick for Gold + Move 1"). */
export function cardName(actions: readonly CardAction[]): string {
  return actions.map(actionName).join(' + ');
}

function buildCards(): SuppliesCard[] {
  const cards: SuppliesCard[] = [];
  for (let colour = 0; colour < TRAINS.length; colour++) {
    for (const d of STARTING_DESIGNS) {
      for (let c = 0; c < d.copies; c++) {
        cards.push({ id: cards.length, name: cardName(d.actions), actions: d.actions, discardToMove: d.discardToMove, starting: colour });
      }
    }
  }
  for (const d of MARKET_DESIGNS) {
    for (let c = 0; c < d.copies; c++) {
      cards.push({ id: cards.length, name: cardName(d.actions), actions: d.actions, discardToMove: d.discardToMove, starting: null });
    }
  }
  return cards;
}

/** All 62 Supplies cards by id: ids 8c..8c+7 are colour c's Starting Supplies, 32..61 the Market cards. */
export const SUPPLIES: readonly SuppliesCard[] = buildCards();
/** Supplies cards in the box (rulebook, Contents). */
export const SUPPLIES_IN_BOX = 62;
/** Starting Supplies per player (rulebook, Player Setup 2). */
export const STARTING_SUPPLIES_PER_PLAYER = 8;

/** The Starting Supplies card ids of colour `colour`. */
export function startingSupplies(colour: number): number[] {
  return SUPPLIES.filter((c) => c.starting === colour).map((c) => c.id);
}

/** The Market (Supplies deck) card ids. */
export function marketCards(): number[] {
  return SUPPLIES.filter((c) => c.starting === null).map((c) => c.id);
}

// ---------------------------------------------------------------------------------------------
// Fate cards

/**
 * Fate card effects (reconstruction, README section 1; the rulebook only says "do what it says").
 * The "Fate shaft" is the mine shaft the Fate marble ran into (the rulebook's Crosscut Tunnel
 * says the Fate marble runs into a shaft).
 */
export type FateKind = 'flashFlood' | 'caveIn' | 'luckyStrike' | 'runawayTrain' | 'earthquake' | 'claimJumper';

/** A Fate card's title and text. */
export interface FateCard {
  id: number;
  kind: FateKind;
  name: string;
  text: string;
}

const FATE_DESIGNS: readonly { kind: FateKind; name: string; text: string; copies: number }[] = [
  // reconstruction: README "2 Flash Flood (a Water from the basin into a shaft)"; the shaft is the Fate shaft.
  { kind: 'flashFlood', name: 'Flash Flood', text: 'A Water from the basin floods the mine shaft the Fate marble ran into.', copies: 2 },
  // reconstruction: README "2 Cave-In (a shaft's marbles return to the basin)"; the shaft is the Fate shaft.
  {
    kind: 'caveIn',
    name: 'Cave-In',
    text: 'The mine shaft the Fate marble ran into caves in: all its marbles return to the basin.',
    copies: 2,
  },
  // reconstruction: README "2 Lucky Strike"; a Gold Nugget is taken before a Raw Ore; Water does not matter.
  {
    kind: 'luckyStrike',
    name: 'Lucky Strike',
    text: 'Each Mine Cart in a mine shaft takes one gold (a Gold Nugget if there is one) from its shaft, if it has room.',
    copies: 2,
  },
  // reconstruction: README "2 Runaway Train"; carts move one at a time in turn order from the active player.
  {
    kind: 'runawayTrain',
    name: 'Runaway Train',
    text: 'Starting with the active player, each Mine Cart moves 1 space clockwise (bumping applies; a cart in Town rolls into shaft 1).',
    copies: 2,
  },
  // reconstruction: README "1 Earthquake (run 2 marbles)".
  { kind: 'earthquake', name: 'Earthquake', text: 'Run 2 marbles.', copies: 1 },
  // reconstruction: README "1 Claim Jumper (each player discards 1 card of their choice)".
  { kind: 'claimJumper', name: 'Claim Jumper', text: 'Each player discards 1 card of their choice from their hand.', copies: 1 },
];

/** The 10 Fate cards by id (rulebook, Contents: 10 Fate Cards). */
export const FATE_CARDS: readonly FateCard[] = FATE_DESIGNS.flatMap((d) => Array.from({ length: d.copies }, () => d)).map((d, id) => ({
  id,
  kind: d.kind,
  name: d.name,
  text: d.text,
}));

// ---------------------------------------------------------------------------------------------
// Town Shares

/**
 * The 15 Town Shares by id: points at the end of the game (rulebook: "worth 1, 2, or 3 points";
 * Contents: 15 cards). reconstruction: 5 of each value.
 */
export const TOWN_SHARES: readonly number[] = [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3]; // reconstruction (5 x 1, 5 x 2, 5 x 3)

// ---------------------------------------------------------------------------------------------
// Upgrades

/** The six Upgrade types (rulebook, Upgrades). */
export type UpgradeType = 'pickToPan' | 'refineGold' | 'steamPump' | 'expressResupply' | 'bigClaim' | 'fiveCardHand';

/** An Upgrade tile type. */
export interface Upgrade {
  type: UpgradeType;
  name: string;
  /** Town Tokens to buy it ("between two and four", rulebook, Buy One Upgrade). */
  cost: number;
  text: string;
}

/** The six Upgrade types, in the rulebook's order. */
export const UPGRADES: readonly Upgrade[] = [
  { type: 'pickToPan', name: 'Pick to Pan', cost: 2, text: 'You may take Pick for Gold actions in mine shafts that have Water in them.' }, // cost: reconstruction
  { type: 'refineGold', name: 'Refine Gold', cost: 3, text: 'All your Raw Ore are considered Gold Nuggets.' }, // cost: rulebook, Town EXAMPLE ("costs three Town Tokens")
  { type: 'steamPump', name: 'Steam Pump', cost: 2, text: 'Bail Water earns two Town Tokens instead of one.' }, // cost: reconstruction
  { type: 'expressResupply', name: 'Express Resupply', cost: 3, text: 'Resupply draws the new Supplies into your hand.' }, // cost: reconstruction
  { type: 'bigClaim', name: 'Big Claim', cost: 4, text: 'Pick or Pan for Gold in your mine shaft or a mine shaft next to it.' }, // cost: reconstruction
  { type: 'fiveCardHand', name: '5-Card Hand', cost: 4, text: 'Draw up to five cards at the end of your turn.' }, // cost: reconstruction
];

/** Upgrade types in order. */
export const UPGRADE_TYPES: readonly UpgradeType[] = UPGRADES.map((u) => u.type);

/** The Upgrade with this type. */
export function upgrade(type: UpgradeType): Upgrade {
  return UPGRADES.find((u) => u.type === type)!;
}

/** Tiles of each Upgrade type in the box: 18 tiles = 6 types x 3 (README "Known facts"). */
export const TILES_PER_UPGRADE = 3;
