/**
 * The layout of the Snowdonia board (no DOM, no Lit; tested in test/client/snowdonia-board.test.ts):
 * which control shows each of the server's `legalMoves` (grouped by type with `groupMoves`), how
 * the railway is laid out, and the few words only the board uses. The board never builds a move
 * itself: every control carries one entry of `legalMoves` and sends exactly its `move`. The
 * game's words come from the engine (engine/games/snowdonia/words.ts).
 */
import { groupMoves } from '../../../engine/core/group-moves';
import { youOrName } from '../../names';
import { seatColor } from '../../seat-colours';
import type { LegalMove, SeatInfo } from '../../api-types';
import type { AreaId, Owner, Resource, RouteCardView, SnowdoniaMove, StationId } from './types';

/** One control's move: the server's entry, untouched, and what the control shows of it. */
export interface Choice<T> {
  legal: LegalMove;
  value: T;
}

/** The cubes of the Stock Yard: the engine's resources. */
export type CubeKey = Resource;
export type ConvertKey = 'steel' | 'stone';
export type Counts<K extends string> = Record<K, number>;

/** The legal moves of this moment, sorted into the controls that show them. */
export interface ControlGroups {
  /** 1. Assign Labourers: pay the Train's Coal for the Temporary Labourer. */
  hire: LegalMove | null;
  /** Numbered Action Spaces a Labourer may go on. */
  place: Choice<{ area: AreaId; space: number }>[];
  /** Contract window: Contracts that may be activated now, and "no (more)". */
  activate: Choice<number>[];
  passContracts: LegalMove | null;
  /** A. Stock Yard: every legal mix of cubes. */
  takeCubes: Choice<Counts<CubeKey>>[];
  /** C. Works: every legal mix of conversions (Steel Bars made, Stone made). */
  convert: Choice<Counts<ConvertKey>>[];
  /** D. Lay Track: how many Track cards, fewest first. */
  layTrack: Choice<number>[];
  /** E. Build: Station building spaces, and Trains of the Engine Shed. */
  buildStation: Choice<{ station: StationId; space: number }>[];
  buyTrain: Choice<number>[];
  /** F. Site Office: Contracts that may be taken. */
  takeContract: Choice<number>[];
  /** Decline Padarn's extra Build. */
  skip: LegalMove | null;
  /** Event 6: pay a Steel Bar for the Train, or let it go. */
  maintain: { pay: LegalMove | null; letGo: LegalMove | null };
  /** Anything this board does not recognise: plain buttons with the server's label. */
  other: LegalMove[];
}

export function emptyGroups(): ControlGroups {
  return {
    hire: null,
    place: [],
    activate: [],
    passContracts: null,
    takeCubes: [],
    convert: [],
    layTrack: [],
    buildStation: [],
    buyTrain: [],
    takeContract: [],
    skip: null,
    maintain: { pay: null, letGo: null },
    other: [],
  };
}

/** Every move type the board has a control for; any other goes to `other`. */
const DRAWN: readonly SnowdoniaMove['type'][] = [
  'hire-temporary',
  'place',
  'activate-contract',
  'pass-contracts',
  'take-cubes',
  'convert',
  'lay-track',
  'build-station',
  'buy-train',
  'take-contract',
  'skip',
  'maintain-train',
];

/**
 * Sorts `legalMoves` into control groups. Every entry lands in exactly one group (a repeated move
 * or one of a type the board has no control for goes to `other`), so the board offers exactly the
 * moves the server listed.
 */
