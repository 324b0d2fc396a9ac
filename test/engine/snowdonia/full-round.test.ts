import { describe, expect, it } from 'vitest';
import { canonicalJson, replay, type HistoryEvent } from '../../../engine/core';
import { snowdonia } from '../../../engine/games/snowdonia';
import type { SnowdoniaMove } from '../../../engine/games/snowdonia/moves';
import type { SnowdoniaState } from '../../../engine/games/snowdonia/state';
import { SEED, census, fullBox, newGame, play } from './helpers';

// A whole round of a 2-player game through the platform path, move by move.
describe('a full round, 2 players', () => {
  it('assign, resolve A to G, restock, weather, Stock Yard; then round 2 and an identical replay', () => {
    let s = newGame(2);
    const a = s.startPlayer;
    const b = 1 - a;
    const history: HistoryEvent[] = [];
    const move = (seat: number, m: SnowdoniaMove) => {
      s = play(s, seat, m);
      history.push({ kind: 'move', seat, move: m });
    };
    move(a, { type: 'place', area: 'A', space: 2 }); // the last Stock Yard space: Start Player next round
    move(b, { type: 'place', area: 'A', space: 1 });
    move(a, { type: 'place', area: 'B', space: 1 });
    move(b, { type: 'place', area: 'F', space: 1 });
    // Resolution started: A1 (b) chooses first.
    expect(s.step).toEqual({ kind: 'action', area: 'A', space: 1, seat: b, remaining: 1 });
    move(b, { type: 'take-cubes', iron: 2, stone: 0, coal: 1 });
    move(a, { type: 'take-cubes', iron: 3, stone: 0, coal: 0 });
    expect(s.startPlayer).toBe(a);
    // B resolved by itself (3 Rubble to a); F waits for b's pick.
    expect(s.seats[a].rubble).toBe(3);
    expect(s.step).toMatchObject({ kind: 'action', area: 'F', seat: b });
    const pick = s.siteOffice[2]!;
    const deckBefore = s.contractDeck.length;
    move(b, { type: 'take-contract', contract: pick });
    // Restock: space 1 discarded, one card shifted, two drawn; weather shifted; 6 cubes drawn.
    expect(s.contractDeck.length).toBe(deckBefore - 2);
    expect(s.contractDiscard).toHaveLength(1);
    expect(s.round).toBe(2);
    expect(s.step).toEqual({ kind: 'assign', seat: a });
    expect(s.seats[b]).toMatchObject({ iron: 2, coal: 1, contracts: [{ id: pick, activated: false, activeThisRound: false }] });
    expect(s.stockYard.iron + s.stockYard.stone + s.stockYard.coal + s.eventTrack.filter(Boolean).length).toBe(12 - 6 + 6);
    expect(census(s)).toEqual(fullBox(2));
    const again = replay<SnowdoniaState>(snowdonia, { players: 2, options: {}, seed: SEED, events: history });
    expect(canonicalJson(again.state)).toBe(canonicalJson(s));
    expect(again.moves.map((m) => m.reveals)).toEqual([false, false, false, false, false, false, true]);
  });
});
