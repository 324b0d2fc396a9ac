/**
 * Pure helpers of the Snowdonia board (no DOM, no Lit; tested in
 * test/client/snowdonia-board.test.ts): how the server's `legalMoves` become controls, how the
 * railway is laid out, and the words the board shows. The board never builds a move itself:
 * every control carries one entry of `legalMoves` and sends exactly its `move`.
 */
import type { LegalMove, SeatInfo } from '../../types';
import type { AreaId, Owner, RouteCardView, SnowdoniaView, StationId, Weather } from './view-types';

/** One control's move: the server's entry, untouched, and what the control shows of it. */
export interface Choice<T> {
  legal: LegalMove;
  value: T;
}

export type CubeKey = 'iron' | 'stone' | 'coal';
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

const AREAS = new Set<string>(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
const STATIONS = new Set<string>([
  'llanberis',
  'two-viaducts',
  'waterfall',
  'hebron',
  'halfway',
  'passing-loop',
  'rocky-valley-halt',
  'clogwyn',
  'yr-wyddfa',
]);

const count = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;
const positive = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 1;

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

/**
 * Sorts `legalMoves` into control groups. Every entry lands in exactly one group (a repeated or
 * unrecognised move goes to `other`), so the board offers exactly the moves the server listed.
 */
export function groupMoves(legalMoves: readonly LegalMove[] | null | undefined): ControlGroups {
  const g = emptyGroups();
  const seen = new Set<string>();
  for (const legal of legalMoves ?? []) {
    const m = legal?.move as Record<string, unknown> | null;
    const key = JSON.stringify(m ?? null);
    if (!m || typeof m !== 'object' || seen.has(key)) {
      if (legal) g.other.push(legal);
      continue;
    }
    seen.add(key);
    switch (m.type) {
      case 'hire-temporary':
        if (!g.hire) {
          g.hire = legal;
          continue;
        }
        break;
      case 'place':
        if (AREAS.has(m.area as string) && positive(m.space)) {
          g.place.push({ legal, value: { area: m.area as AreaId, space: m.space } });
          continue;
        }
        break;
      case 'activate-contract':
        if (positive(m.contract)) {
          g.activate.push({ legal, value: m.contract });
          continue;
        }
        break;
      case 'pass-contracts':
        if (!g.passContracts) {
          g.passContracts = legal;
          continue;
        }
        break;
      case 'take-cubes':
        if (count(m.iron) && count(m.stone) && count(m.coal)) {
          g.takeCubes.push({ legal, value: { iron: m.iron, stone: m.stone, coal: m.coal } });
          continue;
        }
        break;
      case 'convert':
        if (count(m.steel) && count(m.stone)) {
          g.convert.push({ legal, value: { steel: m.steel, stone: m.stone } });
          continue;
        }
        break;
      case 'lay-track':
        if (positive(m.count)) {
          g.layTrack.push({ legal, value: m.count });
          continue;
        }
        break;
      case 'build-station':
        if (STATIONS.has(m.station as string) && positive(m.space)) {
          g.buildStation.push({ legal, value: { station: m.station as StationId, space: m.space } });
          continue;
        }
        break;
      case 'buy-train':
        if (positive(m.train)) {
          g.buyTrain.push({ legal, value: m.train });
          continue;
        }
        break;
      case 'take-contract':
        if (positive(m.contract)) {
          g.takeContract.push({ legal, value: m.contract });
          continue;
        }
        break;
      case 'skip':
        if (!g.skip) {
          g.skip = legal;
          continue;
        }
        break;
      case 'maintain-train': {
        const which = m.pay === true ? 'pay' : m.pay === false ? 'letGo' : null;
        if (which && !g.maintain[which]) {
          g.maintain[which] = legal;
          continue;
        }
        break;
      }
    }
    g.other.push(legal);
  }
  g.layTrack.sort((a, b) => a.value - b.value);
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

/** Columns of the railway for a board `px` wide: cards stay about their drawn size. */
export function columnsFor(px: number): number {
  if (!Number.isFinite(px) || px <= 0) return 3;
  return Math.min(6, Math.max(3, Math.floor(px / 118)));
}

// ---------------------------------------------------------------------------------------------
// Words and colours

export const AREA_LETTERS: readonly AreaId[] = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];

export const RESOURCE_NAMES = {
  iron: 'Iron Ore',
  stone: 'Stone',
  coal: 'Coal',
  steel: 'Steel Bars',
  rubble: 'Rubble',
} as const;
export type ResourceKey = keyof typeof RESOURCE_NAMES;

export const WEATHER_NAMES: Readonly<Record<Weather, string>> = { sun: 'Sun', rain: 'Rain', fog: 'Fog' };

/** A CSS colour for an owner: a seat (public/styles.css --mp-seat-N) or the railway company. */
export function ownerColor(owner: Owner | null | undefined): string {
  if (owner === 'game') return 'var(--sn-company)';
  if (typeof owner === 'number') return `var(--mp-seat-${owner}, #888)`;
  return 'transparent';
}

/** A player's display name, else "Seat N". */
export function playerName(seats: readonly SeatInfo[], seat: number): string {
  return seats.find((s) => s.seat === seat)?.name?.trim() || `Seat ${seat + 1}`;
}

/** "You" for the viewer, the name otherwise. */
export function who(seats: readonly SeatInfo[], seat: number, you: number | null): string {
  return seat === you ? 'You' : playerName(seats, seat);
}

/** Who owns a piece, in words. */
export function ownerName(seats: readonly SeatInfo[], owner: Owner | null, you: number | null): string {
  if (owner === null) return 'nobody';
  if (owner === 'game') return 'the railway company';
  return who(seats, owner, you);
}

function listNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The phase of the round in words ("1 Assign Labourers"). */
export function phaseText(v: Pick<SnowdoniaView, 'step'>): string {
  switch (v.step.kind) {
    case 'assign':
      return '1 Assign Labourers';
    case 'contracts':
    case 'action':
      return '2 Resolve Actions';
    case 'maintenance':
      return '5 Restock the Stock Yard: Train maintenance';
    case 'over':
      return 'Game over';
  }
}

/**
 * What the game waits for, from the viewer's side ("Your turn: place a Labourer.",
 * "Waiting for Ada: Stock Yard (A1)."). `yours` is true when the viewer must act.
 */
export function statusLine(
  v: Pick<SnowdoniaView, 'step' | 'result'>,
  seats: readonly SeatInfo[],
  you: number | null,
): { text: string; yours: boolean } {
  const st = v.step;
  switch (st.kind) {
    case 'assign':
      return st.seat === you
        ? { text: 'Your turn: place a Labourer.', yours: true }
        : { text: `Waiting for ${playerName(seats, st.seat)} to place a Labourer.`, yours: false };
    case 'contracts': {
      const mine = you !== null && st.waiting.includes(you);
      const others = st.waiting.filter((s) => s !== you).map((s) => playerName(seats, s));
      if (mine) return { text: `Your turn: activate Contracts before ${st.areaName} (${st.area}) resolves, or not.`, yours: true };
      return { text: `Waiting for ${listNames(others)} to decide on Contracts before ${st.areaName} (${st.area}).`, yours: false };
    }
    case 'action': {
      const where = st.space === null ? "Padarn's extra Build" : `${st.areaName} (${st.area}${st.space})`;
      return st.seat === you
        ? { text: `Your turn: ${where}.`, yours: true }
        : { text: `Waiting for ${playerName(seats, st.seat)}: ${where}.`, yours: false };
    }
    case 'maintenance': {
      const mine = you !== null && st.waiting.includes(you);
      const others = st.waiting.filter((s) => s !== you).map((s) => playerName(seats, s));
      if (mine) return { text: 'Your turn: Train maintenance, pay 1 Steel Bar or let your Train go.', yours: true };
      return { text: `Waiting for ${listNames(others)}: Train maintenance.`, yours: false };
    }
    case 'over':
      return { text: `Game over. ${resultText(v.result, seats)}`.trim(), yours: false };
  }
}

/**
 * The winner in the players' own names ("Bo wins with 83 VP.", "Ada and Bo share the win with
 * 80 VP.") and the final scores in ranking order; the engine's summary when the result is not
 * in the expected shape.
 */
export function resultText(result: SnowdoniaView['result'] | null | undefined, seats: readonly SeatInfo[]): string {
  if (!result) return '';
  const { ranking, scores } = result;
  if (!Array.isArray(ranking) || !Array.isArray(scores) || !ranking.length) return result.summary ?? '';
  const w = ranking[0];
  const shared = result.ties?.find((g) => g.includes(w));
  const head =
    shared && shared.length > 1
      ? `${listNames(shared.map((s) => playerName(seats, s)))} share the win with ${scores[w]} VP.`
      : `${playerName(seats, w)} wins with ${scores[w]} VP.`;
  const all = ranking.map((s) => `${playerName(seats, s)} ${scores[s]}`).join(', ');
  return `${head} Final scores: ${all}.`;
}

/** "3 Stone", "1 Steel Bar". */
export function costText(c: { resource: 'stone' | 'steel'; amount: number }): string {
  return c.resource === 'stone' ? `${c.amount} Stone` : `${c.amount} Steel Bar${c.amount === 1 ? '' : 's'}`;
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