export function controlGroups(legalMoves: readonly LegalMove[] | null | undefined): ControlGroups {
  const by = groupMoves<SnowdoniaMove, LegalMove>(legalMoves);
  const g = emptyGroups();
  /** The one control of a move type: the first listed (a second would be a plain button). */
  const single = (list: readonly LegalMove[]) => {
    g.other.push(...list.slice(1));
    return list[0] ?? null;
  };
  g.hire = single(by.of('hire-temporary'));
  g.place = by.of('place').map((legal) => ({ legal, value: { area: legal.move.area, space: legal.move.space } }));
  g.activate = by.of('activate-contract').map((legal) => ({ legal, value: legal.move.contract }));
  g.passContracts = single(by.of('pass-contracts'));
  g.takeCubes = by
    .of('take-cubes')
    .map((legal) => ({ legal, value: { iron: legal.move.iron, stone: legal.move.stone, coal: legal.move.coal } }));
  g.convert = by.of('convert').map((legal) => ({ legal, value: { steel: legal.move.steel, stone: legal.move.stone } }));
  g.layTrack = by
    .of('lay-track')
    .map((legal) => ({ legal, value: legal.move.count }))
    .sort((a, b) => a.value - b.value);
  g.buildStation = by.of('build-station').map((legal) => ({ legal, value: { station: legal.move.station, space: legal.move.space } }));
  g.buyTrain = by.of('buy-train').map((legal) => ({ legal, value: legal.move.train }));
  g.takeContract = by.of('take-contract').map((legal) => ({ legal, value: legal.move.contract }));
  g.skip = single(by.of('skip'));
  g.maintain.pay = single(by.of('maintain-train').filter((l) => l.move.pay));
  g.maintain.letGo = single(by.of('maintain-train').filter((l) => !l.move.pay));
  g.other.push(...by.except(DRAWN));
  return g;
}

/** Every legal move the groups offer, once each (for tests and sanity checks). */
export function groupedMoves(g: ControlGroups): LegalMove[] {
  return [
    ...(g.hire ? [g.hire] : []),
    ...g.place.map((c) => c.legal),
    ...g.activate.map((c) => c.legal),
    ...(g.passContracts ? [g.passContracts] : []),
    ...g.takeCubes.map((c) => c.legal),
    ...g.convert.map((c) => c.legal),
    ...g.layTrack.map((c) => c.legal),
    ...g.buildStation.map((c) => c.legal),
    ...g.buyTrain.map((c) => c.legal),
    ...g.takeContract.map((c) => c.legal),
    ...(g.skip ? [g.skip] : []),
    ...(g.maintain.pay ? [g.maintain.pay] : []),
    ...(g.maintain.letGo ? [g.maintain.letGo] : []),
    ...g.other,
  ];
}

/** The move that puts a Labourer on `area` space `space`, when listed. */
export function placeChoice(g: ControlGroups, area: AreaId, space: number): LegalMove | null {
  return g.place.find((c) => c.value.area === area && c.value.space === space)?.legal ?? null;
}

/** The move that builds `station` building space `space`, when listed. */
export function buildChoice(g: ControlGroups, station: StationId, space: number): LegalMove | null {
  return g.buildStation.find((c) => c.value.station === station && c.value.space === space)?.legal ?? null;
}

/** One Station's Build choices in the prompt: its name, and each listed building space's button. */
export interface BuildRow {
  station: StationId;
  name: string;
  /** `text`: the label without "Build <Station> " (the row names the Station), "Space 1: 3 Stone for 9 VP". */
  spaces: { legal: LegalMove; text: string }[];
}

/**
 * The listed Build moves as rows, one a Station in route order: a dozen buttons that each
 * repeated "Build Two Viaducts" were a page long on a phone.
 */
export function buildRows(route: readonly RouteCardView[], choices: ControlGroups['buildStation']): BuildRow[] {
  const rows: BuildRow[] = [];
  for (const card of route) {
    if (card.kind !== 'station') continue;
    const mine = choices.filter((c) => c.value.station === card.station).sort((a, b) => a.value.space - b.value.space);
    if (!mine.length) continue;
    rows.push({
      station: card.station,
      name: card.name,
      spaces: mine.map(({ legal }) => ({ legal, text: withoutPrefix(legal.label, `Build ${card.name} `) })),
    });
  }
  return rows;
}

/**
 * A button's words without the `prefix` its group already says ("Build Two Viaducts ", "Lay track
 * on "), capitalised; the whole label when it does not start so. The button keeps the whole label
 * as its name, which holds these words.
 */
