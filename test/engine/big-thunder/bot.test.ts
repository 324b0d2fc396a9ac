import { describe, expect, it } from 'vitest';
import { bigThunder } from '../../../engine/games/big-thunder';
import type { BigThunderState } from '../../../engine/games/big-thunder/state';
import { givenMine, play, start } from './helpers';

function bot(s: BigThunderState, seat = 0, rand = 0.5) {
  return bigThunder.botMove!(s, seat, bigThunder.legalMoves(s, seat), rand);
}

describe('botMove: simple but not foolish', () => {
  it('sells its gold in Town before anything else', () => {
    const s = givenMine({ seats: { 0: { cart: ['gold', 'gold', 'ore'], tokens: 1, hand: [start(0, 'Move 2')] } } });
    const m = bot(s);
    expect(m.type).toBe('sell');
    if (m.type === 'sell') expect(m.goldForTokens + m.goldForPoints + m.oreForTokens + m.oreForPoints).toBe(3);
  });

  it('prefers a Gold Nugget to a Raw Ore when picking', () => {
    const card = start(0, 'Pick for Gold');
    const s = play(givenMine({ mine: { shaft3: ['ore', 'gold'] }, seats: { 0: { position: 3, hand: [card] } } }), 0, {
      type: 'play',
      card,
    }).state;
    expect(bot(s)).toEqual({ type: 'pick', action: 0, shaft: 3, marble: 'gold' });
  });

  it('heads for Town with a full cart', () => {
    const card = start(0, 'Move 2');
    const s = play(givenMine({ seats: { 0: { position: 6, cart: ['gold', 'gold', 'gold', 'gold'], hand: [card] } } }), 0, {
      type: 'play',
      card,
    }).state;
    expect(bot(s)).toEqual({ type: 'move', action: 0, spaces: 2 });
  });

  it('takes the most valuable set-aside Town Share', () => {
    const s = givenMine({ players: 3, setAside: [0, 12], seats: { 0: { score: 19, cart: ['gold'] } } });
    const t = play(s, 0, { type: 'sell', goldForTokens: 0, goldForPoints: 1, oreForTokens: 0, oreForPoints: 0 }).state;
    expect(bot(t)).toEqual({ type: 'chooseShare', index: 1 });
  });

  it('always answers with one of the legal moves', () => {
    const s = givenMine({ players: 3 });
    for (const rand of [0, 0.3, 0.99]) expect(bigThunder.legalMoves(s, 0)).toContainEqual(bot(s, 0, rand));
  });
});
