import { describe, expect, it } from 'vitest';
import { bigThunder } from '../../../engine/games/big-thunder';
import { codeOf, givenMine, isLegal, market, play, playAll, refusal, start } from './helpers';

describe('On Your Turn 2: Play Cards', () => {
  it('plays a card from the hand face up to the discard pile; its actions can then be taken', () => {
    const move2 = start(0, 'Move 2');
    const s0 = givenMine({ seats: { 0: { hand: [move2, start(0, 'Pick for Gold')] } } });
    const r = play(s0, 0, { type: 'play', card: move2 });
    expect(r.state.seats[0].hand).toEqual([start(0, 'Pick for Gold')]);
    expect(r.state.seats[0].discard).toEqual([move2]);
    expect(r.state.current).toEqual({ card: move2, used: [false] });
    expect(r.reveals).toBe(false);
    expect(bigThunder.legalMoves(r.state, 0).filter((m) => m.type === 'move')).toEqual([
      { type: 'move', action: 0, spaces: 1 },
      { type: 'move', action: 0, spaces: 2 },
    ]);
  });

  it('takes each action on a card one time ("Each image on a card lets you take that action one time")', () => {
    const card = start(0, 'Bail Water + Move 1');
    const s0 = givenMine({ mine: { shaft2: ['water', 'water'] }, seats: { 0: { position: 2, hand: [card] } } });
    const s = playAll(s0, 0, [
      { type: 'play', card },
      { type: 'bail', action: 0 },
    ]).state;
    expect(refusal(s, 0, { type: 'bail', action: 0 }).code).toBe('action_used');
    expect(s.mine[1].water).toBe(1);
  });

  it("takes a card's actions in any order (If there are multiple actions on a card, you may take them in any order)", () => {
    const card = start(0, 'Bail Water + Move 1');
    const s0 = givenMine({ mine: { shaft2: ['water'], shaft3: ['water'] }, seats: { 0: { position: 2, hand: [card] } } });
    // Move first, then bail in the new shaft.
    const a = playAll(s0, 0, [
      { type: 'play', card },
      { type: 'move', action: 1, spaces: 1 },
      { type: 'bail', action: 0 },
    ]).state;
    expect(a.mine[1].water).toBe(1);
    expect(a.mine[2].water).toBe(0);
    // Or bail first, then move.
    const b = playAll(s0, 0, [
      { type: 'play', card },
      { type: 'bail', action: 0 },
      { type: 'move', action: 1, spaces: 1 },
    ]).state;
    expect(b.mine[1].water).toBe(0);
    expect(b.mine[2].water).toBe(1);
    expect(a.seats[0].position).toBe(3);
    expect(b.seats[0].position).toBe(3);
  });

  it('All actions are optional: a card may be played and none of its actions taken', () => {
    const pickMove = start(0, 'Pick for Gold + Move 1');
    const move2 = start(0, 'Move 2');
    const s0 = givenMine({ seats: { 0: { hand: [pickMove, move2] } } });
    const s = playAll(s0, 0, [
      { type: 'play', card: pickMove },
      { type: 'play', card: move2 },
    ]).state;
    expect(s.seats[0].discard).toEqual([pickMove, move2]);
    expect(s.seats[0].position).toBe(0);
    expect(isLegal(s, 0, { type: 'endTurn' })).toBe(true);
  });

  it('F.A.Q.: no taking one action, playing another card, then the second action of the first card', () => {
    const pickMove = start(0, 'Pick for Gold + Move 1');
    const move2 = start(0, 'Move 2');
    const s0 = givenMine({ mine: { shaft1: ['gold'], shaft2: ['gold'] }, seats: { 0: { position: 1, hand: [pickMove, move2] } } });
    const s = playAll(s0, 0, [
      { type: 'play', card: pickMove },
      { type: 'move', action: 1, spaces: 1 },
      { type: 'play', card: move2 },
    ]).state;
    // The Pick for Gold of the first card is gone: the card in play is now Move 2.
    expect(bigThunder.legalMoves(s, 0).some((m) => m.type === 'pick')).toBe(false);
    expect(refusal(s, 0, { type: 'pick', action: 0, shaft: 2, marble: 'gold' }).code).toBe('no_such_action');
  });

  it('F.A.Q.: no moving some of the spaces, taking another action, then moving the rest', () => {
    const card = market('Move 2 + Pick for Gold');
    const s0 = givenMine({ mine: { shaft1: ['gold'] }, seats: { 0: { position: 0, hand: [card] } } });
    const s = playAll(s0, 0, [
      { type: 'play', card },
      { type: 'move', action: 0, spaces: 1 },
      { type: 'pick', action: 1, shaft: 1, marble: 'gold' },
    ]).state;
    expect(refusal(s, 0, { type: 'move', action: 0, spaces: 1 }).code).toBe('action_used');
    expect(bigThunder.legalMoves(s, 0).some((m) => m.type === 'move')).toBe(false);
  });

  it('F.A.Q.: a Supplies card with two separate Move actions moves to two different spaces', () => {
    const card = market('Move 2 + Move 1');
    const s0 = givenMine({ mine: { shaft2: ['water'] }, seats: { 0: { position: 0, hand: [card] } } });
    const s = playAll(s0, 0, [
      { type: 'play', card },
      { type: 'move', action: 0, spaces: 2 },
      { type: 'move', action: 1, spaces: 1 },
    ]).state;
    expect(s.seats[0].position).toBe(3);
    expect(s.current?.used).toEqual([true, true]);
  });

  it('refuses playing a card that is not in the hand (not_in_hand) and actions without a card in play (no_card_in_play)', () => {
    const s0 = givenMine({ seats: { 0: { hand: [start(0, 'Move 2')] } } });
    expect(refusal(s0, 0, { type: 'play', card: start(0, 'Resupply') }).code).toBe('not_in_hand');
    expect(refusal(s0, 0, { type: 'move', action: 0, spaces: 1 }).code).toBe('no_card_in_play');
    expect(refusal(s0, 1, { type: 'play', card: start(1, 'Move 2') }).code).toBe('not_your_turn');
    expect(codeOf(() => play(s0, 0, { type: 'play', card: 99 } as never))).toBe('bad_move');
  });

  it('Discard to Move: discard the card to move one space instead of playing it', () => {
    const pick = start(0, 'Pick for Gold');
    const s0 = givenMine({ seats: { 0: { position: 3, hand: [pick, start(0, 'Move 2')] } } });
    const r = play(s0, 0, { type: 'discardToMove', card: pick });
    expect(r.state.seats[0].position).toBe(4);
    expect(r.state.seats[0].hand).toEqual([start(0, 'Move 2')]);
    expect(r.state.seats[0].discard).toEqual([pick]);
    expect(r.state.current).toBeNull();
    // Only cards showing Discard to Move can be discarded to move.
    expect(refusal(s0, 0, { type: 'discardToMove', card: start(0, 'Move 2') }).code).toBe('no_discard_to_move');
  });

  it('Discard to Move: "You cannot discard a card that you\'ve already played"', () => {
    const pick = start(0, 'Pick for Gold');
    const s = play(givenMine({ seats: { 0: { position: 3, hand: [pick] } } }), 0, { type: 'play', card: pick }).state;
    expect(refusal(s, 0, { type: 'discardToMove', card: pick }).code).toBe('not_in_hand');
    expect(isLegal(s, 0, { type: 'discardToMove', card: pick })).toBe(false);
  });

  it('Discard to Move ends the card in play, like playing another card (F.A.Q.: one card at a time)', () => {
    const card = start(0, 'Bail Water + Move 1');
    const pick = start(0, 'Pick for Gold');
    const s0 = givenMine({ mine: { shaft4: ['water'] }, seats: { 0: { position: 3, hand: [card, pick] } } });
    const s = playAll(s0, 0, [
      { type: 'play', card },
      { type: 'discardToMove', card: pick },
    ]).state;
    expect(s.seats[0].position).toBe(4);
    expect(refusal(s, 0, { type: 'bail', action: 0 }).code).toBe('no_card_in_play');
  });
});
