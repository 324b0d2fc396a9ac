import { describe, expect, it } from 'vitest';
import { bigThunder } from '../../../engine/games/big-thunder';
import { adjacentShafts, clockwise } from '../../../engine/games/big-thunder/movement';
import { givenMine, play, playAll, refusal, start, texts } from './helpers';

const MOVE2 = start(0, 'Move 2');

describe('Card Actions: Mine Cart (Move)', () => {
  it("MOVE EXAMPLE: yellow moves two spaces past the gray cart, ends at the blue cart's shaft, and blue is bumped forward", () => {
    // Yellow (seat 0) at shaft 1, gray (seat 1) at shaft 2, blue (seat 2) at shaft 3 with the Gold Nugget.
    const s0 = givenMine({
      players: 4,
      mine: { shaft3: ['gold'] },
      seats: { 0: { position: 1, hand: [MOVE2] }, 1: { position: 2 }, 2: { position: 3 }, 3: { position: 0 } },
    });
    const r = playAll(s0, 0, [
      { type: 'play', card: MOVE2 },
      { type: 'move', action: 0, spaces: 2 },
    ]);
    expect(r.state.seats.map((p) => p.position)).toEqual([3, 2, 4, 0]);
    expect(texts(r.log)).toContain('The Mine Cart of {{p:2}} is bumped forward to mine shaft 4.');
  });

  it('moves clockwise up to the number of spaces shown (too_far beyond it)', () => {
    const s = play(givenMine({ seats: { 0: { position: 2, hand: [MOVE2] } } }), 0, { type: 'play', card: MOVE2 }).state;
    expect(play(s, 0, { type: 'move', action: 0, spaces: 1 }).state.seats[0].position).toBe(3);
    expect(play(s, 0, { type: 'move', action: 0, spaces: 2 }).state.seats[0].position).toBe(4);
    expect(refusal(s, 0, { type: 'move', action: 0, spaces: 3 }).code).toBe('too_far');
  });

  it('bumps a whole chain of carts forward ("and so on")', () => {
    const s0 = givenMine({
      players: 4,
      seats: { 0: { position: 1, hand: [MOVE2] }, 1: { position: 3 }, 2: { position: 4 }, 3: { position: 5 } },
    });
    const s = playAll(s0, 0, [
      { type: 'play', card: MOVE2 },
      { type: 'move', action: 0, spaces: 2 },
    ]).state;
    expect(s.seats.map((p) => p.position)).toEqual([3, 4, 5, 6]);
  });

  it('a cart bumped out of shaft 7 goes to its own Town space', () => {
    const s0 = givenMine({ players: 3, seats: { 0: { position: 5, hand: [MOVE2] }, 1: { position: 7 }, 2: { position: 0 } } });
    const s = playAll(s0, 0, [
      { type: 'play', card: MOVE2 },
      { type: 'move', action: 0, spaces: 2 },
    ]).state;
    expect(s.seats.map((p) => p.position)).toEqual([7, 0, 0]);
  });

  it('Mine Carts can never be bumped out of Town: moving into Town bumps nobody', () => {
    const pick = start(0, 'Pick for Gold');
    const s0 = givenMine({ players: 3, seats: { 0: { position: 7, hand: [pick] }, 1: { position: 0 }, 2: { position: 0 } } });
    const r = play(s0, 0, { type: 'discardToMove', card: pick });
    expect(r.state.seats.map((p) => p.position)).toEqual([0, 0, 0]);
    expect(texts(r.log).some((x) => x.includes('bumped'))).toBe(false);
  });

  it('moving into Town: each cart has its own Town space, other Town spaces are not counted', () => {
    // From shaft 6 with both other carts in Town: 2 spaces = shaft 7, Town.
    const s0 = givenMine({ players: 3, seats: { 0: { position: 6, hand: [MOVE2] }, 1: { position: 0 }, 2: { position: 0 } } });
    const s = playAll(s0, 0, [
      { type: 'play', card: MOVE2 },
      { type: 'move', action: 0, spaces: 2 },
    ]).state;
    expect(s.seats.map((p) => p.position)).toEqual([0, 0, 0]);
    expect(s.town).toEqual({ sold: false, bought: false });
  });

  it('F.A.Q. Do I have to stop in Town? No: a cart may move past Town like any other space', () => {
    const s7 = givenMine({ seats: { 0: { position: 7, hand: [MOVE2] } } });
    const s = playAll(s7, 0, [
      { type: 'play', card: MOVE2 },
      { type: 'move', action: 0, spaces: 2 },
    ]).state;
    expect(s.seats[0].position).toBe(1);
    expect(s.town).toBeNull(); // passing Town is not being in Town: no Town actions
    expect(bigThunder.legalMoves(s, 0).some((m) => m.type === 'sell' || m.type === 'buyShare')).toBe(false);
  });

  it('F.A.Q. Do Mine Carts ever move counter-clockwise? No: every Move and bump goes clockwise', () => {
    for (let from = 0; from < 8; from++) for (let n = 1; n <= 3; n++) expect(clockwise(from, n)).toBe((from + n) % 8);
    const s = play(givenMine({ seats: { 0: { position: 4, hand: [MOVE2] } } }), 0, { type: 'play', card: MOVE2 }).state;
    const dests = bigThunder
      .legalMoves(s, 0)
      .filter((m) => m.type === 'move')
      .map((m) => (m.type === 'move' ? clockwise(4, m.spaces) : -1));
    expect(dests).toEqual([5, 6]);
  });

  it('Big Claim adjacency: the shafts form a line 1-7; shafts 1 and 7 are not next to each other (F.A.Q.)', () => {
    expect(adjacentShafts(1)).toEqual([2]);
    expect(adjacentShafts(4)).toEqual([3, 5]);
    expect(adjacentShafts(7)).toEqual([6]);
  });
});
