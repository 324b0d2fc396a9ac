import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../engine/core';
import { givenMine, play } from './helpers';

const phases = (log: LogEntry[]) => log.filter((l) => l.kind === 'phase').map((l) => l.text);

// Rulebook, End of the Game: "Each other player takes one final turn, and then the game is over".
describe('the last stage of the game is told in one line each', () => {
  it('the end of the game: one line with every final score before the breakdowns', () => {
    const s = givenMine({ seats: { 0: { score: 21 }, 1: { score: 12 } } });
    s.endTriggeredBy = 1;
    const r = play(s, 0, { type: 'endTurn' });
    expect(r.state.phase).toBe('over');
    expect(phases(r.log)).toEqual([
      expect.stringMatching(/^The game is over: final scoring\. \{\{p:0\}\} \d+ points?, \{\{p:1\}\} \d+ points?\.$/),
    ]);
  });

  it('an ordinary end of turn writes no phase line', () => {
    const r = play(givenMine({}), 0, { type: 'endTurn' });
    expect(phases(r.log)).toEqual([]);
  });
});
