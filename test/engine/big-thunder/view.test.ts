import { describe, expect, it } from 'vitest';
import { bigThunder } from '../../../engine/games/big-thunder';
import { SUPPLIES } from '../../../engine/games/big-thunder/components';
import { fate, givenMine, play } from './helpers';

describe('view: hidden information (rulebook: hands, decks, Town Shares are secret)', () => {
  it("shows your own hand and Town Shares, only counts of the others'", () => {
    const s = givenMine({ players: 3, seats: { 0: { shares: [14] }, 1: { shares: [0, 1] } } });
    const v = bigThunder.view(s, 0);
    expect(v.you).toBe(0);
    expect(v.hand!.map((c) => c.id)).toEqual(s.seats[0].hand);
    expect(v.seats[0].shares).toEqual([3]);
    expect(v.seats[1]).toMatchObject({ shares: null, shareCount: 2, handCount: 4, deckCount: 4 });
    const spectator = bigThunder.view(s, null);
    expect(spectator.hand).toBeNull();
    expect(spectator.seats.every((p) => p.shares === null)).toBe(true);
  });

  it("never carries another seat's hand, deck, Town Shares, the decks or the set-aside Town Shares (raw JSON search)", () => {
    const s = givenMine({ players: 4, setAside: [10, 11, 12], seats: { 1: { shares: [3] } } });
    for (const seat of [0, 1, 2, 3, null]) {
      const json = JSON.stringify(bigThunder.view(s, seat));
      // Card ids appear as "id":N in card faces: none from another seat's hand or any deck.
      const ids = [...json.matchAll(/"id":(\d+)/g)].map((m) => Number(m[1]));
      const secretCards = [...s.supplies, ...s.seats.flatMap((p, i) => (i === seat ? p.deck : [...p.hand, ...p.deck]))];
      for (const id of secretCards) {
        // A Fate card id may equal a Supplies id; only Supplies card faces carry "actions".
        expect(json.includes(`{"id":${id},"name":"${SUPPLIES[id].name}"`)).toBe(false);
      }
      expect(ids.length).toBeGreaterThan(0);
      for (const key of ['"rng"', '"fateDeck"', '"townShares"', '"supplies"', '"deck"']) expect(json).not.toContain(key);
      expect(json).toContain('"setAside":{"count":3,"values":null}');
    }
  });

  it('is built field by field: a new state field does not leak into the view', () => {
    const s = givenMine() as ReturnType<typeof givenMine> & { secretNewField?: string };
    s.secretNewField = 'do-not-leak';
    expect(JSON.stringify(bigThunder.view(s, 0))).not.toContain('do-not-leak');
  });

  it('shows public things: the mine, carts, Market, discard piles, Fate cards flipped, Upgrade stacks, the card in play', () => {
    const s0 = givenMine({
      basin: { gold: 0, ore: 0, water: 0, fate: 1 },
      park: 7,
      options: { fateOnEmptyBasin: true },
      fateTop: [fate('luckyStrike')],
      mine: { shaft2: ['gold'] },
      seats: { 1: { position: 2 } },
    });
    const s = play(s0, 0, { type: 'endTurn' }).state;
    const v = bigThunder.view(s, 0);
    expect(v.mine[1]).toEqual({ shaft: 2, gold: 0, ore: 0, water: 0 });
    expect(v.seats[1].cart).toEqual({ gold: 1, ore: 0 });
    expect(v.lastFate).toMatchObject({ kind: 'luckyStrike', name: 'Lucky Strike' });
    expect(v.fateDiscard.map((f) => f.kind)).toEqual(['luckyStrike']);
    expect(v.market.every((c) => c !== null && c.actions.length > 0)).toBe(true);
    expect(v.upgrades.map((u) => [u.type, u.stack])).toEqual([
      ['pickToPan', 1],
      ['refineGold', 1],
      ['steamPump', 1],
      ['expressResupply', 1],
      ['bigClaim', 1],
      ['fiveCardHand', 1],
    ]);
    const card = s.seats[1].hand[0];
    const t = play(s, 1, { type: 'play', card }).state;
    expect(bigThunder.view(t, 0).current).toEqual({
      card: expect.objectContaining({ id: card, name: SUPPLIES[card].name }),
      used: SUPPLIES[card].actions.map(() => false),
    });
    expect(bigThunder.view(t, 0).seats[1].discard.map((c) => c.id)).toEqual([card]);
    expect(bigThunder.view(t, 0).basin).toEqual(t.basin);
  });
});

describe('describeMove: button labels', () => {
  it("labels moves in the rulebook's words", () => {
    const s = givenMine({ seats: { 0: { position: 3, cart: ['gold'] } } });
    const d = (m: Parameters<NonNullable<typeof bigThunder.describeMove>>[0]) => bigThunder.describeMove!(m, s, 0);
    expect(d({ type: 'move', action: 0, spaces: 2 })).toBe('Move 2 spaces to mine shaft 5');
    expect(d({ type: 'move', action: 0, spaces: 5 })).toBe('Move 5 spaces to Town');
    expect(d({ type: 'pick', action: 0, shaft: 3, marble: 'gold' })).toBe('Pick for Gold: take a Gold Nugget from mine shaft 3');
    expect(d({ type: 'sell', goldForTokens: 1, goldForPoints: 1, oreForTokens: 0, oreForPoints: 2 })).toBe(
      'Sell 1 Gold Nugget and 2 Raw Ore for 4 points, 1 Gold Nugget for 2 Town Tokens',
    );
    expect(d({ type: 'buyUpgrade', upgrade: 'refineGold' })).toBe('Buy Refine Gold (3 Town Tokens)');
    expect(d({ type: 'endTurn' })).toBe('End turn and draw');
  });

  it('gives every legal move a label', () => {
    const s = givenMine({ seats: { 0: { cart: ['gold', 'ore'], tokens: 3 } } });
    for (const m of bigThunder.legalMoves(s, 0)) expect(bigThunder.describeMove!(m, s, 0).length).toBeGreaterThan(3);
  });
});
