import { IllegalMove, playMove, type LogEntry, type MoveResult, type Seat } from '../../../engine/core';
import { bigThunder } from '../../../engine/games/big-thunder';
import {
  FATE_CARDS,
  MARBLES_IN_BOX,
  SPARE_FATE_MARBLES,
  STARTING_BASIN,
  SUPPLIES,
  SUPPLIES_IN_BOX,
  TOWN,
  TOWN_SHARES,
  TILES_PER_UPGRADE,
  UPGRADE_TYPES,
  type FateKind,
  type UpgradeType,
} from '../../../engine/games/big-thunder/components';
import type { BigThunderMove, BigThunderOptions } from '../../../engine/games/big-thunder/moves';
import { cloneState, type BigThunderState, type Marbles } from '../../../engine/games/big-thunder/state';

export const SEED = '0123456789abcdef0123456789abcdef';

/** A fresh game, straight out of setup (the first player's marbles have run). */
export function newGame(players = 2, options: Partial<BigThunderOptions> = {}, seed = SEED): BigThunderState {
  return bigThunder.setup({ players, options: bigThunder.optionsSchema.parse(options), seed });
}

/** Plays a move through the platform path (seat, shape and legality checks). */
export function play(s: BigThunderState, seat: Seat, move: BigThunderMove): MoveResult<BigThunderState> {
  return playMove(bigThunder, s, seat, move) as MoveResult<BigThunderState>;
}

/** Plays several moves of one seat; returns the last state and every log line. */
export function playAll(
  s: BigThunderState,
  seat: Seat,
  moves: BigThunderMove[],
): { state: BigThunderState; log: LogEntry[]; reveals: boolean[] } {
  const log: LogEntry[] = [];
  const reveals: boolean[] = [];
  for (const m of moves) {
    const r = play(s, seat, m);
    s = r.state;
    log.push(...r.log);
    reveals.push(r.reveals);
  }
  return { state: s, log, reveals };
}

/** The `IllegalMove` code `fn` throws (fails when it throws nothing or something else). */
export function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof IllegalMove) return e.code;
    throw e;
  }
  throw new Error('expected an IllegalMove');
}

/** The `IllegalMove` that applying `move` throws (engine path, so the rule's own code). */
export function refusal(s: BigThunderState, seat: Seat, move: BigThunderMove): IllegalMove {
  try {
    bigThunder.applyMove(s, seat, move);
  } catch (e) {
    if (e instanceof IllegalMove) return e;
    throw e;
  }
  throw new Error(`expected ${JSON.stringify(move)} to be refused`);
}

/** True when `move` is among the seat's legal moves. */
export function isLegal(s: BigThunderState, seat: Seat, move: BigThunderMove): boolean {
  return bigThunder.legalMoves(s, seat).some((m) => JSON.stringify(m) === JSON.stringify(move));
}

/** Card id of seat `seat`'s Starting Supplies card `name` (the `nth` copy), e.g. `start(0, 'Move 2')`. */
export function start(seat: Seat, name: string, nth = 0): number {
  const ids = SUPPLIES.filter((c) => c.starting === seat && c.name === name).map((c) => c.id);
  if (ids[nth] === undefined) throw new Error(`no Starting Supplies ${name} #${nth} for seat ${seat}`);
  return ids[nth];
}

/** Card id of Market card `name` (the `nth` copy), e.g. `market('Crosscut Tunnel + Pick for Gold')`. */
export function market(name: string, nth = 0): number {
  const ids = SUPPLIES.filter((c) => c.starting === null && c.name === name).map((c) => c.id);
  if (ids[nth] === undefined) throw new Error(`no Market card ${name} #${nth}`);
  return ids[nth];
}

/** Fate card id of the first card of `kind`. */
export function fate(kind: FateKind, nth = 0): number {
  return FATE_CARDS.filter((f) => f.kind === kind)[nth].id;
}

type MarbleList = ('gold' | 'ore' | 'water')[];

