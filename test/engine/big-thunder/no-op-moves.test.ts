import { describe, expect, it } from 'vitest';
import { bigThunder } from '../../../engine/games/big-thunder';
import { TOWN } from '../../../engine/games/big-thunder/components';
import { givenMine, market, start } from './helpers';

const PICK = start(0, 'Pick for Gold');
const PAN = start(0, 'Pan for Gold');
const note = (s: ReturnType<typeof givenMine>, card: number) => bigThunder.moveNote!({ type: 'play', card }, s, 0);

describe('no-op: On Your Turn 2, Play Cards - a card whose actions cannot be taken now is marked', () => {
  it('Pan for Gold in Town does nothing: effect none, with the reason', () => {
    const s = givenMine({ seats: { 0: { position: TOWN, hand: [PAN] } } });
    expect(bigThunder.legalMoves(s, 0)).toContainEqual({ type: 'play', card: PAN });
    expect(note(s, PAN)).toEqual({ effect: 'none', warning: "You're in Town." });
  });

  it('Pick for Gold under Water does nothing ("cannot be taken if there is Water in the mine shaft")', () => {
    const s = givenMine({ mine: { shaft3: ['gold', 'water'] }, seats: { 0: { position: 3, hand: [PICK] } } });
    expect(note(s, PICK)).toEqual({ effect: 'none', warning: 'Water in your mine shaft.' });
  });

  it('a card part of which cannot act (and no Move to change that) gets a warning without effect none', () => {
    const both = market('Pick for Gold + Pan for Gold');
    const s = givenMine({ mine: { shaft3: ['gold', 'ore'] }, seats: { 0: { position: 3, hand: [both] } } });
    expect(note(s, both)).toEqual({
      warning: 'Part of Pick for Gold + Pan for Gold would do nothing now (Pan for Gold: no Water in your mine shaft).',
    });
    // With a Move on the card the cart may reach a shaft where the rest works: no note.
    const movePan = market('Move 1 + Pan for Gold');
    expect(note(givenMine({ seats: { 0: { position: TOWN, hand: [movePan] } } }), movePan)).toBeUndefined();
  });

  it('a card that can act now carries no note (Pick for Gold in a dry shaft with gold; Pan where there is Water)', () => {
    expect(note(givenMine({ mine: { shaft3: ['gold'] }, seats: { 0: { position: 3, hand: [PICK] } } }), PICK)).toBeUndefined();
    expect(note(givenMine({ mine: { shaft3: ['gold', 'water'] }, seats: { 0: { position: 3, hand: [PAN] } } }), PAN)).toBeUndefined();
    // Moves other than playing a card never carry one.
    const s = givenMine({ seats: { 0: { position: TOWN, hand: [PAN] } } });
    expect(bigThunder.moveNote!({ type: 'discard', card: PAN }, s, 0)).toBeUndefined();
  });

  it('"Discard" under a card says what it does: stop playing cards, apart from Discard to Move', () => {
    const s = givenMine({ seats: { 0: { position: 3, hand: [PICK] } } });
    const labels = bigThunder.legalMoves(s, 0).map((m) => bigThunder.describeMove!(m, s, 0));
    const stop = labels.find((l) => l.startsWith('Stop playing cards'));
    expect(stop).toBe('Stop playing cards: discard Pick for Gold');
    const d2m = labels.find((l) => l.startsWith('Discard to Move'));
    expect(d2m).toMatch(/^Discard to Move: Pick for Gold, 1 space to /);
  });
});
