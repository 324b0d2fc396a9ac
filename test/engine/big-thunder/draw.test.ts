import { describe, expect, it } from 'vitest';
import { bigThunder } from '../../../engine/games/big-thunder';
import { givenMine, play, playAll, refusal, start, texts } from './helpers';

describe('On Your Turn 3: Draw', () => {
  it('keep or discard each card left in your hand, then draw until you have four cards', () => {
    const [a, b, c] = [start(0, 'Move 2'), start(0, 'Pick for Gold'), start(0, 'Resupply')];
    const s0 = givenMine({ seats: { 0: { hand: [a, b, c] } } });
    const deck = s0.seats[0].deck;
    const r = playAll(s0, 0, [{ type: 'discard', card: b }, { type: 'endTurn' }]);
    const p = r.state.seats[0];
    expect(p.discard).toEqual([b]);
    expect(p.hand).toEqual([a, c, deck[0], deck[1]]);
    expect(p.deck).toEqual(deck.slice(2));
    expect(r.reveals).toEqual([false, true]);
  });

  it('discarding ends card play: no more cards, actions or Town actions (card_play_over)', () => {
    const [a, b] = [start(0, 'Move 2'), start(0, 'Pick for Gold')];
    const s = play(givenMine({ seats: { 0: { cart: ['gold'], hand: [a, b] } } }), 0, { type: 'discard', card: b }).state;
    expect(s.phase).toBe('discard');
    expect(refusal(s, 0, { type: 'play', card: a }).code).toBe('card_play_over');
    expect(refusal(s, 0, { type: 'sell', goldForTokens: 0, goldForPoints: 1, oreForTokens: 0, oreForPoints: 0 }).code).toBe(
      'card_play_over',
    );
    expect(bigThunder.legalMoves(s, 0)).toEqual([{ type: 'discard', card: a }, { type: 'endTurn' }]);
  });

  it('Upgrade 5-Card Hand: draw until you have five cards', () => {
    const s0 = givenMine({ seats: { 0: { hand: [start(0, 'Move 2')], upgrades: ['fiveCardHand'] } } });
    expect(play(s0, 0, { type: 'endTurn' }).state.seats[0].hand).toHaveLength(5);
  });

  it('an empty deck: shuffle the discard pile to form a new deck, then continue drawing', () => {
    const s0 = givenMine({ seats: { 0: { hand: [start(0, 'Move 2')] } } });
    const p = s0.seats[0];
    // Two cards left in the deck, five in the discard pile.
    p.discard = p.deck.splice(2);
    const r = play(s0, 0, { type: 'endTurn' });
    const q = r.state.seats[0];
    expect(q.hand).toHaveLength(4);
    expect(q.hand.slice(0, 3)).toEqual([start(0, 'Move 2'), ...p.deck]);
    expect(q.deck).toHaveLength(4);
    expect(q.discard).toEqual([]);
    expect([...q.hand, ...q.deck].sort((x, y) => x - y)).toEqual([...Array(8).keys()]);
    expect(texts(r.log)).toContain('{{p:0}} shuffles the discard pile to form a new deck.');
  });

  it('the drawn cards are named to the drawer only ("You drew ..."); the others read a count', () => {
    const s0 = givenMine({ seats: { 0: { hand: [start(0, 'Move 2')] } } });
    const r = play(s0, 0, { type: 'endTurn' });
    const drew = r.log.filter((e) => e.text.startsWith('You drew'));
    expect(drew).toHaveLength(1);
    expect(drew[0].only).toEqual([0]);
    expect(r.log.filter((e) => !e.only).map((e) => e.text)).toContain('{{p:0}} draws 3 cards.');
    for (const e of r.log.filter((x) => !x.only)) expect(e.text).not.toContain('You drew');
  });

  it('the next player takes their turn', () => {
    const r = play(givenMine({ players: 3 }), 0, { type: 'endTurn' });
    expect(r.state.turn).toBe(1);
    expect(bigThunder.activeSeats(r.state)).toContain(1);
    const r2 = play(givenMine({ players: 3, turn: 2 }), 2, { type: 'endTurn' });
    expect(r2.state.turn).toBe(0);
  });
});