/** A scenario's seat: cart position (0 = Town) and load, mat, cards. */
export interface GivenSeat {
  position?: number;
  cart?: MarbleList;
  tokens?: number;
  score?: number;
  upgrades?: UpgradeType[];
  /** Card ids put in the hand (taken from wherever they are); the rest of the hand goes back to the deck. */
  hand?: number[];
  /** Card ids put on top of the deck, in order. */
  deckTop?: number[];
  /** Town Share ids held. */
  shares?: number[];
}

/** What a scenario changes from a fresh game (the first player's turn, Play Cards). */
export interface Given {
  players?: number;
  options?: Partial<BigThunderOptions>;
  seed?: string;
  /** Mine shafts by name (`shaft3: ['gold', 'water']`); unnamed shafts are empty. */
  mine?: Partial<Record<`shaft${1 | 2 | 3 | 4 | 5 | 6 | 7}`, MarbleList>>;
  /** Basin contents; by default every marble not in the mine or a cart, and the Fate marble. */
  basin?: { gold?: number; ore?: number; water?: number; fate?: number };
  /** With `basin`: the mine shaft that takes the marbles neither in the basin nor placed. */
  park?: number;
  seats?: Record<number, GivenSeat>;
  turn?: Seat;
  /** Fate card ids on top of the Fate deck, in order. */
  fateTop?: number[];
  /** Town Share ids on top of the Town Shares deck, in order. */
  sharesTop?: number[];
  /** The set-aside Town Shares (ids). */
  setAside?: number[];
  /** Market cards (ids) in slots 0..2. */
  market?: (number | null)[];
}

function count(list: MarbleList | undefined): Marbles {
  const m = { gold: 0, ore: 0, water: 0 };
  for (const k of list ?? []) m[k] += 1;
  return m;
}

/** Removes card `id` from wherever it is in the state. */
function lift(s: BigThunderState, id: number): void {
  for (const p of s.seats)
    for (const list of [p.hand, p.deck, p.discard]) {
      const i = list.indexOf(id);
      if (i >= 0) list.splice(i, 1);
    }
  for (const list of [s.supplies, s.suppliesBox]) {
    const i = list.indexOf(id);
    if (i >= 0) list.splice(i, 1);
  }
  const slot = s.market.indexOf(id);
  if (slot >= 0) s.market[slot] = null;
}

function toTop(list: number[], ids: number[]): number[] {
  return [...ids, ...list.filter((x) => !ids.includes(x))];
}

/**
 * A scenario state: a fresh game whose mine, carts, mats, hands and decks are set as given, with
 * everything else conserved (marbles not placed go to the basin, cards are moved, not copied).
 * `givenMine({ mine: { shaft3: ['gold', 'water'] }, seats: { 0: { position: 3 } } })`.
 */
