import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../engine/core';
import { bigThunder } from '../../../engine/games/big-thunder';
import { SUPPLIES, UPGRADE_TYPES } from '../../../engine/games/big-thunder/components';
import { conservationProblems, marbleCount, newGame } from './helpers';

describe('Setup (rulebook, Setup)', () => {
  for (const players of [2, 3, 4]) {
    describe(`${players} players`, () => {
      const s = newGame(players);

      it('Mine Setup 6: prepares the mine by running one marble per player, then the first turn runs three', () => {
        let checked = 0;
        for (let k = 0; k < 40; k++) {
          const g = newGame(players, {}, k.toString(16).padStart(32, '0'));
          expect(marbleCount(g).total).toBe(23);
          expect(g.basin.fate + (g.fateMarble ? 1 : 0)).toBe(1);
          if (g.lastFate !== null) continue; // a Fate card can add or remove marbles
          checked += 1;
          const inMine = g.mine.reduce((n, m) => n + m.gold + m.ore + m.water, 0);
          expect(g.lastRun).toHaveLength(3);
          expect(inMine).toBe(players + 3);
          expect(g.basin.gold + g.basin.ore + g.basin.water).toBe(21 - players - 3);
        }
        expect(checked).toBeGreaterThan(20);
      });

      it('Player Setup: each player has 8 Starting Supplies of their colour, a hand of 4, the rest in the deck', () => {
        for (let seat = 0; seat < players; seat++) {
          const p = s.seats[seat];
          const own = [...p.hand, ...p.deck, ...p.discard];
          expect(own).toHaveLength(8);
          expect(own.every((id) => SUPPLIES[id].starting === seat)).toBe(true);
          // A Claim Jumper at the first turn may have made a player discard one card.
          expect(p.hand.length + p.discard.length).toBe(4);
        }
      });

      it('Player Setup: every Mine Cart starts in its own Town space; Locomotives at the start of the score track', () => {
        for (const p of s.seats) {
          expect(p.score).toBe(0);
          expect(p.tokens).toBe(0);
          expect(p.upgrades).toEqual([]);
          expect(p.shares).toEqual([]);
        }
        // Runaway Train could move carts during the first turn's marbles; without it all are in Town.
        if (s.lastFate === null || bigThunder.view(s, null).lastFate?.kind !== 'runawayTrain') {
          expect(s.seats.map((p) => p.position)).toEqual(Array(players).fill(0));
        }
      });

      it('General Setup 2: sets aside (players - 1) Town Shares face down', () => {
        expect(s.setAside).toHaveLength(players - 1);
        expect(s.townShares).toHaveLength(15 - (players - 1));
      });

      it('General Setup 3: a Market of 3 face-up Supplies from the 30 Market cards', () => {
        expect(s.market).toHaveLength(3);
        expect(s.market.every((id) => id !== null && SUPPLIES[id].starting === null)).toBe(true);
        expect(s.supplies).toHaveLength(27);
      });

      it('General Setup 4: each of the six Upgrade stacks has (players - 1) tiles', () => {
        for (const t of UPGRADE_TYPES) {
          expect(s.upgradeStacks[t]).toBe(players - 1);
          expect(s.upgradeBox[t]).toBe(3 - (players - 1));
        }
      });

      it('unused colours go back in the box; every component is accounted for', () => {
        expect(s.suppliesBox).toHaveLength(8 * (4 - players));
        expect(conservationProblems(s)).toEqual([]);
      });

      it("is the first player's turn (drawn at random by default)", () => {
        expect(s.turn).toBeGreaterThanOrEqual(0);
        expect(s.turn).toBeLessThan(s.players);
        expect(s.turnNumber).toBe(1);
      });
    });
  }

  it('is deterministic: the same seed gives the same state, another seed another state', () => {
    expect(canonicalJson(newGame(3))).toBe(canonicalJson(newGame(3)));
    expect(canonicalJson(newGame(3, {}, 'f'.repeat(32)))).not.toBe(canonicalJson(newGame(3)));
  });

  it('options: {} is the standard game to 20 points; longerGame plays to 25 (FOR A LONGER GAME)', () => {
    expect(bigThunder.optionsSchema.parse({})).toEqual({ longerGame: false, firstPlayer: 'random', fateOnEmptyBasin: false });
    expect(newGame(2).target).toBe(20);
    expect(newGame(2, { longerGame: true }).target).toBe(25);
    expect(bigThunder.optionsSchema.safeParse({ longerGame: 'yes' }).success).toBe(false);
  });

  it('refuses 1 or 5 players', () => {
    expect(() => newGame(1)).toThrow();
    expect(() => newGame(5)).toThrow();
  });
});
