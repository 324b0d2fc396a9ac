import { describe, expect, it } from 'vitest';
import { bigThunder } from '../../../engine/games/big-thunder';
import { codeOf, conservationProblems, fate, givenMine, marbleCount, play, start, texts, withLuck } from './helpers';

const END = { type: 'endTurn' } as const;
/**
 * Only the Fate marble is in the basin: the next turn's run is exactly the Fate marble. It then
 * leaves the basin empty, so the card is turned only under the earlier reading (`fateOnEmptyBasin`).
 */
const ONLY_FATE = { basin: { gold: 0, ore: 0, water: 0, fate: 1 }, park: 7, options: { fateOnEmptyBasin: true } } as const;

describe('Fate cards (reconstruction, README section 1)', () => {
  it('Flash Flood: a Water from the basin floods the mine shaft the Fate marble ran into', () => {
    const g = givenMine({ basin: { gold: 3, ore: 0, water: 3, fate: 1 }, park: 7, fateTop: [fate('flashFlood')] });
    const s0 = withLuck(g, 0, END, (r) => r.state.lastRun.some((x) => x.marble === 'fate'));
    const r = play(s0, 0, END);
    const shaft = r.state.lastRun.find((x) => x.marble === 'fate')!.shaft;
    const waterRuns = r.state.lastRun.filter((x) => x.marble === 'water');
    const waterRunsThere = waterRuns.filter((x) => x.shaft === shaft).length;
    const parked = shaft === 7 ? 4 : 0; // water parked in shaft 7 by the scenario
    expect(r.state.mine[shaft - 1].water).toBe(parked + waterRunsThere + 1);
    expect(r.state.basin.water).toBe(3 - waterRuns.length - 1);
    expect(texts(r.log)).toContain(`Water floods mine shaft ${shaft}.`);
    expect(marbleCount(r.state).total).toBe(23);
  });

  it('Cave-In: every marble of the mine shaft the Fate marble ran into returns to the basin', () => {
    const full = ['gold', 'water'] as ('gold' | 'water')[];
    const g = givenMine({
      mine: { shaft1: full, shaft2: full, shaft3: full, shaft4: full, shaft5: full, shaft6: full, shaft7: full },
      fateTop: [fate('caveIn')],
    });
    expect(g.basin).toEqual({ gold: 0, ore: 7, water: 0, fate: 1 });
    const s0 = withLuck(g, 0, END, (r) => r.state.lastRun.some((x) => x.marble === 'fate'));
    const r = play(s0, 0, END);
    const shaft = r.state.lastRun.find((x) => x.marble === 'fate')!.shaft;
    expect(r.state.mine[shaft - 1]).toEqual({ gold: 0, ore: 0, water: 0 });
    const oreRuns = r.state.lastRun.filter((x) => x.marble === 'ore');
    const oreBack = oreRuns.filter((x) => x.shaft === shaft).length;
    expect(r.state.basin).toEqual({ gold: 1, ore: 7 - oreRuns.length + oreBack, water: 1, fate: 1 });
    expect(texts(r.log)).toContain(`mine shaft ${shaft} caves in: its marbles return to the basin.`);
  });

  it('Lucky Strike: each cart in a mine shaft takes one gold from it (a Gold Nugget first), if it has room', () => {
    const s0 = givenMine({
      ...ONLY_FATE,
      players: 4,
      fateTop: [fate('luckyStrike')],
      mine: { shaft2: ['ore', 'gold', 'water'], shaft5: ['ore'], shaft6: ['gold'] },
      seats: { 0: { position: 2 }, 1: { position: 5 }, 2: { position: 0 }, 3: { position: 6, cart: ['ore', 'ore', 'ore', 'ore'] } },
    });
    const r = play(s0, 0, END);
    expect(r.state.seats.map((p) => p.cart)).toEqual([
      { gold: 1, ore: 0 }, // Water does not stop a Lucky Strike
      { gold: 0, ore: 1 },
      { gold: 0, ore: 0 }, // in Town
      { gold: 0, ore: 4 }, // full
    ]);
    expect(r.state.mine[1]).toEqual({ gold: 0, ore: 1, water: 1 });
    expect(r.state.mine[5]).toEqual({ gold: 1, ore: 0, water: 0 });
  });

  it('Runaway Train: each cart moves 1 space clockwise in turn order from the active player, bumping applies', () => {
    // Seat 0 ends its turn; seat 1 is active. Seat 1 (shaft 3) moves to 4 and bumps seat 0 to 5,
    // seat 2 rolls out of Town into shaft 1, then seat 0 moves on from 5 to 6.
    const s0 = givenMine({
      ...ONLY_FATE,
      players: 3,
      fateTop: [fate('runawayTrain')],
      seats: { 0: { position: 4 }, 1: { position: 3 }, 2: { position: 0 } },
    });
    const r = play(s0, 0, END);
    expect(r.state.seats.map((p) => p.position)).toEqual([6, 4, 1]);
    expect(texts(r.log)).toContain('The Mine Cart of {{p:0}} is bumped forward to mine shaft 5.');
  });

  it('Runaway Train into Town opens a Town visit for the active player', () => {
    const s0 = givenMine({ ...ONLY_FATE, fateTop: [fate('runawayTrain')], seats: { 1: { position: 7, cart: ['gold'] } } });
    const r = play(s0, 0, END);
    expect(r.state.seats[1].position).toBe(0);
    expect(r.state.town).toEqual({ sold: false, bought: false });
    expect(bigThunder.legalMoves(r.state, 1)).toContainEqual({
      type: 'sell',
      goldForTokens: 0,
      goldForPoints: 1,
      oreForTokens: 0,
      oreForPoints: 0,
    });
  });

  it("Earthquake: run 2 more marbles, after the turn's three", () => {
    const g = givenMine({ basin: { gold: 4, ore: 0, water: 0, fate: 1 }, park: 7, fateTop: [fate('earthquake')] });
    const s0 = withLuck(g, 0, END, (r) => r.state.lastRun.slice(0, 3).some((x) => x.marble === 'fate'));
    const r = play(s0, 0, END);
    expect(r.state.lastRun).toHaveLength(5);
    const log = texts(r.log);
    const quake = log.findIndex((t) => t.startsWith('Fate! Earthquake'));
    const runs = log.map((t, i) => (t.includes('ran into') ? i : -1)).filter((i) => i >= 0);
    expect(runs.filter((i) => i > quake)).toHaveLength(2);
    expect(r.state.basin).toEqual({ gold: 0, ore: 0, water: 0, fate: 1 });
  });

  it('Claim Jumper: each player discards 1 card of their choice, all at once; one card left is discarded by itself', () => {
    // The choices wait face down until the last is in (claim-jumper-secret.test.ts).
    const s0 = givenMine({
      ...ONLY_FATE,
      players: 3,
      fateTop: [fate('claimJumper')],
      seats: { 2: { hand: [start(2, 'Resupply')] } },
    });
    const r = play(s0, 0, END);
    let s = r.state;
    // Seat 2 had one card: set aside without a choice. Seats 1 (active) and 0 choose.
    expect(s.seats[2].hand).toEqual([]);
    expect(s.seats[2].discard).toEqual([]);
    expect(bigThunder.activeSeats(s)).toEqual([1, 0]);
    expect(s.pending).toEqual({
      kind: 'claimJumper',
      waiting: [1, 0],
      then: { kind: 'turnStart' },
      discards: [{ seat: 2, card: start(2, 'Resupply') }],
    });
    // Only Claim Jumper discards are legal now, one per card in hand.
    expect(bigThunder.legalMoves(s, 0)).toEqual(s.seats[0].hand.map((card) => ({ type: 'claimJumper', card })));
    expect(codeOf(() => play(s, 1, { type: 'play', card: s.seats[1].hand[0] }))).toBe('choice_pending');
    const drop0 = s.seats[0].hand[2];
    s = play(s, 0, { type: 'claimJumper', card: drop0 }).state;
    expect(bigThunder.activeSeats(s)).toEqual([1]);
    expect(codeOf(() => play(s, 0, { type: 'claimJumper', card: s.seats[0].hand[0] }))).toBe('not_your_turn');
    const drop1 = s.seats[1].hand[0];
    const last = play(s, 1, { type: 'claimJumper', card: drop1 });
    s = last.state;
    expect(s.pending).toBeNull();
    expect(s.seats[0].discard).toContain(drop0);
    expect(s.seats[1].discard).toEqual([drop1]);
    expect(s.seats[2].discard).toEqual([start(2, 'Resupply')]);
    expect(s.seats[0].hand).toHaveLength(3);
    expect(s.seats[1].hand).toHaveLength(3);
    expect(s.basin.fate).toBe(1);
    expect(bigThunder.activeSeats(s)).toEqual([1]);
    expect(texts(last.log).some((t) => t.includes('(Claim Jumper)'))).toBe(true);
    expect(conservationProblems(s)).toEqual([]);
  });

  it('the Fate deck is reshuffled from its discards when it runs out (reconstruction)', () => {
    const g = givenMine({ ...ONLY_FATE });
    g.fateDiscard = [...g.fateDeck, ...g.fateDiscard];
    g.fateDeck = [];
    const r = play(g, 0, END);
    expect(texts(r.log)).toContain('The Fate deck is reshuffled.');
    expect(r.state.fateDeck).toHaveLength(9);
    expect(r.state.fateDiscard).toHaveLength(1);
  });
});
