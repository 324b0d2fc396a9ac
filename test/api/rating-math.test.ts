import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  foldRatings,
  isRatedGame,
  judgeGame,
  rateGame,
  seatOutcomes,
  TAKING_PART_MOVES,
  type EndedRecord,
} from '../../worker/services/rating-math';

const rec = (over: Partial<EndedRecord>): EndedRecord => ({
  gameId: 'g1',
  type: 'secret-dice',
  status: 'finished',
  rated: true,
  isPublic: true,
  timed: true,
  seats: [0, 1, 2].map((seat) => ({ seat, userId: `u${seat}`, accountDeleted: false })),
  result: { ranking: [0, 1, 2] },
  events: [],
  ownMoves: { 0: 9, 1: 9, 2: 9 },
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
    expect(isRatedGame(bots)).toBe(false);
    const unrated = rec({ rated: false });
    expect(isRatedGame(unrated)).toBe(false);
    expect(foldRatings([bots, unrated]).ratings.size).toBe(0);
    expect(foldRatings([rec({})]).ratings.size).toBe(3);
  });
});

describe('rated means played', () => {
  const two = (over: Partial<EndedRecord>) =>
    rec({ seats: [0, 1].map((seat) => ({ seat, userId: `u${seat}`, accountDeleted: false })), result: { ranking: [0, 1] }, ...over });

  it('a seat that resigns before taking part leaves a game nobody played: no win, no rating, and it says why', () => {
    const instant = two({ status: 'abandoned', result: null, ownMoves: { 0: 3 }, events: [{ kind: 'resign', seat: 1, payload: {} }] });
    const judged = judgeGame(instant);
    expect(judged).toMatchObject({ played: false, rated: false, why: 'not_played' });
    expect(judged.seats.map((o) => [o.won, o.resigned, o.tookPart])).toEqual([
      [false, false, false],
      [false, true, false],
    ]);
    expect(foldRatings([instant]).ratings.size).toBe(0);
  });

  it(`a leaver has taken part after ${TAKING_PART_MOVES} moves of its own; a seat that stayed to the end, after one`, () => {
    const late = two({ status: 'abandoned', result: null, ownMoves: { 0: 5, 1: 5 }, events: [{ kind: 'resign', seat: 1, payload: {} }] });
    expect(judgeGame(late)).toMatchObject({ played: true, rated: true, why: 'rated' });
    const short = two({ ownMoves: { 0: 1, 1: 1 } });
    expect(judgeGame(short)).toMatchObject({ played: true, rated: true });
    // Resigned to the bot after one move, the bot playing the game out: the leaver had not taken part.
    const toBot = two({ ownMoves: { 0: 1, 1: 1 }, events: [{ kind: 'resign', seat: 1, payload: { then: 'bot' } }] });
    expect(judgeGame(toBot)).toMatchObject({ played: false, why: 'not_played' });
    // Moves the bot made on time for a seat are not its own.
    expect(judgeGame(two({ ownMoves: { 0: 4 } }))).toMatchObject({ played: false });
  });

  it('a private table changes no public rating; an unrated table and a bot game say so', () => {
    expect(judgeGame(two({ isPublic: false }))).toMatchObject({ played: true, rated: false, why: 'private_table' });
    expect(judgeGame(two({ rated: false })).why).toBe('unrated_table');
    const solo = two({
      seats: [
        { seat: 0, userId: 'u0', accountDeleted: false },
        { seat: 1, userId: null, accountDeleted: false },
      ],
    });
    expect(judgeGame(solo)).toMatchObject({ played: true, rated: false, why: 'fewer_than_two_players' });
  });

  it('a deleted account’s seat takes the rating its record kept, so the others’ come out as applied', () => {
    const kept = { mu: 31, sigma: 4, games: 7 };
    const withDeleted = two({
      seats: [
        { seat: 0, userId: 'u0', accountDeleted: false },
        { seat: 1, userId: null, accountDeleted: true, ratingBefore: kept },
      ],
    });
    const asApplied = two({ gameId: 'g1' });
    const a = foldRatings([withDeleted]).ratings.get('u0\tsecret-dice');
    const b = rateGame(
      [
        { key: 'u0', place: 0 },
        { key: 'x', place: 1 },
      ],
      (k) => (k === 'x' ? kept : undefined),
    ).get('u0');
    expect(a).toEqual(b);
    expect(foldRatings([asApplied]).ratings.get('u0\tsecret-dice')).not.toEqual(a);
  });
});