export function givenMine(g: Given = {}): BigThunderState {
  const players = g.players ?? 2;
  const s = cloneState(newGame(players, g.options ?? {}, g.seed ?? SEED));
  s.turn = g.turn ?? 0;
  s.phase = 'play';
  s.pending = null;
  s.current = null;
  s.lastRun = [];
  s.lastFate = null;
  s.fateMarble = null;
  s.mine = [1, 2, 3, 4, 5, 6, 7].map((n) => count(g.mine?.[`shaft${n}` as `shaft1`]));
  for (let seat = 0; seat < players; seat++) {
    const gs = g.seats?.[seat] ?? {};
    const p = s.seats[seat];
    p.position = gs.position ?? TOWN;
    const load = count(gs.cart);
    p.cart = { gold: load.gold, ore: load.ore };
    p.tokens = gs.tokens ?? 0;
    p.score = gs.score ?? 0;
    p.upgrades = [...(gs.upgrades ?? [])];
    p.reachedTarget = p.score >= s.target;
    for (const u of p.upgrades) s.upgradeStacks[u] -= 1;
    if (gs.hand) {
      const back = p.hand.filter((id) => !gs.hand!.includes(id));
      for (const id of gs.hand) lift(s, id);
      for (const id of back) lift(s, id);
      p.hand = [...gs.hand];
      p.deck.push(...back);
    }
    if (gs.deckTop) {
      for (const id of gs.deckTop) lift(s, id);
      p.deck = [...gs.deckTop, ...p.deck];
    }
    if (gs.shares) {
      s.townShares = s.townShares.filter((id) => !gs.shares!.includes(id));
      s.setAside = s.setAside.filter((id) => !gs.shares!.includes(id));
      p.shares = [...gs.shares];
    }
  }
  if (g.setAside) {
    const all = [...s.townShares, ...s.setAside];
    s.setAside = [...g.setAside];
    s.townShares = all.filter((id) => !g.setAside!.includes(id));
  }
  if (g.sharesTop) s.townShares = toTop(s.townShares, g.sharesTop);
  if (g.fateTop) s.fateDeck = toTop([...s.fateDeck, ...s.fateDiscard], g.fateTop);
  if (g.fateTop) s.fateDiscard = [];
  if (g.market) {
    const old = s.market.filter((id): id is number => id !== null);
    for (const id of g.market) if (id !== null) lift(s, id);
    s.supplies.push(...old.filter((id) => !g.market!.includes(id)));
    s.market = [...g.market];
  }
  // Marbles: whatever is not in the mine or a cart is in the basin (unless given).
  const placed = { gold: 0, ore: 0, water: 0 };
  for (const m of s.mine) for (const k of ['gold', 'ore', 'water'] as const) placed[k] += m[k];
  for (const p of s.seats) {
    placed.gold += p.cart.gold;
    placed.ore += p.cart.ore;
  }
  const rest = {
    gold: STARTING_BASIN.gold - placed.gold,
    ore: STARTING_BASIN.ore - placed.ore,
    water: STARTING_BASIN.water - placed.water,
    fate: 1,
  };
  s.basin = { ...rest, ...g.basin };
  for (const k of ['gold', 'ore', 'water'] as const) {
    const extra = rest[k] - s.basin[k];
    if (s.basin[k] < 0 || rest[k] < 0) throw new Error(`too many ${k} marbles in the scenario`);
    if (extra > 0) {
      // Marbles kept out of the basin are parked in a mine shaft, so all 23 are still in the game.
      if (g.park === undefined) throw new Error('a scenario basin needs `park`: the shaft for the other marbles');
      s.mine[g.park - 1][k] += extra;
    }
  }
  s.town = s.seats[s.turn].position === TOWN ? { sold: false, bought: false } : null;
  return s;
}

/** Counts every marble in the game (basin, shafts, carts, Fate marble out, spare): always 23. */
export function marbleCount(s: BigThunderState): { total: number; byKind: Record<'gold' | 'ore' | 'water' | 'fate', number> } {
  const byKind = {
    gold: s.basin.gold,
    ore: s.basin.ore,
    water: s.basin.water,
    fate: s.basin.fate + (s.fateMarble ? 1 : 0) + SPARE_FATE_MARBLES,
  };
  for (const m of s.mine) {
    byKind.gold += m.gold;
    byKind.ore += m.ore;
    byKind.water += m.water;
  }
  for (const p of s.seats) {
    byKind.gold += p.cart.gold;
    byKind.ore += p.cart.ore;
  }
  return { total: byKind.gold + byKind.ore + byKind.water + byKind.fate, byKind };
}

/** Every Supplies card id wherever it is (hands, decks, discards, Market, Supplies deck, box, face-down Claim Jumper choices), sorted. */
export function suppliesEverywhere(s: BigThunderState): number[] {
  const ids: number[] = [...s.supplies, ...s.suppliesBox, ...s.market.filter((x): x is number => x !== null), ...claimJumperChoices(s)];
  for (const p of s.seats) ids.push(...p.hand, ...p.deck, ...p.discard);
  return ids.sort((a, b) => a - b);
}

/** Cards chosen for an open Claim Jumper, face down until every choice is in. */
function claimJumperChoices(s: BigThunderState): number[] {
  return s.pending?.kind === 'claimJumper' ? (s.pending.discards ?? []).map((d) => d.card) : [];
}

/** True when `ids` holds each of 0..n-1 exactly once (no card lost or duplicated). */
function isPermutation(lists: readonly (readonly (number | null)[])[], n: number): boolean {
  const seen = new Uint8Array(n);
  let total = 0;
  for (const list of lists)
    for (const id of list) {
      if (id === null) continue;
      if (id < 0 || id >= n || seen[id]) return false;
      seen[id] = 1;
      total += 1;
    }
  return total === n;
}

