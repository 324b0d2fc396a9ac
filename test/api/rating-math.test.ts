import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldRatings, isRatedGame, rateGame, seatOutcomes, type EndedRecord } from '../../worker/services/rating-math';

const rec = (over: Partial<EndedRecord>): EndedRecord => ({
  gameId: 'g1',
  type: 'secret-dice',
  status: 'finished',
  rated: true,
  timed: true,
  seats: [0, 1, 2].map((seat) => ({ seat, userId: `u${seat}`, accountDeleted: false })),
  result: { ranking: [0, 1, 2] },
  events: [],
  ...over,
});

describe('a game’s rating change', () => {
  it('does not depend on the order of the seats', () => {
    const player = fc.record({
      place: fc.integer({ min: 0, max: 4 }),
      prior: fc.option(fc.record({ mu: fc.double({ min: 5, max: 45, noNaN: true }), sigma: fc.double({ min: 1, max: 8.4, noNaN: true }) })),
    });
    fc.assert(
      fc.property(fc.array(player, { minLength: 2, maxLength: 5 }), fc.infiniteStream(fc.nat()), (ps, draws) => {
        const players = ps.map((p, i) => ({ key: `u${i}`, place: p.place }));
        const before = (key: string) => {
          const p = ps[Number(key.slice(1))].prior;
          return p ? { ...p, games: 3 } : undefined;
        };
        const shuffled = [...players];
        const it = draws[Symbol.iterator]();
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = it.next().value % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
        }
        expect(Object.fromEntries(rateGame(shuffled, before))).toEqual(Object.fromEntries(rateGame(players, before)));
      }),
      { numRuns: 200 },
    );
  });

  it('raises the winner and lowers the last; tied seats move alike', () => {
    const after = rateGame(
      [
        { key: 'a', place: 0 },
        { key: 'b', place: 1 },
        { key: 'c', place: 1 },
      ],
      () => undefined,
    );
    expect(after.get('a')!.mu).toBeGreaterThan(25);
    expect(after.get('b')).toEqual(after.get('c'));
    expect(after.get('b')!.mu).toBeLessThan(25);
    expect(after.get('a')!.games).toBe(1);
  });
});

describe('seat outcomes', () => {
  it('a seat that resigned or ran out of time ranks last, whatever the engine ranked', () => {
    const out = seatOutcomes(
      rec({
        result: { ranking: [1, 0, 2] },
        events: [
          { kind: 'resign', seat: 1, payload: { then: 'bot' } },
          { kind: 'move', seat: 0, payload: { move: {}, timeout: true } },
        ],
      }),
    );
    expect(out.map((o) => [o.place, o.won, o.resigned, o.timedOut])).toEqual([
      [1, false, false, true],
      [1, false, true, false],
      [0, true, false, false],
    ]);
  });

  it('seats the engine tied share a place; an abandoned game places every seat that stayed first', () => {
    expect(seatOutcomes(rec({ result: { ranking: [2, 0, 1], ties: [[2, 0]] } })).map((o) => o.place)).toEqual([0, 1, 0]);
    const ended = rec({ status: 'abandoned', result: null, events: [{ kind: 'timeout', seat: null, payload: { seats: [2] } }] });
    expect(seatOutcomes(ended).map((o) => [o.place, o.won])).toEqual([
      [0, false],
      [0, false],
      [1, false],
    ]);
  });

  it('bots are never rated: a game needs two human seats and a rated table', () => {
    const bots = rec({
      seats: [
        { seat: 0, userId: 'u0', accountDeleted: false },
        { seat: 1, userId: null, accountDeleted: false },
      ],
    });
    expect(isRatedGame(bots, seatOutcomes(bots))).toBe(false);
    const unrated = rec({ rated: false });
    expect(isRatedGame(unrated, seatOutcomes(unrated))).toBe(false);
    expect(foldRatings([bots, unrated]).ratings.size).toBe(0);
    expect(foldRatings([rec({})]).ratings.size).toBe(3);
  });
});