export function withoutPrefix(label: string, prefix: string): string {
  const rest = label.startsWith(prefix) ? label.slice(prefix.length) : label;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** The listed move of a group whose value is `id` (a Contract to take, a Train to buy). */
export function choiceFor(choices: readonly Choice<number>[], id: number): LegalMove | null {
  return choices.find((c) => c.value === id)?.legal ?? null;
}

// ---------------------------------------------------------------------------------------------
// Count pickers (Stock Yard cubes, Works conversions): the player adds and removes units, and
// the confirm button is the listed move whose counts equal the selection, if any.

/** A selection of nothing. */
export function zeroCounts<K extends string>(keys: readonly K[]): Counts<K> {
  return Object.fromEntries(keys.map((k) => [k, 0])) as Counts<K>;
}

/** May one more `key` be added to `sel` and still lead to (or be) a listed choice? */
export function canAdd<K extends string>(choices: readonly Choice<Counts<K>>[], sel: Counts<K>, key: K): boolean {
  const keys = Object.keys(sel) as K[];
  return choices.some((c) => keys.every((k) => c.value[k] >= sel[k] + (k === key ? 1 : 0)));
}

/** The listed choice whose counts are exactly `sel`, or null. */
export function matchCounts<K extends string>(choices: readonly Choice<Counts<K>>[], sel: Counts<K>): LegalMove | null {
  const keys = Object.keys(sel) as K[];
  return choices.find((c) => keys.every((k) => c.value[k] === sel[k]))?.legal ?? null;
}

/** The most units any listed choice has in total (the Stock Yard's "take up to N cubes"). */
export function mostUnits<K extends string>(choices: readonly Choice<Counts<K>>[]): number {
  return choices.reduce(
    (n, c) =>
      Math.max(
        n,
        Object.values<number>(c.value).reduce((a, b) => a + b, 0),
      ),
    0,
  );
}

/** Drops units the listed choices no longer allow (after the choices changed under a selection). */
export function fitSelection<K extends string>(choices: readonly Choice<Counts<K>>[], sel: Counts<K>): Counts<K> {
  const keys = Object.keys(sel) as K[];
  const out = { ...sel };
  const fits = () => choices.some((c) => keys.every((j) => c.value[j] >= out[j]));
  while (!fits()) {
    // First what no choice has that many of at all, then one unit at a time from the last key.
    const over = keys.find((k) => out[k] > Math.max(0, ...choices.map((c) => c.value[k])));
    if (over) out[over] = Math.max(0, ...choices.map((c) => c.value[over]));
    else {
      const last = [...keys].reverse().find((k) => out[k] > 0);
      if (!last) break;
      out[last] -= 1;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The railway

/**
 * Track cards the Lay Track choices reach, by route index: track goes on the unlaid Track cards
 * from the lowest one up, so the k-th unlaid card carries the "lay on k cards" move (only when
 * the server lists it).
 */
export function layTargets(route: readonly RouteCardView[], lay: readonly Choice<number>[]): Map<number, Choice<number>> {
  const out = new Map<number, Choice<number>>();
  if (!lay.length) return out;
  const max = Math.max(...lay.map((c) => c.value));
  let k = 0;
  route.forEach((card, i) => {
    if (card.kind !== 'track' || card.owner !== null || k >= max) return;
    k += 1;
    const c = lay.find((x) => x.value === k);
    if (c) out.set(i, c);
  });
  return out;
}

export interface RouteCell {
  x: number;
  y: number;
  row: number;
  col: number;
}

export interface RouteLayout {
  cells: RouteCell[];
  cols: number;
  rows: number;
  width: number;
  height: number;
  cardW: number;
  cardH: number;
}

export const CARD_W = 104;
export const CARD_H = 112;
const GAP_X = 12;
const GAP_Y = 16;
const PAD = 8;

/**
 * Places `n` route cards up the mountain as a zig-zag: the bottom row left to right from
 * Llanberis, the next row right to left, and so on, the summit in the top row.
 */
export function routeLayout(n: number, cols: number): RouteLayout {
  const c = Math.max(1, Math.floor(cols));
  const rows = Math.max(1, Math.ceil(n / c));
  const cells: RouteCell[] = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / c);
    const inRow = i % c;
    const col = row % 2 === 0 ? inRow : c - 1 - inRow;
    cells.push({ row, col, x: PAD + col * (CARD_W + GAP_X), y: PAD + (rows - 1 - row) * (CARD_H + GAP_Y) });
  }
  return {
    cells,
    cols: c,
    rows,
    width: PAD * 2 + c * CARD_W + (c - 1) * GAP_X,
    height: PAD * 2 + rows * CARD_H + (rows - 1) * GAP_Y,
    cardW: CARD_W,
    cardH: CARD_H,
  };
}

/**
 * Columns of the railway for a board `px` wide: as many as keep the cards drawn at least 1.2 times
 * their size, so the cards' smallest text (9.5 units) reads at 11 CSS px or more; a phone gets 2.
 */
export function columnsFor(px: number): number {
  if (!Number.isFinite(px) || px <= 0) return 3;
  const fit = Math.floor((px / 1.2 - PAD * 2 + GAP_X) / (CARD_W + GAP_X));
  return Math.min(6, Math.max(2, fit));
}

/**
 * A phone's railway: one row from Llanberis on the left to the summit on the right, scrolled
 * sideways in its own box (two columns up the mountain were about 1,800 px tall at 375 px wide,
 * more than two screens for one part of the board). Drawn at `STRIP_SCALE`, so the cards'
 * smallest text (9.5 units) reads at 11 CSS px or more.
 */
export const STRIP_SCALE = 1.25;

/** A board this narrow (CSS px) gets the strip: the zig-zag would have only 2 columns. */
export function usesStrip(px: number): boolean {
  return Number.isFinite(px) && px > 0 && columnsFor(px) <= 2;
}

/**
 * The card the strip opens on: the first a move of this step acts on (a building space or a
 * Track card the listed moves reach), else the work front, the first Track card without track.
 */
export function stripFocus(route: readonly RouteCardView[], g: Pick<ControlGroups, 'buildStation' | 'layTrack'>): number {
  const lay = layTargets(route, g.layTrack);
  const build = new Set(g.buildStation.map((c) => c.value.station));
  const target = route.findIndex((c, i) => lay.has(i) || (c.kind === 'station' && build.has(c.station)));
  if (target >= 0) return target;
  const front = route.findIndex((c) => c.kind === 'track' && c.owner === null);
  return Math.max(0, front);
}

/** Where the strip scrolls to show card `index` with the card before it: its left edge, in CSS px. */
export function stripScrollLeft(index: number): number {
  return Math.max(0, (PAD + (index - 1) * (CARD_W + GAP_X)) * STRIP_SCALE);
}

// ---------------------------------------------------------------------------------------------
// Colours and short names

/** A CSS colour for an owner: a seat's (`seatColor`) or the railway company's. */
export function ownerColor(owner: Owner | null | undefined): string {
  if (owner === 'game') return 'var(--sn-company)';
  if (typeof owner === 'number') return seatColor(owner);
  return 'transparent';
}

/** Who owns a piece, in words. */
export function ownerName(seats: readonly SeatInfo[], owner: Owner | null, you: number | null): string {
  if (owner === null) return 'nobody';
  if (owner === 'game') return 'the railway company';
  return youOrName(seats, owner, you);
}

/** Short names for narrow station cards. */
export function shortStationName(name: string, max = 14): string {
  if (name.length <= max) return name;
  const words = name.split(' ');
  if (words.length > 1) {
    const joined = words.slice(0, -1).join(' ');
    if (joined.length <= max) return joined;
  }
  return `${name.slice(0, max - 1)}…`;
}

/** Which part of the board the viewer's current decision is made on (shown first on a phone). */
export type FocusPart = 'areas' | 'stock-yard' | 'railway' | 'engine-shed' | 'site-office' | null;

export function focusPart(g: ControlGroups): FocusPart {
  if (g.place.length) return 'areas';
  if (g.takeCubes.length) return 'stock-yard';
  if (g.buildStation.length || g.layTrack.length) return 'railway';
  if (g.buyTrain.length) return 'engine-shed';
  if (g.takeContract.length) return 'site-office';
  return null;
}
