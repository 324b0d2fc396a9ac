import { describe, expect, it } from 'vitest';
import { bigThunder } from '../../../engine/games/big-thunder';
import { givenMine, isLegal, market, play, playAll, refusal, start, texts, withLuck } from './helpers';

const SELL = (goldForTokens: number, goldForPoints: number, oreForTokens: number, oreForPoints: number) =>
  ({ type: 'sell', goldForTokens, goldForPoints, oreForTokens, oreForPoints }) as const;

describe('Town Actions', () => {
  it('Town EXAMPLE: gray sells his Raw Ore for 1 Town Token and two Gold Nuggets for 4 points, then buys Refine Gold for 3', () => {
    // The gray player (seat 1) moves into Town with 1 Raw Ore and 2 Gold Nuggets and 2 Town Tokens.
    const pickMove = start(1, 'Pick for Gold + Move 1');
    const s0 = givenMine({
      players: 2,
      turn: 1,
      seats: { 1: { position: 7, cart: ['ore', 'gold', 'gold'], tokens: 2, hand: [pickMove] } },
    });
    const s1 = playAll(s0, 1, [
      { type: 'play', card: pickMove },
      { type: 'move', action: 1, spaces: 1 },
    ]).state;
    expect(s1.seats[1].position).toBe(0);
    // He only has two Town Tokens: Refine Gold is not affordable yet.
    expect(refusal(s1, 1, { type: 'buyUpgrade', upgrade: 'refineGold' }).code).toBe('not_enough_tokens');
    const basin = { ...s1.basin };
    const r = playAll(s1, 1, [SELL(0, 2, 1, 0), { type: 'buyUpgrade', upgrade: 'refineGold' }]);
    const p = r.state.seats[1];
    expect(p.score).toBe(4);
    expect(p.tokens).toBe(0); // 2 + 1 - 3
    expect(p.upgrades).toEqual(['refineGold']);
    expect(p.cart).toEqual({ gold: 0, ore: 0 });
    expect(r.state.basin.gold).toBe(basin.gold + 2);
    expect(r.state.basin.ore).toBe(basin.ore + 1);
    expect(r.state.upgradeStacks.refineGold).toBe(0);
    expect(texts(r.log)).toContain('{{p:1}} sells 2 Gold Nuggets and 1 Raw Ore for 1 Town Token and 4 points.');
    // After Town actions the turn continues: the last card's remaining action can still be taken.
    expect(r.state.current).toEqual({ card: pickMove, used: [false, true] });
  });

  it('Sell Gold: any of the gold, each marble for Town Tokens or points; the legal sales are every split', () => {
    const s = givenMine({ seats: { 0: { cart: ['gold', 'ore'], tokens: 0 } } });
    const sales = bigThunder.legalMoves(s, 0).filter((m) => m.type === 'sell');
    // gold: none / tokens / points (3) x ore: none / tokens / points (3), minus selling nothing = 8.
    expect(sales).toHaveLength(8);
    expect(sales).toContainEqual(SELL(1, 0, 0, 1));
    expect(play(s, 0, SELL(1, 0, 0, 1)).state.seats[0]).toMatchObject({ tokens: 2, score: 1, cart: { gold: 0, ore: 0 } });
    expect(play(s, 0, SELL(0, 0, 1, 0)).state.seats[0]).toMatchObject({ tokens: 1, score: 0, cart: { gold: 1, ore: 0 } });
  });

  it('Sell Gold: Town Tokens go on empty circles, up to five (tokens_full); points have no limit', () => {
    const s = givenMine({ seats: { 0: { cart: ['gold', 'gold'], tokens: 4 } } });
    expect(refusal(s, 0, SELL(1, 0, 0, 0)).code).toBe('tokens_full');
    expect(isLegal(s, 0, SELL(0, 2, 0, 0))).toBe(true);
    expect(refusal(s, 0, SELL(0, 3, 0, 0)).code).toBe('not_in_cart');
    expect(refusal(s, 0, SELL(0, 0, 0, 0)).code).toBe('nothing_to_sell');
  });

  it('Upgrade Refine Gold: Raw Ore sells as Gold Nuggets, for two Town Tokens or 2 points', () => {
    const s = givenMine({ seats: { 0: { cart: ['ore', 'ore'], upgrades: ['refineGold'] } } });
    expect(play(s, 0, SELL(0, 0, 1, 1)).state.seats[0]).toMatchObject({ tokens: 2, score: 2 });
  });

  it('each Town action one time per visit (already_sold, already_bought); both optional, in any order', () => {
    const s0 = givenMine({ seats: { 0: { cart: ['gold', 'ore'], tokens: 4 } } });
    const bought = play(s0, 0, { type: 'buyShare' }).state;
    expect(refusal(bought, 0, { type: 'buyUpgrade', upgrade: 'steamPump' }).code).toBe('already_bought');
    expect(refusal(bought, 0, { type: 'buyShare' }).code).toBe('already_bought');
    const sold = play(bought, 0, SELL(0, 1, 0, 0)).state;
    expect(refusal(sold, 0, SELL(0, 0, 0, 1)).code).toBe('already_sold');
    expect(bigThunder.legalMoves(sold, 0).some((m) => m.type === 'sell' || m.type === 'buyShare' || m.type === 'buyUpgrade')).toBe(false);
  });

  it("It's possible to go to Town more than once in one turn: each visit allows each Town action again", () => {
    const pick = start(0, 'Pick for Gold');
    const [m3a, m3b, m2] = [market('Move 3'), market('Move 3', 1), start(0, 'Move 2')];
    const s0 = givenMine({ seats: { 0: { position: 7, cart: ['gold', 'gold'], hand: [pick, m3a, m3b, m2] } } });
    const first = playAll(s0, 0, [{ type: 'discardToMove', card: pick }, SELL(0, 1, 0, 0)]).state;
    expect(first.town).toEqual({ sold: true, bought: false });
    const away = playAll(first, 0, [
      { type: 'play', card: m3a },
      { type: 'move', action: 0, spaces: 3 },
    ]).state;
    expect(away.town).toBeNull();
    expect(refusal(away, 0, SELL(0, 1, 0, 0)).code).toBe('not_in_town');
    const back = playAll(away, 0, [
      { type: 'play', card: m3b },
      { type: 'move', action: 0, spaces: 3 },
      { type: 'play', card: m2 },
      { type: 'move', action: 0, spaces: 2 },
    ]).state;
    expect(back.seats[0].position).toBe(0);
    expect(back.town).toEqual({ sold: false, bought: false });
    expect(play(back, 0, SELL(0, 1, 0, 0)).state.seats[0].score).toBe(4);
  });

  it('a turn that starts in Town allows Town actions (Whenever you are in Town on your turn)', () => {
    const g = givenMine({ seats: { 1: { position: 0, cart: ['gold'] } } });
    const s0 = withLuck(g, 0, { type: 'endTurn' }, (r) => r.state.lastFate === null);
    const s = play(s0, 0, { type: 'endTurn' }).state;
    expect(s.turn).toBe(1);
    expect(s.town).toEqual({ sold: false, bought: false });
    expect(isLegal(s, 1, SELL(0, 1, 0, 0))).toBe(true);
  });

  it('Buy One Upgrade: pay its cost, place it on your mat; not one you already have (upgrade_held); none left (upgrade_sold_out)', () => {
    const s = givenMine({ seats: { 0: { tokens: 5, upgrades: ['bigClaim'] } } });
    const t = play(s, 0, { type: 'buyUpgrade', upgrade: 'steamPump' }).state;
    expect(t.seats[0]).toMatchObject({ tokens: 3, upgrades: ['bigClaim', 'steamPump'] });
    expect(t.upgradeStacks.steamPump).toBe(0); // 2 players: one tile per stack
    expect(refusal(s, 0, { type: 'buyUpgrade', upgrade: 'bigClaim' }).code).toBe('upgrade_held');
    const out = givenMine({ seats: { 0: { tokens: 5 }, 1: { upgrades: ['steamPump'] } } });
    expect(refusal(out, 0, { type: 'buyUpgrade', upgrade: 'steamPump' }).code).toBe('upgrade_sold_out');
    expect(refusal(givenMine({ seats: { 0: { tokens: 1 } } }), 0, { type: 'buyUpgrade', upgrade: 'steamPump' }).code).toBe(
      'not_enough_tokens',
    );
    expect(refusal(givenMine({ seats: { 0: { position: 3, tokens: 5 } } }), 0, { type: 'buyShare' }).code).toBe('not_in_town');
  });

  it('Upgrades: up to three; buying a fourth first removes one of yours from the game (to the game box)', () => {
    const s = givenMine({ players: 3, seats: { 0: { tokens: 5, upgrades: ['bigClaim', 'steamPump', 'pickToPan'] } } });
    const r = play(s, 0, { type: 'buyUpgrade', upgrade: 'refineGold' });
    expect(r.state.pending).toEqual({ kind: 'removeUpgrade', buying: 'refineGold' });
    expect(bigThunder.legalMoves(r.state, 0)).toEqual([
      { type: 'removeUpgrade', upgrade: 'bigClaim' },
      { type: 'removeUpgrade', upgrade: 'steamPump' },
      { type: 'removeUpgrade', upgrade: 'pickToPan' },
    ]);
    expect(refusal(r.state, 0, { type: 'removeUpgrade', upgrade: 'refineGold' }).code).toBe('upgrade_not_held');
    const t = play(r.state, 0, { type: 'removeUpgrade', upgrade: 'steamPump' }).state;
    expect(t.seats[0]).toMatchObject({ tokens: 2, upgrades: ['bigClaim', 'pickToPan', 'refineGold'] });
    expect(t.upgradeBox.steamPump).toBe(2); // 1 left in the box at setup + the removed tile
    expect(t.upgradeStacks.steamPump).toBe(1); // the removed tile does not go back to the stack
    expect(t.pending).toBeNull();
  });

  it('Buy One Town Share: 2 Town Tokens, the top card face down in front of you (you may look at it); not with an Upgrade', () => {
    const s = givenMine({ sharesTop: [12], seats: { 0: { tokens: 3 } } });
    const r = play(s, 0, { type: 'buyShare' });
    expect(r.state.seats[0].shares).toEqual([12]);
    expect(r.state.seats[0].tokens).toBe(1);
    expect(r.reveals).toBe(true);
    const mine = r.log.filter((e) => e.only);
    expect(mine).toEqual([{ seat: 0, text: 'Your new Town Share is worth 3 points.', only: [0] }]);
    expect(r.log.filter((e) => !e.only).map((e) => e.text)).toEqual(['{{p:0}} buys a Town Share for 2 Town Tokens.']);
    expect(refusal(givenMine({ seats: { 0: { tokens: 1 } } }), 0, { type: 'buyShare' }).code).toBe('not_enough_tokens');
    const none = givenMine({ seats: { 0: { tokens: 3 } } });
    none.seats[1].shares.push(...none.townShares);
    none.townShares = [];
    expect(refusal(none, 0, { type: 'buyShare' }).code).toBe('no_shares_left');
  });
});
