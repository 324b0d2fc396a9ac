import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../engine/core';
import { spaceMountain as game } from '../../../engine/games/space-mountain';
import type { SpaceMountainState } from '../../../engine/games/space-mountain/state';
import { chooser } from './random-games';
import { newGame } from './helpers';

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object') {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

describe('Game contract', () => {
  it('applyMove is pure: it never changes its input, and the same move on the same state gives the same result', () => {
    for (const players of [2, 3, 4]) {
      const rand = chooser(players);
      let s: SpaceMountainState = deepFreeze(newGame(players));
      for (let step = 0; step < 400 && game.result(s) === null; step++) {
        const seat = game.activeSeats(s)[0];
        const legal = game.legalMoves(s, seat);
        const move = legal[Math.floor(rand() * legal.length)];
        const a = game.applyMove(s, seat, move); // throws on a write to the frozen input
        const b = game.applyMove(s, seat, move);
        expect(canonicalJson(a)).toBe(canonicalJson(b));
        expect(structuredClone(a.state)).toEqual(a.state); // plain JSON data
        s = deepFreeze(a.state);
      }
    }
  });

  it('legalMoves is empty for seats that are not active, and every legal move is accepted', () => {
    let s = newGame(3);
    const rand = chooser(99);
    for (let step = 0; step < 300 && game.result(s) === null; step++) {
      const active = game.activeSeats(s);
      for (let seat = 0; seat < 3; seat++) if (!active.includes(seat)) expect(game.legalMoves(s, seat)).toEqual([]);
      const seat = active[Math.floor(rand() * active.length)];
      const legal = game.legalMoves(s, seat);
      for (const m of legal) expect(() => game.applyMove(s, seat, m)).not.toThrow();
      for (const m of legal) expect(game.moveSchema.parse(m)).toEqual(m);
      s = game.applyMove(s, seat, legal[Math.floor(rand() * legal.length)]).state;
    }
  });
});

/** Every well-formed move (a superset of what can ever be legal), to check legalMoves is exact. */
function moveUniverse(): Parameters<typeof game.applyMove>[2][] {
  const letters = ['A', 'B', 'C', 'D', 'E'] as const;
  const facings = ['north', 'east', 'south', 'west'] as const;
  const flips: (typeof letters)[number][][] = [
    [],
    ...letters.map((l) => [l]),
    ...[2, 3, 4, 5].map((k) => letters.slice(0, k)),
    ['B', 'A'],
    ['A', 'C'],
    ['A', 'A'],
  ];
  return [
    { type: 'go' },
    ...flips.map((flip) => ({ type: 'refuel' as const, flip })),
    { type: 'turn', dir: 'left' },
    { type: 'turn', dir: 'right' },
    ...letters.flatMap((mission) => [0, 1, 2].map((space) => ({ type: 'place' as const, mission, space }))),
    ...(['disneyland', 'walt-disney-world', 'tokyo', 'paris', 'hong-kong'] as const).flatMap((starport) =>
      facings.map((facing) => ({ type: 'starport' as const, starport, facing })),
    ),
    ...facings.map((facing) => ({ type: 'face' as const, facing })),
  ];
}

describe('legalMoves is complete and exact', () => {
  it('applyMove accepts exactly the moves in legalMoves and refuses every other move with an IllegalMove code', () => {
    const universe = moveUniverse();
    const codes = new Set<string>();
    const configs = [
      { players: 2, options: {} },
      { players: 3, options: { missionsOnly: true, missions: 3 as const } },
      { players: 4, options: { unknownSpace: true } },
    ];
    for (const { players, options } of configs) {
      {
        const rand = chooser(players * 7);
        let s = newGame(players, options);
        for (let step = 0; step < 400 && game.result(s) === null; step++) {
          for (let seat = 0, check = rand() < 0.3; check && seat < players; seat++) {
            const legal = new Set(game.legalMoves(s, seat).map((m) => canonicalJson(m)));
            for (const m of universe) {
              if (legal.has(canonicalJson(m))) {
                expect(() => game.applyMove(s, seat, m)).not.toThrow();
                continue;
              }
              let code: string | null = null;
              try {
                game.applyMove(s, seat, m);
              } catch (e) {
                code = (e as { code?: string }).code ?? 'not an IllegalMove';
              }
              expect(code, `${JSON.stringify(m)} by seat ${seat} in phase ${s.phase}`).toMatch(/^[a-z_]+$/);
              codes.add(code!);
            }
          }
          const active = game.activeSeats(s);
          const seat = active[Math.floor(rand() * active.length)];
          const legal = game.legalMoves(s, seat);
          s = game.applyMove(s, seat, legal[Math.floor(rand() * legal.length)]).state;
        }
      }
    }
    expect([...codes].sort()).toEqual(
      expect.arrayContaining([
        'already_decided',
        'already_placed',
        'flip_not_allowed',
        'nothing_pending',
        'not_in_round',
        'starport_not_approved',
        'wrong_phase',
      ]),
    );
  });
});
