import { describe, expect, it } from 'vitest';
import { snowdonia } from '../../../engine/games/snowdonia';
import { clearRubble, given, setSeat } from './helpers';

/** A fresh 2-player game in 1. Assign Labourers with the active seat's pieces and the route patched. */
function assigning(steel: number, clear: number) {
  const s = given(2, (x) => {
    clearRubble(x, clear);
  });
  const seat = snowdonia.activeSeats(s)[0];
  setSeat(s, seat, { steel });
  return { s, seat };
}

const placeOn = (s: ReturnType<typeof given>, seat: number, area: string) =>
  snowdonia.legalMoves(s, seat).find((m) => m.type === 'place' && m.area === area)!;

describe('no-op: 2. Resolve Actions, D. Lay Track - a Labourer that could lay no track is marked', () => {
  it('with no Steel Bar: effect none, and the warning says why and that Steel may still come', () => {
    const { s, seat } = assigning(0, 6);
    const move = placeOn(s, seat, 'D');
    expect(move).toBeDefined();
    expect(snowdonia.moveNote!(move, s, seat)).toEqual({
      effect: 'none',
      warning: 'Lay Track: you have no Steel Bar (each Track card costs 1), unless you get one before Lay Track resolves.',
    });
  });

  it('with Steel but no cleared Track card waiting: effect none', () => {
    const { s, seat } = assigning(3, 0);
    expect(snowdonia.moveNote!(placeOn(s, seat, 'D'), s, seat)).toEqual({
      effect: 'none',
      warning: 'Lay Track: no cleared Track card is waiting for track.',
    });
  });

  it('with Steel and cleared Track cards: no note; moves other than placing never carry one', () => {
    const { s, seat } = assigning(3, 6);
    expect(snowdonia.moveNote!(placeOn(s, seat, 'D'), s, seat)).toBeUndefined();
    for (const m of snowdonia.legalMoves(s, seat).filter((x) => x.type !== 'place'))
      expect(snowdonia.moveNote!(m, s, seat)).toBeUndefined();
  });

  it('B. Excavation with no Rubble left on the route: effect none', () => {
    const { s, seat } = assigning(0, 99);
    const move = placeOn(s, seat, 'B');
    if (move) expect(snowdonia.moveNote!(move, s, seat)).toEqual({ effect: 'none', warning: 'Excavation: no Rubble is left to excavate.' });
    const { s: full, seat: st } = assigning(0, 0);
    expect(snowdonia.moveNote!(placeOn(full, st, 'B'), full, st)).toBeUndefined();
  });
});
