import { IllegalMove, Rng, canonicalJson, replay, sameMove, type HistoryEvent, type Seat } from '../../../engine/core';
import { bigThunder } from '../../../engine/games/big-thunder';
import { SUPPLIES, UPGRADE_TYPES } from '../../../engine/games/big-thunder/components';
import type { BigThunderMove } from '../../../engine/games/big-thunder/moves';
import { cloneState, type BigThunderState } from '../../../engine/games/big-thunder/state';
import { conservationProblems } from './helpers';

/** Moves after which a random game stops if nobody has won (a safety net; reported, never silent). */
export const MOVE_CAP = 6000;

/** How a random game went. */
export interface RandomGame {
  seed: string;
  players: number;
  ended: boolean;
  /** Why the game stopped: `result` (finished), or `move cap`. */
  reason: 'result' | 'move cap';
  moves: number;
  undos: number;
  turns: number;
  events: HistoryEvent[];
  state: BigThunderState;
  /** States sampled along the way (for the view checks). */
  samples: BigThunderState[];
}

/** Policy knobs: how often the bot's choice is taken instead of a uniformly random legal move, and undo attempts. */
export interface Policy {
  bot: number;
  undo: number;
  /** Check that random well-formed moves outside `legalMoves` are refused (slow; a fraction of steps). */
  probeIllegal: number;
  sampleEvery: number;
}

export const DEFAULT_POLICY: Policy = { bot: 0.75, undo: 0.03, probeIllegal: 0, sampleEvery: 0 };

/**
 * Plays one game of random legal moves (a mix of the bot's choice and uniform choices, with the
 * occasional undo of a move that revealed nothing), checking conservation after every move.
 * Throws on any broken invariant: an active seat without a legal move, a legal move refused, a
 * component lost or duplicated, an illegal probe accepted.
 */
export function playRandomGame(players: number, seed: string, policySeed: number, policy: Policy = DEFAULT_POLICY): RandomGame {
  const options = bigThunder.optionsSchema.parse({ longerGame: policySeed % 5 === 0 });
  let s = bigThunder.setup({ players, options, seed });
  const r = new Rng([policySeed | 0, 0x2545f491, players, 0x9e3779b9 ^ policySeed]);
  const events: HistoryEvent[] = [];
  // Undo stack: states before each effective move, and whether the move revealed.
  const stack: { before: BigThunderState; seat: Seat; reveals: boolean }[] = [];
  const samples: BigThunderState[] = [];
  let moves = 0;
  let undos = 0;
  check(s);
  while (bigThunder.result(s) === null) {
    if (moves >= MOVE_CAP) return done('move cap');
    const active = bigThunder.activeSeats(s);
    if (active.length === 0) throw new Error('no active seat in a running game');
    const seat = active[r.int(0, active.length - 1)];
    const last = stack[stack.length - 1];
    if (last && last.seat === seat && !last.reveals && r.int(0, 9999) < policy.undo * 10000) {
      s = last.before;
      stack.pop();
      events.push({ kind: 'undo', seat });
      undos += 1;
      continue;
    }
    const legal = bigThunder.legalMoves(s, seat);
    if (legal.length === 0) throw new Error(`active seat ${seat} has no legal move: ${JSON.stringify(s.pending)} ${s.phase}`);
    if (policy.probeIllegal > 0 && r.int(0, 9999) < policy.probeIllegal * 10000) probe(s, seat, legal, r);
    const roll = r.int(0, 9999);
    const move =
      roll < policy.bot * 10000 ? bigThunder.botMove!(s, seat, legal, r.int(0, 9999) / 10000) : legal[r.int(0, legal.length - 1)];
    const res = bigThunder.applyMove(s, seat, move);
    stack.push({ before: s, seat, reveals: res.reveals });
    if (stack.length > 50) stack.shift();
    s = res.state;
    events.push({ kind: 'move', seat, move });
    moves += 1;
    check(s);
    if (policy.sampleEvery > 0 && moves % policy.sampleEvery === 0) samples.push(s);
  }
  return done('result');

  function done(reason: RandomGame['reason']): RandomGame {
    return { seed, players, ended: reason === 'result', reason, moves, undos, turns: s.turnNumber, events, state: s, samples };
  }
}

function check(s: BigThunderState): void {
  const problems = conservationProblems(s);
  if (problems.length > 0) throw new Error(`conservation broken: ${problems.join(', ')}`);
}

