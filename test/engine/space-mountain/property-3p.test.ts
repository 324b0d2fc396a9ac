import { describe } from 'vitest';
import { randomGamesProperty } from './random-games.harness';

describe('Property: random legal 3-player games', () => {
  randomGamesProperty(3);
});
