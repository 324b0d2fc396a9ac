import { describe } from 'vitest';
import { randomGamesProperty } from './random-games.harness';

describe('Property: random legal 2-player games', () => {
  randomGamesProperty(2);
});
