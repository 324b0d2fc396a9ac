import { describe, expect, it } from 'vitest';
import { bigThunder } from '../../../engine/games/big-thunder';
import { givenMine, market, play, playAll, refusal, start, texts } from './helpers';

const RESUPPLY = start(0, 'Resupply');
const M = [market('Move 3'), market('Pick for Gold + Pan for Gold'), market('Crosscut Tunnel + Move 1')];

describe('Card Actions: Resupply', () => {
  it('takes a face-up Market card into your discard pile and flips the top Supplies card to replace it', () => {
    const s0 = givenMine({ market: M, seats: { 0: { hand: [RESUPPLY] } } });
    const top = s0.supplies[0];
    const s = play(s0, 0, { type: 'play', card: RESUPPLY }).state;
    expect(bigThunder.legalMoves(s, 0).filter((m) => m.type === 'resupply')).toHaveLength(3);
    const r = play(s, 0, { type: 'resupply', action: 0, slot: 1 });
    expect(r.state.seats[0].discard).toEqual([RESUPPLY, M[1]]);
    expect(r.state.market).toEqual([M[0], top, M[2]]);
    expect(r.state.supplies).toHaveLength(s0.supplies.length - 1);
    expect(r.reveals).toBe(true); // a new card is flipped
  });

  it('Upgrade Express Resupply: the new Supplies goes into your hand and may be played this turn', () => {
    const s0 = givenMine({
      market: M,
      mine: { shaft3: ['gold', 'water'] },
      seats: { 0: { position: 3, hand: [RESUPPLY], upgrades: ['expressResupply'] } },
    });
    const s = playAll(s0, 0, [
      { type: 'play', card: RESUPPLY },
      { type: 'resupply', action: 0, slot: 1 },
    ]).state;
    expect(s.seats[0].hand).toEqual([M[1]]);
    const t = playAll(s, 0, [
      { type: 'play', card: M[1] },
      { type: 'pan', action: 1, shaft: 3, marble: 'gold' },
    ]).state;
    expect(t.seats[0].cart.gold).toBe(1);
  });

  it('F.A.Q. Can I have more than four cards in my hand? Yes: 5-Card Hand and Express Resupply give five or more', () => {
    const hand = [RESUPPLY, start(0, 'Move 2'), start(0, 'Move 2', 1), start(0, 'Pick for Gold'), start(0, 'Pan for Gold')];
    const s0 = givenMine({ market: M, seats: { 0: { hand, upgrades: ['expressResupply', 'fiveCardHand'] } } });
    const s = playAll(s0, 0, [
      { type: 'play', card: RESUPPLY },
      { type: 'resupply', action: 0, slot: 0 },
    ]).state;
    expect(s.seats[0].hand).toHaveLength(5);
    expect(s.seats[0].hand).toContain(M[0]);
    // "There is no limit to the number of cards in your hand": six cards are kept at the end of the turn.
    const six = givenMine({ seats: { 0: { hand: [...hand, start(0, 'Pick for Gold', 1)] } } });
    const t = play(six, 0, { type: 'endTurn' }).state;
    expect(t.seats[0].hand).toHaveLength(6);
    expect(t.seats[0].deck).toHaveLength(2);
  });

  it('an empty Supplies deck leaves the Market space empty (market_slot_empty)', () => {
    const s0 = givenMine({ market: M, seats: { 0: { hand: [RESUPPLY, start(0, 'Pick for Gold + Move 1')] } } });
    const rest = s0.supplies;
    s0.supplies = [];
    s0.suppliesBox.push(...rest); // keep every card somewhere
    const s = playAll(s0, 0, [
      { type: 'play', card: RESUPPLY },
      { type: 'resupply', action: 0, slot: 2 },
    ]);
    expect(s.state.market).toEqual([M[0], M[1], null]);
    expect(texts(s.log).some((x) => x.includes('flipped'))).toBe(false);
    expect(s.reveals).toEqual([false, false]);
    const again = givenMine({ market: [M[0], M[1], null], seats: { 0: { hand: [RESUPPLY] } } });
    const t = play(again, 0, { type: 'play', card: RESUPPLY }).state;
    expect(refusal(t, 0, { type: 'resupply', action: 0, slot: 2 }).code).toBe('market_slot_empty');
  });
});
