import { describe, expect, it } from 'vitest';
import { IllegalMove } from '../../../engine/core';
import { spaceMountain } from '../../../engine/games/space-mountain';
import {
  BOARD_SIZE,
  DIE_FACES,
  ENCOUNTER_SPACES,
  ENCOUNTER_TOKENS,
  MISSION_CARDS,
  STARPORTS,
  WORMHOLES,
  featureAt,
} from '../../../engine/games/space-mountain/components';
import { codeOf, launched, newGame, play } from './helpers';

describe('Components (rulebook, Components; README section 3)', () => {
  it('has 16 Encounter tokens: 3 of each Space Item, 2 Any Item, 2 Return to Starport, on 16 "!" spaces', () => {
    expect(ENCOUNTER_TOKENS).toHaveLength(16);
    const count = (k: string) => ENCOUNTER_TOKENS.filter((t) => t === k).length;
    expect([count('satellite'), count('comet'), count('planet'), count('astronaut')]).toEqual([3, 3, 3, 3]);
    expect([count('any-item'), count('return-to-starport')]).toEqual([2, 2]);
    expect(ENCOUNTER_SPACES).toHaveLength(16);
  });

  it('has 20 Mission cards, 4 per set; A and B need 2 items, C, D and E need 3', () => {
    expect(MISSION_CARDS).toHaveLength(20);
    for (const letter of ['A', 'B', 'C', 'D', 'E']) {
      const set = MISSION_CARDS.filter((c) => c.letter === letter);
      expect(set).toHaveLength(4);
      expect(new Set(set.map((c) => c.pictures.length))).toEqual(new Set([letter < 'C' ? 2 : 3]));
    }
  });

  it('has 5 Starports (4 near the corners, 1 at the centre) and 2 pairs of Wormholes', () => {
    expect(STARPORTS.map((s) => [s.row, s.col])).toEqual([
      [1, 1],
      [1, 7],
      [7, 7],
      [7, 1],
      [4, 4],
    ]);
    expect(WORMHOLES).toHaveLength(4);
    for (const w of WORMHOLES) expect(WORMHOLES.find((x) => x.id === w.twin)?.twin).toBe(w.id);
  });

  it('keeps the board edge free of Cosmic Events (so wrapping never lands on one)', () => {
    for (let i = 0; i < BOARD_SIZE; i++) {
      for (const [r, c] of [
        [0, i],
        [BOARD_SIZE - 1, i],
        [i, 0],
        [i, BOARD_SIZE - 1],
      ])
        expect(featureAt(r, c)).toBeNull();
    }
  });

  it('has Navigation dice with 3 Straight and 3 Turn faces, 2 of them orange', () => {
    expect(DIE_FACES.filter((f) => f.movement === 'straight')).toHaveLength(3);
    expect(DIE_FACES.filter((f) => f.movement === 'turn')).toHaveLength(3);
    expect(DIE_FACES.filter((f) => f.orange)).toHaveLength(2);
  });
});

