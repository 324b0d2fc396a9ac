import { describe, expect, it } from 'vitest';
import { snowdonia } from '../../../engine/games/snowdonia';
import { expectIllegal, given, giveTrain, newGame, play, setSeat } from './helpers';

// Rulebook "1. Assign Labourers".
describe('1. Assign Labourers', () => {
  it('clockwise from the Start Player, one Labourer at a time, until all are placed', () => {
    let s = newGame(3);
    const first = s.startPlayer;
    const order: number[] = [];
    for (let i = 0; i < 6; i++) {
      const [seat] = snowdonia.activeSeats(s);
      order.push(seat);
      for (let other = 0; other < 3; other++) if (other !== seat) expect(snowdonia.legalMoves(s, other)).toEqual([]);
      s = play(s, seat, { type: 'place', area: 'G', space: s.areas.G.length + 1 });
    }
    expect(order).toEqual([0, 1, 2, 0, 1, 2].map((i) => (first + i) % 3));
    // Every Labourer is out: the round went on through G to the next round's placement.
    expect(s.round).toBe(2);
  });

  it('only into empty numbered spaces; a taken space is refused', () => {
    let s = newGame(2);
    const a = s.startPlayer;
    const b = 1 - a;
    s = play(s, a, { type: 'place', area: 'C', space: 1 });
    expect(snowdonia.legalMoves(s, b)).not.toContainEqual({ type: 'place', area: 'C', space: 1 });
    expectIllegal(s, b, { type: 'place', area: 'C', space: 1 }, 'space_taken');
    expect(() => snowdonia.applyMove(s, b, { type: 'place', area: 'C', space: 2 })).toThrow(/spaces 1 to 1/);
  });

  it('lists every empty space of A-F and the next space of the unlimited G', () => {
    const s = newGame(4);
    const moves = snowdonia.legalMoves(s, s.startPlayer);
    // 4 + 3 + 2 + 3 + 2 + 2 numbered spaces with 4 players, plus G.
    expect(moves).toHaveLength(16 + 1);
    expect(moves[0]).toEqual({ type: 'place', area: 'A', space: 1 });
    expect(moves.at(-1)).toEqual({ type: 'place', area: 'G', space: 1 });
  });

  it('a seat with no Labourer left is skipped', () => {
    let s = given(2, (x) => {
      giveTrain(x, x.startPlayer, 5);
      setSeat(x, x.startPlayer, { coal: 1 });
    });
    const a = s.startPlayer;
    const b = 1 - a;
    s = play(s, a, { type: 'hire-temporary' });
    for (const seat of [a, b, a, b]) s = play(s, seat, { type: 'place', area: 'G', space: s.areas.G.length + 1 });
    // b has placed both; a still has its Temporary Labourer.
    expect(snowdonia.activeSeats(s)).toEqual([a]);
  });

  describe('the Temporary Labourer', () => {
    const withTrain = (train: number, coal: number) =>
      given(3, (x) => {
        giveTrain(x, x.startPlayer, train);
        setSeat(x, x.startPlayer, { coal });
      });

    it("pay the Train's Coal (to the Supply Bag) before your first placement to gain it", () => {
      let s = withTrain(1, 2);
      const seat = s.startPlayer;
      const bagCoal = s.bag.coal;
      expect(snowdonia.legalMoves(s, seat)[0]).toEqual({ type: 'hire-temporary' });
      s = play(s, seat, { type: 'hire-temporary' });
      expect(s.seats[seat]).toMatchObject({ coal: 1, labourers: 3, temporaryHired: true });
      expect(s.bag.coal).toBe(bagCoal + 1);
      expect(snowdonia.legalMoves(s, seat)).not.toContainEqual({ type: 'hire-temporary' });
      expectIllegal(s, seat, { type: 'hire-temporary' }, 'temporary_hired');
    });

    it('not after the first placement', () => {
      let s = withTrain(1, 1);
      const seat = s.startPlayer;
      for (let i = 0; i < 3; i++) s = play(s, snowdonia.activeSeats(s)[0], { type: 'place', area: 'G', space: s.areas.G.length + 1 });
      expect(snowdonia.activeSeats(s)).toEqual([seat]);
      expect(snowdonia.legalMoves(s, seat)).not.toContainEqual({ type: 'hire-temporary' });
      expect(() => snowdonia.applyMove(s, seat, { type: 'hire-temporary' })).toThrow(expect.objectContaining({ code: 'already_placed' }));
    });

    it('Padarn costs 2 Coal; without enough Coal or without a Train there is no Temporary Labourer', () => {
      const short = withTrain(6, 1);
      expect(snowdonia.legalMoves(short, short.startPlayer)).not.toContainEqual({ type: 'hire-temporary' });
      expect(() => snowdonia.applyMove(short, short.startPlayer, { type: 'hire-temporary' })).toThrow(
        expect.objectContaining({ code: 'not_enough_coal' }),
      );
      const enough = play(withTrain(6, 2), short.startPlayer, { type: 'hire-temporary' });
      expect(enough.seats[short.startPlayer].coal).toBe(0);
      const none = newGame(3);
      expect(() => snowdonia.applyMove(none, none.startPlayer, { type: 'hire-temporary' })).toThrow(
        expect.objectContaining({ code: 'no_train' }),
      );
    });

    it('returns to the Pub at the end of the round', () => {
      let s = withTrain(4, 1);
      const seat = s.startPlayer;
      s = play(s, seat, { type: 'hire-temporary' });
      while (s.round === 1) s = play(s, snowdonia.activeSeats(s)[0], { type: 'place', area: 'G', space: s.areas.G.length + 1 });
      expect(s.seats[seat]).toMatchObject({ labourers: 2, temporaryHired: false, placed: 0 });
    });
  });

  describe('Fog', () => {
    it('no Labourer may be placed on EXCAVATION or LAY TRACK', () => {
      const s = given(4, (x) => (x.weatherTrack[0] = 'fog'));
      const areas = new Set(snowdonia.legalMoves(s, s.startPlayer).map((m) => (m.type === 'place' ? m.area : '')));
      expect([...areas]).toEqual(['A', 'C', 'E', 'F', 'G']);
      expectIllegal(s, s.startPlayer, { type: 'place', area: 'B', space: 1 }, 'fog');
      expectIllegal(s, s.startPlayer, { type: 'place', area: 'D', space: 1 }, 'fog');
    });

    it('Thinner Fog variant: only the last space of EXCAVATION and LAY TRACK is covered', () => {
      const s = given(4, (x) => (x.weatherTrack[0] = 'fog'), { thinnerFog: true });
      const moves = snowdonia.legalMoves(s, s.startPlayer);
      expect(moves).toContainEqual({ type: 'place', area: 'B', space: 2 });
      expect(moves).not.toContainEqual({ type: 'place', area: 'B', space: 3 });
      expect(moves).toContainEqual({ type: 'place', area: 'D', space: 2 });
      expect(moves).not.toContainEqual({ type: 'place', area: 'D', space: 3 });
    });

    it('Sun and Rain block nothing', () => {
      for (const w of ['sun', 'rain'] as const) {
        const s = given(4, (x) => (x.weatherTrack[0] = w));
        expect(snowdonia.legalMoves(s, s.startPlayer)).toHaveLength(17);
      }
    });
  });
});
