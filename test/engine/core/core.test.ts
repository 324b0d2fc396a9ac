import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  checkUndo,
  chooseBotMove,
  GameRegistry,
  IllegalMove,
  playMove,
  randInt,
  replay,
  Rng,
  rngFromSeed,
  sameMove,
  shuffle,
  type HistoryEvent,
} from '../../../engine/core';
import { secretDice, type SecretDiceState } from '../../fixtures/secret-dice';

const SEED = '0123456789abcdef0123456789abcdef';

describe('seeded RNG (pure-rand xoroshiro128+, state as JSON)', () => {
  it('the same seed gives the same sequence, and the state round-trips through JSON', () => {
    const a = new Rng(rngFromSeed(SEED));
    const first = [a.int(1, 6), a.int(1, 6), a.int(1, 6)];
    const b = new Rng(JSON.parse(JSON.stringify(rngFromSeed(SEED))));
    expect([b.int(1, 6), b.int(1, 6), b.int(1, 6)]).toEqual(first);
    const mid = JSON.parse(JSON.stringify(a.state));
    expect(new Rng(mid).int(0, 1e6)).toBe(a.int(0, 1e6));
  });

  it('different seeds give different sequences; all-zero seeds still work', () => {
    const draw = (seed: string) =>
      Array.from(
        { length: 8 },
        (
          (r) => () =>
            r.int(0, 1000)
        )(new Rng(rngFromSeed(seed))),
      );
    expect(draw(SEED)).not.toEqual(draw('f'.repeat(32)));
    expect(new Set(draw('0'.repeat(32))).size).toBeGreaterThan(1);
  });

  it('rejects seeds that are not at least 32 hex digits', () => {
    expect(() => rngFromSeed('abc')).toThrow(/32 hex/);
    expect(() => rngFromSeed('z'.repeat(32))).toThrow(/32 hex/);
  });

  it('randInt stays in range and is pure (same input state, same output)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 0, max: 50 }),
        (state, span) => {
          fc.pre(state.some((x) => x !== 0));
          const [v1, s1] = randInt(state, 10, 10 + span);
          const [v2, s2] = randInt(state, 10, 10 + span);
          expect(v1).toBe(v2);
          expect(s1).toEqual(s2);
          expect(v1).toBeGreaterThanOrEqual(10);
          expect(v1).toBeLessThanOrEqual(10 + span);
        },
      ),
    );
  });

  it('shuffle is a permutation', () => {
    const [out] = shuffle(rngFromSeed(SEED), [1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...out].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(out).not.toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('moves compare by value', () => {
  it('key order does not matter, values do', () => {
    expect(sameMove({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 })).toBe(true);
    expect(sameMove({ a: 1 }, { a: 2 })).toBe(false);
    expect(canonicalJson({ b: 1, a: [{ y: 1, x: 2 }] })).toBe('{"a":[{"x":2,"y":1}],"b":1}');
  });
});

describe('playMove (the generic move path)', () => {
  const s0 = secretDice.setup({ players: 2, options: { rounds: 1 }, seed: SEED });

  it('refuses another seat, malformed moves and moves outside legalMoves with stable codes', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof IllegalMove ? e.code : 'other';
      }
      return 'none';
    };
    expect(code(() => playMove(secretDice, s0, 1, { type: 'bank' }))).toBe('not_your_turn');
    expect(code(() => playMove(secretDice, s0, 0, { type: 'fly' }))).toBe('bad_move');
    expect(code(() => playMove(secretDice, s0, 0, { type: 'end' }))).toBe('must_act');
    const over = { ...s0, over: true };
    expect(code(() => playMove(secretDice, over, 0, { type: 'bank' }))).toBe('game_over');
  });

  it('does not mutate the state it is given', () => {
    const before = canonicalJson(s0);
    playMove(secretDice, s0, 0, { type: 'roll' });
    expect(canonicalJson(s0)).toBe(before);
  });
});

describe('replay and undo', () => {
  it('an undo event takes back the last move in effect', () => {
    const events: HistoryEvent[] = [
      { kind: 'create' },
      { kind: 'start' },
      { kind: 'move', seat: 0, move: { type: 'bank' } },
      { kind: 'undo', seat: 0 },
      { kind: 'move', seat: 0, move: { type: 'roll' } },
    ];
    const r = replay<SecretDiceState>(secretDice, { players: 2, options: { rounds: 1 }, seed: SEED, events });
    expect(r.state.banked).toEqual([0, 0]);
    expect(r.state.stepsThisTurn).toBe(1);
    expect(r.moves).toEqual([{ seat: 0, move: { type: 'roll' }, reveals: true }]);
  });

  it('checkUndo: only your own last move, and only one that revealed nothing', () => {
    expect(() => checkUndo([], 0)).toThrow(/no move/);
    expect(() => checkUndo([{ seat: 1, move: {}, reveals: false }], 0)).toThrow(/You have made no move to take back/);
    expect(() =>
      checkUndo(
        [
          { seat: 0, move: {}, reveals: false },
          { seat: 1, move: {}, reveals: false },
        ],
        0,
      ),
    ).toThrow(/Another player has acted/);
    expect(() => checkUndo([{ seat: 0, move: {}, reveals: true }], 0)).toThrow(/revealed/);
    expect(() => checkUndo([{ seat: 0, move: {}, reveals: false }], 0)).not.toThrow();
  });

  it('property: random games replay from their move list to the identical state, and views hide other seats', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.stringMatching(/^[0-9a-f]{32}$/),
        fc.array(fc.nat(), { minLength: 60, maxLength: 60 }),
        (players, seed, picks) => {
          let state = secretDice.setup({ players, options: { rounds: 2 }, seed });
          const events: HistoryEvent[] = [];
          for (const pick of picks) {
            const [seat] = secretDice.activeSeats(state);
            if (seat === undefined) break;
            const legal = secretDice.legalMoves(state, seat);
            const move = legal[pick % legal.length];
            state = playMove(secretDice, state, seat, move).state;
            events.push({ kind: 'move', seat, move });
          }
          const replayed = replay<SecretDiceState>(secretDice, { players, options: { rounds: 2 }, seed, events }).state;
          expect(canonicalJson(replayed)).toBe(canonicalJson(state));
          // Changing seat 1's secret leaves seat 0's view (and a spectator's) unchanged while the game runs.
          if (!state.over) {
            const altered = structuredClone(state);
            altered.secret[1] = { codename: 'codename-changed', total: 99 };
            expect(canonicalJson(secretDice.view(altered, 0))).toBe(canonicalJson(secretDice.view(state, 0)));
            expect(canonicalJson(secretDice.view(altered, null))).toBe(canonicalJson(secretDice.view(state, null)));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('registry and bot', () => {
  it('refuses duplicate ids and finds games by id', () => {
    expect(() => new GameRegistry([secretDice, secretDice])).toThrow(/duplicate/);
    expect(new GameRegistry([secretDice]).get('secret-dice')).toBe(secretDice);
    expect(new GameRegistry([]).get('secret-dice')).toBeUndefined();
  });

  it('the bot picks a legal move deterministically from its RNG state', () => {
    const s = secretDice.setup({ players: 2, options: { rounds: 3 }, seed: SEED });
    const m1 = chooseBotMove(secretDice, s, 0, rngFromSeed(SEED));
    expect(secretDice.legalMoves(s, 0).some((m) => sameMove(m, m1))).toBe(true);
    expect(chooseBotMove(secretDice, s, 0, rngFromSeed(SEED))).toEqual(m1);
    expect(chooseBotMove(secretDice, s, 1, rngFromSeed(SEED))).toBeNull();
  });
});
