import { describe, expect, it } from 'vitest';
import { verifyRecord } from '../../../engine/core';
import { bigThunder } from '../../../engine/games/big-thunder';
import { fate, givenMine, marbleCount, play, texts } from './helpers';

const END = { type: 'endTurn' } as const;
/** The Fate marble is the only marble in the basin: the next turn runs it and empties the basin. */
const ONLY_FATE = { basin: { gold: 0, ore: 0, water: 0, fate: 1 }, park: 7 } as const;

describe('On Your Turn 1, "If the basin is empty ... Drop the Fate marble back in the basin, and continue to step 2"', () => {
  it('default (fateOnEmptyBasin false): the Fate marble drops back and no Fate card is turned', () => {
    const s0 = givenMine({ ...ONLY_FATE, fateTop: [fate('caveIn')] });
    const deck = s0.fateDeck.length;
    const r = play(s0, 0, END);
    expect(r.state.lastRun.map((x) => x.marble)).toEqual(['fate']);
    expect(r.state.fateDeck.length).toBe(deck);
    expect(r.state.lastFate).toBeNull();
    expect(r.state.basin.fate).toBe(1);
    expect(r.state.fateMarble).toBeNull();
    expect(texts(r.log)).toContain('The basin is empty: the Fate marble drops back in without a Fate card.');
    expect(marbleCount(r.state).total).toBe(23);
  });

  it('fateOnEmptyBasin true (rules version 1): the Fate card is turned as before', () => {
    const s0 = givenMine({ ...ONLY_FATE, options: { fateOnEmptyBasin: true }, fateTop: [fate('caveIn')] });
    const deck = s0.fateDeck.length;
    const r = play(s0, 0, END);
    expect(r.state.fateDeck.length).toBe(deck - 1);
    expect(r.state.lastFate).not.toBeNull();
    expect(texts(r.log)).not.toContain('The basin is empty: the Fate marble drops back in without a Fate card.');
  });

  it('when all three marbles run (the basin empties only with the last), the card is turned under both readings', () => {
    for (const fateOnEmptyBasin of [false, true]) {
      const s0 = givenMine({
        basin: { gold: 2, ore: 0, water: 0, fate: 1 },
        park: 7,
        options: { fateOnEmptyBasin },
        fateTop: [fate('luckyStrike')],
      });
      const r = play(s0, 0, END);
      expect(r.state.lastRun).toHaveLength(3);
      expect(r.state.lastFate).toBe(fate('luckyStrike'));
    }
  });

  it('a game set up without the option (created under rules version 1) keeps the old reading', () => {
    const s = bigThunder.setup({ players: 2, options: { longerGame: false } as never, seed: '0123456789abcdef0123456789abcdef' });
    expect(s.options.fateOnEmptyBasin).toBeUndefined();
    const fresh = bigThunder.setup({ players: 2, options: bigThunder.optionsSchema.parse({}), seed: '0123456789abcdef0123456789abcdef' });
    expect(fresh.options.fateOnEmptyBasin).toBe(false);
  });

  it('rules version 2 still verifies records of version 1, and no other', async () => {
    expect(bigThunder.rulesVersion).toBe('2');
    expect(bigThunder.replaysRulesVersions).toEqual(['1']);
    const v = await verifyRecord({ format: 'x' } as never, { get: () => bigThunder } as never, async () => '');
    expect(v.ok).toBe(false);
  });
});