describe('Setup', () => {
  for (const players of [2, 3, 4]) {
    it(`Setup for ${players} players: Mission cards, Starport tokens, Encounter tokens, Fuel Gauge, first Active Player`, () => {
      const s = newGame(players);
      expect(s.players).toBe(players);
      expect(s.fuel).toBe(6);
      expect(s.activePlayer).toBe(0);
      expect(s.pool).toBe(25);
      expect(s.round).toBe(1);
      // Encounter tokens: all 16, face down, one on each "!" space.
      expect(s.tokens).toHaveLength(16);
      expect(s.tokens.every((t) => !t.faceUp)).toBe(true);
      expect(s.tokens.map((t) => t.kind).sort()).toEqual([...ENCOUNTER_TOKENS].sort());
      // Mission cards: one of each set, A to E left to right, each set dealt without repeats.
      for (let seat = 0; seat < players; seat++) {
        expect(s.missions[seat].map((m) => m.letter)).toEqual(['A', 'B', 'C', 'D', 'E']);
        expect(s.missions[seat].every((m) => m.card[0] === m.letter && !m.faceDown && m.covered.every((c) => !c))).toBe(true);
      }
      for (let i = 0; i < 5; i++) expect(new Set(s.missions.map((cards) => cards[i].card)).size).toBe(players);
      // Starport tokens: only the player's own colour is Approved for Travel.
      expect(s.approved).toEqual(Array.from({ length: players }, (_, seat) => [0, 1, 2, 3, 4].map((i) => i === seat)));
    });

    it(`Setup for ${players} players: each Rocket goes on the Starport of its colour, facing 1 of the 4 sides`, () => {
      const s = newGame(players);
      expect(s.phase).toBe('launch');
      expect(spaceMountain.activeSeats(s)).toEqual(Array.from({ length: players }, (_, i) => i));
      for (let seat = 0; seat < players; seat++) {
        expect(spaceMountain.legalMoves(s, seat)).toEqual(
          ['north', 'east', 'south', 'west'].map((facing) => ({ type: 'starport', starport: STARPORTS[seat].id, facing })),
        );
      }
      expect(() => play(s, 0, { type: 'starport', starport: STARPORTS[1].id, facing: 'north' })).toThrow(IllegalMove);
      expect(codeOf(() => play(s, 0, { type: 'starport', starport: 'hong-kong', facing: 'north' }))).toBe('starport_not_approved');
      const l = launched(players, {}, 'east');
      expect(l.phase).toBe('plan');
      for (let seat = 0; seat < players; seat++) {
        expect(l.rockets[seat]).toEqual({ row: STARPORTS[seat].row, col: STARPORTS[seat].col, facing: 'east' });
      }
    });
  }

  it('Setup: the same seed gives the same game; another seed deals differently', () => {
    expect(newGame(3)).toEqual(newGame(3));
    const other = newGame(3, {}, 'fedcba9876543210fedcba9876543210');
    expect(other.tokens.map((t) => t.kind)).not.toEqual(newGame(3).tokens.map((t) => t.kind));
  });

  it('Setup: the game is for 2 to 4 players', () => {
    expect(() => newGame(1)).toThrow();
    expect(() => newGame(5)).toThrow();
  });
});

describe('Alternate Rules (options)', () => {
  it('Options: {} is the standard game', () => {
    expect(spaceMountain.optionsSchema.parse({})).toEqual({
      missionsOnly: false,
      missions: 5,
      unknownSpace: false,
      firstPlayer: 'random',
      starportBySeat: false,
    });
  });

  it('Options: 3 or 4 Missions only in the Missions-only game; unknown keys refused', () => {
    expect(spaceMountain.optionsSchema.safeParse({ missions: 3 }).success).toBe(false);
    expect(spaceMountain.optionsSchema.safeParse({ missionsOnly: true, missions: 3 }).success).toBe(true);
    expect(spaceMountain.optionsSchema.safeParse({ missionsOnly: true, missions: 2 }).success).toBe(false);
    expect(spaceMountain.optionsSchema.safeParse({ foo: 1 }).success).toBe(false);
  });

  it('Missions-only game: no Starport tokens, 3 Missions A-C, Rockets use their own Starport', () => {
    const s = newGame(2, { missionsOnly: true, missions: 3 });
    expect(s.approved).toBeNull();
    expect(s.missions[0].map((m) => m.letter)).toEqual(['A', 'B', 'C']);
    expect(spaceMountain.legalMoves(s, 1).map((m) => m.type === 'starport' && m.starport)).toEqual(Array(4).fill(STARPORTS[1].id));
    expect(spaceMountain.view(s, 0).players[0].approved).toBeNull();
  });

  it('Missions-only game with 4 Missions deals A-D', () => {
    expect(newGame(4, { missionsOnly: true, missions: 4 }).missions[3].map((m) => m.letter)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('Unknown Space: the Encounter tokens are placed face up and shown from the start', () => {
    const s = newGame(2, { unknownSpace: true });
    expect(s.tokens.every((t) => t.faceUp)).toBe(true);
    const v = spaceMountain.view(s, null);
    expect(v.tokens.map((t) => (t.faceUp ? t.kind : null))).toEqual(s.tokens.map((t) => t.kind));
  });
});
