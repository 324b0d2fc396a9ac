import { describe, expect, it } from 'vitest';
import { bigThunder } from '../../../engine/games/big-thunder';
import { givenMine, play, playAll, refusal, start } from './helpers';

describe('TURN EXAMPLE (rulebook, Card Actions)', () => {
  it('green runs three marbles, moves 1 of 2, pans a Gold Nugget, bails the Water for a Town Token, picks the other Gold Nugget, draws four', () => {
    // Green = seat 3. Her cart is at shaft 2; shaft 3 holds two Gold Nuggets and a Water.
    const [move2, pan, bailMove, pick] = [
      start(3, 'Move 2'),
      start(3, 'Pan for Gold'),
      start(3, 'Bail Water + Move 1'),
      start(3, 'Pick for Gold'),
    ];
    let s = givenMine({
      players: 4,
      turn: 2,
      mine: { shaft3: ['gold', 'gold', 'water'] },
      seats: { 2: { position: 6 }, 3: { position: 2, hand: [move2, pan, bailMove, pick] } },
    });
    // Seat 2 ends its turn; luck keeps the three marbles out of shaft 3 and away from Fate.
    for (let k = 1; ; k++) {
      s.rng = [k, 99, k * 7, 5];
      const r = bigThunder.applyMove(s, 2, { type: 'endTurn' });
      if (r.state.lastFate === null && r.state.lastRun.every((x) => x.shaft !== 3)) break;
    }
    s = play(s, 2, { type: 'endTurn' }).state;
    expect(s.turn).toBe(3);
    expect(s.lastRun).toHaveLength(3); // "The green player runs three marbles"
    expect(s.mine[2]).toEqual({ gold: 2, ore: 0, water: 1 });

    // "then plays a Move card, but chooses to move just one space instead of two."
    s = playAll(s, 3, [
      { type: 'play', card: move2 },
      { type: 'move', action: 0, spaces: 1 },
    ]).state;
    expect(s.seats[3].position).toBe(3);
    // "Then she plays the Pan for Gold card to take one Gold Nugget"
    s = playAll(s, 3, [
      { type: 'play', card: pan },
      { type: 'pan', action: 0, shaft: 3, marble: 'gold' },
    ]).state;
    expect(s.seats[3].cart).toEqual({ gold: 1, ore: 0 });
    // "she can't Pick for Gold when there's Water in the mine shaft"
    const tryPick = play(s, 3, { type: 'play', card: pick }).state;
    expect(refusal(tryPick, 3, { type: 'pick', action: 0, shaft: 3, marble: 'gold' }).code).toBe('water_in_shaft');
    // "So she plays the card that lets her Bail Water ... taking one Town Token. She could move one space, but she chooses not to."
    s = playAll(s, 3, [
      { type: 'play', card: bailMove },
      { type: 'bail', action: 0 },
    ]).state;
    expect(s.seats[3].tokens).toBe(1);
    expect(s.mine[2]).toEqual({ gold: 1, ore: 0, water: 0 });
    expect(bigThunder.legalMoves(s, 3)).toContainEqual({ type: 'move', action: 1, spaces: 1 });
    // "Now that there's no Water in the mine shaft, she plays her Pick for Gold card to take the other Gold Nugget."
    s = playAll(s, 3, [
      { type: 'play', card: pick },
      { type: 'pick', action: 0, shaft: 3, marble: 'gold' },
    ]).state;
    expect(s.seats[3].cart).toEqual({ gold: 2, ore: 0 });
    expect(s.mine[2]).toEqual({ gold: 0, ore: 0, water: 0 });
    // "She's played all the cards in her hand, so she ends her turn by drawing four cards from her deck."
    expect(s.seats[3].hand).toEqual([]);
    const deck = s.seats[3].deck.slice(0, 4);
    s = play(s, 3, { type: 'endTurn' }).state;
    expect(s.seats[3].hand).toEqual(deck);
    expect(s.turn).toBe(0);
  });
});
