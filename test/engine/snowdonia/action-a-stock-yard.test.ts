import { describe, expect, it } from 'vitest';
import { snowdonia } from '../../../engine/games/snowdonia';
import { expectIllegal, given, giveContract, giveTrain, play, resolveWith } from './helpers';

// Rulebook "A. STOCK YARD".
describe('A. Stock Yard', () => {
  it('take up to 3 resources, any combination of Iron Ore and Stone, at most 1 Coal', () => {
    const { state } = resolveWith(
      given(3, () => {}),
      { A: [0] },
    );
    const moves = snowdonia.legalMoves(state, 0);
    expect(moves).toContainEqual({ type: 'take-cubes', iron: 3, stone: 0, coal: 0 });
    expect(moves).toContainEqual({ type: 'take-cubes', iron: 1, stone: 2, coal: 0 });
    expect(moves).toContainEqual({ type: 'take-cubes', iron: 1, stone: 1, coal: 1 });
    expect(moves).toContainEqual({ type: 'take-cubes', iron: 0, stone: 0, coal: 1 });
    // Every combination of 1 to 3 cubes with at most 1 Coal (from 7 Iron Ore, 4 Stone, 1 Coal):
    // totals 3: 4 + 3, totals 2: 3 + 2, totals 1: 2 + 1 = 15.
    expect(moves).toHaveLength(15);
    expect(moves.every((m) => m.type === 'take-cubes' && m.coal <= 1 && m.iron + m.stone + m.coal <= 3)).toBe(true);
    expectIllegal(state, 0, { type: 'take-cubes', iron: 4, stone: 0, coal: 0 }, 'too_many_cubes');
    expectIllegal(state, 0, { type: 'take-cubes', iron: 1, stone: 0, coal: 2 }, 'too_much_coal');
  });

  it('takes the cubes from the Stock Yard into the personal supply', () => {
    let { state } = resolveWith(
      given(3, () => {}),
      { A: [0] },
    );
    state = play(state, 0, { type: 'take-cubes', iron: 1, stone: 1, coal: 1 });
    expect(state.seats[0]).toMatchObject({ iron: 1, stone: 1, coal: 1 });
  });

  it('limits to the cubes in the Stock Yard; an empty Stock Yard gives nothing', () => {
    let { state } = resolveWith(
      given(3, (x) => {
        x.bag.iron += 5;
        x.bag.stone += 4;
        x.stockYard = { iron: 2, stone: 0, coal: 0 };
      }),
      { A: [0, 1] },
    );
    expect(snowdonia.legalMoves(state, 0)).toEqual([
      { type: 'take-cubes', iron: 2, stone: 0, coal: 0 },
      { type: 'take-cubes', iron: 1, stone: 0, coal: 0 },
    ]);
    expect(() => snowdonia.applyMove(state, 0, { type: 'take-cubes', iron: 0, stone: 1, coal: 0 })).toThrow(
      expect.objectContaining({ code: 'not_in_stock_yard' }),
    );
    state = play(state, 0, { type: 'take-cubes', iron: 2, stone: 0, coal: 0 });
    expect(state.seats[1].iron).toBe(0);
  });

  it('the last Action Space takes the Start Player token', () => {
    const s = given(3, (x) => (x.startPlayer = 0));
    let { state } = resolveWith(s, { A: [null, null, 2] });
    state = play(state, 2, { type: 'take-cubes', iron: 3, stone: 0, coal: 0 });
    expect(state.startPlayer).toBe(2);
    // ... and the next round's placement begins with the new Start Player.
    expect(state.step).toEqual({ kind: 'assign', seat: 2 });
  });

  it('with nobody on the last space the Start Player keeps the token', () => {
    const s = given(3, (x) => (x.startPlayer = 0));
    let { state } = resolveWith(s, { A: [1, 2] });
    state = play(state, 1, { type: 'take-cubes', iron: 3, stone: 0, coal: 0 });
    state = play(state, 2, { type: 'take-cubes', iron: 3, stone: 0, coal: 0 });
    expect(state.startPlayer).toBe(0);
  });

  it('Train Wyddfa: one extra cube, still at most 1 Coal', () => {
    const { state } = resolveWith(
      given(3, (x) => giveTrain(x, 0, 3)),
      { A: [0] },
    );
    const moves = snowdonia.legalMoves(state, 0);
    expect(moves[0]).toEqual({ type: 'take-cubes', iron: 3, stone: 0, coal: 1 });
    expect(moves).toContainEqual({ type: 'take-cubes', iron: 4, stone: 0, coal: 0 });
    expect(moves.every((m) => m.type === 'take-cubes' && m.coal <= 1)).toBe(true);
  });

  it('Contract effects: one more cube; up to 2 Coal', () => {
    const more = given(3, (x) => {
      giveContract(x, 0, 3, true);
      x.seats[0].contracts[0].activeThisRound = true;
    });
    const a = resolveWith(more, { A: [0] }).state;
    expect(snowdonia.legalMoves(a, 0)).toContainEqual({ type: 'take-cubes', iron: 4, stone: 0, coal: 0 });
    const coal = given(3, (x) => {
      giveContract(x, 0, 22, true);
      x.seats[0].contracts[0].activeThisRound = true;
      x.stockYard.coal = 2;
      x.bag.coal -= 1;
    });
    const b = resolveWith(coal, { A: [0] }).state;
    expect(snowdonia.legalMoves(b, 0)).toContainEqual({ type: 'take-cubes', iron: 1, stone: 0, coal: 2 });
  });
});