/** Conservation check of all components; returns a list of problems (empty = fine). */
export function conservationProblems(s: BigThunderState): string[] {
  const problems: string[] = [];
  const marbles = marbleCount(s);
  if (marbles.total !== MARBLES_IN_BOX) problems.push(`marbles: ${marbles.total}`);
  if (marbles.byKind.fate !== 2) problems.push(`fate marbles: ${marbles.byKind.fate}`);
  const cardLists: number[][] = [s.supplies, s.suppliesBox, s.market as number[], claimJumperChoices(s)];
  for (const p of s.seats) cardLists.push(p.hand, p.deck, p.discard);
  if (!isPermutation(cardLists, SUPPLIES_IN_BOX)) problems.push(`supplies: ${suppliesEverywhere(s).length}`);
  if (!isPermutation([s.fateDeck, s.fateDiscard], FATE_CARDS.length)) problems.push('fate cards');
  if (!isPermutation([s.townShares, s.setAside, ...s.seats.map((p) => p.shares)], TOWN_SHARES.length)) problems.push('town shares');
  for (const t of UPGRADE_TYPES) {
    let n = s.upgradeStacks[t] + s.upgradeBox[t];
    for (const p of s.seats) if (p.upgrades.includes(t)) n += 1;
    if (n !== TILES_PER_UPGRADE) problems.push(`upgrade ${t}: ${n}`);
  }
  for (let i = 0; i < s.seats.length; i++) {
    const p = s.seats[i];
    if (p.cart.gold + p.cart.ore > 4 || p.cart.gold < 0 || p.cart.ore < 0) problems.push('cart over capacity');
    if (p.tokens < 0 || p.tokens > 5) problems.push(`tokens ${p.tokens}`);
    if (p.upgrades.length > 3) problems.push('more than 3 upgrades');
    if (p.position !== TOWN)
      for (let j = i + 1; j < s.seats.length; j++) if (s.seats[j].position === p.position) problems.push('two carts in one mine shaft');
  }
  for (const m of [...s.mine, s.basin]) if (m.gold < 0 || m.ore < 0 || m.water < 0) problems.push('negative marbles');
  return problems;
}

/** Public log texts. */
export function texts(log: LogEntry[]): string[] {
  return log.map((e) => e.text);
}

/**
 * The state with its RNG replaced by the first of a fixed series of RNG states for which `move`
 * gives a result satisfying `want` (a deterministic search: scenario tests pick the marble runs
 * they need, e.g. "no Fate marble", without depending on a lucky seed).
 */
export function withLuck(
  s: BigThunderState,
  seat: Seat,
  move: BigThunderMove,
  want: (r: MoveResult<BigThunderState>) => boolean,
): BigThunderState {
  for (let k = 1; k < 5000; k++) {
    const t = cloneState(s);
    t.rng = [k, 0x9e3779b9 ^ k, 7, 11];
    const r = bigThunder.applyMove(t, seat, move);
    if (want(r)) return t;
  }
  throw new Error('no luck found');
}

/**
 * Three players; seat 0 ends its turn and seat 1's marble run is the Fate marble alone:
 * Claim Jumper (under `fateOnEmptyBasin`, which turns a card though the basin ran dry), seats 1
 * and 0 choose a discard at once. Seat 2 holds one card.
 */
export function claimJumperOpen(): BigThunderState {
  const s0 = givenMine({
    basin: { gold: 0, ore: 0, water: 0, fate: 1 },
    park: 7,
    players: 3,
    options: { fateOnEmptyBasin: true },
    fateTop: [fate('claimJumper')],
    seats: { 2: { hand: [start(2, 'Resupply')] } },
  });
  const s = play(s0, 0, { type: 'endTurn' }).state;
  if (s.pending?.kind !== 'claimJumper' || bigThunder.activeSeats(s).join() !== '1,0')
    throw new Error('the scenario did not open a Claim Jumper for seats 1 and 0');
  return s;
}
