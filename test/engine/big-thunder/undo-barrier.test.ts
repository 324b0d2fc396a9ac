import { describe, expect, it } from 'vitest';
import { checkUndo, replay } from '../../../engine/core';
import { bigThunder } from '../../../engine/games/big-thunder';
import type { BigThunderState } from '../../../engine/games/big-thunder/state';
import { SEED, givenMine, market, play, playAll, start } from './helpers';

describe('undo barrier: reveals is true exactly when marbles ran, cards were drawn or hidden cards looked at', () => {
  it('playing cards, moving, mining, bailing, selling and buying Upgrades reveal nothing (undoable)', () => {
    const card = start(0, 'Bail Water + Move 1');
    const pickMove = start(0, 'Pick for Gold + Move 1');
    const s0 = givenMine({
      mine: { shaft1: ['water'], shaft2: ['gold'] },
      seats: { 0: { position: 7, cart: ['gold'], tokens: 2, hand: [card, pickMove, start(0, 'Resupply')] } },
    });
    const r = playAll(s0, 0, [
      { type: 'play', card: pickMove },
      { type: 'move', action: 1, spaces: 1 },
      { type: 'sell', goldForTokens: 0, goldForPoints: 1, oreForTokens: 0, oreForPoints: 0 },
      { type: 'buyUpgrade', upgrade: 'steamPump' },
      { type: 'play', card },
      { type: 'move', action: 1, spaces: 1 },
      { type: 'bail', action: 0 },
      { type: 'discard', card: start(0, 'Resupply') },
    ]);
    expect(r.reveals).toEqual([false, false, false, false, false, false, false, false]);
  });

  it('running marbles (end of turn: draw + next turn), a Crosscut Tunnel, a Town Share and a Market flip are barriers', () => {
    const tunnel = market('Crosscut Tunnel');
    const resupply = start(0, 'Resupply');
    const s0 = givenMine({ seats: { 0: { tokens: 2, hand: [tunnel, resupply] } } });
    expect(play(s0, 0, { type: 'buyShare' }).reveals).toBe(true);
    const s1 = play(s0, 0, { type: 'play', card: tunnel }).state;
    expect(play(s1, 0, { type: 'crosscut', action: 0 }).reveals).toBe(true);
    const s2 = play(s0, 0, { type: 'play', card: resupply }).state;
    expect(play(s2, 0, { type: 'resupply', action: 0, slot: 0 }).reveals).toBe(true);
    expect(play(s0, 0, { type: 'endTurn' }).reveals).toBe(true);
  });

  it('the platform refuses to undo past a barrier (engine/core checkUndo with the reveals flags)', () => {
    let s: BigThunderState = bigThunder.setup({
      players: 2,
      options: { longerGame: false, fateOnEmptyBasin: true, firstPlayer: 'creator' },
      seed: SEED,
    });
    const card = s.seats[0].hand[0];
    const played = play(s, 0, { type: 'play', card });
    expect(() => checkUndo([{ seat: 0, move: { type: 'play', card }, reveals: played.reveals }], 0)).not.toThrow();
    s = played.state;
    const ended = play(s, 0, { type: 'endTurn' });
    expect(() => checkUndo([{ seat: 0, move: { type: 'endTurn' }, reveals: ended.reveals }], 0)).toThrow(/revealed/);
    // And an undone move is gone from the replayed history.
    const h = replay<BigThunderState>(bigThunder, {
      players: 2,
      options: { longerGame: false },
      seed: SEED,
      events: [
        { kind: 'move', seat: 0, move: { type: 'play', card } },
        { kind: 'undo', seat: 0 },
      ],
    });
    expect(h.state.seats[0].hand).toContain(card);
  });
});
