import { afterAll, describe, it } from 'vitest';
import { RUNS, randomGames, type Stats } from './random-games';

describe('random legal games, 5 players (property)', () => {
  const stats: Stats = { games: 0, moves: 0, ended: 0, ms: 0 };
  afterAll(() => {
    const rate = stats.games / (stats.ms / 1000);
    console.info(
      `snowdonia 5p: ${stats.games} games, ${stats.ended} ended, ${(stats.moves / stats.games).toFixed(0)} moves/game, ${rate.toFixed(1)} games/s`,
    );
  });
  it(`${RUNS} games end, replay identically, conserve every piece and hide the deck and bag`, () => randomGames(5, stats), 600_000);
});
