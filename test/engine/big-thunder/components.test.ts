import { describe, expect, it } from 'vitest';
import {
  FATE_CARDS,
  MARBLES_IN_BOX,
  SPARE_FATE_MARBLES,
  STARTING_BASIN,
  SUPPLIES,
  TILES_PER_UPGRADE,
  TOWN_SHARES,
  TRAINS,
  UPGRADES,
  startingSupplies,
} from '../../../engine/games/big-thunder/components';

describe('Contents (rulebook, Contents; README section 1)', () => {
  it('has 23 marbles: 7 Water, 7 Gold Nugget, 7 Raw Ore, 2 red Fate (one spare)', () => {
    expect(STARTING_BASIN).toEqual({ water: 7, gold: 7, ore: 7, fate: 1 });
    const inBasin = STARTING_BASIN.water + STARTING_BASIN.gold + STARTING_BASIN.ore + STARTING_BASIN.fate;
    expect(inBasin + SPARE_FATE_MARBLES).toBe(MARBLES_IN_BOX);
    expect(MARBLES_IN_BOX).toBe(23);
  });

  it('has 62 Supplies cards: 8 Starting Supplies per colour (32) and 30 Market cards', () => {
    expect(SUPPLIES).toHaveLength(62);
    expect(SUPPLIES.map((c) => c.id)).toEqual(Array.from({ length: 62 }, (_, i) => i));
    for (let colour = 0; colour < 4; colour++) expect(startingSupplies(colour)).toHaveLength(8);
    expect(SUPPLIES.filter((c) => c.starting === null)).toHaveLength(30);
  });

  it('gives every colour the same Starting Supplies (reconstruction of README section 1)', () => {
    const names = (colour: number) =>
      startingSupplies(colour)
        .map((id) => SUPPLIES[id].name)
        .sort();
    expect(names(0)).toEqual(
      [
        'Bail Water + Move 1',
        'Move 2',
        'Move 2',
        'Pan for Gold',
        'Pick for Gold',
        'Pick for Gold',
        'Pick for Gold + Move 1',
        'Resupply',
      ].sort(),
    );
    for (let colour = 1; colour < 4; colour++) expect(names(colour)).toEqual(names(0));
  });

  it('prints Discard to Move on exactly the cards without a Move action (reconstruction)', () => {
    for (const c of SUPPLIES) expect(c.discardToMove).toBe(!c.actions.some((a) => a.kind === 'move'));
  });

  it('has Market cards with two separate Move actions (F.A.Q.) and Crosscut Tunnels', () => {
    const market = SUPPLIES.filter((c) => c.starting === null);
    expect(market.filter((c) => c.actions.filter((a) => a.kind === 'move').length === 2).length).toBeGreaterThanOrEqual(2);
    expect(market.filter((c) => c.actions.some((a) => a.kind === 'crosscut'))).toHaveLength(5);
  });

  it('has 10 Fate cards: 2 Flash Flood, 2 Cave-In, 2 Lucky Strike, 2 Runaway Train, 1 Earthquake, 1 Claim Jumper', () => {
    expect(FATE_CARDS).toHaveLength(10);
    const n = (k: string) => FATE_CARDS.filter((f) => f.kind === k).length;
    expect([n('flashFlood'), n('caveIn'), n('luckyStrike'), n('runawayTrain'), n('earthquake'), n('claimJumper')]).toEqual([
      2, 2, 2, 2, 1, 1,
    ]);
  });

  it('has 15 Town Shares worth 1, 2 or 3 points (5 of each)', () => {
    expect(TOWN_SHARES).toHaveLength(15);
    expect([1, 2, 3].map((v) => TOWN_SHARES.filter((x) => x === v).length)).toEqual([5, 5, 5]);
  });

  it('has 18 Upgrade tiles: 6 types x 3, costing 2 to 4 Town Tokens (Refine Gold 3)', () => {
    expect(UPGRADES).toHaveLength(6);
    expect(UPGRADES.length * TILES_PER_UPGRADE).toBe(18);
    for (const u of UPGRADES) {
      expect(u.cost).toBeGreaterThanOrEqual(2);
      expect(u.cost).toBeLessThanOrEqual(4);
    }
    expect(Object.fromEntries(UPGRADES.map((u) => [u.type, u.cost]))).toEqual({
      pickToPan: 2,
      refineGold: 3,
      steamPump: 2,
      expressResupply: 3,
      bigClaim: 4,
      fiveCardHand: 4,
    });
  });

  it('names the four Locomotives', () => {
    expect(TRAINS.map((t) => t.name)).toEqual(['U.R. Courageous', 'U.B. Bold', 'I.M. Brave', 'I.M. Fearless']);
  });
});