/** Every well-formed move shape that names things of this game (a superset of any legal move list). */
function anyMove(s: BigThunderState, seat: Seat, r: Rng): BigThunderMove {
  const card = r.int(0, 1) ? r.pick(s.seats[seat].hand.length ? s.seats[seat].hand : [0]) : r.int(0, SUPPLIES.length - 1);
  const action = r.int(0, 2);
  const shaft = r.int(1, 7);
  const marble = r.pick(['gold', 'ore'] as const);
  const upgrade = r.pick(UPGRADE_TYPES);
  const n = () => r.int(0, 2);
  const all: BigThunderMove[] = [
    { type: 'play', card },
    { type: 'discardToMove', card },
    { type: 'move', action, spaces: r.int(1, 4) },
    { type: 'pick', action, shaft, marble },
    { type: 'pan', action, shaft, marble },
    { type: 'bail', action },
    { type: 'resupply', action, slot: r.int(0, 2) },
    { type: 'crosscut', action },
    { type: 'tunnel', enter: r.int(0, 1) === 1 },
    { type: 'sell', goldForTokens: n(), goldForPoints: n(), oreForTokens: n(), oreForPoints: n() },
    { type: 'buyUpgrade', upgrade },
    { type: 'removeUpgrade', upgrade },
    { type: 'buyShare' },
    { type: 'chooseShare', index: r.int(0, 2) },
    { type: 'discard', card },
    { type: 'endTurn' },
    { type: 'claimJumper', card },
  ];
  return r.pick(all);
}

/** Random moves: those outside `legal` must be refused with an `IllegalMove`, those inside accepted. */
function probe(s: BigThunderState, seat: Seat, legal: BigThunderMove[], r: Rng): void {
  const before = canonicalJson(s);
  for (let i = 0; i < 12; i++) {
    const m = anyMove(s, seat, r);
    const isLegal = legal.some((x) => sameMove(x, m));
    try {
      bigThunder.applyMove(s, seat, m);
      if (!isLegal) throw new Error(`accepted a move missing from legalMoves: ${JSON.stringify(m)}`);
    } catch (e) {
      if (!(e instanceof IllegalMove)) throw e;
      if (isLegal) throw new Error(`refused a legal move ${JSON.stringify(m)}: ${e.code}`);
      if (!/^[a-z_]+$/.test(e.code) || e.message.length < 8) throw new Error(`bad refusal ${e.code}: ${e.message}`);
    }
    // Other seats never have legal moves, and refuse with not_your_turn.
  }
  for (let other = 0; other < s.players; other++) {
    if (bigThunder.activeSeats(s).includes(other)) continue;
    if (bigThunder.legalMoves(s, other).length !== 0) throw new Error('an inactive seat has legal moves');
  }
  if (canonicalJson(s) !== before) throw new Error('applyMove changed its input state');
}

/** Replays a random game's history through the platform path and returns the final state's canonical JSON. */
export function replayedJson(g: RandomGame): string {
  const options = g.state.options;
  return canonicalJson(replay<BigThunderState>(bigThunder, { players: g.players, options, seed: g.seed, events: g.events }).state);
}

/**
 * A copy of `s` where everything `seat` must not see is changed: other players' hands (contents
 * and order, swapping cards with their decks), every deck order (own too: a deck is face down),
 * the Market deck, the Fate deck, the Town Shares deck, other players' Town Shares (swapped with
 * the deck's), the set-aside Town Shares (unless `seat` is choosing one) and the RNG.
 */
export function scrambleHidden(s: BigThunderState, seat: Seat | null, r: Rng): BigThunderState {
  const t = cloneState(s);
  t.seats.forEach((p, i) => {
    p.deck = r.shuffle(p.deck);
    if (i === seat) return;
    if (p.hand.length > 0 && p.deck.length > 0) {
      const h = r.int(0, p.hand.length - 1);
      const d = r.int(0, p.deck.length - 1);
      [p.hand[h], p.deck[d]] = [p.deck[d], p.hand[h]];
    }
    p.hand = r.shuffle(p.hand);
    if (p.shares.length > 0 && t.townShares.length > 0) {
      const a = r.int(0, p.shares.length - 1);
      const b = r.int(0, t.townShares.length - 1);
      [p.shares[a], t.townShares[b]] = [t.townShares[b], p.shares[a]];
    }
  });
  t.supplies = r.shuffle(t.supplies);
  t.fateDeck = r.shuffle(t.fateDeck);
  t.townShares = r.shuffle(t.townShares);
  const choosing = s.pending?.kind === 'chooseShare' && s.turn === seat;
  if (!choosing && t.setAside.length > 0 && t.townShares.length > 0) {
    const b = r.int(0, t.townShares.length - 1);
    [t.setAside[0], t.townShares[b]] = [t.townShares[b], t.setAside[0]];
    t.setAside = r.shuffle(t.setAside);
  }
  t.rng = [r.int(1, 1e9), r.int(1, 1e9), r.int(1, 1e9), r.int(1, 1e9)];
  return t;
}
