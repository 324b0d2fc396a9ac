import { describe, expect, it } from 'vitest';
import { bigThunder } from '../../../engine/games/big-thunder';
import { finalScore, trackPosition } from '../../../engine/games/big-thunder/scoring';
import type { BigThunderState } from '../../../engine/games/big-thunder/state';
import { givenMine, play, refusal, withLuck } from './helpers';

const SELL_ALL_GOLD_FOR_POINTS = (n: number) =>
  ({ type: 'sell', goldForTokens: 0, goldForPoints: n, oreForTokens: 0, oreForPoints: 0 }) as const;
const END = { type: 'endTurn' } as const;

/** Ends the turn of the active seat with luck that runs no Fate marble (no Claim Jumper in the way). */
function endTurn(s: BigThunderState): BigThunderState {
  const seat = s.turn;
  return play(
    withLuck(s, seat, END, (r) => r.state.lastFate === null),
    seat,
    END,
  ).state;
}

describe('End of the Game', () => {
  it('reaching or passing the star space (20): choose a set-aside Town Share, finish the turn, each other player one final turn', () => {
    const s0 = givenMine({ players: 3, setAside: [0, 14], seats: { 0: { score: 18, cart: ['gold', 'gold'] } } });
    const r = play(s0, 0, SELL_ALL_GOLD_FOR_POINTS(2));
    expect(r.state.seats[0].score).toBe(22);
    expect(r.state.endTriggeredBy).toBe(0);
    expect(r.state.pending).toEqual({ kind: 'chooseShare' });
    expect(r.reveals).toBe(true); // the player looks at the set-aside Town Shares
    // Only the chooser sees their values.
    expect(bigThunder.view(r.state, 0).setAside).toEqual({ count: 2, values: [1, 3] });
    expect(bigThunder.view(r.state, 1).setAside).toEqual({ count: 2, values: null });
    expect(bigThunder.legalMoves(r.state, 0)).toEqual([
      { type: 'chooseShare', index: 0 },
      { type: 'chooseShare', index: 1 },
    ]);
    expect(bigThunder.describeMove!({ type: 'chooseShare', index: 1 }, r.state, 0)).toBe('Take the set-aside Town Share worth 3 points');
    let s = play(r.state, 0, { type: 'chooseShare', index: 1 }).state;
    expect(s.seats[0].shares).toEqual([14]);
    expect(s.setAside).toEqual([0]);
    // "Then they finish their turn as normal."
    expect(s.phase).toBe('play');
    s = endTurn(s); // seat 1's final turn
    expect(s.turn).toBe(1);
    expect(bigThunder.result(s)).toBeNull();
    s = endTurn(s); // seat 2's final turn
    expect(s.turn).toBe(2);
    const last = play(
      withLuck(s, 2, END, () => true),
      2,
      END,
    );
    s = last.state;
    expect(s.phase).toBe('over');
    expect(last.log.map((e) => e.text)).toContain('{{p:0}}: 22 points + 0 for gold sold at half + 3 for Town Shares = 25.');
    expect(bigThunder.activeSeats(s)).toEqual([]);
    expect(bigThunder.result(s)).not.toBeNull();
    expect(refusal(s, 0, END).code).toBe('game_over');
  });

  it('others reaching the star space during their last turn take one of the remaining set-aside Town Shares, until they are gone', () => {
    const s0 = givenMine({
      players: 4,
      setAside: [0, 5, 14],
      seats: {
        0: { score: 19, cart: ['gold'] },
        1: { score: 19, cart: ['gold'] },
        2: { score: 19, cart: ['gold'] },
        3: { score: 19, cart: ['gold'] },
      },
    });
    let s = play(s0, 0, SELL_ALL_GOLD_FOR_POINTS(1)).state;
    s = play(s, 0, { type: 'chooseShare', index: 2 }).state;
    s = endTurn(s);
    for (const seat of [1, 2, 3]) s.seats[seat].position = 0;
    s.town = { sold: false, bought: false };
    s = play(s, 1, SELL_ALL_GOLD_FOR_POINTS(1)).state;
    expect(s.endTriggeredBy).toBe(0);
    expect(s.pending).toEqual({ kind: 'chooseShare' });
    s = play(s, 1, { type: 'chooseShare', index: 0 }).state;
    s = endTurn(s);
    s.town = { sold: false, bought: false };
    // One share left: taken without a choice.
    const r = play(s, 2, SELL_ALL_GOLD_FOR_POINTS(1));
    expect(r.state.pending).toBeNull();
    expect(r.state.seats[2].shares).toEqual([5]);
    expect(r.log.filter((e) => e.only).map((e) => e.text)).toEqual(['The set-aside Town Share you took is worth 2 points.']);
    s = endTurn(r.state);
    s.town = { sold: false, bought: false };
    // None left for the last player.
    const t = play(s, 3, SELL_ALL_GOLD_FOR_POINTS(1)).state;
    expect(t.pending).toBeNull();
    expect(t.seats[3].shares).toEqual([]);
    expect(t.seats.map((p) => p.shares)).toEqual([[14], [0], [5], []]);
    expect(endTurn(t).phase).toBe('over');
  });

  it('in a 2-player game the single set-aside Town Share is taken without a choice', () => {
    const s0 = givenMine({ players: 2, setAside: [7], seats: { 0: { score: 19, cart: ['gold'] } } });
    const r = play(s0, 0, SELL_ALL_GOLD_FOR_POINTS(1));
    expect(r.state.pending).toBeNull();
    expect(r.state.seats[0].shares).toEqual([7]);
    expect(r.state.setAside).toEqual([]);
    const s = endTurn(r.state);
    expect(s.turn).toBe(1);
    expect(endTurn(s).phase).toBe('over');
  });

  it('FOR A LONGER GAME: 25 points start the last round instead of 20', () => {
    const s0 = givenMine({ options: { longerGame: true }, seats: { 0: { score: 18, cart: ['gold', 'gold'] } } });
    const r = play(s0, 0, SELL_ALL_GOLD_FOR_POINTS(2));
    expect(r.state.seats[0].score).toBe(22);
    expect(r.state.endTriggeredBy).toBeNull();
    const s1 = givenMine({ options: { longerGame: true }, seats: { 0: { score: 23, cart: ['gold'] } } });
    expect(play(s1, 0, SELL_ALL_GOLD_FOR_POINTS(1)).state.endTriggeredBy).toBe(0);
  });

  it('Final Scoring EXAMPLE: Blue has 14 points, a Gold Nugget, a Raw Ore and Town Shares worth 6: her final score is 21', () => {
    // Blue = seat 2. Shares 0 (1 point), 5 (2 points) and 10 (3 points) = 6 points.
    const s = givenMine({ players: 3, seats: { 2: { score: 14, cart: ['gold', 'ore'], shares: [0, 5, 10] } } });
    expect(finalScore(s.seats[2])).toEqual({ track: 14, gold: 1, shares: 6, total: 21 });
    s.phase = 'over';
    expect(bigThunder.result(s)!.scores[2]).toBe(21);
  });

  it('Final Scoring: remaining gold sells at half (rounded down); Refine Gold counts Raw Ore as Gold Nuggets', () => {
    const s = givenMine({
      players: 2,
      seats: { 0: { score: 10, cart: ['ore', 'ore', 'ore'] }, 1: { score: 10, cart: ['ore', 'ore', 'ore'], upgrades: ['refineGold'] } },
    });
    expect(finalScore(s.seats[0]).gold).toBe(1); // 3 / 2
    expect(finalScore(s.seats[1]).gold).toBe(3); // 6 / 2
  });

  it('a tie goes to the tied player with the most Town Tokens; still tied players share the place', () => {
    const s = givenMine({
      players: 4,
      seats: { 0: { score: 20, tokens: 1 }, 1: { score: 20, tokens: 3 }, 2: { score: 15, tokens: 5 }, 3: { score: 20, tokens: 1 } },
    });
    s.phase = 'over';
    const result = bigThunder.result(s)!;
    expect(result.scores).toEqual([20, 20, 15, 20]);
    expect(result.ranking).toEqual([1, 0, 3, 2]);
    expect(result.ties).toEqual([[0, 3]]);
    expect(result.summary).toBe('U.B. Bold wins with 20 points.');
  });

  it('the score track loops at 25: a Town Token under the Locomotive marks the second loop (true totals are kept)', () => {
    expect(trackPosition(0)).toEqual({ space: 0, laps: 0 });
    expect(trackPosition(20)).toEqual({ space: 20, laps: 0 });
    expect(trackPosition(25)).toEqual({ space: 25, laps: 0 });
    expect(trackPosition(26)).toEqual({ space: 1, laps: 1 });
    expect(trackPosition(53)).toEqual({ space: 3, laps: 2 });
    const s = givenMine({ seats: { 0: { score: 24, cart: ['gold', 'gold', 'gold'] } } });
    const t = play(s, 0, SELL_ALL_GOLD_FOR_POINTS(3)).state;
    expect(t.seats[0].score).toBe(30);
    expect(bigThunder.view(t, 1).seats[0]).toMatchObject({ score: 30, track: { space: 5, laps: 1 } });
  });

  it('after the game every Town Share is revealed in every view', () => {
    const s = givenMine({ players: 2, seats: { 0: { shares: [3] }, 1: { shares: [12] } } });
    expect(bigThunder.view(s, 0).seats[1].shares).toBeNull();
    s.phase = 'over';
    expect(bigThunder.view(s, 0).seats.map((p) => p.shares)).toEqual([[1], [3]]);
    expect(bigThunder.view(s, null).seats[1].final).toEqual({ track: 0, gold: 0, shares: 3, total: 3 });
  });
});
